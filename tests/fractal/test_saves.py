"""Fractal's games through the saves package: undo over its draws, rolls, shuffles and
movement orders, and a forged snapshot beyond its map. (The saves package's own tests,
tests/saves, play a stand-in and the test game.)"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.events import Event
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from saves.format import SaveError, SaveFile, SaveMeta, decode, encode, save_of
from saves.replay import from_snapshot, restore
from saves.undo import UndoLedger

# What came to light is never taken back, a plain move always is.


def _fractal_games(count: int) -> Iterator[tuple[Game, int, list[Event], int]]:
    """Random Fractal games, decision by decision: (game after it, seat, its events, the
    generator before it)."""
    for g in range(count):
        game = Game.new(Options(players=2 + g % 3, seed=40 + g))
        rnd = random.Random(g)
        while not game.over:
            prompt = rnd.choice(game.pending())
            choice = rnd.choice(prompt.options)
            before = game.state.rng
            events = game.apply(prompt.seat, choice)
            yield game, prompt.seat, events, before


def test_undo_never_takes_back_a_draw_a_reveal_a_roll_or_a_shuffle() -> None:
    checked = 0
    for game, seat, events, rng_before in _fractal_games(3):
        came_to_light = any(e.reveals for e in events) or game.state.rng != rng_before
        if came_to_light and not game.over:
            assert UndoLedger(game).undoable(seat) == 0
            checked += 1
        if checked >= 40:
            break
    assert checked >= 40


def test_undo_always_takes_back_a_plain_movement_order() -> None:
    found = 0
    for game, seat, events, rng_before in _fractal_games(3):
        plain = [e.kind for e in events] == ["movement_order"] and game.state.rng == rng_before
        if not plain or game.over:
            continue
        before = Game.replay(game.state.options, game.log[:-1])
        ledger = UndoLedger(game)
        assert ledger.undoable(seat) >= 1
        assert ledger.undo(seat, 1).digest() == before.digest()
        found += 1
        if found >= 5:
            break
    assert found >= 5


def real_save(decisions: int = 30, seed: int = 4) -> SaveFile:
    game = ruleset("fractal").new_game(GameSetup(players=3, seed=seed))
    chooser = Rng(seed)
    for _ in range(decisions):
        prompt = chooser.choice(game.pending())
        game.apply(prompt.seat, chooser.choice(prompt.options))
    return decode(encode(save_of(game, SaveMeta.new())), "game.fractal")


def test_restore_falls_back_to_the_snapshot_when_the_log_no_longer_replays() -> None:
    save = real_save()
    save.body.log.append((0, "fly to the moon"))
    game = restore(save)
    assert game.digest() == save.body.digest and game.history == []


def test_a_snapshot_that_breaks_the_games_bounds_is_not_played() -> None:
    """Anyone can write a snapshot and its digest: one whose sector lies a million hexes
    out (which drew a map of gigabytes) is refused when the log does not replay."""
    save = real_save()
    save.body.log.append((0, "fly to the moon"))
    save.body.snapshot["sectors"][0]["q"] = 10**6
    game = ruleset("fractal").engine().from_snapshot(save.body.snapshot, save.body.log)
    save.body.digest = game.digest()
    assert from_snapshot(save) is None
    with pytest.raises(SaveError) as caught:
        restore(save)
    assert "the log does not replay" in caught.value.reason
