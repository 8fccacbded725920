"""Saves of real Fractal games: round trips, replay verification and undo with the engine.

Games of 3 or 4 players are played by seeded random choices for at most ``REACH``
decisions, stopping early where a random path leads into a task kind the engine does not
register yet (the engine is still being written); plus one finished 4-player game.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.games.fractal.game import Game
from core.games.fractal.state import Options
from saves import bench
from saves.format import SaveMeta, decode, encode, save_of
from saves.replay import restore, verify
from saves.store import SaveStore
from saves.undo import UndoLedger, undo

REACH = 60


def random_choices(game: Game, count: int, chooser: random.Random) -> list[tuple[int, str]]:
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
def test_real_game_round_trip_at_a_random_point(seed: int, tmp_path: Path) -> None:
    chooser = random.Random(seed)
    game = Game.new(Options(players=chooser.choice([3, 4]), seed=seed))
    stop = len(random_choices(game, chooser.randrange(0, REACH - 20), chooser))
    store = SaveStore(tmp_path)
    store.save("g", game, SaveMeta.new())
    loaded = store.load("g").save
    assert loaded.body.snapshot == game.snapshot()
    assert loaded.header.decisions == stop
    resumed = restore(loaded)
    assert resumed.digest() == game.digest()
    # The same future choices give the same results.
    future = random_choices(game, 20, chooser)
    for seat, choice in future:
        resumed.apply(seat, choice)
    assert resumed.digest() == game.digest() and resumed.log == game.log


def test_real_game_replay_verifies() -> None:
    game = Game.new(Options(players=4, seed=7))
    assert len(random_choices(game, REACH, random.Random(7))) >= 20
    save = decode(encode(save_of(game, SaveMeta.new(["human", "bot:1", "bot:2", "remote"]))))
    result = verify(save)
    assert result.ok, result.line()
    assert result.decisions == len(game.log)
    save.body.log[-1] = save.body.log[-2]  # a log that does not lead to the snapshot
    assert not verify(save).ok


def test_real_game_undo_replays_to_an_earlier_point() -> None:
    for seed in range(10):
        game = Game.new(Options(players=3, seed=seed))
        ledger = UndoLedger(game)
        chooser = random.Random(seed)
        for seat, choice in random_choices(game.clone(), REACH, chooser):
            ledger.apply(seat, choice)
        seat = game.log[-1][0]
        steps = ledger.undoable(seat)
        if steps == 0:
            continue
        back = undo(game, seat, steps)
        expected = Game.replay(game.state.options, game.log[: len(game.log) - steps])
        assert back.digest() == expected.digest()
        assert back.log == game.log[: len(game.log) - steps]
        return
    pytest.fail("no seed gave an undoable decision")


def test_finished_four_player_game_saves_loads_and_verifies(tmp_path: Path) -> None:
    game = bench.random_game(players=4, seed=2)
    assert game.over
    store = SaveStore(tmp_path)
    path = store.autosave(game, SaveMeta.new(["human", "bot:1", "bot:2", "bot:3"]))
    save = store.load(path.stem).save
    assert save.header.over and save.header.winners == game.state.winners
    assert save.header.summary.startswith("Over after cycle")
    assert restore(save).digest() == game.digest()
    assert verify(save).ok
    ledger = UndoLedger(game)
    assert all(ledger.undoable(seat) == 0 for seat in range(4))  # a finished game is final
