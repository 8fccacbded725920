"""Sessions: one game as a screen drives it, wherever the game runs.

A screen holds a :class:`Session` and does two things with it: it shows the frames the
session gives (a seat's view, decision and events, docs/view.md) and it passes the choices
of the people at the keyboard back. A local game (one human or several taking turns at one
terminal, with bots) is :class:`LocalSession`; hosting and joining network games implement
the same surface, so the screens never know which one they drive. A session that plays the
game here is a transport over a :class:`tui.play.table.Table`, which does the playing.

Bots are not run on the event loop: a session says which bot decision is due
(:meth:`bot_turn`), the screen runs :meth:`think` on a thread and hands the answer back
with :meth:`answer_bot`, which drops it if the game moved on meanwhile (an undo, say).

A network game also changes by itself, when a frame or a choice comes in: such a session
calls :attr:`Session.on_change` (on the event loop) for whoever shows it to look again.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from core.decisions import Prompt
from core.errors import GameError
from core.frames import frame
from core.net.chat import Heard
from core.rulesets import GameSetup, Ruleset
from saves.format import SaveError, SaveMeta
from saves.replay import LogCheck
from saves.store import SaveStore
from saves.undo import UndoError
from tui.play.autosave import Held, SaveNow
from tui.play.bots import BotTurn, think
from tui.play.lone import Answered
from tui.play.seats import HUMAN, SeatSpec
from tui.play.table import Table


def named(setup: GameSetup, seats: list[SeatSpec], player: str) -> GameSetup:
    """The setup with the person at this terminal's name on the first seat they play,
    unless names were given; "" leaves every other seat its default name."""
    humans = [i for i, seat in enumerate(seats) if seat.kind == HUMAN]
    if not player or not humans or setup.names:
        return setup
    return replace(setup, names=[""] * humans[0] + [player])


@dataclass(frozen=True, slots=True)
class SessionCommand:
    """Something a session offers the player beyond deciding (handing a seat to a bot...)."""

    title: str
    help: str
    run: Callable[[], None]


# A network game's decisions reach every seat as they are made, so none is taken back.
NETWORK_NO_UNDO = "A network game keeps no undo: every seat has seen your decisions."


class Session(ABC):
    """One game as a screen drives it."""

    ruleset: Ruleset
    seats: list[SeatSpec]
    # Called on the event loop when the game changed without the screen asking (a network
    # game), with a line to show the player or "".
    on_change: Callable[[str], None] | None = None
    status: str = ""  # a lasting notice for the status line ("Paused: ... is away")
    # What leaving the game means, for the question that asks whether to leave.
    leaving = "It is saved after every move: Continue on the title screen picks it up again."
    # Why nothing can be taken back in this game, "" where undo is kept (a local game).
    no_undo = "This game keeps no undo."
    # Table talk received for the people here (core.net.chat); None: a game without talk
    # (a local one: its players share a screen).
    heard: Heard | None = None
    # The log of a game opened from its save's snapshot, still to be checked (settle).
    check: LogCheck | None = None

    @abstractmethod
    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (or the spectator, -1) sees now: core.frames.frame."""

    @abstractmethod
    def waiting(self) -> list[int]:
        """The seats that must decide now, in the order they were asked."""

    @abstractmethod
    def choose(self, seat: int, choice: str) -> None:
        """A local person's choice; raises core.errors.GameError (one line) if refused."""

    def question(self, seat: int) -> int | None:
        """A number for ``seat``'s pending decision (None when it has none), new with every
        decision put to it: a key pressed for one question is not taken for the next."""
        return None

    @property
    @abstractmethod
    def over(self) -> bool: ...

    def humans(self) -> list[int]:
        """The seats played by people at this terminal."""
        return [i for i, seat in enumerate(self.seats) if seat.kind == HUMAN]

    def bot_turn(self) -> BotTurn | None:
        """The next decision a bot of this session must make, if one is due."""
        return None

    # seconds a bot's move stays back at least, so that people can follow (a preference)
    pace: float = 0.0

    def think(self, turn: BotTurn, stop: threading.Event | None = None) -> str | None:
        """The bot's answer to ``turn`` at the session's pace: run it off the event loop
        (a bot takes up to seconds); None when ``stop`` was set meanwhile."""
        return think(turn, self.pace, stop)

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        """Apply a bot's answer; False when the game moved on and the answer is stale."""
        return False

    def answer_alone(self, on: bool) -> None:  # noqa: B027 (a replay asks no questions)
        """Whether the questions with one legal answer that reveals nothing are answered
        for the people here (a preference); on, those due now are."""

    def answered(self) -> list[Answered]:
        """The questions answered for people here since the last call, oldest first."""
        return []

    def undoable(self, seat: int) -> int:
        """How many of its last decisions ``seat`` may take back now."""
        return 0

    def undo(self, seat: int, steps: int = 1) -> None:
        raise UndoError("this game cannot be undone here")

    def commands(self) -> list[SessionCommand]:
        """What the player may do now besides deciding, for the command palette."""
        return []

    def say(self, seat: int, text: str, to: int | None = None) -> str:
        """Say ``text`` at the table as the person at ``seat`` (SPECTATOR for one who plays
        no seat here), to everyone or to the player of seat ``to`` alone. Returns a line
        for the speaker ("" when there is nothing to tell); raises GameError (one line)
        when the line is refused."""
        raise GameError("Chat is for network games.")

    def settle(self) -> str:
        """Check a game opened from its save's snapshot against the save's log, once, after
        the screen shows and before it draws the game (saves.replay.LogCheck): a line for
        the player when the two did not agree, else "". saves.format.SaveError (one line)
        when neither plays."""
        return ""

    def close(self) -> None:  # noqa: B027 (a local game has nothing to close)
        """The screen is done with the game (a network session leaves its room)."""

    def changed(self, note: str = "") -> None:
        if self.on_change is not None:
            self.on_change(note)


