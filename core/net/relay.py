"""The relay: rooms of one host and its guests, frames routed between them.

The relay checks envelopes, never payloads: it forwards a host's frame to the seat it
names (or to every guest when public) and a guest's frame to its host, and it knows
nothing of the game being played. Every limit comes from :class:`RelayLimits`; a peer
that breaks one gets an ``error`` message and its connection is closed.

All the bookkeeping runs in synchronous methods between two reads, so no two handlers
ever see a room half changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections import Counter
from typing import TextIO

from core.net import framing
from core.net.codes import Code, ProtocolError
from core.net.guesses import JoinGuard
from core.net.limits import RelayLimits, TokenBucket
from core.net.protocol import (
    ACCEPTED_VERSIONS,
    CAPABILITIES,
    ENVELOPE_ROOM,
    FROM_CLIENT,
    MAX_ID_LEN,
    Envelope,
    Presence,
    Type,
    arg_names,
    arg_numbers,
    arg_str,
    parse,
)
from core.net.rooms import CODE_TYPED, Member, Room, Rooms, shown_code
from core.stopping import until_stopped

log = logging.getLogger("fractal.relay")

CLOSED_BY_PEER = "peer_closed"
MAX_REASON = 200
# Printed at shutdown even when nothing happened; the others appear once they count.
MAIN_COUNTERS = ("connections", "refused", "rooms_created", "rooms_closed", "frames_in",
                 "frames_out", "forwarded")


class Connection:
    """One client's TCP connection, and the membership it holds if any."""

    __slots__ = ("address", "bucket", "ended", "last_ping", "member", "number", "opened",
                 "outbox", "read", "reader", "relay", "transport", "version", "writer")

    def __init__(self, relay: Relay, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, address: str, number: int) -> None:
        now = time.monotonic()
        self.relay = relay
        self.reader = reader
        self.writer = writer
        self.transport = writer.transport
        self.address = address
        self.number = number
        self.opened = now
        self.last_ping = now
        self.read = framing.ReadState(last_frame=now)
        self.bucket = TokenBucket(relay.limits.rate_messages, relay.limits.rate_window)
        self.version: int | None = None  # set by the hello
        self.member: Member | None = None
        self.ended: str | None = None  # why the relay is closing it, once it is
        self.outbox: list[bytes] = []

    @property
    def ack(self) -> int | None:
        """The last seq taken from this connection's member, for its pings and pongs."""
        return self.member.received if self.member else None

    def send(self, envelope: Envelope) -> None:
        """Queue a message; the frames queued while the loop handles one batch of reads
        leave together, in one system call, which is most of what forwarding costs."""
        if self.ended is not None:
            return
        if not self.outbox:
            asyncio.get_running_loop().call_soon(self.flush)
        self.outbox.append(framing.encode(envelope.wire()))

    def flush(self) -> None:
        outbox = self.outbox
        if not outbox or self.transport.is_closing():
            outbox.clear()
            return
        data = b"".join(outbox) if len(outbox) > 1 else outbox[0]
        counters = self.relay.counters
        counters["frames_out"] += len(outbox)
        counters["bytes_out"] += len(data)
        outbox.clear()
        self.transport.write(data)
        if self.transport.get_write_buffer_size() > self.relay.limits.max_output:
            self.cut(Code.SLOW_READER)

    def finish(self, kind: Type, code: Code, reason: str) -> None:
        """Send a last ``error`` or ``close`` message and end the sending side.

        The socket stays open for reading until the peer closes too (its handler drops
        what still comes), or until the drain timeout cuts it: closing it at once while
        the peer still sends would reset the connection, and the peer could lose the
        message before reading it.
        """
        if self.ended is not None:
            return
        # Bounded: a reason may quote what the peer sent, and must fit the peer's limits.
        args: dict[str, object] = {"code": str(code), "reason": reason[:MAX_REASON]}
        if code is Code.VERSION:
            args["versions"] = list(ACCEPTED_VERSIONS)
        self.send(Envelope(kind, p=args))
        self.flush()
        if self.ended is not None:  # the message itself overflowed the output buffer
            return
        self.ended = str(code)
        with contextlib.suppress(OSError):  # the peer may be gone already
            self.transport.write_eof()
        self._cut_later()

    def close(self) -> None:
        """Close after flushing what is buffered, or cut after the drain timeout."""
        self.transport.close()
        self._cut_later()

    def _cut_later(self) -> None:
        asyncio.get_running_loop().call_later(self.relay.limits.drain_timeout,
                                              self.transport.abort)

    def cut(self, code: Code) -> None:
        """Close at once, dropping whatever is still buffered."""
        if self.ended is None:
            self.ended = str(code)
        self.transport.abort()


