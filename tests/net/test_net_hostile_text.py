"""A hostile host, guest or relay puts escape sequences in every text it sends: names in
the lobby, the standings, a refusal's reason, the names a pause shows, the strings of a
frame, the relay's own reasons and invite code. None reaches a terminal raw: neither the
output of `fractal join --bot` nor the lines the client draws."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.frames import frame
from core.net import framing, payloads
from core.net.client import Message, RelayClient
from core.net.codes import ProtocolError
from core.net.protocol import ENVELOPE_ROOM, FROM_CLIENT, parse
from tests.net.netplay_fixtures import QUICK
from tests.net.relay_fixtures import running_relay
from tests.toy.game import Game, Options
from tui.app import Launch, ShellApp
from tui.cli import main
from tui.netplay.guest import GuestSession
from tui.screens.game import GameScreen
from tui.screens.lobby import LobbyRequest, LobbyScreen

# Escapes of every kind a terminal obeys: a window title (OSC 0 ended by BEL), the
# clipboard (OSC 52 ended by ST), a screen erase (CSI), an 8-bit CSI, a right-to-left
# override.
HOSTILE = "\x1b]0;X\x07\x1b]52;c;aGk=\x1b\\\x1b[2J\x9b31m\u202e"
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "]0;X", "]52;")
SIZE = (120, 40)


def hostile(text: str) -> str:
    return f"{HOSTILE}{text}\x1b[0m"


def short(text: str) -> str:
    """For the fields of at most 16 characters: the window title alone."""
    return f"\x1b]0;X\x07{text}"


def assert_clean(shown: str, *visible: str) -> None:
    leaks = [raw for raw in RAW if raw in shown]
    assert not leaks, (leaks, shown)
    for text in visible:
        assert text in shown, (text, shown)


class HostileHost:
    """The host of a room, speaking the game payloads by hand."""

    def __init__(self, client: RelayClient) -> None:
        self.client = client

    @classmethod
    @contextlib.asynccontextmanager
    async def opened(cls, address: str) -> AsyncIterator[HostileHost]:
        client = await RelayClient.create_room(address, [1], QUICK)
        try:
            yield cls(client)
        finally:
            await client.leave()

    async def guest_ready(self) -> payloads.Ready:
        while True:
            event = await asyncio.wait_for(self.client.receive(), 10)
            if isinstance(event, Message):
                message = payloads.decode_from_guest(event.payload)
                if isinstance(message, payloads.Ready):
                    return message

    async def say(self, *messages: payloads.HostMessage) -> None:
        for message in messages:
            await self.client.send(payloads.encode(message), 1)


def lobby(game: str) -> payloads.Lobby:
    return payloads.Lobby(game, 2, False, [
        payloads.LobbySeat(0, "human", "", hostile("Mallory"), True, True),
        payloads.LobbySeat(1, "remote", short("easy"), hostile("Guest"), True, True)])


REFUSAL = payloads.Error(short("illegal"), hostile("not your turn, Guest"),
                         short("choice"), None)
OVER = payloads.Over([0], [payloads.Standing(0, hostile("Mallory"), 1, 12),
                           payloads.Standing(1, hostile("Guest"), 2, 7)])


async def test_join_bot_prints_no_escape_a_host_sent(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        joining = asyncio.create_task(asyncio.to_thread(
            main, ["join", host.client.code or "", "--relay", relay.address, "--bot",
                   "random", "--seed", "1"]))
        await host.guest_ready()
        await host.say(lobby("fractal"), REFUSAL, payloads.Pause([0]), payloads.Resume(),
                       OVER)
        assert await asyncio.wait_for(joining, 20) == 0
    shown = capsys.readouterr()
    assert_clean(shown.err, "The host refused: not your turn, Guest", "Paused: Mallory away")
    assert_clean(shown.out, "Game over: Mallory won.", "1. Mallory: 12 VP", "2. Guest: 7 VP")


async def test_join_bot_prints_no_escape_in_an_unknown_game_s_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        joining = asyncio.create_task(asyncio.to_thread(
            main, ["join", host.client.code or "", "--relay", relay.address, "--bot",
                   "random"]))
        await host.guest_ready()
        await host.say(lobby(hostile("chess")))
        assert await asyncio.wait_for(joining, 20) == 1
    assert_clean(capsys.readouterr().err, "fractal join: cannot play this game", "chess")


def fields_of(message: Any) -> list[str]:
    """Every string of a decoded message, however deep."""
    if isinstance(message, str):
        return [message]
    if isinstance(message, dict):
        return [text for pair in message.items() for item in pair for text in fields_of(item)]
    if isinstance(message, list):
        return [text for item in message for text in fields_of(item)]
    if hasattr(message, "__slots__"):
        return fields_of([getattr(message, name) for name in message.__slots__])
    return []


def test_every_text_of_every_message_is_cleaned_as_it_is_decoded() -> None:
    game = Game.new(Options(players=2, seed=3, names=[hostile("Mallory"), hostile("Guest")]))
    sent = frame(game, 1, 0)
    sent["view"][hostile("key")] = [hostile("deep")]
    from_host: list[payloads.HostMessage] = [
        lobby("toy"), REFUSAL, OVER, payloads.Frame(sent, len(game.history))]
    from_guest: list[payloads.GuestMessage] = [
        payloads.Ready(True, hostile("Zed")), payloads.Choice(hostile("pass"), 3)]
    decoded: list[Any] = [payloads.decode_from_host(payloads.encode(m)) for m in from_host]
    decoded += [payloads.decode_from_guest(payloads.encode(m)) for m in from_guest]
    texts = fields_of(decoded)
    assert_clean("\n".join(texts), "Mallory", "Guest", "not your turn", "key", "deep",
                 "Zed", "pass")


# A relay that lies: it says hello, then answers every request with ``answer``.

Answer = Callable[[dict[str, Any]], list[dict[str, Any]]]


@contextlib.asynccontextmanager
async def lying_relay(answer: Answer) -> AsyncIterator[str]:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        state = framing.ReadState(0.0)
        with contextlib.suppress(ConnectionError, ProtocolError):
            while (raw := await framing.read_frame(reader, state, 1 << 16)) is not None:
                request = parse(raw, FROM_CLIENT)
                if request.t == "hello":
                    replies = [{"v": 1, "t": "hello", "p": {
                        "caps": [], "versions": [1], "max_frame": 1 << 16,
                        "max_payload": (1 << 16) - ENVELOPE_ROOM, "ping_interval": 10,
                        "idle_timeout": 30}}]
                else:
                    replies = answer(raw)
                for reply in replies:
                    writer.write(framing.encode(reply))
                await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:
        server.close()


def refuse(request: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"v": 1, "t": "error", "p": {"code": hostile("bad_code"),
                                         "reason": hostile("no room, Guest")}}]


def join_then_close(request: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"v": 1, "t": "joined", "room": "r", "seat": 1,
             "p": {"token": "t", "host": True}},
            {"v": 1, "t": "close", "p": {"code": hostile("room_closed"),
                                         "reason": hostile("gone, Guest")}}]


@pytest.mark.parametrize(("answer", "status", "visible"), [
    (refuse, 2, "fractal join: the relay refused: no room, Guest (bad_code)"),
    (join_then_close, 1, "room closed: gone, Guest (room_closed)"),
])
async def test_join_bot_prints_no_escape_a_relay_sent(
        answer: Answer, status: int, visible: str, capsys: pytest.CaptureFixture[str]) -> None:
    async with lying_relay(answer) as address:
        assert await asyncio.to_thread(main, ["join", "ABCDEF", "--relay", address, "--bot",
                                              "random"]) == status
    assert_clean(capsys.readouterr().err, visible)


def create_then_close(request: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"v": 1, "t": "created", "room": "r",
             "p": {"code": hostile("ABCDEF"), "token": "t"}},
            {"v": 1, "t": "close", "p": {"code": "room_closed", "reason": hostile("bye")}}]


def test_a_headless_host_prints_no_escape_in_the_relay_s_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async def run() -> int:
        async with lying_relay(create_then_close) as address:
            return await asyncio.to_thread(
                main, ["host", "--headless", "--relay", address, "--seats", "remote,random",
                       "--seed", "1", "--save-dir", str(tmp_path)])

    assert asyncio.run(run()) == 1
    shown = capsys.readouterr()
    assert_clean(shown.out, "ABCDEF")
    assert_clean(shown.err, "bye")


# The client: the same host, and what the screen shows line by line.

def screen_lines(pilot: Pilot[None]) -> str:
    """The screen as the terminal would get it, line by line (the compositor's strips:
    the text of every segment drawn, toasts included)."""
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def shows(pilot: Pilot[None], condition: Callable[[], bool]) -> None:
    for _ in range(200):
        await settle(pilot)
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(screen_lines(pilot))


async def test_the_client_draws_no_escape_a_host_sent(tmp_path: Path) -> None:
    names = [hostile("Mallory"), hostile("Guest")]
    game = Game.new(Options(players=2, seed=3, names=names))
    sent = frame(game, 1, 0)
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        request = LobbyRequest("join", relay.address, code=host.client.code or "",
                               connect=True)
        app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, LobbyScreen)
            await host.say(lobby("toy"))
            await shows(pilot, lambda: "Mallory" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), "Mallory", "Guest")
            await host.say(REFUSAL)
            await shows(pilot, lambda: "not your turn" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), "The host refused: not your turn, Guest")
            await host.say(payloads.Pause([0]))
            await shows(pilot, lambda: "Paused:" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), "Paused: Mallory away")
            await host.say(payloads.Resume(),
                           payloads.Frame(sent, len(game.history) if sent["prompt"] else None))
            await shows(pilot, lambda: isinstance(app.screen, GameScreen))
            await shows(pilot, lambda: "Mallory" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), "Mallory")
            await host.say(REFUSAL)
            await shows(pilot, lambda: "not your turn" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), "not your turn, Guest")


async def test_the_lobby_shows_names_that_look_like_markup_as_they_are_written(
        tmp_path: Path) -> None:
    names = ["[/]Mallory", "[@click=app.quit]Guest[/]"]
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        request = LobbyRequest("join", relay.address, code=host.client.code or "",
                               connect=True)
        app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await host.say(payloads.Lobby("fractal", 2, False, [
                payloads.LobbySeat(0, "bot", "[b]easy", names[0], True, True),
                payloads.LobbySeat(1, "remote", "", names[1], True, True)]))
            await shows(pilot, lambda: "Mallory" in screen_lines(pilot))
            assert_clean(screen_lines(pilot), *names, "a bot ([b]easy)")


async def test_a_frame_this_program_cannot_show_is_dropped_in_one_line() -> None:
    """Here a field beyond the game's bounds, its name hostile; tests/atlas/test_netplay.py
    drops a frame naming a place card the Atlas lacks, which its words cannot show."""
    game = Game.new(Options(players=2, seed=3))
    game.apply(0, "stake:1")  # now both seats choose a card
    good = frame(game, 1, 0)
    bad = frame(game, 1, 0)
    bad["view"][hostile("no_such_field")] = 10**9
    notes: list[str] = []
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        guest = await GuestSession.join(relay.address, host.client.code or "", 1, QUICK)
        guest.on_change = notes.append
        try:
            await host.say(lobby("toy"), payloads.Frame(good, len(game.history)))
            await until(lambda: guest.latest is not None, "the good frame")
            await host.say(payloads.Frame(bad, len(game.history)))
            await until(lambda: any("dropped" in n for n in notes), "the bad frame's note")
        finally:
            await guest.leave()
    assert guest.latest is not None
    assert guest.latest == good
    dropped = next(n for n in notes if "dropped" in n)
    assert dropped.startswith("A frame this program cannot show was dropped: ")
    assert_clean(dropped, "no_such_field", "beyond")


async def until(done: Callable[[], bool], what: str) -> None:
    for _ in range(200):
        if done():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never came: {what}")
