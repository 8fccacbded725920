"""Rebuilding games from saves: replay the log (or resume from the snapshot), verify both agree.

The log is the truth and the snapshot a check and a fallback. :func:`resume` replays the
log once, so the resumed game has its past events and undo knows what each decision
revealed, and falls back to the snapshot when the log no longer reaches the digest it was
saved with (say, after the rules changed). A player's screen opens faster with
``resume(..., later=True)``: the game comes from the snapshot, and its :class:`LogCheck`
replays the log once the screen shows and before anything of the game is drawn (the
snapshot is anyone's writing until the log vouches for it).
:func:`verify` replays the whole log from the options and seed and checks that it reaches
the stored snapshot's digest.

A save is a file anyone may have written, so nothing in it is played before it is checked:
the options as a new game's are, the seats and the log against them and the game's bounds
(:func:`options_of`), and a snapshot as a game loaded from elsewhere
(core.rulesets.Ruleset.check_loaded). Whatever fails is one :class:`SaveError`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import GameError
from core.events import Event
from core.rulesets import Ruleset, ruleset
from saves.engine import EngineLike, GameLike, engine_for
from saves.format import SaveError, SaveFile
from saves.store import Loaded, load_with_backup


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


def rules_of(save: SaveFile) -> Ruleset:
    try:
        return ruleset(save.header.ruleset)
    except LookupError as err:
        raise SaveError(save.path, "invalid", str(err)) from None


def options_of(save: SaveFile) -> Any:
    """The game's options, in its ruleset's own form, checked as a new game's are; the
    save's seats and log are held to them and to the game's bounds."""
    rules = rules_of(save)
    try:
        options = rules.load_options(save.body.options)
    except ValueError as err:
        raise SaveError(save.path, "invalid", f"invalid options: {err}") from None
    if len(save.header.seats) != options.players:
        raise SaveError(save.path, "invalid", f"invalid header: {len(save.header.seats)} "
                                              f"seats for a game of {options.players}")
    if len(save.body.log) > rules.bounds.decisions:
        raise SaveError(save.path, "invalid",
                        f"invalid body: a log of {len(save.body.log)} decisions, more than a "
                        f"game of {rules.title} makes ({rules.bounds.decisions})")
    return options


def check_seats(save: SaveFile) -> None:
    """The save's bots are of levels this program has (before a session makes them)."""
    from core.bots.levels import is_level

    for number, seat in enumerate(save.header.seats):
        if seat.kind == "bot" and not is_level(seat.level):
            raise SaveError(save.path, "invalid", f"seat {number + 1} is a bot of level "
                                                  f"{seat.level!r}, which this program has not")


def new_game(save: SaveFile, engine: EngineLike | None = None) -> GameLike:
    """The game as its options deal it, before its first decision."""
    options = options_of(save)
    try:
        return _engine(save, engine).new(options)
    except Exception as err:  # options that pass every check and still deal no game
        raise SaveError(save.path, "invalid", f"invalid options: they deal no game "
                                              f"({type(err).__name__}: {err})") from None


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


def _snapshot(save: SaveFile, engine: EngineLike | None) -> GameLike | None:
    """The game of the stored snapshot if it loads to the stored digest, else None."""
    try:
        game = _engine(save, engine).from_snapshot(save.body.snapshot, list(save.body.log))
        if game.digest() == save.body.digest:
            return game
    except (SaveError, TypeError, ValueError, KeyError, AttributeError, IndexError):
        pass  # a snapshot the engine does not understand: the log still may
    return None


def from_snapshot(save: SaveFile, engine: EngineLike | None = None) -> GameLike | None:
    """The game of the stored snapshot, to play on, if it loads to the stored digest and
    passes the checks of a game loaded from elsewhere; else None. (Anyone can write a
    snapshot and its digest: only the checks tell a game the rules could reach.)"""
    game = _snapshot(save, engine)
    if game is None:
        return None
    try:
        rules_of(save).check_loaded(game)  # type: ignore[arg-type]
    except (SaveError, ValueError):
        return None
    return game


@dataclass(slots=True, frozen=True)
class Resumed:
    """A save's game ready to go on, and what each decision of its log revealed (for
    undo: saves.undo.UndoLedger), found in the one replay that rebuilt it; ``revealed`` is
    None when the game came from the snapshot. ``check``: the log's check still to run
    (``resume(..., later=True)``), whose game is the one to play; None once done."""

    game: GameLike
    revealed: tuple[bool, ...] | None
    check: LogCheck | None = None


@dataclass(slots=True, frozen=True)
class Checked:
    """What a save's log said of the snapshot a game was opened from: the game to play on
    and, when the two did not agree, a line for the player saying which one is played."""

    resumed: Resumed
    note: str = ""