class Relay:
    """A relay server. ``await start()``, then ``await stop()`` to drain and close."""

    def __init__(self, limits: RelayLimits | None = None) -> None:
        self.limits = limits or RelayLimits()
        self.rooms = Rooms(self.limits)
        self.guard = JoinGuard(self.limits)
        self.counters: Counter[str] = Counter(dict.fromkeys(MAIN_COUNTERS, 0))
        self.address = ""
        self._connections: set[Connection] = set()
        self._per_address: Counter[str] = Counter()
        self._handlers: set[asyncio.Task[None]] = set()
        self._server: asyncio.Server | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._numbers = 0

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Listen on ``host:port`` (0: a free port); returns the address as ``HOST:PORT``."""
        self._server = await asyncio.start_server(
            self._serve, host, port, backlog=min(self.limits.max_connections, 4096))
        bound_host, bound_port = self._server.sockets[0].getsockname()[:2]
        self.address = (f"[{bound_host}]:{bound_port}" if ":" in bound_host
                        else f"{bound_host}:{bound_port}")
        self._watchdog = asyncio.create_task(self._watch())
        return self.address

    async def stop(self) -> None:
        """Stop listening, tell every client, and close within about the drain timeout."""
        if self._server is None:
            return
        self._server.close()
        if self._watchdog is not None:
            self._watchdog.cancel()
        for room in list(self.rooms.by_id.values()):
            self._close_room(room, Code.SHUTDOWN, "the relay is stopping")
        for conn in list(self._connections):
            conn.finish(Type.CLOSE, Code.SHUTDOWN, "the relay is stopping")
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=self.limits.drain_timeout)
        for conn in list(self._connections):
            conn.cut(Code.SHUTDOWN)
        if self._handlers:
            await asyncio.wait(self._handlers)
        await self._server.wait_closed()
        await asyncio.sleep(0)  # the transports closed last finish closing on the next turn
        self._server = None

    # Connections.

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else "unknown"
        self._numbers += 1
        conn = Connection(self, reader, writer, address, self._numbers)
        refusal = self._refusal(address)
        if refusal:
            self.counters["refused"] += 1
            log.info("#%d from %s refused: %s", conn.number, address, refusal)
            conn.finish(Type.ERROR, Code.TOO_MANY_CONNECTIONS, refusal)
            await self._linger(conn)
            return
        task = asyncio.current_task()
        assert task is not None  # start_server runs each handler in a task
        self._handlers.add(task)
        self._connections.add(conn)
        self._per_address[address] += 1
        self.counters["connections"] += 1
        log.info("#%d open from %s", conn.number, address)
        try:
            await self._read_loop(conn)
        except ProtocolError as error:
            conn.finish(Type.ERROR, error.code, error.reason)
        except ConnectionError:
            pass  # reset by the peer: nothing to tell it
        finally:
            self._depart(conn)
            await self._linger(conn)
            self._handlers.discard(task)

    def _refusal(self, address: str) -> str | None:
        if len(self._connections) >= self.limits.max_connections:
            return f"the relay is full ({self.limits.max_connections} connections)"
        if self._per_address[address] >= self.limits.max_connections_per_address:
            return f"too many connections from {address}"
        return None

    async def _read_loop(self, conn: Connection) -> None:
        limits = self.limits
        while True:
            message = await framing.read_frame(conn.reader, conn.read, limits.max_frame)
            if message is None or conn.ended is not None:
                return
            if not conn.bucket.take(conn.read.last_frame):
                raise ProtocolError(Code.RATE_LIMITED, f"more than {limits.rate_messages} "
                                                       f"messages in {limits.rate_window:g} s")
            self.counters["frames_in"] += 1
            self._dispatch(conn, parse(message, FROM_CLIENT))

    async def _linger(self, conn: Connection) -> None:
        """Drop what the peer still sends until it closes (see Connection.finish)."""
        try:
            async with asyncio.timeout(self.limits.drain_timeout):
                while await conn.reader.read(65536):
                    pass
        except (TimeoutError, ConnectionError):
            pass
        conn.close()

    def _depart(self, conn: Connection) -> None:
        self._connections.discard(conn)
        self._per_address[conn.address] -= 1
        if not self._per_address[conn.address]:
            del self._per_address[conn.address]
        member = conn.member
        if member is not None and member.link is conn:
            member.link = None
            self._announce(member, Presence.AWAY)
            if member.is_host:
                member.room.expiry = asyncio.get_running_loop().call_later(
                    self.limits.host_grace, self._host_gone, member.room)
        if conn.ended is None:
            conn.ended = CLOSED_BY_PEER
        self.counters[f"closed_{conn.ended}"] += 1
        log.info("#%d closed: %s", conn.number, conn.ended)

    async def _watch(self) -> None:
        """Enforce the time limits of every connection, and ping them."""
        limits = self.limits
        while True:
            await asyncio.sleep(limits.watchdog_tick())
            now = time.monotonic()
            for conn in list(self._connections):
                if conn.ended is not None:
                    continue
                if conn.version is None and now - conn.opened > limits.hello_timeout:
                    conn.finish(Type.ERROR, Code.HELLO_TIMEOUT,
                                f"no hello within {limits.hello_timeout:g} s")
                elif conn.read.started is not None and (
                        now - conn.read.started > limits.frame_timeout):
                    conn.finish(Type.ERROR, Code.FRAME_TIMEOUT,
                                f"a frame took longer than {limits.frame_timeout:g} s")
                elif now - conn.read.last_frame > limits.idle_timeout:
                    conn.finish(Type.ERROR, Code.IDLE,
                                f"nothing received for {limits.idle_timeout:g} s")
                elif now - conn.last_ping >= limits.ping_interval:
                    conn.last_ping = now
                    conn.send(Envelope(Type.PING, ack=conn.ack))

    # Messages.

    def _dispatch(self, conn: Connection, envelope: Envelope) -> None:
        kind = envelope.t
        if conn.version is None:
            self._hello(conn, envelope)
        elif envelope.v != conn.version:
            raise ProtocolError(Code.VERSION, f"this connection speaks version {conn.version}")
        elif kind is Type.PING:
            conn.send(Envelope(Type.PONG, ack=conn.ack))
        elif kind is Type.PONG:
            pass  # its arrival is what the watchdog wanted
        elif kind is Type.HELLO:
            raise ProtocolError(Code.UNEXPECTED, "hello was already said")
        elif conn.member is None:
            if kind is Type.CREATE:
                self._create(conn, envelope)
            elif kind is Type.JOIN:
                self._join(conn, envelope)
            elif kind is Type.RECONNECT:
                self._reconnect(conn, envelope)
            else:
                raise ProtocolError(Code.UNEXPECTED, f"{kind} before joining a room")
        elif kind is Type.DATA:
            self._data(conn.member, envelope)
        elif kind is Type.PUBLIC:
            self._public(conn.member, envelope)
        elif kind is Type.CLOSE:
            self._close(conn, conn.member)
        else:
            raise ProtocolError(Code.UNEXPECTED, f"{kind} while already in a room")

    def _hello(self, conn: Connection, envelope: Envelope) -> None:
        if envelope.t is not Type.HELLO:
            raise ProtocolError(Code.UNEXPECTED, "the first message must be hello")
        if envelope.v not in ACCEPTED_VERSIONS:
            raise ProtocolError(Code.VERSION, f"protocol version {envelope.v} is not accepted")
        missing = sorted(set(arg_names(envelope, "caps")) - set(CAPABILITIES))
        if missing:
            raise ProtocolError(Code.VERSION, f"this relay lacks {', '.join(missing)}")
        conn.version = envelope.v
        limits = self.limits
        conn.send(Envelope(Type.HELLO, p={
            "caps": list(CAPABILITIES), "versions": list(ACCEPTED_VERSIONS),
            "max_frame": limits.max_frame, "max_payload": limits.max_frame - ENVELOPE_ROOM,
            "ping_interval": limits.ping_interval, "idle_timeout": limits.idle_timeout,
            "rate_messages": limits.rate_messages, "rate_window": limits.rate_window}))

    def _create(self, conn: Connection, envelope: Envelope) -> None:
        room = self.rooms.create(conn.address, arg_numbers(envelope, "seats"), conn)
        conn.member = room.host
        allowance = self._host_allowance(conn, room)
        self.counters["rooms_created"] += 1
        log.info("#%d created room %s with seats %s", conn.number, room.label,
                 sorted(room.offered))
        conn.send(Envelope(Type.CREATED, room=room.id,
                           p={"code": shown_code(room.code), "token": room.host.token,
                              "rate_messages": allowance}))

    def _host_allowance(self, conn: Connection, room: Room) -> int:
        """Scale the host's message rate with its seats: a game host sends every seat its
        share after each decision, where a guest sends one message of its own."""
        allowance = self.limits.allowance(len(room.offered))
        conn.bucket.resize(allowance)
        return allowance

    def _join(self, conn: Connection, envelope: Envelope) -> None:
        code = arg_str(envelope, "code", CODE_TYPED)
        now = time.monotonic()
        refusal = self.guard.refusal(conn.address, now)
        if refusal is not None:
            self.counters["refused_join"] += 1
            raise ProtocolError(Code.TOO_MANY_FAILURES, refusal)
        try:
            member = self.rooms.join(code, envelope.seat, conn)
        except ProtocolError as error:
            if error.code is Code.BAD_CODE:
                self.guard.failed(conn.address, now)
            raise
        conn.member = member
        room = member.room
        log.info("#%d joined room %s at seat %s", conn.number, room.label, member.seat)
        conn.send(Envelope(Type.JOINED, room=room.id, seat=member.seat,
                           p={"token": member.token, "host": room.host.link is not None}))
        self._announce(member, Presence.JOINED)

    def _reconnect(self, conn: Connection, envelope: Envelope) -> None:
        if envelope.room is None:
            raise ProtocolError(Code.BAD_REQUEST, "reconnect needs the room id")
        member = self.rooms.reclaim(envelope.room, arg_str(envelope, "token", MAX_ID_LEN))
        seen = envelope.ack or 0
        if seen > member.sent:
            raise ProtocolError(Code.BAD_REQUEST, f"ack {seen} is ahead of the relay's "
                                                  f"{member.sent}")
        previous = member.link
        if previous is not None:
            previous.member = None
            previous.finish(Type.CLOSE, Code.REPLACED, "another connection took this seat")
        member.link = conn
        conn.member = member
        room = member.room
        if member.is_host and room.expiry is not None:
            room.expiry.cancel()
            room.expiry = None
        if member.is_host:
            present: dict[str, object] = {
                "seats": sorted(seat for seat, guest in room.guests.items() if guest.link),
                "rate_messages": self._host_allowance(conn, room)}
        else:
            present = {"host": room.host.link is not None}
        log.info("#%d reconnected to room %s as %s%s", conn.number, room.label,
                 "host" if member.is_host else f"seat {member.seat}",
                 ", replacing an open connection" if previous else "")
        conn.send(Envelope(Type.RESUMED, room=room.id, seat=member.seat, ack=member.received,
                           p={"missed": member.sent - seen, **present}))
        self._announce(member, Presence.BACK)

    def _data(self, member: Member, envelope: Envelope) -> None:
        room = member.room
        if member.is_host:
            if envelope.seat is None:
                raise ProtocolError(Code.BAD_ENVELOPE, "data from the host needs a seat "
                                                       "(public reaches everyone)")
            if envelope.seat not in room.offered:
                raise ProtocolError(Code.UNKNOWN_SEAT, f"seat {envelope.seat} is not offered")
        elif envelope.seat is not None:
            raise ProtocolError(Code.FORBIDDEN, "only the host may address seats")
        if not self._take(member, envelope):
            return
        if member.is_host:
            assert envelope.seat is not None
            guest = room.guests.get(envelope.seat)
            if guest is None:
                self.counters["dropped_empty_seat"] += 1
            else:
                self._deliver(guest, Type.DATA, guest.seat, envelope.p)
        else:
            self._deliver(room.host, Type.DATA, member.seat, envelope.p)

    def _public(self, member: Member, envelope: Envelope) -> None:
        if not member.is_host:
            raise ProtocolError(Code.FORBIDDEN, "only the host may send public frames")
        if self._take(member, envelope):
            for guest in member.room.guests.values():
                self._deliver(guest, Type.PUBLIC, None, envelope.p)

    def _take(self, member: Member, envelope: Envelope) -> bool:
        """Whether this numbered frame is new; a resent one already forwarded is not."""
        limit = self.limits.max_frame - ENVELOPE_ROOM
        if len(envelope.p) > limit:
            raise ProtocolError(Code.BAD_ENVELOPE, f"payload over {limit} bytes")
        seq = envelope.seq
        if seq is None:
            raise ProtocolError(Code.BAD_ENVELOPE, f"{envelope.t} needs seq")
        if seq <= member.received:
            self.counters["duplicates"] += 1
            return False
        if seq != member.received + 1:
            raise ProtocolError(Code.BAD_ENVELOPE,
                                f"seq {seq} skips ahead of {member.received + 1}")
        member.received = seq
        return True

    def _deliver(self, target: Member, kind: Type, seat: int | None, payload: bytes) -> None:
        # Numbered even when undeliverable, so a member coming back learns what it missed.
        target.sent += 1
        if target.link is None:
            self.counters["dropped_away"] += 1
            return
        target.link.send(Envelope(kind, seat=seat, seq=target.sent, ack=target.received,
                                  p=payload))
        self.counters["forwarded"] += 1

    def _announce(self, member: Member, state: Presence) -> None:
        """Tell the host about a guest, or every guest about the host."""
        room = member.room
        audience = room.guests.values() if member.is_host else [room.host]
        for other in audience:
            if other.link is not None:
                other.link.send(Envelope(Type.PRESENCE, seat=member.seat, ack=other.received,
                                         p={"state": str(state)}))

    def _close(self, conn: Connection, member: Member) -> None:
        room = member.room
        if member.is_host:
            self._close_room(room, Code.ROOM_CLOSED, "the host closed the room")
            return
        assert member.seat is not None
        del room.guests[member.seat]
        member.link = None
        conn.member = None
        log.info("#%d left room %s", conn.number, room.label)
        conn.finish(Type.CLOSE, Code.LEFT, "you left the room")
        self._announce(member, Presence.LEFT)

    def _host_gone(self, room: Room) -> None:
        room.expiry = None
        if self.rooms.by_id.get(room.id) is room and room.host.link is None:
            self._close_room(room, Code.HOST_GONE,
                             f"the host did not come back within {self.limits.host_grace:g} s")

    def _close_room(self, room: Room, code: Code, reason: str) -> None:
        if room.expiry is not None:
            room.expiry.cancel()
            room.expiry = None
        self.rooms.remove(room)
        self.counters["rooms_closed"] += 1
        log.info("room %s closed: %s", room.label, code)
        for member in room.members():
            link = member.link
            if link is not None:
                member.link = None
                link.member = None
                link.finish(Type.CLOSE, code, reason)


async def serve(host: str, port: int, limits: RelayLimits, out: TextIO) -> Counter[str]:
    """Run a relay until SIGINT or SIGTERM; its address is the first line on ``out``."""
    relay = Relay(limits)
    print(await relay.start(host, port), file=out, flush=True)
    try:
        await until_stopped()
    finally:
        log.info("stopping")
        await relay.stop()
    return relay.counters


def run(host: str, port: int, limits: RelayLimits, out: TextIO = sys.stdout) -> int:
    """``fractal relay``: serve until stopped, then print the counters."""
    counters = asyncio.run(serve(host, port, limits, out))
    for name in sorted(counters):
        print(f"{name} {counters[name]}", file=out)
    out.flush()
    return 0
