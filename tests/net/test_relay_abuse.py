"""What the relay does with clients that break the rules: each gets its documented error
(or is cut), and the relay goes on serving a new room afterwards."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import msgpack
import pytest

from core.net import framing
from core.net.relay import Relay
from tests.net.relay_fixtures import Raw, room_of, running_relay, still_serves, until


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    async with running_relay(max_frame=4096) as relay:
        yield relay


def frame_of(body: bytes) -> bytes:
    return framing.HEADER.pack(len(body)) + body


async def refused(relay: Relay, data: bytes, hello: bool = True) -> str:
    """The code a client gets for sending ``data`` (after a proper hello or not)."""
    client = await Raw.open(relay.address)
    if hello:
        await client.hello()
    client.write(data)
    return await client.ended()


@pytest.mark.parametrize(("data", "code"), [
    (b"GET / HTTP/1.1\r\nHost: relay\r\n\r\n", "frame_too_large"),  # "GET " as a length
    (frame_of(b"\xc1\xc1\xc1"), "bad_frame"),  # reserved msgpack bytes
    (frame_of(b"\x93\x01\x02\x03"), "bad_frame"),  # an array, not a map
    (frame_of(msgpack.packb({"v": 1, "t": "ping"}) + b"\x00"), "bad_frame"),  # two objects
])
async def test_garbage(relay: Relay, data: bytes, code: str) -> None:
    assert await refused(relay, data) == code
    await still_serves(relay)


async def test_an_oversized_length_is_refused_before_the_body(relay: Relay) -> None:
    # Only the header is sent: the relay must answer without waiting for 4 GB.
    assert await refused(relay, framing.HEADER.pack(2**32 - 1)) == "frame_too_large"
    assert await refused(relay, framing.HEADER.pack(4097), hello=False) == "frame_too_large"
    await still_serves(relay)


async def test_a_zero_length_is_refused(relay: Relay) -> None:
    assert await refused(relay, framing.HEADER.pack(0)) == "bad_frame"
    await still_serves(relay)


async def test_an_ext_type_is_refused(relay: Relay) -> None:
    body = msgpack.packb({"v": 1, "t": "ping", "p": msgpack.ExtType(7, b"boom")})
    assert await refused(relay, frame_of(body)) == "bad_frame"
    await still_serves(relay)


@pytest.mark.parametrize(("message", "code"), [
    ({1: 1, "t": "ping"}, "bad_frame"),  # msgpack refuses integer keys outright
    ({b"v": 1, b"t": "ping"}, "bad_envelope"),  # bytes keys decode, but are no field
    ({"v": 1, "t": "ping", "extra": 1}, "bad_envelope"),
    ({"v": "1", "t": "ping"}, "bad_envelope"),
    ({"v": 1, "t": "ping", "seat": -1}, "bad_envelope"),
    ({"v": 1, "t": "ping", "room": "r" * 65}, "bad_envelope"),
    ({"v": 1, "t": "teleport"}, "unknown_type"),
    ({"v": 1, "t": "created"}, "unknown_type"),  # the relay's own type, not a client's
    ({"v": 2, "t": "ping"}, "version"),
    ({"v": 1, "t": "hello"}, "unexpected"),
    ({"v": 1, "t": "data", "seq": 1, "p": b"x"}, "unexpected"),  # not in a room yet
    ({"v": 1, "t": "join", "p": {"code": 123456}}, "bad_request"),
])
async def test_a_bad_envelope(relay: Relay, message: dict[object, object], code: str) -> None:
    assert await refused(relay, frame_of(msgpack.packb(message))) == code
    await still_serves(relay)


async def test_a_wrong_protocol_version_is_refused_with_the_accepted_ones(relay: Relay
                                                                         ) -> None:
    client = await Raw.open(relay.address)
    client.write(framing.encode({"v": 99, "t": "hello"}))
    error = await client.expect("error")
    assert error["p"]["code"] == "version" and error["p"]["versions"] == [1]
    assert await client.next() is None
    await still_serves(relay)


async def test_the_first_message_must_be_hello(relay: Relay) -> None:
    assert await refused(relay, framing.encode({"v": 1, "t": "ping"}), hello=False) \
        == "unexpected"


async def test_a_hello_that_never_comes() -> None:
    async with running_relay(hello_timeout=0.1) as relay:
        client = await Raw.open(relay.address)
        assert await client.ended() == "hello_timeout"
        await still_serves(relay)


async def test_a_frame_cut_off_by_a_dropped_connection(relay: Relay) -> None:
    client = await Raw.open(relay.address)
    await client.hello()
    client.write(framing.HEADER.pack(100) + b"\x85" + b"\x00" * 9)
    await client.writer.drain()
    client.close()
    await until(lambda: relay.counters["closed_truncated"] == 1)
    await still_serves(relay)


async def test_a_slow_sender_is_cut() -> None:
    async with running_relay(frame_timeout=0.2) as relay:
        client = await Raw.open(relay.address)
        frame = framing.encode({"v": 1, "t": "hello"})

        async def trickle() -> None:  # one byte at a time, never done in time
            for byte in frame:
                client.write(bytes([byte]))
                await asyncio.sleep(0.05)

        sender = asyncio.create_task(trickle())
        assert await client.ended() == "frame_timeout"
        sender.cancel()
        await still_serves(relay)


async def test_a_client_that_never_answers_pings_is_cut() -> None:
    async with running_relay(ping_interval=0.05, idle_timeout=0.2) as relay:
        client = await Raw.open(relay.address)
        await client.hello()
        assert (await client.next(skip_pings=False) or {})["t"] == "ping"
        assert await client.ended() == "idle"
        await still_serves(relay)


async def test_a_client_that_never_reads_is_dropped_and_the_others_go_on() -> None:
    async with running_relay(max_frame=40_000, max_output=64 * 1024,
                             rate_messages=100_000, rate_window=1.0) as relay:
        host, created, (reader,) = await room_of(relay.address, [1, 2], taken=[1])
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sleeper:
            # A guest that joins and then never reads, with a small receive window.
            sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sleeper.connect(("127.0.0.1", int(relay.address.rpartition(":")[2])))
            sleeper.sendall(framing.encode({"v": 1, "t": "hello"}) + framing.encode(
                {"v": 1, "t": "join", "seat": 2, "p": {"code": created["p"]["code"]}}))
            assert (await host.expect("presence"))["p"]["state"] == "joined"
            payload = bytes(32_000)
            seq = 0

            async def flood() -> None:
                nonlocal seq
                while True:
                    seq += 1
                    host.send("data", seat=2, seq=seq, p=payload)
                    await host.writer.drain()

            flooding = asyncio.create_task(flood())
            notice = await host.expect("presence")
            flooding.cancel()
        assert (notice["seat"], notice["p"]["state"]) == (2, "away")
        assert relay.counters["closed_slow_reader"] == 1
        host.send("data", seat=1, seq=seq + 1, p=b"you are fine")
        assert (await reader.expect("data"))["p"] == b"you are fine"
        await still_serves(relay)


@pytest.mark.parametrize("limit", ["max_connections", "max_connections_per_address"])
async def test_too_many_connections(limit: str) -> None:
    async with running_relay(**{limit: 3}) as relay:
        clients = [await Raw.open(relay.address) for _ in range(3)]
        for client in clients:
            await client.hello()
        extra = await Raw.open(relay.address)
        extra.send("hello")  # sent before the refusal arrives: the refusal must survive it
        assert await extra.ended() == "too_many_connections"
        for client in clients[:2]:
            client.close()
        await until(lambda: relay.counters["closed_peer_closed"] == 2)
        await still_serves(relay)


async def test_a_client_over_its_message_rate_is_cut() -> None:
    async with running_relay(rate_messages=5, rate_window=60.0) as relay:
        client = await Raw.open(relay.address)
        await client.hello()
        for _ in range(4):
            client.send("ping")
            await client.expect("pong")
        client.send("ping")
        assert await client.ended() == "rate_limited"
        await still_serves(relay)


async def test_a_payload_over_the_limit_is_refused(relay: Relay) -> None:
    host, _, _ = await room_of(relay.address, [1])
    host.send("data", seat=1, seq=1, p=bytes(4000))  # fits the frame, not the payload room
    assert await host.ended() == "bad_envelope"
    await still_serves(relay)


async def test_a_refusal_that_quotes_the_client_stays_readable(relay: Relay) -> None:
    client = await Raw.open(relay.address)
    client.send("hello", p={"caps": [f"{n:064}" for n in range(40)]})
    assert await client.ended() == "version"  # its reason was cut to fit the decoder
    await still_serves(relay)
