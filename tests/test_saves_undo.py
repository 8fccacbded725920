"""Undo: back through your own decisions, never past a reveal or another seat's decision."""

from __future__ import annotations

import pytest

from core.events import Event
from core.fractal.state import Options
from saves.undo import UndoError, UndoLedger, reveals, undo, undoable
from tests.fixtures.fake_game import FakeGame


def scripted(*choices: tuple[int, str], players: int = 2) -> FakeGame:
    game = FakeGame.new(Options(players=players, seed=5, modules=["cycles:50"]))
    for seat, choice in choices:
        game.apply(seat, choice)
    return game


def test_own_public_decisions_can_be_undone_one_by_one() -> None:
    game = scripted((0, "score:1"), (0, "score:2"), (0, "score:1"))
    assert undoable(game, 0, FakeGame) == 3
    before = game.digest()
    back = undo(game, 0, 1, FakeGame)
    assert back.log == [(0, "score:1"), (0, "score:2")]
    assert sum(back.state.players[0].vp.values()) == 3
    assert game.digest() == before  # the given game is untouched
    assert undo(game, 0, 3, FakeGame).digest() == FakeGame.new(game.state.options).digest()


def test_undo_stops_at_another_seats_decision() -> None:
    game = scripted((0, "score:1"), (0, "pass"), (1, "score:2"), (1, "score:1"))
    assert undoable(game, 1, FakeGame) == 2
    assert undoable(game, 0, FakeGame) == 0
    with pytest.raises(UndoError):
        undo(game, 1, 3, FakeGame)
    with pytest.raises(UndoError):
        undo(game, 0, 1, FakeGame)


def test_undo_stops_at_a_hidden_draw() -> None:
    game = scripted((0, "score:1"), (0, "draw"), (0, "score:2"))
    assert undoable(game, 0, FakeGame) == 1  # the draw showed a card: it stays


def test_undo_stops_at_a_random_outcome_without_reveal_event() -> None:
    # "roll" emits an ordinary public event, but it moved the random generator.
    game = scripted((0, "score:1"), (0, "roll"), (0, "score:2"))
    assert undoable(game, 0, FakeGame) == 1


def test_reveal_rules() -> None:
    assert reveals(Event("anything", 0, {}, {}, [1]))
    assert reveals(Event("anything", 0, {}, {"card": "x"}))
    assert reveals(Event("tactics_revealed", -1))
    assert reveals(Event("event_revealed", 2, {"sector": 4}))
    assert reveals(Event("draw", 1))
    assert not reveals(Event("score", 0, {"vp": 1}))


def test_finished_game_cannot_be_undone() -> None:
    game = FakeGame.new(Options(players=1, seed=1, modules=["cycles:1"]))
    game.apply(0, "score:1")
    game.apply(0, "pass")
    assert game.over
    assert undoable(game, 0, FakeGame) == 0
    with pytest.raises(UndoError):
        undo(game, 0, 1, FakeGame)


def test_game_that_does_not_replay_cannot_be_undone() -> None:
    game = scripted((0, "score:1"))
    game.state.players[0].credits = 99  # state no longer what its log gives
    with pytest.raises(UndoError, match="rebuilt"):
        undoable(game, 0, FakeGame)


def test_ledger_follows_a_session() -> None:
    game = scripted((0, "score:1"))
    ledger = UndoLedger(game, FakeGame)
    assert ledger.undoable(0) == 1
    ledger.apply(0, "score:2")
    ledger.apply(0, "draw")
    assert ledger.undoable(0) == 0
    ledger.apply(0, "score:1")
    ledger.apply(0, "score:1")
    assert ledger.undoable(0) == 2 and ledger.undoable(1) == 0
    rebuilt = ledger.undo(0, 2)
    assert ledger.game is rebuilt and len(rebuilt.log) == 3
    assert ledger.undoable(0) == 0
    ledger.apply(0, "score:2")
    assert ledger.undoable(0) == 1
    with pytest.raises(UndoError):
        ledger.undo(0, 2)
    assert UndoLedger(rebuilt, FakeGame).undoable(0) == 1  # same answer from a fresh replay