class TableSession(Session):
    """A session whose game is played here, at its :class:`Table`."""

    table: Table
    store: SaveStore | None
    meta: SaveMeta

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def pace(self) -> float:
        return self.table.pace

    @pace.setter
    def pace(self, seconds: float) -> None:
        self.table.pace = seconds

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        return self.table.frame(seat, since)

    def waiting(self) -> list[int]:
        return self.table.waiting()

    def question(self, seat: int) -> int | None:
        return self.table.turn(seat)

    def bot_turn(self) -> BotTurn | None:
        return self.table.bot_turn()

    def think(self, turn: BotTurn, stop: threading.Event | None = None) -> str | None:
        return self.table.think(turn, stop)

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        return self.table.answer_bot(turn, choice)

    def answer_alone(self, on: bool) -> None:
        self.table.answer_alone(on)

    def answered(self) -> list[Answered]:
        return self.table.lone.take()

    def undoable(self, seat: int) -> int:
        return self.table.undoable(seat)

    def undo(self, seat: int, steps: int = 1) -> None:
        self.table.undo(seat, steps)

    def save_as(self, name: str) -> str:
        if self.store is None:
            raise OSError("this game is not saved anywhere")
        return str(self.store.save(name, Held(self.game), self.meta))


class LocalSession(TableSession):
    """A game on this machine: people at this terminal and bots, saved after every
    decision, with undo where nothing came to light (``revealed``: what each decision of
    a resumed game's log revealed, found while it was replayed, saves.replay.resume).

    A game opened from its save's snapshot comes with the log's ``check`` still to run
    (:meth:`settle`) and ``shows``, why this program cannot show a game ("" if it can),
    for when the check leaves the snapshot's game to play."""

    no_undo = ""

    def __init__(self, ruleset: Ruleset, game: Any, seats: list[SeatSpec],
                 store: SaveStore | None, meta: SaveMeta | None = None,
                 revealed: Sequence[bool] | None = None, check: LogCheck | None = None,
                 shows: Callable[[Any], str] | None = None) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.store = store
        self.meta = meta or SaveMeta.new([seat.text for seat in seats])
        self.check = check
        self.shows = shows
        if check is not None:  # until the check, nothing before the resume is taken back
            revealed = (True,) * len(game.log)
        saver = None if store is None else SaveNow(store, lambda: self.table.game, self.meta)
        self.table = Table(ruleset, game, seats, autosave=saver, revealed=revealed)

    def settle(self) -> str:
        check, self.check = self.check, None
        if check is None:
            return ""
        if len(self.table.game.log) != len(check.save.body.log):
            raise RuntimeError("the game moved on before its log was checked")
        checked = check.run()
        resumed = checked.resumed
        problem = "" if resumed.revealed is not None or self.shows is None \
            else self.shows(resumed.game)
        if problem:
            raise SaveError(check.save.path, "invalid", f"this program cannot show it: {problem}")
        game = resumed.game
        self.table.redeal(game, resumed.revealed or (True,) * len(game.log))
        return checked.note

    def choose(self, seat: int, choice: str) -> None:
        self.table.apply(seat, choice)


class ReplaySession(Session):
    """A finished game shown again decision by decision, as a spectator sees it."""

    def __init__(self, ruleset: Ruleset, game: Any, seats: list[SeatSpec]) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.options = game.options
        self.log: list[tuple[int, str]] = list(game.log)
        self.position = 0
        self.game = ruleset.engine().new(self.options)

    @property
    def over(self) -> bool:
        return False  # a replay never ends the game it shows

    def humans(self) -> list[int]:
        return []

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        return frame(self.game, seat, since)

    def waiting(self) -> list[int]:
        return []

    def choose(self, seat: int, choice: str) -> None:
        raise GameError("a replay takes no decisions")

    def next_decision(self) -> tuple[Prompt, str] | None:
        """The decision the replay shows next: its prompt and the choice made."""
        if self.position >= len(self.log):
            return None
        seat, choice = self.log[self.position]
        prompt = self.game.prompt_for(seat)
        return (prompt, choice) if prompt is not None else None

    def go_to(self, position: int) -> bool:
        """Show the game after ``position`` decisions; True when it went backwards (the
        game was rebuilt, so its events start again)."""
        position = min(max(position, 0), len(self.log))
        back = position < self.position
        if back:
            self.game = self.ruleset.engine().replay(self.options, self.log[:position])
        else:
            for seat, choice in self.log[self.position:position]:
                self.game.apply(seat, choice)
        self.position = position
        return back
