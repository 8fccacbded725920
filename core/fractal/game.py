"""A Fractal game: the state, its decision log and its events, behind one small surface.

Screens, bots, the network host, saves and tests all drive a game through this class:
``pending()`` says who must decide what, ``apply(seat, choice)`` acts, ``view(seat)`` is
what one seat may know. The log of ``(seat, choice)`` rebuilds the game exactly.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

import core.fractal.rules  # noqa: F401  (registers every task kind with the engine)
from core.decisions import Prompt
from core.events import Event, for_viewer
from core.fractal import engine
from core.fractal.content import Content, load_content
from core.fractal.setup import new_state
from core.fractal.state import Options, State
from core.fractal.view import view_of
from core.plain import load, to_plain

RULESET = "fractal"


class Game:
    __slots__ = ("content", "history", "log", "state")
    ruleset = RULESET

    def __init__(self, state: State, content: Content, log: list[tuple[int, str]]) -> None:
        self.state = state
        self.content = content
        self.log = log
        self.history: list[Event] = []

    @classmethod
    def new(cls, options: Options, content: Content | None = None) -> Game:
        content = content or load_content()
        game = cls(new_state(options, content), content, [])
        ctx = engine.Ctx(game.state, content, game.history)
        engine.run(ctx)
        return game

    @classmethod
    def replay(cls, options: Options, log: list[tuple[int, str]]) -> Game:
        game = cls.new(options)
        for seat, choice in log:
            game.apply(seat, choice)
        return game

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any], log: list[tuple[int, str]]) -> Game:
        return cls(load(State, snapshot), load_content(), list(log))

    @property
    def over(self) -> bool:
        return self.state.over

    def pending(self) -> list[Prompt]:
        return list(self.state.prompts)

    def prompt_for(self, seat: int) -> Prompt | None:
        for prompt in self.state.prompts:
            if prompt.seat == seat:
                return prompt
        return None

    def check(self, seat: int, choice: str) -> None:
        """Raise the error ``apply`` would raise, without changing anything."""
        engine.check(self.state, seat, choice)

    def apply(self, seat: int, choice: str) -> list[Event]:
        events: list[Event] = []
        engine.apply(engine.Ctx(self.state, self.content, events), seat, choice)
        self.log.append((seat, choice))
        self.history.extend(events)
        return events

    def view(self, seat: int) -> dict[str, Any]:
        return view_of(self.state, self.content, seat)

    def events_for(self, seat: int, events: list[Event] | None = None) -> list[dict[str, Any]]:
        return [for_viewer(e, seat) for e in (self.history if events is None else events)]

    def clone(self) -> Game:
        return Game(self.state.copy(), self.content, list(self.log))

    def snapshot(self) -> dict[str, Any]:
        plain: dict[str, Any] = to_plain(self.state)
        return plain

    def digest(self) -> str:
        """A fingerprint of the whole state: equal digests mean byte-identical snapshots."""
        packed: bytes = msgpack.packb(self.snapshot())
        return hashlib.sha256(packed).hexdigest()
