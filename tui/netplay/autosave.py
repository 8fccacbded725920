"""The host's autosave, written off the event loop.

A local game saves after each decision on the spot; a host must not stop answering its
guests for the ~20 ms a save takes (two fsyncs and a rename), and bots may decide faster
than the disk writes. So the state is taken on the loop after each decision (a snapshot
must not see the game half changed) and written on a thread; decisions made while a
write is under way are saved together by the next one, which takes the newest state.
Every write is atomic, so the file is always a whole save, at most one write behind. It is
the host's table's autosave (tui.play.autosave.Autosave).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from saves.format import SaveMeta, save_of
from saves.store import SaveStore
from tui.play.autosave import Held


class Autosave:
    def __init__(self, store: SaveStore, game: Callable[[], Any], meta: SaveMeta,
                 failed: Callable[[str], None]) -> None:
        self.store = store
        self.game = game  # the game as it is now
        self.meta = meta
        self.failed = failed  # told a one-line reason when a write fails
        self._due = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def path(self) -> str:
        return str(self.store.path_of(self.meta.autosave_name))

    def changed(self) -> None:
        """The game changed: save it soon."""
        self._idle.clear()
        self._due.set()

    async def saved(self) -> None:
        """Wait until the newest state is on disk."""
        await self._idle.wait()

    async def run(self) -> None:
        await asyncio.to_thread(self.store.sweep)
        while True:
            await self._due.wait()
            self._due.clear()
            save = save_of(Held(self.game()), self.meta)
            try:
                await asyncio.to_thread(self.store.write, self.meta.autosave_name, save)
            except OSError as error:
                self.failed(f"Could not save the game: {error.strerror or error}")
            if not self._due.is_set():
                self._idle.set()
