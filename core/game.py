"""A game of any ruleset: the state, its decision log and its events, behind one small surface.

Screens, bots, the network host, saves and tests all drive a game through this class:
``pending()`` says who must decide what, ``apply(seat, choice)`` acts, ``view(seat)`` is
what one seat may know. The log of ``(seat, choice)`` rebuilds the game exactly.

A game subclasses it with only what is its own: it names its machine (core.machine), its
options and state classes, and the functions that load its content, deal a new game's
state and make one seat's view (``view_of = staticmethod(view.view_of)``); and it says how
a new game's options come from a setup and how its standing reads in a save's header and a
simulated game's record.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

import msgpack

from core.decisions import Prompt
from core.events import Event, for_viewer
from core.machine import Decisions, Machine
from core.plain import load, to_plain

if TYPE_CHECKING:
    from core.rulesets import GameSetup, Outcome, Progress


class GameOptions(Protocol):
    players: int
    seed: int


class GameState(Decisions, Protocol):
    rng: int  # the random generator's whole state (core.rng)

    @property
    def options(self) -> Any: ...

    @property
    def winners(self) -> list[int]: ...

    def copy(self) -> Self: ...


StateT = TypeVar("StateT", bound=GameState)
ContentT = TypeVar("ContentT")
OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Game(Generic[StateT, ContentT, OptionsT]):
    __slots__ = ("content", "history", "log", "state")
    ruleset: ClassVar[str]  # the game's name (core.rulesets)
    machine: ClassVar[Machine[Any]]
    options_type: ClassVar[type[Any]]
    state_type: ClassVar[type[Any]]

    def __init__(self, state: StateT, content: ContentT, log: list[tuple[int, str]]) -> None:
        self.state = state
        self.content = content
        self.log = log
        self.history: list[Event] = []

    # What each game says for itself: its functions...

    @staticmethod
    def load_content() -> Any:
        """The game's content (cards, tiles, tables), as its rules read it; a game without
        any leaves it None."""
        return None

    @staticmethod
    def new_state(options: Any, content: Any) -> Any:
        """The state a new game starts from, before its first decision."""
        raise NotImplementedError

    @staticmethod
    def view_of(state: Any, content: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may know (core.events.SPECTATOR for a spectator), as plain data."""
        raise NotImplementedError

    # ... and what it works out itself.

    @classmethod
    def options_for(cls, setup: GameSetup) -> OptionsT:
        """The options of a new game, from a setup whose players, modules and settings
        core.rulesets has already checked against the declaration."""
        raise NotImplementedError

    def progress(self) -> Progress:
        """Where the game stands, for a save's header and the saves listing."""
        raise NotImplementedError

    def outcome(self) -> Outcome:
        """What a simulated game's record says of the game."""
        raise NotImplementedError

    # The same for every game.

    @classmethod
    def load_state(cls, snapshot: dict[str, Any]) -> StateT:
        """The state of a snapshot (:meth:`snapshot`)."""
        found: StateT = load(cls.state_type, snapshot)
        return found

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know (core.events.SPECTATOR for a spectator), as plain data."""
        return self.view_of(self.state, self.content, seat)

    @classmethod
    def load_options(cls, plain: dict[str, Any]) -> OptionsT:
        """The options from plain data, as a save holds them."""
        found: OptionsT = load(cls.options_type, plain)
        return found

    @classmethod
    def new(cls, options: OptionsT, content: ContentT | None = None) -> Self:
        if content is None:
            content = cls.load_content()
        game = cls(cls.new_state(options, content), content, [])
        game.run()
        return game

    @classmethod
    def replay(cls, options: OptionsT, log: list[tuple[int, str]]) -> Self:
        game = cls.new(options)
        for seat, choice in log:
            game.apply(seat, choice)
        return game

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any], log: list[tuple[int, str]]) -> Self:
        return cls(cls.load_state(snapshot), cls.load_content(), list(log))

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def options(self) -> OptionsT:
        found: OptionsT = self.state.options
        return found

    @property
    def seats(self) -> int:
        return int(self.options.players)

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)

    def pending(self) -> list[Prompt]:
        return list(self.state.prompts)

    def prompt_for(self, seat: int) -> Prompt | None:
        for prompt in self.state.prompts:
            if prompt.seat == seat:
                return prompt
        return None

    def context(self) -> Any:
        """What a task of this game works on (core.machine.Ctx), its events going to the
        game's history: for rules tests that call a task's functions themselves."""
        return self.machine.context(self.state, self.content, self.history)

    def run(self) -> None:
        """Do the automatic work until a decision is pending or the game is over: for a
        state made by hand (a bot's sampled world, a test's position)."""
        self.machine.run(self.context())

    def marks(self, prompt: Prompt) -> dict[str, str]:
        """The final options of a pending prompt, in its order, each with why: the kind of
        the first event that brings something to light before the next decision, or ""
        where only the dice roll. The kind, never the event: what it shows is for after
        the choice. The prompt's task marks the options it knows (core.machine.Machine.marks);
        one whose outcome rests on the tasks that follow is played on a copy."""
        known = self.machine.marks(self.machine.context(self.state, self.content), prompt)
        final = {}
        for choice in prompt.options:
            why = known[choice] if choice in known else self._follow(prompt.seat, choice)
            if why is not None:
                final[choice] = why
        return final

    def _follow(self, seat: int, choice: str) -> str | None:
        """Whether ``choice`` brings something to light (the first event's kind) or rolls
        the dice (""), played on a copy of the game."""
        trial = self.clone()
        events = trial.apply(seat, choice)
        shown = next((e.kind for e in events if e.reveals), None)
        return shown if shown is not None or trial.state.rng != self.state.rng else None

    def check(self, seat: int, choice: str) -> None:
        """Raise the error ``apply`` would raise, without changing anything."""
        self.machine.check(self.state, seat, choice)

    def apply(self, seat: int, choice: str) -> list[Event]:
        events: list[Event] = []
        self.machine.apply(self.machine.context(self.state, self.content, events), seat, choice)
        self.log.append((seat, choice))
        self.history.extend(events)
        return events

    def events_for(self, seat: int, events: list[Event] | None = None) -> list[dict[str, Any]]:
        return [for_viewer(e, seat) for e in (self.history if events is None else events)]

    def clone(self) -> Self:
        return type(self)(self.state.copy(), self.content, list(self.log))

    def snapshot(self) -> dict[str, Any]:
        plain: dict[str, Any] = to_plain(self.state)
        return plain

    def digest(self) -> str:
        """A fingerprint of the whole state: equal digests mean byte-identical snapshots."""
        return digest_of(self.snapshot())


def digest_of(snapshot: dict[str, Any]) -> str:
    """The fingerprint of a snapshot (:meth:`Game.digest`), for one already taken."""
    packed: bytes = msgpack.packb(snapshot)
    return hashlib.sha256(packed).hexdigest()
