"""A table's autosave: a sink the transport provides, told after every change.

A local game writes at once (:class:`SaveNow`); a network host writes on a thread, so that
it never keeps its guests waiting (tui.netplay.autosave). Both save :class:`Held`, the
game with its state turned into plain data once per save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from core.decisions import Prompt
from core.events import Event
from core.game import digest_of
from saves.engine import GameLike
from saves.format import SaveMeta
from saves.store import SaveStore


class Autosave(Protocol):
    def changed(self) -> None:
        """The game changed: save it, now or soon."""


class Held:
    """A game as a save reads it. A save holds the snapshot and its digest, which is the
    snapshot's hash: taken from the game, each would walk the whole state again."""

    def __init__(self, game: GameLike) -> None:
        self.game = game
        self.log = game.log
        self.history = game.history
        self.plain = game.snapshot()

    @property
    def ruleset(self) -> str:
        return self.game.ruleset

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def over(self) -> bool:
        return self.game.over

    def pending(self) -> list[Prompt]:
        return self.game.pending()

    def apply(self, seat: int, choice: str) -> list[Event]:
        raise TypeError("a game held for a save does not change")

    def clone(self) -> GameLike:
        return self.game.clone()

    def snapshot(self) -> dict[str, Any]:
        return self.plain

    def digest(self) -> str:
        return digest_of(self.plain)

    def progress(self) -> Any:
        return self.game.progress()


class SaveNow:
    """A local game's autosave: written before the next decision is taken."""

    def __init__(self, store: SaveStore, game: Callable[[], GameLike], meta: SaveMeta) -> None:
        self.store = store
        self.game = game  # the game as it is now
        self.meta = meta

    def changed(self) -> None:
        self.store.autosave(Held(self.game()), self.meta)
