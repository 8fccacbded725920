"""An SSH server of `fractal serve --ssh` in the test's event loop, and players who
connect to it with a terminal and read their screen (loopback only)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tests.net.terminal_screen import Screen
from tui.serve.ssh import SshConfig, SshServer

DEADLINE = 30.0  # seconds for any one thing a test waits for; a pass takes far less


@pytest.fixture(scope="session")
def host_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("host") / "host_key"
    path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    path.chmod(0o600)
    return path


@contextlib.asynccontextmanager
async def running(host_key: Path, save_root: Path, **config: Any) -> AsyncIterator[SshServer]:
    server = SshServer(SshConfig(host="127.0.0.1", port=0, host_key=str(host_key),
                                 save_root=save_root, **config))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def until(condition: Callable[[], bool], what: str, timeout: float = DEADLINE) -> None:
    """Wait for a condition, checking it as often as the loop allows, up to a deadline."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)
    assert condition(), what


async def connect(port: int, user: str = "ada", **options: Any) -> asyncssh.SSHClientConnection:
    options.setdefault("client_keys", None)
    return await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                  agent_path=None, config=None, **options)


class Player:
    """One SSH session with a terminal: what it was sent, as bytes and as a screen."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess[bytes], columns: int, rows: int) -> None:
        self.conn = conn
        self.process = process
        self.screen = Screen(columns, rows)
        self.received = bytearray()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def join(cls, port: int, user: str = "ada", columns: int = 100, rows: int = 30,
                   **options: Any) -> Player:
        conn = await connect(port, user, **options)
        process = await conn.create_process(term_type="xterm-256color",
                                            term_size=(columns, rows), encoding=None)
        return cls(conn, process, columns, rows)

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.received += data
            self.screen.feed(data)

    async def sees(self, text: str, timeout: float = DEADLINE) -> None:
        try:
            await until(lambda: text in self.screen.text, f"{text!r} on the screen", timeout)
        except TimeoutError:
            raise AssertionError(f"{text!r} never showed:\n{self.screen.text}") from None

    def keys(self, data: str) -> None:
        self.process.stdin.write(data.encode())

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(columns, rows)
        self.process.change_terminal_size(columns, rows)

    async def ended(self, timeout: float = DEADLINE) -> str:
        """Wait for the session's end; what it said last, as text."""
        async with asyncio.timeout(timeout):
            await self._reader
            await self.process.wait_closed()
        return self.received.decode(errors="replace")

    async def leave(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, asyncssh.Error):
            await self._reader
