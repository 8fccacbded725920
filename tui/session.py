"""Sessions: one game as a screen drives it, wherever the game runs.

A screen holds a :class:`Session` and does two things with it: it shows the frames the
session gives (a seat's view, decision and events, docs/view.md) and it passes the choices
of the people at the keyboard back. A local game (one human or several taking turns at one
terminal, with bots) is :class:`LocalSession`; hosting and joining network games implement
the same surface, so the screens never know which one they drive.

Bots are not run here: a session says which bot decision is due (:meth:`bot_turn`), the
screen runs it off the event loop and hands the answer back with :meth:`answer_bot`, which
drops it if the game moved on meanwhile (an undo, say).

A network game also changes by itself, when a frame or a choice comes in: such a session
calls :attr:`Session.on_change` (on the event loop) for whoever shows it to look again.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from core.decisions import Prompt
from core.errors import GameError
from core.frames import frame
from core.rng import derive
from core.rulesets import GameSetup, Ruleset
from saves.format import SaveMeta
from saves.store import SaveStore
from saves.undo import UndoError, UndoLedger

HUMAN, BOT, REMOTE = "human", "bot", "remote"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who plays a seat: a person here, a bot of some level, or someone over the network."""

    kind: str
    level: str = ""

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """``human``, ``remote``, ``bot:LEVEL`` or a bare bot level such as ``normal``."""
        kind, _, level = text.partition(":")
        if kind in (HUMAN, REMOTE) and not level:
            return cls(kind)
        if kind == BOT and level:
            return cls(BOT, level)
        if not level:
            return cls(BOT, kind)
        raise ValueError(f"{text!r} is not a seat: human, remote or a bot level")

    @property
    def text(self) -> str:
        """As saves record it: ``human``, ``remote`` or ``bot:LEVEL``."""
        return f"{BOT}:{self.level}" if self.kind == BOT else self.kind


def named(setup: GameSetup, seats: list[SeatSpec], player: str) -> GameSetup:
    """The setup with the person at this terminal's name on the first seat they play,
    unless names were given; "" leaves every other seat its default name."""
    humans = [i for i, seat in enumerate(seats) if seat.kind == HUMAN]
    if not player or not humans or setup.names:
        return setup
    return replace(setup, names=[""] * humans[0] + [player])


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's decision to make: everything it needs, copied, so it can run on a thread."""

    seat: int
    bot: Any
    view: dict[str, Any]
    prompt: Prompt
    generation: int


@dataclass(frozen=True, slots=True)
class SessionCommand:
    """Something a session offers the player beyond deciding (handing a seat to a bot...)."""

    title: str
    help: str
    run: Callable[[], None]


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

    @abstractmethod
    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (or the spectator, -1) sees now: core.frames.frame."""

    @abstractmethod
    def waiting(self) -> list[int]:
        """The seats that must decide now, in the order they were asked."""

    @abstractmethod
    def choose(self, seat: int, choice: str) -> None:
        """A local person's choice; raises core.errors.GameError (one line) if refused."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    def humans(self) -> list[int]:
        """The seats played by people at this terminal."""
        return [i for i, seat in enumerate(self.seats) if seat.kind == HUMAN]

    def bot_turn(self) -> BotTurn | None:
        """The next decision a bot of this session must make, if one is due."""
        return None

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        """Apply a bot's answer; False when the game moved on and the answer is stale."""
        return False

    def undoable(self, seat: int) -> int:
        """How many of its last decisions ``seat`` may take back now."""
        return 0

    def undo(self, seat: int, steps: int = 1) -> None:
        raise UndoError("this game cannot be undone here")

    def commands(self) -> list[SessionCommand]:
        """What the player may do now besides deciding, for the command palette."""
        return []

    def close(self) -> None:  # noqa: B027 (a local game has nothing to close)
        """The screen is done with the game (a network session leaves its room)."""

    def changed(self, note: str = "") -> None:
        if self.on_change is not None:
            self.on_change(note)


class LocalSession(Session):
    """A game on this machine: people at this terminal and bots, saved after every
    decision, with undo where nothing came to light."""

    def __init__(self, ruleset: Ruleset, game: Any, seats: list[SeatSpec],
                 store: SaveStore | None, meta: SaveMeta | None = None) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.store = store
        self.meta = meta or SaveMeta.new([seat.text for seat in seats])
        self.ledger = UndoLedger(game, ruleset.engine())
        self.generation = 0  # raised whenever the game is rebuilt (undo): stale bot answers
        seed = game.options.seed
        self.bots = {i: ruleset.make_bot(seat.level, derive(seed, i))
                     for i, seat in enumerate(seats) if seat.kind == BOT}

    @property
    def game(self) -> Any:
        return self.ledger.game

    @property
    def over(self) -> bool:
        return bool(self.game.over)

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        return frame(self.game, seat, since)

    def waiting(self) -> list[int]:
        return [prompt.seat for prompt in self.game.pending()]

    def choose(self, seat: int, choice: str) -> None:
        self.ledger.apply(seat, choice)
        self.autosave()

    def bot_turn(self) -> BotTurn | None:
        for prompt in self.game.pending():
            if prompt.seat in self.bots:
                return BotTurn(prompt.seat, self.bots[prompt.seat],
                               self.game.view(prompt.seat), prompt.copy(), self.generation)
        return None

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        current = self.game.prompt_for(turn.seat)
        if (turn.generation != self.generation or current is None
                or current.kind != turn.prompt.kind or current.options != turn.prompt.options):
            return False
        self.choose(turn.seat, choice)
        return True

    def undoable(self, seat: int) -> int:
        return self.ledger.undoable(seat)

    def undo(self, seat: int, steps: int = 1) -> None:
        self.ledger.undo(seat, steps)
        self.generation += 1
        self.autosave()

    def autosave(self) -> None:
        if self.store is not None:
            self.store.autosave(self.game, self.meta)

    def save_as(self, name: str) -> str:
        if self.store is None:
            raise OSError("this game is not saved anywhere")
        return str(self.store.save(name, self.game, self.meta))


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
