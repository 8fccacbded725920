"""`fractal serve --web` keeps other sites out: a page elsewhere cannot open a tab (its
Origin), a name the server does not answer to cannot reach it (DNS rebinding), tabs are
counted, a terminal's size is bounded, a token keeps strangers out beyond loopback, and
a client's bad input is one line in the log. Real processes on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from aiohttp.test_utils import make_mocked_request

from tests.net.serve_fixtures import DEADLINE, until
from tests.net.terminal_screen import Screen
from tui.serve.limits import MAX_COLUMNS, MAX_ROWS
from tui.serve.web_gate import Gate

ROOT = Path(__file__).resolve().parents[2]
ELSEWHERE = "http://example.invalid"


@dataclass
class Served:
    process: asyncio.subprocess.Process
    url: str  # as printed: with its token when there is one
    log: Path

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def ws(self) -> str:
        return self.origin.replace("http://", "ws://") + "/ws"


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, *flags: str) -> AsyncIterator[Served]:
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui.cli", "serve", "--web", "--port", "0",
            "--save-dir", str(tmp_path / "saves"), *flags, stdout=asyncio.subprocess.PIPE,
            stderr=err, cwd=ROOT)
    assert process.stdout is not None
    try:
        async with asyncio.timeout(DEADLINE):
            first = (await process.stdout.readline()).decode().strip()
        yield Served(process, first, log)
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            async with asyncio.timeout(DEADLINE):
                await process.wait()


class Tab:
    """A browser tab's websocket: what its client draws, as a screen."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.screen = Screen(100, 30)
        self.received = bytearray()
        self.reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received.extend(message.data)
                self.screen.feed(message.data)

    async def sees(self, text: str) -> None:
        await until(lambda: text in self.screen.text or text in self.received.decode(
            errors="replace"), f"{text!r} in the tab")


async def refused_status(http: aiohttp.ClientSession, url: str, **headers: str) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await http.ws_connect(url, headers=headers)
    return refused.value.status


async def test_a_page_elsewhere_is_refused_and_the_server_s_own_page_plays(
        tmp_path: Path) -> None:
    async with serving(tmp_path) as served, aiohttp.ClientSession() as http:
        url = f"{served.ws}?width=100&height=30"
        assert await refused_status(http, url, Origin=ELSEWHERE) == 403
        assert await refused_status(http, url) == 403  # no Origin: no page opened it
        async with http.get(served.url) as page:
            html = await page.text()
        found = re.search(r'data-session-websocket-url="([^"]+)"', html)
        assert found is not None
        async with http.ws_connect(f"{found.group(1)}?width=100&height=30",
                                   origin=served.origin) as socket:
            tab = Tab(socket)
            await tab.sees("New game")
    log = served.log.read_text()
    assert f"origin {ELSEWHERE!r} is not this server's" in log
    assert "Traceback" not in log


