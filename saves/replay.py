"""Rebuilding games from saves: replay the log (or resume from the snapshot), verify both agree.

The log is the truth and the snapshot a check and a fallback. :func:`restore` replays the
log, so the resumed game has its past events, and falls back to the snapshot when the log
no longer reaches the digest it was saved with (say, after the rules changed).
:func:`verify` replays the whole log from the options and seed and checks that it reaches
the stored snapshot's digest.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core.errors import GameError
from core.events import Event
from core.rulesets import ruleset
from saves.engine import EngineLike, GameLike, engine_for
from saves.format import SaveError, SaveFile


@dataclass(slots=True, frozen=True)
class Verification:
    path: str
    ok: bool
    decisions: int  # decisions replayed
    stored_digest: str
    replayed_digest: str  # "" when the replay broke off
    snapshot_ok: bool  # the stored snapshot itself loads to the stored digest
    problem: str = ""  # one line when not ok

    def line(self) -> str:
        if self.ok:
            return (f"{self.path}: OK, {self.decisions} decisions replay to digest "
                    f"{self.stored_digest[:16]}")
        return f"{self.path}: MISMATCH, {self.problem}"


@dataclass(slots=True)
class Step:
    """One decision of a replay and what followed: ``game`` is the game right after it."""

    index: int
    seat: int
    choice: str
    events: list[Event] = field(default_factory=list)
    game: GameLike | None = None


def options_of(save: SaveFile) -> Any:
    """The game's options, in its ruleset's own form."""
    try:
        return ruleset(save.header.ruleset).load_options(save.body.options)
    except LookupError as err:
        raise SaveError(save.path, "invalid", str(err)) from None
    except (TypeError, ValueError) as err:
        raise SaveError(save.path, "invalid", f"invalid options: {err}") from None


def _engine(save: SaveFile, engine: EngineLike | None) -> EngineLike:
    if engine is not None:
        return engine
    try:
        return engine_for(save.header.ruleset)
    except LookupError as err:
        raise SaveError(save.path, "invalid", str(err)) from None


def _rules_changed(save: SaveFile) -> str:
    """Why an old log may no longer replay, when that is the reason: the game's rules
    changed since the save was written (each ruleset raises its version when they do)."""
    try:
        current = ruleset(save.header.ruleset).rules_version
    except LookupError:
        return ""
    saved = save.header.rules_version
    if saved == current:
        return ""
    return f" (saved under the rules' version {saved}; this program plays version {current})"


def from_snapshot(save: SaveFile, engine: EngineLike | None = None) -> GameLike | None:
    """The game from its snapshot if that reproduces the stored digest, else None."""
    try:
        game = _engine(save, engine).from_snapshot(save.body.snapshot, list(save.body.log))
        if game.digest() == save.body.digest:
            return game
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        pass  # a snapshot the engine no longer understands: the log still can
    return None


def restore(save: SaveFile, engine: EngineLike | None = None) -> GameLike:
    """The game of a save, ready to continue, with every past event in its history.

    The log is replayed (it is the truth, and replaying gives the events a log pane shows).
    If it no longer reaches the stored digest (the rules changed since), the snapshot is
    taken instead when it loads to that digest; its history then starts at the resume.
    """
    try:
        game = _engine(save, engine).replay(options_of(save), list(save.body.log))
    except GameError as err:
        snapshot = from_snapshot(save, engine)
        if snapshot is not None:
            return snapshot
        raise SaveError(save.path, "invalid",
                        f"the log does not replay: {err}{_rules_changed(save)}") from None
    if game.digest() != save.body.digest:
        return from_snapshot(save, engine) or game
    return game


def steps(save: SaveFile, engine: EngineLike | None = None) -> Iterator[Step]:
    """Step through a saved game decision by decision, from the start."""
    game = _engine(save, engine).new(options_of(save))
    for index, (seat, choice) in enumerate(save.body.log):
        events = game.apply(seat, choice)
        yield Step(index, seat, choice, events, game)


def verify(save: SaveFile, engine: EngineLike | None = None) -> Verification:
    """Replay the log from the seed and compare with the stored snapshot's digest."""
    stored = save.body.digest
    snapshot_ok = from_snapshot(save, engine) is not None
    done = 0
    try:
        last = None
        for step in steps(save, engine):
            done, last = step.index + 1, step.game
        if last is None:
            last = _engine(save, engine).new(options_of(save))
        replayed = last.digest()
    except GameError as err:
        seat, choice = save.body.log[done]
        problem = (f"decision {done} (seat {seat}, {choice!r}) is refused: {err}"
                   f"{_rules_changed(save)}")
        return Verification(save.path, False, done, stored, "", snapshot_ok, problem)
    ok = replayed == stored and snapshot_ok
    problem = ""
    if replayed != stored:
        problem = (f"replaying {done} decisions gives digest {replayed[:16]}, "
                   f"the save holds {stored[:16]}{_rules_changed(save)}")
    elif not snapshot_ok:
        problem = "the stored snapshot does not load to its own digest"
    return Verification(save.path, ok, done, stored, replayed, snapshot_ok, problem)
