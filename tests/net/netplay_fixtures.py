"""Helpers for the network game tests: a hosted game on an in-process relay, bot guests,
and a whole game played between them. Everything runs on 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.events import SPECTATOR
from core.frames import frame
from core.net import payloads
from core.net.client import ClientOptions
from saves.format import read_save
from saves.replay import verify
from saves.store import SaveStore
from tests.net.relay_fixtures import Proxy
from tui.netplay.guest import GuestSession
from tui.netplay.headless import play, until
from tui.netplay.host import HostSession, new_host_session, parse_seats

QUICK = ClientOptions(connect_timeout=2.0, reconnect_for=10.0, backoff_first=0.01,
                      backoff_max=0.1)
GAME_SECONDS = 60  # a whole game between random bots takes a few seconds

# Seeds of four-player games between random bots (the host's at seat 0, or at seat 3 for
# SECRETS_SEED; the guests' seeded 100 + seat) in which no guest decides more often than
# its burst of messages allows, so that no test waits for the relay's allowance to
# refill, and which SECRETS_SEED's battles and insights give secrets to keep. Large, so
# that their msgpack bytes cannot turn up in a payload by chance. A change of the rules
# deals other games: the tests still pass, slower, until seeds are picked again.
SHORT_SEED = 0x5EED_F00D_CAFE_0022
SECRETS_SEED = 0x5EED_F00D_CAFE_000A


@dataclass
class Table:
    """A host and its guests, at the seats they took."""

    host: HostSession
    guests: dict[int, GuestSession]

    @property
    def sessions(self) -> list[HostSession | GuestSession]:
        return [self.host, *self.guests.values()]


async def host_game(address: str, seats: str, seed: int, saves: Path,
                    address_for_host: str | None = None, spectators: int = 0,
                    modules: tuple[str, ...] = (), game: str = "fractal") -> HostSession:
    """A new game of ``game`` hosted on the relay, its room open."""
    host = new_host_session(game, parse_seats(seats), seed, SaveStore(saves), spectators,
                            modules=modules)
    await host.open(address_for_host or address, QUICK)
    return host


async def seat_guests(host: HostSession, addresses: dict[int, str],
                      level: str = "random") -> Table:
    """A bot guest at each remote seat (joining through ``addresses[seat]``), all ready
    and in the room."""
    guests = {}
    for seat in host.remote:
        guest = await GuestSession.join(addresses[seat], host.code, seat, QUICK, level=level,
                                        seed=100 + seat)
        guest.set_ready()
        guests[seat] = guest
    await until(host, host.can_start)
    return Table(host, guests)


async def play_out(table: Table) -> None:
    """Start the game and play it to the end, every seat by its bot."""
    async with asyncio.timeout(GAME_SECONDS):
        table.host.start()
        await asyncio.gather(*(play(session) for session in table.sessions))
        await table.host.finish()
    assert table.host.over, table.host.failure


# A check of one frame the host sends: (viewer, frame, the payload's bytes) -> problems.
FrameCheck = Callable[[int, dict[str, Any], bytes], list[str]]


async def play_watched(host: HostSession, address: str, check: FrameCheck) -> dict[int, int]:
    """Play ``host``'s game out with a guest in every remote seat and a spectator in seat 4,
    checking every frame the host sends as the state is when it leaves; return how many
    frames each seat was sent. Asserts that no check found a problem and that the
    spectator saw the game end as it did."""
    assert host.client is not None and host.spectators == [4]
    problems: list[str] = []
    checked = {seat: 0 for seat in host.offered}
    send = host.client.send

    async def watched(payload: bytes, seat: int | None = None) -> None:
        assert seat is not None
        message = payloads.decode_from_host(payload)
        if isinstance(message, payloads.Frame):
            viewer = seat if seat in host.remote else SPECTATOR
            assert message.frame["seat"] == viewer
            checked[seat] += 1
            problems.extend(check(viewer, message.frame, payload))
        await send(payload, seat)

    host.client.send = watched  # type: ignore[method-assign]
    spectator = await GuestSession.join(address, host.code, 4, QUICK)
    table = await seat_guests(host, dict.fromkeys(host.remote, address))
    await play_out(table)
    assert spectator.seat == SPECTATOR and spectator.humans() == []
    assert spectator.result == host.outcome()
    assert spectator.frame(SPECTATOR)["view"] == host.game.view(SPECTATOR)
    await spectator.leave()
    assert not problems, problems[:5]
    return checked


def ends_as_saved(table: Table) -> None:
    """The game is over, its save replays to it, and every guest holds its own seat's
    last view and every event it may see."""
    host = table.host
    assert host.over and not host.failure
    assert host.store is not None
    save = read_save(host.store.path_of(host.meta.autosave_name))
    assert verify(save).ok and save.body.digest == host.game.digest()
    for seat, guest in table.guests.items():
        assert guest.latest is not None and not guest.failure
        assert guest.latest["view"] == host.game.view(seat)
        assert guest.frame(seat, 0)["events"] == frame(host.game, seat, 0)["events"]
        assert guest.result == host.outcome()


class FrameCutter:
    """Follows the frames in one direction of a connection, to cut it inside one."""

    def __init__(self) -> None:
        self.header = b""  # length bytes of the next frame read so far
        self.left = 0  # bytes of the current frame's body still to come

    def step(self, byte: int) -> bool:
        """Follow one byte; whether a frame's body is now begun and not finished."""
        if self.left == 0:
            self.header += bytes((byte,))
            if len(self.header) == 4:
                self.left = int.from_bytes(self.header, "big")
                self.header = b""
            return False
        self.left -= 1
        return self.left > 0

    def inside(self, data: bytes) -> int | None:
        """Where in ``data`` to cut to leave a frame half sent, if anywhere."""
        for i, byte in enumerate(data):
            if self.step(byte):
                return i + 1
        return None


class FaultyProxy(Proxy):
    """A proxy that can also cut its connections in the middle of the next frame going
    down (to the client) or up (to the relay)."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.split = {"down": False, "up": False}
        self.splits = 0

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.pairs.append((writer, up_writer))
        await asyncio.gather(self._carry(reader, up_writer, "up"),
                             self._carry(up_reader, writer, "down"))

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     way: str) -> None:
        cutter = FrameCutter()
        try:
            while data := await reader.read(65536):
                if self.split[way]:
                    where = cutter.inside(data)
                    if where is not None:
                        self.split[way] = False
                        self.splits += 1
                        writer.write(data[:where])
                        await writer.drain()
                        self.cut()
                        return
                else:
                    for byte in data:
                        cutter.step(byte)
                writer.write(data)
        except ConnectionError:
            pass
        writer.transport.abort()