async def test_a_name_the_server_does_not_answer_to_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a site whose name resolves to 127.0.0.1 is still another site."""
    async with serving(tmp_path) as served, aiohttp.ClientSession() as http:
        port = urlsplit(served.url).port
        rebound = f"rebound.example:{port}"
        async with http.get(served.url, headers={"Host": rebound}) as page:
            assert page.status == 421
        assert await refused_status(http, served.ws, Host=rebound,
                                    Origin=f"http://{rebound}") == 421
        async with http.get(served.url, headers={"Host": f"localhost:{port}"}) as page:
            assert page.status == 200  # loopback's other name is this server too


@pytest.mark.parametrize(("flags", "said"), [
    (("--max-sessions-per-address", "1"), "too many games from your address (1 game at once)"),
    (("--max-sessions", "1"), "the server is full (1 game at once): try again later"),
])
async def test_tabs_over_a_limit_are_told_so(tmp_path: Path, flags: tuple[str, ...],
                                             said: str) -> None:
    async with serving(tmp_path, *flags) as served, aiohttp.ClientSession() as http, \
            http.ws_connect(served.ws, origin=served.origin) as first:
        await Tab(first).sees("New game")
        async with http.get(served.url) as page:
            assert page.status == 503
            assert said in await page.text()
        async with http.ws_connect(served.ws, origin=served.origin) as second:
            over = Tab(second)
            async with asyncio.timeout(DEADLINE):
                await over.reading  # it is closed once told
            assert said in over.received.decode()
    assert f"refused a tab: {said}" in served.log.read_text()


def children_of(pid: int) -> list[int]:
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0")
                if "=" in item)


async def client_environment(server: int) -> dict[str, str]:
    """The environment of the one client under ``server``, once it runs (a process just
    forked still has the server's)."""
    def started() -> bool:
        children = children_of(server)
        return len(children) == 1 and "TEXTUAL_DRIVER" in environment(children[0])

    await until(started, "one client")
    return environment(children_of(server)[0])


async def test_a_terminal_s_size_is_bounded(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, aiohttp.ClientSession() as http, \
            http.ws_connect(f"{served.ws}?width=100000&height=99999",
                            origin=served.origin) as socket:
        tab = Tab(socket)
        env = await client_environment(served.process.pid)
        assert (env["COLUMNS"], env["ROWS"]) == (str(MAX_COLUMNS), str(MAX_ROWS))
        await tab.sees("New game")
        for width, height in ((10**9, 10**9), (100, 30)):
            await socket.send_str(json.dumps(["resize", {"width": width, "height": height}]))
        await socket.send_str(json.dumps(["stdin", "\r"]))
        await tab.sees("Seat 1")  # the client lived through it, drawn at 100x30


async def test_a_token_keeps_out_whoever_does_not_have_it(tmp_path: Path) -> None:
    jar = aiohttp.CookieJar(unsafe=True)  # as a browser, it keeps the cookies of an IP
    async with serving(tmp_path, "--token") as served, \
            aiohttp.ClientSession(cookie_jar=jar) as http:
        token = re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=([\w-]{32,})", served.url)
        assert token is not None, served.url
        async with http.get(served.origin + "/") as page:
            assert page.status == 403
            assert "token" in await page.text()
        async with http.get(served.origin + "/?token=wrong") as page:
            assert page.status == 403
        assert await refused_status(http, served.ws, Origin=served.origin) == 403
        async with http.get(served.url) as page:  # the printed address sets the cookie
            assert page.status == 200
        async with http.ws_connect(served.ws, origin=served.origin) as socket:
            await Tab(socket).sees("New game")


async def test_bad_messages_and_vanishing_tabs_are_one_line_each_in_the_log(
        tmp_path: Path) -> None:
    bad = ["not json", "[]", '{"a": 1}', '["resize", 5]', '["resize", {"width": "x"}]',
           '["stdin", 5]', '["stdin", "\\ud800"]', "[" * 100_000]
    async with serving(tmp_path) as served, aiohttp.ClientSession() as http:
        for text in bad:
            async with http.ws_connect(served.ws, origin=served.origin) as socket:
                tab = Tab(socket)
                await tab.sees("New game")
                await socket.send_str(text)
                async with asyncio.timeout(DEADLINE):
                    await tab.reading  # the server closes a tab that speaks nonsense
        for _ in range(3):  # tabs that go away without a word, while their client draws
            socket = await http.ws_connect(served.ws, origin=served.origin)
            tab = Tab(socket)
            await tab.sees("New game")
            await socket.send_str(json.dumps(["stdin", "\r"]))
            transport = socket._response.connection.transport  # type: ignore[union-attr]
            assert transport is not None
            transport.abort()
            tab.reading.cancel()
        await until(lambda: served.log.read_text().count("tab closed") >= len(bad) + 3,
                    "every tab's end in the log")
        served.process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(DEADLINE):
            assert await served.process.wait() == 0
    log = served.log.read_text()
    assert "Traceback" not in log and "Error handling request" not in log, log
    assert log.count("sent a bad message") == len(bad), log
    assert "Unknown child process" not in log and "killed" not in log, log


async def test_malformed_requests_are_one_line_each_in_the_log(tmp_path: Path) -> None:
    async with serving(tmp_path) as served:
        parts = urlsplit(served.url)
        host = f"Host: {parts.netloc}\r\n".encode()
        requests = [
            b"GET / HTTP/1.1\r\n" + host + b"Content-Length: -5\r\n\r\n",
            b"GET /\x1b]0;X\x07 HTTP/1.1\r\n" + host + b"\r\n",
            b"GET /ws HTTP/1.1\r\n" + host + f"Origin: {served.origin}\r\n".encode() +
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n",
        ]
        for request in requests:
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
            writer.write(request)
            async with asyncio.timeout(DEADLINE):
                answer = await reader.read(100)
            assert answer.startswith(b"HTTP/1.1 400 ") or answer.startswith(b"HTTP/1.0 400 ")
            writer.close()
        await until(lambda: served.log.read_text().count("\n") >= 2, "the refusals logged")
        served.process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(DEADLINE):
            assert await served.process.wait() == 0
    log = served.log.read_text()
    assert "Traceback" not in log and "\x1b" not in log, log
    assert log.count("Error handling request") == 2, log  # the two aiohttp refused itself


@pytest.mark.parametrize(("host", "public_url", "served", "not_served"), [
    ("127.0.0.1", None, ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000"],
     ["127.0.0.1", "127.0.0.1:8001", "rebound.example:8000"]),
    ("192.168.1.5", None, ["192.168.1.5:8000"], ["localhost:8000", "192.168.1.6:8000"]),
    ("0.0.0.0", "https://game.example.org/fractal/",
     ["game.example.org", "game.example.org:443", "127.0.0.1:8000"],
     ["0.0.0.0:8000", "game.example.org:8000", "192.168.1.5:8000"]),
])
def test_the_names_and_origins_a_server_answers_to(
        host: str, public_url: str | None, served: list[str], not_served: list[str]) -> None:
    gate = Gate.of(host, 8000, public_url, token=False)
    for name in served:
        assert gate.host_refusal(make_mocked_request("GET", "/", {"Host": name})) is None
        scheme = "https" if name.startswith("game.") else "http"
        origin = {"Origin": f"{scheme}://{name}"}
        assert gate.origin_refusal(make_mocked_request("GET", "/ws", origin)) is None
    for name in not_served:
        assert gate.host_refusal(make_mocked_request("GET", "/", {"Host": name}))
        origin = {"Origin": f"http://{name}"}
        assert gate.origin_refusal(make_mocked_request("GET", "/ws", origin))
