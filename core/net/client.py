"""The client side of the relay protocol: one member of one room.

A :class:`RelayClient` is made by :meth:`RelayClient.create_room` (the host),
:meth:`RelayClient.join_room` (a guest) or :meth:`RelayClient.rejoin` (either, with the
:class:`Ticket` of an earlier connection). It sends opaque payloads with :meth:`send` and
:meth:`send_public`, and :meth:`receive` returns what happens in the room: a
:class:`Message`, a :class:`Notice` that a member came or went, or :class:`Resumed` after
the client reconnected by itself. When the connection drops, the client reconnects with
backoff, takes its seat back with its token and resends the frames the relay had not
acknowledged. Anything final raises a :class:`core.net.errors.RelayError` from
:meth:`receive` and :meth:`send`.

The game sessions build on this; what their payloads mean is theirs to define.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import TracebackType

from core.net import framing
from core.net.codes import Code, ProtocolError
from core.net.errors import RelayError, RelayRefused, RelayUnreachable, RoomClosed
from core.net.limits import TokenBucket
from core.net.protocol import (
    FROM_RELAY,
    MAX_ID_LEN,
    VERSION,
    Envelope,
    Presence,
    Type,
    arg_bool,
    arg_int,
    arg_numbers,
    arg_seconds,
    arg_str,
    parse,
)
from core.net.text import screen_text


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6) as a host and a port."""
    host, sep, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not a relay address (HOST:PORT): {text!r}")
    return host, int(port)


@dataclass(frozen=True, slots=True)
class Ticket:
    """What takes a seat back after a restart. The token is a secret: keep it private."""

    address: str
    room: str
    token: str
    seat: int | None  # None for the host


@dataclass(frozen=True, slots=True)
class Message:
    """A payload from another member.

    For the host, ``seat`` is the guest that sent it. For a guest it is its own seat, or
    None when the host sent it to everyone (``public``).
    """

    seat: int | None
    payload: bytes
    public: bool = False


@dataclass(frozen=True, slots=True)
class Notice:
    """A member came or went: a guest's seat for the host, None (the host) for a guest."""

    seat: int | None
    state: Presence


@dataclass(frozen=True, slots=True)
class Resumed:
    """The client took its seat back (by itself, or through :meth:`RelayClient.rejoin`).

    ``missed`` frames addressed to it were lost meanwhile: a game session resynchronises
    when it is not 0. For the host, ``seats`` are the guests connected now.
    """

    missed: int
    seats: tuple[int, ...] = ()


Event = Message | Notice | Resumed

# The largest frame read before the relay's hello says its own maximum.
HELLO_MAX_FRAME = 64 * 1024


def rate_reserve(capacity: int) -> float:
    """Messages a client keeps in hand below the relay's allowance: its pongs and pings
    are sent whatever the level, and the relay may count a burst later than it was sent."""
    return max(3.0, capacity / 10)


@dataclass(frozen=True, slots=True)
class ClientOptions:
    connect_timeout: float = 5.0  # to open the connection and get each answer of the relay
    reconnect_for: float = 60.0  # how long to keep trying after the connection is lost
    backoff_first: float = 0.1  # the first wait between two tries; it doubles up to...
    backoff_max: float = 5.0  # ...this
    window: int = 64  # frames sent but not yet acknowledged before send() waits
    caps: tuple[str, ...] = ()  # capabilities the relay must have


