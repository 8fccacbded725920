"""What saves need from a game engine, and where to find the engine of a ruleset.

Every ruleset's ``Game`` has this surface; spelling it as protocols keeps the saves package
honest about what it uses, and lets a test's small stand-in be saved, replayed and undone
through the same code. The engine of a save is found through ``core.rulesets`` by the name
its header holds, and imported only when first needed.
"""

from __future__ import annotations

from typing import Any, Protocol

from core.decisions import Prompt
from core.events import Event
from core.rulesets import Progress, ruleset


class GameLike(Protocol):
    log: list[tuple[int, str]]
    history: list[Event]

    @property
    def ruleset(self) -> str:
        """The game's ruleset, by its name in core.rulesets."""
        ...

    @property
    def state(self) -> Any: ...

    @property
    def over(self) -> bool: ...

    def pending(self) -> list[Prompt]: ...

    def apply(self, seat: int, choice: str) -> list[Event]: ...

    def snapshot(self) -> dict[str, Any]: ...

    def digest(self) -> str: ...

    def clone(self) -> GameLike: ...

    def progress(self) -> Progress:
        """Where the game stands, for the save's header."""
        ...


class EngineLike(Protocol):
    """The class of a game: how to start one, rebuild one from its log or its snapshot."""

    def new(self, options: Any) -> GameLike: ...

    def replay(self, options: Any, log: list[tuple[int, str]]) -> GameLike: ...

    def from_snapshot(self, snapshot: dict[str, Any],
                      log: list[tuple[int, str]]) -> GameLike: ...


def engine_for(name: str) -> EngineLike:
    """The engine that plays a ruleset named in a save header (LookupError if none)."""
    found: EngineLike = ruleset(name).engine()
    return found
