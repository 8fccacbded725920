"""Headless Chromium (Debian's package) driven through the DevTools protocol, over
aiohttp's websocket client: just what a test of the web client needs. Loopback only."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium")
# The flags that keep Chromium from reaching for the network on its own, with no GPU.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--remote-debugging-port=0", "--window-size=1000,700")
LISTENING = re.compile(rb"DevTools listening on ws://127\.0\.0\.1:(\d+)/")

Event = tuple[str, dict[str, Any]]


class Browser:
    """One page of a headless Chromium: ``call`` a method, watch the events."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self._socket = socket
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.on_event: Callable[[str, dict[str, Any]], None] = lambda method, params: None
        self._reader = asyncio.create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def launched(cls, profile: Path) -> AsyncIterator[Browser]:
        assert CHROMIUM is not None
        process = await asyncio.create_subprocess_exec(
            CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        assert process.stderr is not None
        drain: asyncio.Task[None] | None = None
        try:
            async with asyncio.timeout(30):
                while not (found := LISTENING.search(await process.stderr.readline())):
                    pass
            drain = asyncio.create_task(_drain(process.stderr))  # it logs all along
            async with aiohttp.ClientSession() as http:
                pages = await (await http.get(f"http://127.0.0.1:{int(found.group(1))}/json/list"))\
                    .json()
                page = next(p for p in pages if p["type"] == "page")
                async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    browser = cls(ws)
                    try:
                        yield browser
                    finally:
                        browser._reader.cancel()
        finally:
            if process.returncode is None:
                process.terminate()
            try:
                async with asyncio.timeout(10):
                    await process.wait()
            except TimeoutError:
                process.kill()
                await process.wait()
            if drain is not None:
                drain.cancel()

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        answer = self._waiting[number] = asyncio.get_running_loop().create_future()
        await self._socket.send_json({"id": number, "method": method, "params": params})
        async with asyncio.timeout(30):
            return await answer

    async def _read(self) -> None:
        async for message in self._socket:
            data = message.json()
            if "id" in data:
                answer = self._waiting.pop(data["id"])
                if "error" in data:
                    answer.set_exception(AssertionError(f"{data['error']}"))
                else:
                    answer.set_result(data.get("result", {}))
            else:
                self.on_event(data["method"], data.get("params", {}))


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.read(65536):
        pass
