"""``fractal serve --web``: the client in a browser, through textual-serve.

textual-serve starts one client process per browser tab, with no login and no limit on
tabs: run it on loopback or a LAN, or behind a proxy that authenticates
(docs/serving.md). What is added here: a free port when asked for port 0, the address
as the first line of output, quiet logs, and a stop that says goodbye to every tab and
leaves no client process behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shlex
import socket
import sys
from dataclasses import dataclass
from typing import TextIO

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from core.stopping import until_stopped

log = logging.getLogger("fractal.serve")

GOODBYE = "\r\nThe server is stopping. Your game is saved: reload the page later to go on.\r\n"
STOP_TIMEOUT = 5.0  # seconds for a tab's client to quit before it is killed


@dataclass(frozen=True, slots=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    save_dir: str | None = None
    public_url: str | None = None  # how browsers reach the server, if not host:port


class WebServer(Server):
    """textual-serve's server, which knows its tabs so that it can end them."""

    def __init__(self, command: str, host: str, port: int, public_url: str) -> None:
        super().__init__(command, host=host, port=port, title="Fractal",
                         public_url=public_url)
        self.tabs: dict[AppService, web.WebSocketResponse] = {}

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: textual-serve prints its banner here, and our first line is the URL."""

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        self.tabs[app_service] = websocket
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self.tabs.pop(app_service, None)

    async def end_tabs(self) -> None:
        await asyncio.gather(*(self._end(tab, socket) for tab, socket in
                               list(self.tabs.items())))

    async def _end(self, tab: AppService, websocket: web.WebSocketResponse) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the tab may be closing
            await websocket.send_bytes(GOODBYE.encode())
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                await tab.stop()  # asks the client to quit, and waits for its output to end
        except TimeoutError:
            log.warning("a client did not quit in %.0f s: killed", STOP_TIMEOUT)
        process = tab._process  # textual-serve keeps it to itself; it is pinned exactly
        if process is not None:
            if process.returncode is None:
                process.kill()
            await process.wait()
        await websocket.close()


def listening_socket(host: str, port: int) -> socket.socket:
    """Bound here, so that port 0 is a real port before the page that names it is made."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def client_command(save_dir: str | None) -> str:
    """What textual-serve runs for each tab, through a shell: ``exec`` makes the shell the
    client, so that the process it keeps (and that a stop kills) is the client itself."""
    words = [sys.executable, "-m", "tui.cli"]
    if save_dir:
        words += ["--save-dir", save_dir]
    return f"exec {shlex.join(words)}"


async def serve(config: WebConfig, out: TextIO) -> int:
    """Run until SIGINT or SIGTERM; the first line on ``out`` is the page's address."""
    sock = listening_socket(config.host, config.port)
    port = sock.getsockname()[1]
    host = f"[{config.host}]" if ":" in config.host else config.host
    address = f"http://{host}:{port}/"
    server = WebServer(client_command(config.save_dir), config.host, port,
                       (config.public_url or address).rstrip("/"))
    runner = web.AppRunner(await server._make_app(), handle_signals=False,
                           shutdown_timeout=STOP_TIMEOUT, access_log=None)
    await runner.setup()
    try:
        await web.SockSite(runner, sock).start()  # the site closes the socket when it stops
        print(address, file=out, flush=True)
        if config.public_url:
            print(f"players open {config.public_url}", file=out)
        print("one client per browser tab, no login: keep this on loopback, a LAN, or "
              "behind a proxy that authenticates", file=out)
        print("Ctrl+C or SIGTERM stops the server", file=out, flush=True)
        await until_stopped()
        log.info("stopping: %d tabs", len(server.tabs))
        await server.end_tabs()
    finally:
        await runner.cleanup()
        sock.close()  # in case the site never started
    return 0
