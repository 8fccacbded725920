"""Undo in local games: take back your own decisions, by replaying the log without them.

A seat may take back its trailing run of decisions, stopping at the last point where
either another seat decided or something came to light. A decision brought something to
light when an event it caused says so (``Event.reveals``, set by the engine where it turns
up a tile, draws or shows a card, discards at random, shuffles, or tells a seat a secret),
or when it moved the random generator (a roll with no event of its own: taking it back
would let the player try again and see another outcome). Both are facts of the decision,
not names to recognise.

The undone game is rebuilt by replaying the shorter log from the options, so an undo
cannot leave a state the rules could not reach. Whether the seat is a local human is the
caller's concern; a finished game cannot be undone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.events import Event
from saves.engine import EngineLike, GameLike, engine_for
from saves.format import SaveError, SaveFile
from saves.replay import restore


class UndoError(Exception):
    """An undo that is not allowed or that could not rebuild the game."""


def reveals(event: Event) -> bool:
    return event.reveals


@dataclass(slots=True, frozen=True)
class Trace:
    """What each decision of a game's log did: did it reveal anything?"""

    revealed: tuple[bool, ...]
    digest: str  # the digest the replay reached, to compare with the live game's


def decide(game: GameLike, seat: int, choice: str) -> tuple[list[Event], bool]:
    """Apply a decision: its events, and whether it revealed anything."""
    before = game.state.rng
    events = game.apply(seat, choice)
    return events, game.state.rng != before or any(reveals(e) for e in events)


def trace(engine: EngineLike, game: GameLike) -> Trace:
    replayed = engine.new(game.state.options)
    flags = [decide(replayed, seat, choice)[1] for seat, choice in game.log]
    return Trace(tuple(flags), replayed.digest())


class _Tracing:
    """An engine that notes what each decision revealed while it replays a log, so that
    resuming a save replays it once (saves.replay.restore does, with this engine)."""

    def __init__(self, engine: EngineLike) -> None:
        self.engine = engine
        self.replayed: GameLike | None = None
        self.revealed: list[bool] = []

    def new(self, options: Any) -> GameLike:
        return self.engine.new(options)

    def replay(self, options: Any, log: list[tuple[int, str]]) -> GameLike:
        game = self.engine.new(options)
        self.revealed = [decide(game, seat, choice)[1] for seat, choice in log]
        self.replayed = game
        return game

    def from_snapshot(self, snapshot: dict[str, Any], log: list[tuple[int, str]]) -> GameLike:
        return self.engine.from_snapshot(snapshot, log)


def resume(save: SaveFile, engine: EngineLike | None = None) -> tuple[GameLike, list[bool]]:
    """A save's game ready to go on, and what each decision of its log revealed (for an
    :class:`UndoLedger`), the log replayed once.

    A game the log no longer rebuilds (restore took its snapshot) takes nothing back.
    Raises saves.format.SaveError as saves.replay.restore does.
    """
    if engine is None:
        try:
            engine = engine_for(save.header.ruleset)
        except LookupError as err:
            raise SaveError(save.path, "invalid", str(err)) from None
    tracing = _Tracing(engine)
    game = restore(save, tracing)
    if game is tracing.replayed:
        return game, tracing.revealed
    return game, [True] * len(game.log)


def undoable(game: GameLike, seat: int, engine: EngineLike | None = None) -> int:
    """How many of its last decisions ``seat`` may take back now (replays the log once)."""
    return UndoLedger(game, engine).undoable(seat)


def undo(game: GameLike, seat: int, steps: int = 1,
         engine: EngineLike | None = None) -> GameLike:
    """A new game where ``seat``'s last ``steps`` decisions were never made.

    Raises :class:`UndoError` when that goes past what ``seat`` may take back; the given
    game is left unchanged.
    """
    return UndoLedger(game, engine).undo(seat, steps)


def _trace_checked(game: GameLike, engine: EngineLike) -> Trace:
    found = trace(engine, game)
    if found.digest != game.digest():
        raise UndoError("the game cannot be rebuilt from its log; undo is unavailable")
    return found


class UndoLedger:
    """Kept by a local session beside its game, so asking "may I undo?" costs nothing.

    Apply decisions through :meth:`apply`; the ledger notes whether each revealed
    anything. Built from an existing game, it replays the log once, unless ``revealed``
    says what each decision of the log revealed (:func:`resume` found it while replaying).
    """

    def __init__(self, game: GameLike, engine: EngineLike | None = None,
                 revealed: Sequence[bool] | None = None) -> None:
        self.engine = engine or engine_for(game.ruleset)
        self.game = game
        if revealed is not None and len(revealed) != len(game.log):
            raise ValueError(f"{len(revealed)} flags for a log of {len(game.log)} decisions")
        if revealed is None:
            revealed = _trace_checked(game, self.engine).revealed if game.log else ()
        self._revealed = list(revealed)

    def apply(self, seat: int, choice: str, revealed: bool | None = None) -> list[Event]:
        """Apply a decision; ``revealed`` when its facts are known already (whether the
        choice was final), else found from what it did."""
        if revealed is None:
            events, revealed = decide(self.game, seat, choice)
        else:
            events = self.game.apply(seat, choice)
        self._revealed.append(revealed)
        return events

    def undoable(self, seat: int) -> int:
        if self.game.over:
            return 0
        return len(self.game.log) - self._floor(seat)

    def undo(self, seat: int, steps: int = 1) -> GameLike:
        """Take back decisions; the ledger then follows the rebuilt game, which it returns."""
        allowed = self.undoable(seat)
        if steps < 1 or steps > allowed:
            raise UndoError(f"seat {seat} can take back {allowed} decision(s), not {steps}")
        keep = len(self.game.log) - steps
        self.game = self.engine.replay(self.game.state.options, list(self.game.log[:keep]))
        del self._revealed[keep:]
        return self.game

    def _floor(self, seat: int) -> int:
        log, i = self.game.log, len(self.game.log)
        while i > 0 and log[i - 1][0] == seat and not self._revealed[i - 1]:
            i -= 1
        return i
