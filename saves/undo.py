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

from core.errors import GameError
from core.events import Event
from saves.engine import EngineLike, GameLike, engine_for
from saves.replay import decide


class UndoError(Exception):
    """An undo that is not allowed or that could not rebuild the game."""


@dataclass(slots=True, frozen=True)
class Trace:
    """What each decision of a game's log did: did it reveal anything?"""

    revealed: tuple[bool, ...]
    digest: str  # the digest the replay reached, to compare with the live game's


def trace(engine: EngineLike, game: GameLike) -> Trace:
    replayed = engine.new(game.state.options)
    flags = [decide(replayed, seat, choice)[1] for seat, choice in game.log]
    return Trace(tuple(flags), replayed.digest())


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
    try:
        found = trace(engine, game)
    except GameError:  # a decision of the log is refused: the game came from a snapshot
        found = None
    if found is None or found.digest != game.digest():
        raise UndoError("the game cannot be rebuilt from its log; undo is unavailable")
    return found


class UndoLedger:
    """Kept by a local session beside its game, so asking "may I undo?" costs nothing.

    Apply decisions through :meth:`apply`; the ledger notes whether each revealed
    anything. Built from an existing game, it replays the log once, unless ``revealed``
    says what each decision of the log revealed (saves.replay.resume found it while
    replaying); if the log does not rebuild the game (it came from its snapshot), the game
    as it is now is the ledger's starting point.
    """

    def __init__(self, game: GameLike, engine: EngineLike | None = None,
                 revealed: Sequence[bool] | None = None) -> None:
        self.engine = engine or engine_for(game.ruleset)
        self.game = game
        self._base: GameLike | None = None  # what undo rebuilds from, when not the options
        self._start = 0  # the decisions of the log that ``_base`` holds already
        if revealed is not None and len(revealed) != len(game.log):
            raise ValueError(f"{len(revealed)} flags for a log of {len(game.log)} decisions")
        if revealed is None and game.log:
            try:
                revealed = _trace_checked(game, self.engine).revealed
            except UndoError:
                self._base, self._start = game.clone(), len(game.log)
                revealed = [True] * len(game.log)  # a floor: none of them comes back
        self._revealed = list(revealed or ())

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
        if self._base is None:
            self.game = self.engine.replay(self.game.state.options, list(self.game.log[:keep]))
        else:
            rebuilt = self._base.clone()
            for decider, choice in self.game.log[self._start:keep]:
                rebuilt.apply(decider, choice)
            self.game = rebuilt
        del self._revealed[keep:]
        return self.game

    def _floor(self, seat: int) -> int:
        log, i = self.game.log, len(self.game.log)
        while i > 0 and log[i - 1][0] == seat and not self._revealed[i - 1]:
            i -= 1
        return i
