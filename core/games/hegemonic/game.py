"""A Hegemonic game: core.game's surface over Hegemonic's engine, setup and views, so
screens, bots, saves and the network drive it as they drive the other rulesets."""

from __future__ import annotations

from typing import Any

import core.games.hegemonic.rules  # noqa: F401  (registers every task kind with the engine)
from core.game import Game as BaseGame
from core.games.hegemonic import engine
from core.games.hegemonic.content import Content, load_content
from core.games.hegemonic.setup import new_state
from core.games.hegemonic.state import Options, State
from core.games.hegemonic.view import view_of
from core.plain import load

RULESET = "hegemonic"


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
