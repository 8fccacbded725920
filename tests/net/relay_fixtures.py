"""Helpers for the relay tests: a raw protocol client, a proxy that can cut connections,
and a relay with small limits. Everything runs on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

from core.net import framing
from core.net.client import parse_address
from core.net.limits import RelayLimits
from core.net.relay import Relay

# Small enough that a test waiting on a timeout is quick, large enough that nothing times
# out by accident on a busy machine.
TEST_LIMITS: dict[str, Any] = {
    "hello_timeout": 2.0, "frame_timeout": 2.0, "ping_interval": 5.0, "idle_timeout": 10.0,
    "drain_timeout": 0.2, "host_grace": 30.0,
}


@contextlib.asynccontextmanager
async def running_relay(**limits: Any) -> AsyncIterator[Relay]:
    """A relay with the test limits, overridden by ``limits``; on exit every
    :class:`Raw` client is closed and the relay stopped."""
    relay = Relay(RelayLimits(**{**TEST_LIMITS, **limits}))
    await relay.start("127.0.0.1", 0)
    try:
        yield relay
    finally:
        Raw.close_all()
        await relay.stop()


class Raw:
    """A client that speaks the protocol by hand, to say what a real client never would."""

    opened: ClassVar[list[Raw]] = []

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        Raw.opened.append(self)

    @classmethod
    def close_all(cls) -> None:
        for client in cls.opened:
            client.close()
        cls.opened.clear()

    @classmethod
    async def open(cls, address: str) -> Raw:
        reader, writer = await asyncio.open_connection(*parse_address(address))
        return cls(reader, writer)

    def send(self, kind: str, **fields: Any) -> None:
        self.write(framing.encode({"v": 1, "t": kind, **fields}))

    def write(self, data: bytes) -> None:
        self.writer.write(data)

    async def next(self, skip_pings: bool = True) -> dict[str, Any] | None:
        """The next message from the relay (None at the end of the connection)."""
        while True:
            async with asyncio.timeout(5):
                message = await framing.read_frame(self.reader, framing.ReadState(0.0), 1 << 20)
            if message is None or not (skip_pings and message["t"] == "ping"):
                return message

    async def expect(self, kind: str) -> dict[str, Any]:
        message = await self.next()
        assert message is not None and message["t"] == kind, message
        return message

    async def ended(self) -> str:
        """The code of the relay's last message, once it has closed the connection."""
        message = await self.next()
        assert message is not None and message["t"] in ("error", "close"), message
        assert await self.next() is None
        return str(message["p"]["code"])

    async def hello(self) -> dict[str, Any]:
        self.send("hello", p={"caps": []})
        return await self.expect("hello")

    async def create(self, seats: list[int]) -> dict[str, Any]:
        await self.hello()
        self.send("create", p={"seats": seats})
        return await self.expect("created")

    async def join(self, code: str, seat: int | None = None) -> dict[str, Any]:
        await self.hello()
        self.send("join", seat=seat, p={"code": code})
        return await self.expect("joined")

    async def reconnect(self, room: str, token: str, ack: int = 0) -> dict[str, Any]:
        await self.hello()
        self.send("reconnect", room=room, ack=ack, p={"token": token})
        return await self.expect("resumed")

    def close(self) -> None:
        self.writer.transport.abort()


async def room_of(address: str, seats: list[int], taken: list[int] | None = None
                  ) -> tuple[Raw, dict[str, Any], list[Raw]]:
    """A host, its ``created`` answer, and a guest at each of the ``taken`` seats (all of
    them by default), their arrival notices read."""
    host = await Raw.open(address)
    created = await host.create(seats)
    guests = []
    for seat in seats if taken is None else taken:
        guest = await Raw.open(address)
        await guest.join(created["p"]["code"], seat)
        assert (await host.expect("presence"))["p"]["state"] == "joined"
        guests.append(guest)
    return host, created, guests


async def still_serves(relay: Relay) -> None:
    """A new room works end to end: the relay survived what the test did to it."""
    host, _, (guest,) = await room_of(relay.address, [1])
    host.send("data", seat=1, seq=1, p=b"still here")
    assert (await guest.expect("data"))["p"] == b"still here"
    guest.send("data", seq=1, p=b"and back")
    assert (await host.expect("data"))["p"] == b"and back"
    host.close()
    guest.close()


async def until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait for something the relay does without telling the client (a counter...)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        await asyncio.sleep(0.01)


class Proxy:
    """Forwards connections to a relay and can cut them all, like a network that fails."""

    def __init__(self, target: str) -> None:
        self.target = parse_address(target)
        self.pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self.server: asyncio.Server | None = None
        self.address = ""
        self.blocked = False  # while set, connections are accepted and dropped at once

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.address = f"127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        return self.address

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.blocked:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.pairs.append((writer, up_writer))
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
        except ConnectionError:
            pass
        writer.transport.abort()

    def cut(self) -> None:
        for down, up in self.pairs:
            down.transport.abort()
            up.transport.abort()
        self.pairs.clear()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        self.cut()
        if self.server is not None:
            await self.server.wait_closed()
