"""Resuming a save replays its log once: the game and what each decision revealed, for
undo, from the same replay (saves.undo.resume); on Stakes, the tests' own game."""

from __future__ import annotations

from typing import Any

from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from saves.format import SaveMeta, decode, encode, save_of
from saves.replay import resume
from saves.undo import UndoLedger, trace

RULES = ruleset("toy")


class Counted:
    """The game's engine, counting the games it starts (a replay starts one)."""

    def __init__(self) -> None:
        self.engine: Any = RULES.engine()
        self.started = 0

    def new(self, options: Any) -> Any:
        self.started += 1
        return self.engine.new(options)

    def replay(self, options: Any, log: list[tuple[int, str]]) -> Any:
        game = self.new(options)
        for seat, choice in log:
            game.apply(seat, choice)
        return game

    def from_snapshot(self, snapshot: dict[str, Any], log: list[tuple[int, str]]) -> Any:
        return self.engine.from_snapshot(snapshot, log)


def played(decisions: int, seed: int = 4) -> Any:
    game = RULES.new_game(GameSetup(players=3, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        prompt = rng.choice(game.pending())
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


def saved(game: Any) -> Any:
    return decode(encode(save_of(game, SaveMeta.new(["human"] * 3), "now")))


def test_resume_replays_the_log_once_and_knows_what_each_decision_revealed() -> None:
    game = played(10)
    engine = Counted()
    found = resume(saved(game), engine)
    resumed, revealed = found.game, found.revealed
    ledger = UndoLedger(resumed, engine, revealed)
    assert engine.started == 1
    assert resumed.digest() == game.digest() and len(resumed.history) == len(game.history)
    assert revealed == trace(RULES.engine(), game).revealed
    assert True in revealed and False in revealed  # both kinds were there to find
    assert [ledger.undoable(s) for s in range(3)] == [
        UndoLedger(game).undoable(s) for s in range(3)]


def test_a_game_resumed_from_its_snapshot_takes_nothing_back() -> None:
    game = played(10)
    save = saved(game)
    save.body.log.pop()  # the log no longer reaches the snapshot: restore takes the snapshot
    found = resume(save)
    resumed = found.game
    assert resumed.digest() == game.digest() and resumed.history == []
    assert found.revealed is None
    ledger = UndoLedger(resumed, RULES.engine(), found.revealed)
    assert all(ledger.undoable(seat) == 0 for seat in range(3))
