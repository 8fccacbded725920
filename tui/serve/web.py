"""``fractal serve --web``: the client in a browser, through textual-serve.

textual-serve (on aiohttp) starts one client process per browser tab. What is added
here: the gate in front of everything (tui/serve/web_gate.py: the Host, the websocket's
Origin, the token); tabs counted in all and per address, with a page that says when the
server is full; a terminal's size within bounds; a tab's messages read strictly, one
that is not textual-serve's closing the tab with one line in the log; a free port when
asked for port 0, the address as the first line of output; and a stop that says goodbye
to every tab and leaves no client process behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import shlex
import socket
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.server import Server

from core.stopping import until_stopped
from tui.serve.limits import ServeLimits, bounded_size, session_refusal
from tui.serve.web_gate import Gate, is_loopback

log = logging.getLogger("fractal.serve")

GOODBYE = "\r\nThe server is stopping. Your game is saved: reload the page later to go on.\r\n"
STOP_TIMEOUT = 5.0  # seconds for a tab's client to quit before it is killed
DEFAULT_SIZE = (80, 24)
MAX_MESSAGE = 256 * 1024  # bytes of one message from a tab: a key, a resize, a paste
HEARTBEAT = 15.0  # seconds between pings: a tab that vanished is found out
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Fractal</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em">
<p>{text}</p></body></html>
"""
NEEDS_TOKEN = ("This server lets in only the address it printed, with its token: ask "
               "whoever runs it for that address.")


