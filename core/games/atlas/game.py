"""A Fractured Atlas game: core.game's surface over the Atlas's engine, setup and views, so
screens, bots, saves and the network drive it as they drive Fractal."""

from __future__ import annotations

from typing import Any

import core.games.atlas.rules  # noqa: F401  (registers every task kind with the engine)
from core.game import Game as BaseGame
from core.games.atlas import engine
from core.games.atlas.content import Content, load_content
from core.games.atlas.setup import new_state
from core.games.atlas.state import Options, State
from core.games.atlas.view import view_of
from core.plain import load

RULESET = "atlas"


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
