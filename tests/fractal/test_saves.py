"""Fractal's games through the saves package: undo over its draws, rolls, shuffles and
movement orders, and a forged snapshot beyond its map. (The saves package's own tests,
tests/saves, play a stand-in and the test game.)"""

from __future__ import annotations

import pytest

from core.games.fractal.game import Game
from core.rulesets import ruleset
from saves.format import SaveError
from saves.replay import from_snapshot, restore
from saves.undo import UndoLedger
from tests.saves.test_replay import real_save
from tests.saves.test_undo import random_games

# What came to light is never taken back, a plain move always is.


def test_undo_never_takes_back_a_draw_a_reveal_a_roll_or_a_shuffle() -> None:
    checked = 0
    for game, seat, events, rng_before in random_games(3, "fractal"):
        came_to_light = any(e.reveals for e in events) or game.state.rng != rng_before
        if came_to_light and not game.over:
            assert UndoLedger(game).undoable(seat) == 0
            checked += 1
        if checked >= 40:
            break
    assert checked >= 40


def test_undo_always_takes_back_a_plain_movement_order() -> None:
    found = 0
    for game, seat, events, rng_before in random_games(3, "fractal"):
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


def test_restore_falls_back_to_the_snapshot_when_the_log_no_longer_replays() -> None:
    save = real_save(30, name="fractal")
    save.body.log.append((0, "fly to the moon"))
    game = restore(save)
    assert game.digest() == save.body.digest and game.history == []


def test_a_snapshot_that_breaks_the_games_bounds_is_not_played() -> None:
    """Anyone can write a snapshot and its digest: one whose sector lies a million hexes
    out (which drew a map of gigabytes) is refused when the log does not replay."""
    save = real_save(30, name="fractal")
    save.body.log.append((0, "fly to the moon"))
    save.body.snapshot["sectors"][0]["q"] = 10**6
    game = ruleset("fractal").engine().from_snapshot(save.body.snapshot, save.body.log)
    save.body.digest = game.digest()
    assert from_snapshot(save) is None
    with pytest.raises(SaveError) as caught:
        restore(save)
    assert "the log does not replay" in caught.value.reason