class _Link:
    """One TCP connection to the relay, with a copy of the allowance of messages the relay
    keeps for it (once its hello said what it is)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 max_frame: int) -> None:
        self.reader = reader
        self.writer = writer
        self.max_frame = max_frame
        self.read = framing.ReadState(last_frame=time.monotonic())
        self.bucket: TokenBucket | None = None

    def send(self, envelope: Envelope) -> None:
        self.write(framing.encode(envelope.wire()))

    def write(self, frame: bytes) -> None:
        if self.bucket is not None:
            self.bucket.spend(time.monotonic())
        self.writer.write(frame)

    def wait(self) -> float:
        """Seconds before a frame may go without eating into the reserve."""
        if self.bucket is None:
            return 0.0
        return self.bucket.wait(time.monotonic(), rate_reserve(self.bucket.capacity))

    def spare(self) -> int:
        if self.bucket is None:
            return 1 << 30
        reserve = rate_reserve(self.bucket.capacity)
        return max(0, int(self.bucket.level(time.monotonic()) - reserve))

    def allow(self, envelope: Envelope) -> None:
        """Take the allowance the relay gave this connection as a host, if it said."""
        rate = _args_int(envelope, "rate_messages")
        if rate and self.bucket is not None:
            self.bucket.resize(rate)

    async def next(self, timeout: float) -> Envelope | None:
        """The next message, or None when the connection ended."""
        async with asyncio.timeout(timeout):
            message = await framing.read_frame(self.reader, self.read, self.max_frame)
        return None if message is None else parse(message, FROM_RELAY)

    def close(self) -> None:
        self.writer.transport.abort()


def _args_int(envelope: Envelope, name: str) -> int | None:
    """An optional positive integer argument (relays before pacing did not send it)."""
    value = envelope.p.get(name) if isinstance(envelope.p, dict) else None
    return value if type(value) is int and value > 0 else None


def _final(envelope: Envelope) -> RelayError:
    """The exception an ``error`` or ``close`` from the relay means; its words are shown
    to the player."""
    code = screen_text(arg_str(envelope, "code"))
    reason = screen_text(arg_str(envelope, "reason", 512))
    if envelope.t is Type.CLOSE:
        return RoomClosed(code, reason)
    versions = arg_numbers(envelope, "versions", required=False)
    return RelayRefused(code, reason, versions)


class RelayClient:
    """One membership (host or guest) of a room on a relay. Make it with
    :meth:`create_room`, :meth:`join_room` or :meth:`rejoin`; end it with :meth:`leave`
    (for good) or :meth:`disconnect` (keeping the seat for a later :meth:`rejoin`)."""

    def __init__(self, address: str, options: ClientOptions | None = None) -> None:
        self.address = address
        self.options = options or ClientOptions()
        self.room = ""
        self.token = ""
        self.seat: int | None = None
        self.code: str | None = None  # the invite code, for the host
        self.host_present = True  # for a guest: whether the host is connected
        self.max_payload = 0  # the largest payload the relay forwards (from its hello)
        self._idle_timeout = self.options.connect_timeout
        self._link: _Link | None = None
        self._sent = 0  # the seq of the last frame sent
        self._unacked: deque[tuple[int, bytes]] = deque()
        self._received = 0  # the seq of the last frame received
        self._acked = asyncio.Event()
        self._inbox: asyncio.Queue[Event | RelayError] = asyncio.Queue()
        self._failure: RelayError | None = None
        self._runner: asyncio.Task[None] | None = None

    @classmethod
    async def create_room(cls, address: str, seats: Sequence[int],
                          options: ClientOptions | None = None) -> RelayClient:
        """Create a room as its host, offering ``seats`` to guests. The invite code to
        give them is :attr:`code`."""
        client = cls(address, options)
        with client._strict():
            reply = await client._open(Envelope(Type.CREATE, p={"seats": list(seats)}),
                                       Type.CREATED)
            client.code = screen_text(arg_str(reply, "code"))  # shown to invite the others
            assert client._link is not None
            client._link.allow(reply)
            client._begin(reply)
        return client

    @classmethod
    async def join_room(cls, address: str, code: str, seat: int | None = None,
                        options: ClientOptions | None = None) -> RelayClient:
        """Join the room of invite ``code`` as a guest, at ``seat`` or the first free one."""
        client = cls(address, options)
        with client._strict():
            reply = await client._open(Envelope(Type.JOIN, seat=seat, p={"code": code}),
                                       Type.JOINED)
            client.host_present = arg_bool(reply, "host")
            client._begin(reply)
        return client

    @classmethod
    async def rejoin(cls, ticket: Ticket, options: ClientOptions | None = None) -> RelayClient:
        """Take a seat back with the ticket of an earlier connection."""
        client = cls(ticket.address, options)
        client.room, client.token = ticket.room, ticket.token
        with client._strict():
            reply = await client._open(client._reconnect_request(), Type.RESUMED)
            client._inbox.put_nowait(client._resumed(reply))
            client._begin(reply)
        return client

    @property
    def is_host(self) -> bool:
        return self.seat is None

    @property
    def ticket(self) -> Ticket:
        return Ticket(self.address, self.room, self.token, self.seat)

    async def send(self, payload: bytes, seat: int | None = None) -> None:
        """Send ``payload``: the host to ``seat``, a guest to the host (no seat).

        Returns once the frame is written or, while reconnecting, kept to be resent;
        waits when ``window`` frames are still unacknowledged.
        """
        if self.is_host and seat is None:
            raise ValueError("the host sends to a seat (send_public reaches every guest)")
        if not self.is_host and seat is not None:
            raise ValueError("a guest sends to the host only")
        await self._post(Type.DATA, seat, payload)

    @property
    def allowance(self) -> int:
        """The messages the relay lets this connection send at once (0: not said)."""
        link = self._link
        return link.bucket.capacity if link is not None and link.bucket is not None else 0

    def spare(self) -> int:
        """Frames that can go now without waiting for the relay's allowance to refill
        (a large number while no allowance is known)."""
        return self._link.spare() if self._link is not None else 0

    async def pace(self) -> None:
        """Wait until a frame can go without going over the relay's allowance."""
        while self._link is not None and (delay := self._link.wait()) > 0:
            await asyncio.sleep(delay)

    async def send_public(self, payload: bytes) -> None:
        """Send ``payload`` to every connected guest (the host only)."""
        if not self.is_host:
            raise ValueError("only the host sends public frames")
        await self._post(Type.PUBLIC, None, payload)

    async def receive(self) -> Event:
        """The next event of the room; raises the :class:`RelayError` that ended it."""
        item = await self._inbox.get()
        if isinstance(item, RelayError):
            self._inbox.put_nowait(item)  # every later call raises it too
            raise item
        return item

    async def leave(self) -> None:
        """Give the seat up for good (a guest) or close the room (the host).

        While the client is reconnecting this only disconnects: the seat is then kept
        until the room closes.
        """
        if self._link is not None and self._failure is None and self._runner is not None:
            self._link.send(Envelope(Type.CLOSE))
            try:
                async with asyncio.timeout(self.options.connect_timeout):
                    await asyncio.shield(self._runner)
            except TimeoutError:
                pass
        await self.disconnect()

    async def disconnect(self) -> None:
        """Drop the connection and stop reconnecting; the seat stays held for
        :meth:`rejoin` until the room closes."""
        if self._runner is not None and not self._runner.done():
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        self._fail(RelayError("disconnected from the relay"))

    async def __aenter__(self) -> RelayClient:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.disconnect()

    # Connecting.

    @contextlib.contextmanager
    def _strict(self) -> Iterator[None]:
        """A malformed message from the relay ends the client, as any other error."""
        try:
            yield
        except ProtocolError as error:
            raise RelayError(f"the relay at {self.address} broke the protocol: "
                             f"{error.reason}") from None

    async def _open(self, request: Envelope, expected: Type) -> Envelope:
        """Connect, say hello, send ``request`` and return the relay's answer."""
        host, port = parse_address(self.address)
        timeout = self.options.connect_timeout
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(host, port)
        except (OSError, TimeoutError) as error:
            reason = "no answer" if isinstance(error, TimeoutError) else (
                error.strerror or str(error))
            raise RelayUnreachable(f"cannot reach the relay at {self.address}: {reason}"
                                   ) from None
        link = _Link(reader, writer, HELLO_MAX_FRAME)
        try:
            link.send(Envelope(Type.HELLO, v=VERSION, p={"caps": list(self.options.caps)}))
            hello = await self._answer(link, Type.HELLO)
            self.max_payload = arg_int(hello, "max_payload")
            link.max_frame = arg_int(hello, "max_frame")
            self._idle_timeout = arg_seconds(hello, "idle_timeout")
            rate = _args_int(hello, "rate_messages")
            if rate is not None:
                window = arg_seconds(hello, "rate_window")
                link.bucket = TokenBucket(rate, window)
                link.bucket.spend(time.monotonic())  # the hello itself
            link.send(request)
            reply = await self._answer(link, expected)
        except BaseException:
            link.close()
            raise
        self._link = link
        return reply

    async def _answer(self, link: _Link, expected: Type) -> Envelope:
        try:
            while True:
                envelope = await link.next(self.options.connect_timeout)
                if envelope is None:
                    raise RelayUnreachable(f"the relay at {self.address} closed the "
                                           "connection")
                if envelope.t is Type.ERROR or envelope.t is Type.CLOSE:
                    raise _final(envelope)
                if envelope.t is expected:
                    return envelope
                if envelope.t is Type.PING:
                    link.send(Envelope(Type.PONG))
                else:
                    raise RelayError(f"the relay answered {envelope.t} to a "
                                     f"{expected} request")
        except TimeoutError:
            raise RelayUnreachable(f"the relay at {self.address} did not answer") from None
        except ConnectionError as error:
            raise RelayUnreachable(f"lost the relay at {self.address}: {error}") from None
        except ProtocolError as error:
            if error.code is not Code.TRUNCATED:
                raise
            raise RelayUnreachable(f"lost the relay at {self.address}") from None

    def _begin(self, reply: Envelope) -> None:
        self.room = reply.room or ""
        self.seat = reply.seat
        if not self.token:
            self.token = arg_str(reply, "token", MAX_ID_LEN)
        self._runner = asyncio.create_task(self._run())

    def _reconnect_request(self) -> Envelope:
        return Envelope(Type.RECONNECT, room=self.room, ack=self._received,
                        p={"token": self.token})

    def _resumed(self, reply: Envelope) -> Resumed:
        # A client made by rejoin() starts numbering after what the membership sent before,
        # or the relay would take its first frames for resends and drop them.
        self._sent = max(self._sent, reply.ack or 0)
        self._acknowledge(reply.ack or 0)
        assert self._link is not None
        seats: list[int] = []
        if reply.seat is None:
            seats = arg_numbers(reply, "seats")
            self._link.allow(reply)
        else:
            self.host_present = arg_bool(reply, "host")
        for _, frame in self._unacked:
            self._link.write(frame)
        return Resumed(arg_int(reply, "missed"), tuple(seats))

    async def _reconnect(self) -> None:
        deadline = time.monotonic() + self.options.reconnect_for
        delay = self.options.backoff_first
        while True:
            try:
                reply = await self._open(self._reconnect_request(), Type.RESUMED)
            except RelayUnreachable as error:
                if time.monotonic() + delay > deadline:
                    raise RelayUnreachable(f"{error} (gave up after trying for "
                                           f"{self.options.reconnect_for:g} s)") from None
                await asyncio.sleep(delay * random.uniform(0.5, 1.0))
                delay = min(delay * 2, self.options.backoff_max)
                continue
            self._inbox.put_nowait(self._resumed(reply))
            return

    # Running.

    async def _run(self) -> None:
        try:
            with self._strict():
                while True:
                    assert self._link is not None
                    await self._pump(self._link)
                    self._link.close()
                    self._link = None
                    await self._reconnect()
        except RelayError as error:
            self._fail(error)

    async def _pump(self, link: _Link) -> None:
        """Handle the relay's messages until the connection is lost."""
        while True:
            try:
                envelope = await link.next(self._idle_timeout)
            except (TimeoutError, ConnectionError):
                return
            except ProtocolError as error:
                if error.code is not Code.TRUNCATED:
                    raise
                return
            if envelope is None:
                return
            self._handle(link, envelope)

    def _handle(self, link: _Link, envelope: Envelope) -> None:
        if envelope.ack is not None:
            self._acknowledge(envelope.ack)
        kind = envelope.t
        if kind is Type.DATA or kind is Type.PUBLIC:
            self._received = envelope.seq or self._received
            self._inbox.put_nowait(Message(envelope.seat, envelope.p, kind is Type.PUBLIC))
        elif kind is Type.PING:
            link.send(Envelope(Type.PONG))
        elif kind is Type.PRESENCE:
            name = arg_str(envelope, "state")
            try:
                state = Presence(name)
            except ValueError:
                raise RelayError(f"the relay sent an unknown presence {name[:20]!r}") from None
            if envelope.seat is None:
                self.host_present = state is not Presence.AWAY
            self._inbox.put_nowait(Notice(envelope.seat, state))
        elif kind is Type.ERROR or kind is Type.CLOSE:
            raise _final(envelope)
        elif kind is not Type.PONG:
            raise RelayError(f"the relay sent {kind} in the middle of a room")

    # Sending.

    async def _post(self, kind: Type, seat: int | None, payload: bytes) -> None:
        if self._failure is not None:
            raise self._failure
        if len(payload) > self.max_payload:
            raise ValueError(f"a payload of {len(payload)} bytes is over the relay's "
                             f"{self.max_payload}")
        while len(self._unacked) >= self.options.window:
            self._acked.clear()
            if self._link is not None:
                self._link.send(Envelope(Type.PING))  # its pong carries the relay's ack
            await self._acked.wait()
            if self._failure is not None:
                raise self._failure
        await self.pace()
        if self._failure is not None:
            raise self._failure
        self._sent += 1
        frame = framing.encode(Envelope(kind, seat=seat, seq=self._sent, p=payload).wire())
        self._unacked.append((self._sent, frame))
        if self._link is not None:
            self._link.write(frame)

    def _acknowledge(self, ack: int) -> None:
        if self._unacked and self._unacked[0][0] <= ack:
            while self._unacked and self._unacked[0][0] <= ack:
                self._unacked.popleft()
            self._acked.set()

    def _fail(self, error: RelayError) -> None:
        if self._failure is None:
            self._failure = error
            self._inbox.put_nowait(error)
        self._acked.set()
        if self._link is not None:
            self._link.close()
            self._link = None