@dataclass(frozen=True, slots=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    save_dir: str | None = None
    public_url: str | None = None  # how browsers reach the server, if not host:port
    token: bool | None = None  # ask for a token; None: beyond loopback only
    limits: ServeLimits = field(default_factory=ServeLimits)

    @property
    def wants_token(self) -> bool:
        return self.token if self.token is not None else not is_loopback(self.host)


def number(text: str | None, default: int) -> int:
    """A number in a page's address (``?width=100``), or ``default`` when it is none."""
    return int(text) if text is not None and text.isdigit() and len(text) < 10 else default


def read_message(text: str) -> tuple[str, Any]:
    """A tab's message as textual-serve's page sends it, ``[type, data]``; ValueError
    with a short reason when it is not one."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("not JSON") from None
    if type(message) is not list or not message or type(message[0]) is not str:
        raise ValueError("not a list that starts with its type")
    kind, data = message[0], message[1] if len(message) > 1 else None
    if kind == "stdin" and not _is_text(data):
        raise ValueError("stdin without text")
    if kind == "resize" and not (type(data) is dict and
                                 all(type(data.get(k)) is int for k in ("width", "height"))):
        raise ValueError("resize without a width and a height")
    return kind, data


def _is_text(data: Any) -> bool:
    """A string that encodes to UTF-8 (JSON can carry a lone surrogate, which does not)."""
    if type(data) is not str:
        return False
    try:
        data.encode()
    except UnicodeEncodeError:
        return False
    return True


def page(status: int, text: str) -> web.Response:
    return web.Response(status=status, content_type="text/html",
                        text=PAGE.format(text=html.escape(text)))


class WebServer(Server):
    """textual-serve's server behind the gate, which counts its tabs and can end them."""

    def __init__(self, command: str, host: str, port: int, public_url: str | None,
                 gate: Gate, limits: ServeLimits) -> None:
        super().__init__(command, host=host, port=port, title="Fractal",
                         public_url=public_url)
        self.own_url = public_url  # None: the page names the server as the browser did
        self.gate = gate
        self.limits = limits
        self.tabs: dict[AppService, web.WebSocketResponse] = {}
        self.per_address: Counter[str] = Counter()
        self._numbers = 0

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: textual-serve prints its banner here, and our first line is the URL."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()

        @web.middleware
        async def gate(request: web.Request, handler: Callable[[web.Request],
                                                                Awaitable[web.StreamResponse]]
                       ) -> web.StreamResponse:
            refusal = self.gate.host_refusal(request)
            if refusal is not None:
                self._refused(request, refusal)
                return web.Response(status=421, text="This server does not answer to that "
                                                     "name.\n")
            refusal = self.gate.token_refusal(request)
            if refusal is not None:
                self._refused(request, refusal)
                return page(403, NEEDS_TOKEN)
            return await handler(request)

        app.middlewares.append(gate)
        return app

    @staticmethod
    def _refused(request: web.Request, reason: str) -> None:
        log.info("%s: refused %s %r: %s", request.remote, request.method, request.path[:100],
                 reason)

    def _full(self, address: str) -> str | None:
        return session_refusal(self.limits, sum(self.per_address.values()),
                               self.per_address[address])

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "unknown"
        full = self._full(address)
        if full is not None:
            log.info("%s: refused a tab: %s", address, full)
            return page(503, f"Fractal: {full}.")
        # The page names the server as the browser did (a Host the gate let in), so that
        # its websocket goes where its cookie is.
        base = self.own_url or f"http://{request.host}"
        scheme = "wss" if base.startswith("https") else "ws"
        context = {
            "font_size": min(number(request.query.get("fontsize"), 16), 64),
            "app_websocket_url": f"{scheme}:{base.split(':', 1)[1]}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        self.gate.keep_token(request, response)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = request.remote or "unknown"
        refusal = self.gate.origin_refusal(request)
        if refusal is not None:
            log.info("%s: refused a websocket: %s", address, refusal)
            raise web.HTTPForbidden(text="Only this server's own page opens a tab.\n")
        width, height = bounded_size(number(request.query.get("width"), DEFAULT_SIZE[0]),
                                     number(request.query.get("height"), DEFAULT_SIZE[1]))
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        full = self._full(address)
        if full is None:
            self.per_address[address] += 1  # counted before any wait: no two tabs race
        try:
            try:
                await websocket.prepare(request)
            except web.HTTPException as error:  # not a websocket's handshake: answered so
                log.info("%s: refused a websocket: %s", address, error.text)
                raise
            if full is not None:
                log.info("%s: refused a tab: %s", address, full)
                await self._say(websocket, f"\r\nFractal: {full}.\r\n")
            else:
                await self._tab(websocket, address, width, height)
        except ConnectionError as error:
            log.info("%s: a tab went away: %s", address, error or type(error).__name__)
        finally:
            if full is None:
                self.per_address[address] -= 1
                if not self.per_address[address]:
                    del self.per_address[address]
            if websocket.prepared:
                await websocket.close()
        return websocket

    async def _tab(self, websocket: web.WebSocketResponse, address: str, width: int,
                   height: int) -> None:
        self._numbers += 1
        label = f"#{self._numbers}"
        log.info("%s %s: tab opened, %dx%d", label, address, width, height)
        tab = AppService(self.command, write_bytes=self._writer(websocket.send_bytes, websocket),
                         write_str=self._writer(websocket.send_str, websocket),
                         close=self._closer(websocket), download_manager=self.download_manager)
        try:
            try:
                await tab.start(width, height)
            except OSError as error:
                how = f"its client could not start: {error}"
            else:
                self.tabs[tab] = websocket
                how = await self._read(websocket, tab, label)
        finally:
            self.tabs.pop(tab, None)
            await self._stop(tab)
            log.info("%s: tab closed (%s)", label, how)

    @staticmethod
    def _writer(send: Callable[[Any], Awaitable[None]], websocket: web.WebSocketResponse
                ) -> Callable[[Any], Awaitable[None]]:
        """What the client draws, to a tab that may have gone: then it is dropped, and the
        client's output is still read, so that it never waits on a full pipe."""
        async def write(data: Any) -> None:
            if not websocket.closed:
                with contextlib.suppress(ConnectionError):
                    await send(data)
        return write

    @staticmethod
    def _closer(websocket: web.WebSocketResponse) -> Callable[[], Awaitable[None]]:
        async def close() -> None:  # the client quit: its tab ends
            await websocket.close()
        return close

    async def _read(self, websocket: web.WebSocketResponse, tab: AppService,
                    label: str) -> str:
        """Pass a tab's messages to its client until it closes; why it ended."""
        async for message in websocket:
            if message.type is WSMsgType.ERROR:
                return f"its connection failed: {websocket.exception()}"
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                kind, data = read_message(message.data)
            except ValueError as error:
                log.info("%s: sent a bad message (%s)", label, error)
                return "a bad message"
            if kind == "stdin":
                await tab.send_bytes(data.encode())
            elif kind == "resize":
                await tab.set_terminal_size(*bounded_size(data["width"], data["height"]))
            elif kind == "ping":
                with contextlib.suppress(ConnectionError):
                    await websocket.send_str(json.dumps(["pong", data]))
            elif kind == "blur":
                await tab.blur()
            elif kind == "focus":
                await tab.focus()
        return "the browser closed it"

    @staticmethod
    async def _say(websocket: web.WebSocketResponse, text: str) -> None:
        """A line on a tab's terminal, if the tab is still there."""
        with contextlib.suppress(ConnectionError):
            await websocket.send_bytes(text.encode())

    @staticmethod
    async def _stop(tab: AppService) -> None:
        """Ask the client to quit and wait for it to end; kill it if it does not in time.

        Killed only then: a client that has just ended may not be known as ended yet, and
        signalling it would reap it behind asyncio's back (which then logs a warning).
        """
        process = tab._process  # textual-serve keeps it to itself; it is pinned exactly
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                await tab.stop()
                if process is not None:
                    await process.wait()
        except TimeoutError:
            log.warning("a client did not quit in %.0f s: killed", STOP_TIMEOUT)
            if process is not None:
                process.kill()
                await process.wait()

    async def end_tabs(self) -> None:
        await asyncio.gather(*(self._end(tab, websocket) for tab, websocket in
                               list(self.tabs.items())))

    async def _end(self, tab: AppService, websocket: web.WebSocketResponse) -> None:
        await self._say(websocket, GOODBYE)
        await self._stop(tab)
        await websocket.close()


class MalformedRequests(logging.Filter):
    """aiohttp answers a request it cannot parse with 400, and logs it with a traceback:
    it is the client's fault, and one line says it. Other errors keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.msg = f"{record.getMessage()}: {' '.join(str(error).split())[:200]}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def listening_socket(host: str, port: int) -> socket.socket:
    """Bound here, so that port 0 is a real port before the page that names it is made."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def client_command(save_dir: str | None, limits: ServeLimits) -> str:
    """What textual-serve runs for each tab, through a shell: ``exec`` makes the shell the
    client, so that the process it keeps (and that a stop kills) is the client itself,
    within the limits of a session (tui/serve/child.py)."""
    words = [sys.executable, "-m", "tui.serve.child", *limits.child_options(), "--"]
    if save_dir:
        words += ["--save-dir", save_dir]
    return f"exec {shlex.join(words)}"


async def serve(config: WebConfig, out: TextIO) -> int:
    """Run until SIGINT or SIGTERM; the first line on ``out`` is the page's address."""
    public_url = config.public_url.rstrip("/") if config.public_url else None
    sock = listening_socket(config.host, config.port)
    port = sock.getsockname()[1]
    try:
        gate = Gate.of(config.host, port, public_url, config.wants_token)
    except ValueError:
        sock.close()
        raise
    host = f"[{config.host}]" if ":" in config.host else config.host
    with_token = f"?token={gate.token}" if gate.token else ""
    server = WebServer(client_command(config.save_dir, config.limits), config.host, port,
                       public_url, gate, config.limits)
    logging.getLogger("aiohttp.server").addFilter(MalformedRequests())
    runner = web.AppRunner(await server._make_app(), handle_signals=False,
                           shutdown_timeout=STOP_TIMEOUT, access_log=None)
    await runner.setup()
    try:
        await web.SockSite(runner, sock).start()  # the site closes the socket when it stops
        print(f"http://{host}:{port}/{with_token}", file=out, flush=True)
        if public_url:
            print(f"players open {public_url}/{with_token}", file=out)
        if gate.token:
            print("only the address with its token lets a browser in: give it to your "
                  "players alone", file=out)
        else:
            print("one client per browser tab, no login: keep this on loopback, or add "
                  "--token beyond it", file=out)
        print("Ctrl+C or SIGTERM stops the server", file=out, flush=True)
        await until_stopped()
        log.info("stopping: %d tabs", len(server.tabs))
        await server.end_tabs()
    finally:
        await runner.cleanup()
        sock.close()  # in case the site never started
    return 0
