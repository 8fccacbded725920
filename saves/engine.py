"""What saves need from a game engine, and where to find the engine of a ruleset.

The surface is the one of ``core.fractal.game.Game``; spelling it as protocols keeps the
saves package honest about what it uses, and lets a future ruleset (or a test's small
stand-in) be saved, replayed and undone through the same code. The engine is imported
only when first needed.
"""

from __future__ import annotations

from typing import Any, Protocol

from core.decisions import Prompt
from core.events import Event
from core.fractal.state import Options, State


class GameLike(Protocol):
    log: list[tuple[int, str]]
    history: list[Event]
    state: State

    @property
    def over(self) -> bool: ...

    def pending(self) -> list[Prompt]: ...

    def apply(self, seat: int, choice: str) -> list[Event]: ...

    def snapshot(self) -> dict[str, Any]: ...

    def digest(self) -> str: ...


class EngineLike(Protocol):
    """The class of a game: how to start one, rebuild one from its log or its snapshot."""

    def new(self, options: Options) -> GameLike: ...

    def replay(self, options: Options, log: list[tuple[int, str]]) -> GameLike: ...

    def from_snapshot(self, snapshot: dict[str, Any],
                      log: list[tuple[int, str]]) -> GameLike: ...


def engine_for(ruleset: str) -> EngineLike:
    """The engine that plays a ruleset named in a save header."""
    if ruleset == "fractal":
        from core.fractal.game import Game

        return Game
    raise LookupError(f"unknown ruleset {ruleset!r}")
