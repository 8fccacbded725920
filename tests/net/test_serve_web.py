"""`fractal serve --web`: textual-serve answers the page, a tab gets a client of its own
that takes keys, a browser shows the title screen, and a stop leaves nothing behind."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.net.cdp import CHROMIUM, Browser
from tests.net.serve_fixtures import DEADLINE, until
from tests.net.terminal_screen import Screen
from tui.serve.web import GOODBYE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def web_server(tmp_path: Path) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "serve", "--web", "--port", "0",
        "--save-dir", str(tmp_path / "saves"), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL, cwd=ROOT)
    assert server.stdout is not None
    try:
        async with asyncio.timeout(DEADLINE):
            first = (await server.stdout.readline()).decode()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\n", first), first
        yield server, first.strip()
    finally:
        if server.returncode is None:
            server.send_signal(signal.SIGTERM)
            async with asyncio.timeout(DEADLINE):
                await server.wait()


def descendants_of(pid: int) -> set[int]:
    """Every process under ``pid`` (Linux): textual-serve starts each client by a shell."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found |= {int(child)} | descendants_of(int(child))
    return found


async def test_the_page_answers(web_server: tuple[asyncio.subprocess.Process, str]) -> None:
    _, url = web_server
    async with aiohttp.ClientSession() as http, http.get(url) as page:
        assert page.status == 200
        html = await page.text()
    assert 'data-session-websocket-url="ws://127.0.0.1:' in html
    assert "<div>Fractal</div>" in html  # the title of the page's intro


async def test_a_tab_plays_through_the_websocket_and_hears_goodbye_at_the_stop(
        web_server: tuple[asyncio.subprocess.Process, str]) -> None:
    server, url = web_server
    screen = Screen(100, 30)
    received = bytearray()
    ws_url = url.replace("http://", "ws://") + "ws?width=100&height=30"
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(ws_url, origin=url.rstrip("/")) as tab:
        async def read() -> None:
            async for message in tab:
                if message.type == aiohttp.WSMsgType.BINARY:
                    received.extend(message.data)
                    screen.feed(message.data)

        reading = asyncio.create_task(read())
        await until(lambda: "New game" in screen.text, "the title screen")
        await tab.send_str(json.dumps(["stdin", "\r"]))
        await until(lambda: "Seat 1" in screen.text, "the new game screen")
        clients = descendants_of(server.pid)
        assert clients
        for pid in clients:  # each tab's client within a session's limits (the defaults)
            limits = Path(f"/proc/{pid}/limits").read_text()
            assert re.search(r"Max address space\s+1073741824\s", limits), limits
            assert re.search(r"Max cpu time\s+14400\s", limits), limits
        server.send_signal(signal.SIGTERM)
        async with asyncio.timeout(DEADLINE):
            await reading
            assert await server.wait() == 0
    assert GOODBYE.encode() in received
    for pid in clients:
        assert not Path(f"/proc/{pid}").exists(), f"client {pid} was left behind"


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed here (Debian's "
                                             "package chromium; .ci/run installs it)")
async def test_a_browser_shows_the_title_screen_and_takes_a_key(
        web_server: tuple[asyncio.subprocess.Process, str], tmp_path: Path) -> None:
    _, url = web_server
    screen = Screen(300, 100)  # larger than the page's terminal: its text lands where drawn
    sent: list[str] = []

    def on_event(method: str, params: dict[str, object]) -> None:
        response = params.get("response")
        if not isinstance(response, dict):
            return
        if method == "Network.webSocketFrameReceived" and response["opcode"] == 2:
            screen.feed(base64.b64decode(response["payloadData"]))
        elif method == "Network.webSocketFrameSent":
            sent.append(str(response["payloadData"]))

    async with Browser.launched(tmp_path / "profile") as browser:
        browser.on_event = on_event
        await browser.call("Network.enable")
        await browser.call("Page.navigate", url=url)
        await until(lambda: "New game" in screen.text, "the title screen in the page")

        async def showing_the_terminal() -> bool:
            shown = await browser.call("Runtime.evaluate", returnByValue=True, expression=(
                "document.body.classList.contains('-first-byte')"
                " && document.querySelector('.xterm-screen canvas') !== null"))
            return bool(shown["result"]["value"])

        async with asyncio.timeout(DEADLINE):
            while not await showing_the_terminal():
                await asyncio.sleep(0.05)
        shot = await browser.call("Page.captureScreenshot", format="png")
        (tmp_path / "title.png").write_bytes(base64.b64decode(shot["data"]))
        await browser.call("Runtime.evaluate",
                           expression="document.querySelector('.xterm-helper-textarea').focus()")
        for kind in ("keyDown", "keyUp"):
            await browser.call("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter",
                               windowsVirtualKeyCode=13, text="\r" if kind == "keyDown" else "")
        await until(lambda: "Seat 1" in screen.text, "the new game screen after Enter")
    assert '["stdin","\\r"]' in sent
    assert (tmp_path / "title.png").read_bytes().startswith(b"\x89PNG")
