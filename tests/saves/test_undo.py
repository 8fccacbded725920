"""Undo: back through your own decisions, never past a reveal or another seat's decision."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.events import Event
from core.game import Game
from core.rulesets import GameSetup, ruleset
from saves.undo import UndoError, UndoLedger, undo, undoable
from tests.saves.fixtures.fake_game import FakeGame
from tests.toy.game import Options

LONG = FakeGame.lasting(50)


def scripted(*choices: tuple[int, str], players: int = 2) -> FakeGame:
    game = LONG.new(Options(players=players, seed=5))
    for seat, choice in choices:
        game.apply(seat, choice)
    return game


def test_own_public_decisions_can_be_undone_one_by_one() -> None:
    game = scripted((0, "score:1"), (0, "score:2"), (0, "score:1"))
    assert undoable(game, 0, LONG) == 3
    before = game.digest()
    back = undo(game, 0, 1, LONG)
    assert back.log == [(0, "score:1"), (0, "score:2")]
    assert back.state.players[0].vp == 3
    assert game.digest() == before  # the given game is untouched
    assert undo(game, 0, 3, LONG).digest() == LONG.new(game.state.options).digest()


def test_undo_stops_at_another_seats_decision() -> None:
    game = scripted((0, "score:1"), (0, "pass"), (1, "score:2"), (1, "score:1"))
    assert undoable(game, 1, LONG) == 2
    assert undoable(game, 0, LONG) == 0
    with pytest.raises(UndoError):
        undo(game, 1, 3, LONG)
    with pytest.raises(UndoError):
        undo(game, 0, 1, LONG)


def test_undo_stops_at_a_hidden_draw() -> None:
    game = scripted((0, "score:1"), (0, "draw"), (0, "score:2"))
    assert undoable(game, 0, LONG) == 1  # the draw showed a card: it stays


def test_undo_stops_at_a_random_outcome_without_reveal_event() -> None:
    # "roll" emits an ordinary public event, but it moved the random generator.
    game = scripted((0, "score:1"), (0, "roll"), (0, "score:2"))
    assert undoable(game, 0, LONG) == 1


def test_finished_game_cannot_be_undone() -> None:
    short = FakeGame.lasting(1)
    game = short.new(Options(players=2, seed=1))
    game.apply(0, "score:1")
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.over
    assert undoable(game, 0, short) == 0
    with pytest.raises(UndoError):
        undo(game, 0, 1, short)


def test_game_that_does_not_replay_cannot_be_undone_before_now() -> None:
    game = scripted((0, "score:1"))
    game.state.players[0].credits = 99  # state no longer what its log gives
    ledger = UndoLedger(game, LONG)
    assert ledger.undoable(0) == 0
    with pytest.raises(UndoError, match="can take back 0"):
        ledger.undo(0)
    ledger.apply(0, "score:2")
    assert ledger.undoable(0) == 1
    assert ledger.undo(0).state.players[0].credits == 99  # rebuilt from the game as it was


def test_ledger_follows_a_session() -> None:
    game = scripted((0, "score:1"))
    ledger = UndoLedger(game, LONG)
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
    assert UndoLedger(rebuilt, LONG).undoable(0) == 1  # same answer from a fresh replay


# A real game (the test game): what came to light is never taken back, a plain move always
# is. (tests/fractal/test_undo.py walks Fractal's draws, rolls and movement orders.)

def random_games(count: int, name: str = "toy"
                 ) -> Iterator[tuple[Game, int, list[Event], int]]:
    """Random games of a ruleset (the test game's here; a game's own tests walk theirs),
    decision by decision: (game after it, seat, its events, the generator before it)."""
    for g in range(count):
        game = ruleset(name).new_game(GameSetup(players=2 + g % 3, seed=40 + g))
        rnd = random.Random(g)
        while not game.over:
            prompt = rnd.choice(game.pending())
            choice = rnd.choice(prompt.options)
            before = game.state.rng
            events = game.apply(prompt.seat, choice)
            yield game, prompt.seat, events, before


def test_undo_never_takes_back_a_reveal_or_a_draw() -> None:
    checked = 0
    for game, seat, events, rng_before in random_games(6):
        came_to_light = any(e.reveals for e in events) or game.state.rng != rng_before
        if came_to_light and not game.over:
            assert UndoLedger(game).undoable(seat) == 0
            checked += 1
    assert checked >= 10


def test_undo_always_takes_back_a_stake() -> None:
    found = 0
    for game, seat, events, rng_before in random_games(3):
        if [e.kind for e in events] != ["staked"] or game.state.rng != rng_before:
            continue
        before = type(game).replay(game.state.options, game.log[:-1])
        ledger = UndoLedger(game)
        assert ledger.undoable(seat) >= 1
        assert ledger.undo(seat, 1).digest() == before.digest()
        found += 1
    assert found >= 5


def test_a_game_resumed_from_its_snapshot_undoes_from_the_resume() -> None:
    """A log the engine refuses, beside an intact snapshot: the game resumes from the
    snapshot, and the undo ledger, which cannot replay that log, starts there. Decisions
    made since can be taken back (rebuilt from the snapshot), none from before."""
    from saves.replay import restore
    from tests.saves.test_replay import real_save

    save = real_save(decisions=10, seed=9)
    save.body.log.append((0, "fly to the moon"))
    resumed = restore(save)
    assert resumed.history == []  # from the snapshot
    ledger = UndoLedger(resumed)
    assert all(ledger.undoable(seat) == 0 for seat in range(3))
    start = resumed.digest()
    def harmless(seat: int, choice: str) -> bool:  # brings nothing to light: undoable
        trial = resumed.clone()
        before = trial.state.rng
        events = trial.apply(seat, choice)
        return trial.state.rng == before and not any(e.reveals for e in events)

    seat, taken = next((p.seat, c) for p in resumed.pending() for c in p.options
                       if harmless(p.seat, c))
    ledger.apply(seat, taken)
    assert ledger.undoable(seat) == 1
    back = ledger.undo(seat)
    assert back.digest() == start and back.log == save.body.log
    assert ledger.undoable(seat) == 0
