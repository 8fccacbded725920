"""A Fractal game: core.game's surface over Fractal's engine, setup and views."""

from __future__ import annotations

from typing import Any

import core.games.fractal.rules  # noqa: F401  (registers every task kind with the engine)
from core.game import Game as BaseGame
from core.games.fractal import engine
from core.games.fractal.content import Content, load_content
from core.games.fractal.setup import new_state
from core.games.fractal.state import Options, State
from core.games.fractal.view import view_of
from core.plain import load

RULESET = "fractal"


class Game(BaseGame[State, Content, Options]):
    __slots__ = ()
    ruleset = RULESET
    machine = engine.MACHINE
    context = engine.Ctx

    @classmethod
    def load_content(cls) -> Content:
        return load_content()

    @classmethod
    def new_state(cls, options: Options, content: Content) -> State:
        return new_state(options, content)

    @classmethod
    def load_state(cls, snapshot: dict[str, Any]) -> State:
        return load(State, snapshot)

    def view(self, seat: int) -> dict[str, Any]:
        return view_of(self.state, self.content, seat)
