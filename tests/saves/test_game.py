"""Saves of a real engine's games: round trips, replay verification and undo.

The game does not matter here, so it is the tests' own (Stakes, tests/toy: hidden hands, a
simultaneous choice, a shuffled deck), played by seeded random choices; the contract suite
(tests/contract) saves, resumes, verifies and undoes a game of every declared game.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from core.game import Game
from core.rulesets import GameSetup, ruleset
from saves.format import SaveMeta, decode, encode, save_of
from saves.replay import restore, verify
from saves.store import SaveStore
from saves.undo import UndoLedger, undo

RULES = ruleset("toy")


def new_game(players: int, seed: int) -> Game[Any, Any, Any]:
    return RULES.new_game(GameSetup(players=players, seed=seed))


def random_choices(game: Game[Any, Any, Any], count: int,
                   chooser: random.Random) -> list[tuple[int, str]]:
    """Up to ``count`` random legal choices, fewer when the game ends first."""
    made = []
    for _ in range(count):
        pending = game.pending()
        if game.over or not pending:
            break
        prompt = chooser.choice(pending)
        choice = chooser.choice(prompt.options)
        game.apply(prompt.seat, choice)
        made.append((prompt.seat, choice))
    return made


@pytest.mark.parametrize("seed", range(5))
def test_a_game_round_trips_at_a_random_point(seed: int, tmp_path: Path) -> None:
    chooser = random.Random(seed)
    game = new_game(chooser.choice([3, 4]), seed)
    stop = len(random_choices(game, chooser.randrange(0, 12), chooser))
    store = SaveStore(tmp_path)
    store.save("g", game, SaveMeta.new())
    loaded = store.load("g").save
    assert loaded.body.snapshot == game.snapshot()
    assert loaded.header.decisions == stop
    resumed = restore(loaded)
    assert resumed.digest() == game.digest()
    # The same future choices give the same results.
    future = random_choices(game, 8, chooser)
    assert future
    for seat, choice in future:
        resumed.apply(seat, choice)
    assert resumed.digest() == game.digest() and resumed.log == game.log


def test_a_game_s_replay_verifies_and_a_log_that_misses_the_snapshot_does_not() -> None:
    game = new_game(4, 7)
    assert len(random_choices(game, 12, random.Random(7))) == 12
    save = decode(encode(save_of(game, SaveMeta.new(["human", "bot:1", "bot:2", "remote"]))))
    result = verify(save)
    assert result.ok, result.line()
    assert result.decisions == len(game.log)
    save.body.log[-1] = save.body.log[-2]  # a log that does not lead to the snapshot
    assert not verify(save).ok


def test_undo_replays_to_an_earlier_point() -> None:
    for seed in range(10):
        game = new_game(3, seed)
        ledger = UndoLedger(game)
        chooser = random.Random(seed)
        for seat, choice in random_choices(game.clone(), 10, chooser):
            ledger.apply(seat, choice)
        seat = game.log[-1][0]
        steps = ledger.undoable(seat)
        if steps == 0:
            continue
        back = undo(game, seat, steps)
        expected = type(game).replay(game.state.options, game.log[: len(game.log) - steps])
        assert back.digest() == expected.digest()
        assert back.log == game.log[: len(game.log) - steps]
        return
    pytest.fail("no seed gave an undoable decision")


def test_a_finished_game_saves_loads_verifies_and_is_final(tmp_path: Path) -> None:
    game = new_game(4, 2)
    random_choices(game, 100, random.Random(2))
    assert game.over
    store = SaveStore(tmp_path)
    path = store.autosave(game, SaveMeta.new(["human", "bot:1", "bot:2", "bot:3"]))
    save = store.load(path.stem).save
    assert save.header.over and save.header.winners == game.state.winners
    assert save.header.summary.startswith("Over after round ")
    assert restore(save).digest() == game.digest()
    assert verify(save).ok
    ledger = UndoLedger(game)
    assert all(ledger.undoable(seat) == 0 for seat in range(4))  # a finished game is final