class LogCheck:
    """The log of a save opened from its snapshot, to be replayed once: it gives the
    resumed game its past events and undo its notes, and tells whether the snapshot is the
    game the decisions make. :meth:`run` is the one replay."""

    def __init__(self, save: SaveFile, engine: EngineLike | None = None) -> None:
        self.save = save
        self.engine = engine

    def run(self) -> Checked:
        """The game to play on: the log's (under the rules the save was written with, the
        log is the truth), or the snapshot's when the log does not replay and the snapshot
        passes the checks of a game loaded from elsewhere. SaveError when neither plays."""
        save = self.save
        try:
            game, revealed = _replayed(save, self.engine)
        except GameError as err:
            snapshot = from_snapshot(save, self.engine)
            if snapshot is None:
                raise SaveError(save.path, "invalid",
                                f"the log does not replay: {err}{_rules_changed(save)}") from None
            return Checked(Resumed(snapshot, None),
                           "This save's decisions do not lead to its position: the game goes "
                           "on from the position, and nothing before it can be taken back.")
        note = "" if game.digest() == save.body.digest else (
            "This save's position did not match its decisions: the game goes on from the "
            "decisions.")
        return Checked(Resumed(game, revealed), note)


def decide(game: GameLike, seat: int, choice: str) -> tuple[list[Event], bool]:
    """Apply a decision: its events, and whether it revealed anything (an event says so,
    or it moved the random generator: a roll with no event of its own)."""
    before = game.state.rng
    events = game.apply(seat, choice)
    return events, game.state.rng != before or any(e.reveals for e in events)


def resume(save: SaveFile, engine: EngineLike | None = None, *, later: bool = False) -> Resumed:
    """The game of a save, ready to continue, with every past event in its history.

    The log is replayed once (it is the truth, and replaying gives the events a log pane
    shows and what each decision revealed). If it no longer reaches the stored digest (the
    rules changed since), the snapshot is taken instead when it loads to that digest; its
    history then starts at the resume.

    ``later``: the game of the snapshot when it loads to the stored digest under the rules
    it was saved with, and the log's :class:`LogCheck` to run before it is shown or played
    (its game replaces this one); else as above.
    """
    if later and not _rules_changed(save):
        game = _snapshot(save, engine)
        if game is not None:
            return Resumed(game, None, LogCheck(save, engine))
    try:
        game, revealed = _replayed(save, engine)
    except GameError as err:
        snapshot = from_snapshot(save, engine)
        if snapshot is not None:
            return Resumed(snapshot, None)
        raise SaveError(save.path, "invalid",
                        f"the log does not replay: {err}{_rules_changed(save)}") from None
    if game.digest() != save.body.digest:
        snapshot = from_snapshot(save, engine)
        if snapshot is not None:
            return Resumed(snapshot, None)
    return Resumed(game, revealed)


def _replayed(save: SaveFile, engine: EngineLike | None) -> tuple[GameLike, tuple[bool, ...]]:
    """The log replayed from the options, and what each decision revealed (GameError when
    a decision is refused)."""
    game = new_game(save, engine)
    return game, tuple(decide(game, seat, choice)[1] for seat, choice in save.body.log)


def restore(save: SaveFile, engine: EngineLike | None = None) -> GameLike:
    """The game of a save (:func:`resume`), without what its decisions revealed."""
    return resume(save, engine).game


def load_game(path: str | os.PathLike[str], *, later: bool = False) -> tuple[Loaded, Resumed]:
    """A save to play on, as ``resume``, ``host --resume`` and the title screen's Continue
    and Load open it: read (from its backup if it is damaged), its bots' levels checked,
    its game rebuilt (``later``: from its snapshot, the log to check, :func:`resume`).
    :class:`SaveError` with one line if any of it fails."""
    loaded = load_with_backup(Path(path))
    check_seats(loaded.save)
    return loaded, resume(loaded.save, later=later)


def steps(save: SaveFile, engine: EngineLike | None = None) -> Iterator[Step]:
    """Step through a saved game decision by decision, from the start."""
    game = new_game(save, engine)
    for index, (seat, choice) in enumerate(save.body.log):
        events = game.apply(seat, choice)
        yield Step(index, seat, choice, events, game)


def verify(save: SaveFile, engine: EngineLike | None = None) -> Verification:
    """Replay the log from the seed and compare with the stored snapshot's digest."""
    stored = save.body.digest
    snapshot_ok = _snapshot(save, engine) is not None
    done = 0
    try:
        last = None
        for step in steps(save, engine):
            done, last = step.index + 1, step.game
        if last is None:
            last = new_game(save, engine)
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
