"""The client library against a real relay on 127.0.0.1, through a proxy when the test
needs the network to fail."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest

from core.net import framing
from core.net.client import (
    ClientOptions,
    Message,
    Notice,
    RelayClient,
    Resumed,
    parse_address,
)
from core.net.errors import RelayError, RelayRefused, RelayUnreachable, RoomClosed
from core.net.protocol import Presence
from core.net.relay import Relay
from tests.net.relay_fixtures import Proxy, running_relay

QUICK = ClientOptions(connect_timeout=2.0, reconnect_for=5.0, backoff_first=0.01,
                      backoff_max=0.05)


async def host_and_guest(address: str, guest_address: str | None = None,
                         seats: list[int] | None = None,
                         options: ClientOptions = QUICK) -> tuple[RelayClient, RelayClient]:
    """A host offering ``seats`` (seat 1 alone by default) and a guest in the first one."""
    host = await RelayClient.create_room(address, seats or [1], options)
    assert host.code is not None
    guest = await RelayClient.join_room(guest_address or address, host.code, options=options)
    return host, guest


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    async with running_relay() as relay:
        yield relay


@pytest.fixture
async def proxy(relay: Relay) -> AsyncIterator[Proxy]:
    proxy = Proxy(relay.address)
    await proxy.start()
    yield proxy
    await proxy.close()


async def test_host_and_guests_exchange_payloads(relay: Relay) -> None:
    async with await RelayClient.create_room(relay.address, [1, 2], QUICK) as host:
        assert host.is_host and host.code is not None
        one = await RelayClient.join_room(relay.address, host.code, options=QUICK)
        two = await RelayClient.join_room(relay.address, host.code, 2, QUICK)
        assert (one.seat, two.seat) == (1, 2) and one.host_present
        assert await host.receive() == Notice(1, Presence.JOINED)
        assert await host.receive() == Notice(2, Presence.JOINED)
        await host.send(b"yours", seat=2)
        await host.send_public(b"everyone's")
        assert await two.receive() == Message(2, b"yours")
        assert await two.receive() == Message(None, b"everyone's", public=True)
        assert await one.receive() == Message(None, b"everyone's", public=True)
        await one.send(b"a choice")
        assert await host.receive() == Message(1, b"a choice")
        await one.disconnect()
        await two.disconnect()


async def test_the_api_refuses_what_the_relay_would(relay: Relay) -> None:
    host, guest = await host_and_guest(relay.address)
    with pytest.raises(ValueError, match="sends to a seat"):
        await host.send(b"x")
    with pytest.raises(ValueError, match="host only"):
        await guest.send(b"x", seat=1)
    with pytest.raises(ValueError, match="only the host"):
        await guest.send_public(b"x")
    with pytest.raises(ValueError, match="over the relay's"):
        await guest.send(bytes(guest.max_payload + 1))
    await host.disconnect()
    await guest.disconnect()


async def test_a_wrong_code_is_one_clear_error(relay: Relay) -> None:
    with pytest.raises(RelayRefused) as refused:
        await RelayClient.join_room(relay.address, "ABCDEF", options=QUICK)
    assert refused.value.code == "bad_code"
    assert "no open room" in str(refused.value) and "\n" not in str(refused.value)


async def test_a_relay_that_lacks_a_capability_refuses_the_hello(relay: Relay) -> None:
    options = ClientOptions(caps=("teleport",))
    with pytest.raises(RelayRefused) as refused:
        await RelayClient.create_room(relay.address, [1], options)
    assert refused.value.code == "version" and refused.value.versions == (1,)
    assert "teleport" in str(refused.value)


async def test_an_unreachable_relay_is_one_clear_error() -> None:
    with socket.socket() as placeholder:  # a port that nothing listens on
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    with pytest.raises(RelayUnreachable, match="cannot reach the relay"):
        await RelayClient.create_room(f"127.0.0.1:{port}", [1], QUICK)


@pytest.mark.parametrize("text", ["localhost", "host:port", "1.2.3.4:0", ":80", "h:99999"])
def test_a_bad_address_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="HOST:PORT"):
        parse_address(text)


def test_addresses_are_read() -> None:
    assert parse_address("127.0.0.1:7777") == ("127.0.0.1", 7777)
    assert parse_address("[::1]:7777") == ("::1", 7777)


async def test_a_guest_reconnects_by_itself_and_resends_what_was_not_acknowledged(
        relay: Relay, proxy: Proxy) -> None:
    host, guest = await host_and_guest(relay.address, proxy.address)
    assert await host.receive() == Notice(1, Presence.JOINED)
    proxy.blocked = True
    proxy.cut()
    assert await host.receive() == Notice(1, Presence.AWAY)
    await guest.send(b"sent while cut off")  # kept, then resent after the reconnect
    await host.send(b"lost while away", seat=1)
    proxy.blocked = False
    assert await guest.receive() == Resumed(missed=1)
    assert await host.receive() == Notice(1, Presence.BACK)
    assert await host.receive() == Message(1, b"sent while cut off")
    await host.send(b"welcome back", seat=1)
    assert await guest.receive() == Message(1, b"welcome back")
    await guest.disconnect()
    await host.disconnect()


async def test_frames_in_flight_when_the_line_drops_arrive_once(relay: Relay,
                                                                proxy: Proxy) -> None:
    host, guest = await host_and_guest(relay.address, proxy.address)
    await host.receive()
    for number in range(20):
        await guest.send(b"%d" % number)
    proxy.cut()
    for number in range(20, 30):
        await guest.send(b"%d" % number)
    received = []
    while len(received) < 30:
        event = await host.receive()
        if isinstance(event, Message):
            received.append(int(event.payload))
    assert received == list(range(30))
    await guest.disconnect()
    await host.disconnect()


async def test_a_seat_is_taken_back_with_the_ticket(relay: Relay) -> None:
    host = await RelayClient.create_room(relay.address, [1, 2], QUICK)
    assert host.code is not None
    guest = await RelayClient.join_room(relay.address, host.code, 2, QUICK)
    ticket = guest.ticket
    await guest.send(b"before")
    assert await host.receive() == Notice(2, Presence.JOINED)
    assert await host.receive() == Message(2, b"before")
    await guest.disconnect()
    assert await host.receive() == Notice(2, Presence.AWAY)
    await host.send(b"while you were out", seat=2)
    again = await RelayClient.rejoin(ticket, QUICK)
    assert again.seat == 2
    assert await again.receive() == Resumed(missed=1)
    assert await host.receive() == Notice(2, Presence.BACK)
    await host.send(b"hello again", seat=2)
    assert await again.receive() == Message(2, b"hello again")
    await again.send(b"and after")  # numbered after "before", though by another client
    assert await host.receive() == Message(2, b"and after")
    await again.disconnect()
    await host.disconnect()


async def test_the_host_takes_the_room_back_and_learns_who_is_there(relay: Relay) -> None:
    host, guest = await host_and_guest(relay.address, seats=[1, 2])
    await host.disconnect()
    assert await guest.receive() == Notice(None, Presence.AWAY)
    assert not guest.host_present
    host = await RelayClient.rejoin(host.ticket, QUICK)
    assert await host.receive() == Resumed(missed=0, seats=(1,))
    assert await guest.receive() == Notice(None, Presence.BACK)
    await guest.disconnect()
    await host.disconnect()


async def test_a_second_connection_with_the_ticket_ends_the_first(relay: Relay) -> None:
    host, first = await host_and_guest(relay.address)
    second = await RelayClient.rejoin(first.ticket, QUICK)
    with pytest.raises(RoomClosed) as closed:
        await first.receive()
    assert closed.value.code == "replaced"
    assert await second.receive() == Resumed(missed=0)
    await second.disconnect()
    await host.disconnect()


async def test_leaving_and_closing(relay: Relay) -> None:
    host, one = await host_and_guest(relay.address, seats=[1, 2])
    two = await RelayClient.join_room(relay.address, host.code, options=QUICK)
    await one.leave()
    with pytest.raises(RoomClosed, match="you left"):
        await one.receive()
    await host.leave()
    with pytest.raises(RoomClosed) as closed:
        await two.receive()
    assert closed.value.code == "room_closed"
    with pytest.raises(RoomClosed):
        await two.send(b"anyone?")


async def test_a_client_gives_up_when_the_relay_stays_unreachable(relay: Relay,
                                                                  proxy: Proxy) -> None:
    host = await RelayClient.create_room(proxy.address, [1], ClientOptions(
        connect_timeout=1.0, reconnect_for=0.2, backoff_first=0.01, backoff_max=0.05))
    await proxy.close()
    with pytest.raises(RelayUnreachable, match="gave up"):
        await host.receive()
    await host.disconnect()


async def test_a_client_whose_window_is_full_waits_for_acknowledgements(relay: Relay
                                                                       ) -> None:
    options = ClientOptions(window=2)
    host, guest = await host_and_guest(relay.address, options=options)
    async with asyncio.timeout(5):
        for number in range(10):  # only ever two unacknowledged: the pings ask for acks
            await guest.send(b"%d" % number)
    await host.disconnect()
    await guest.disconnect()


@pytest.mark.parametrize("answer", [
    {"v": 1, "t": "hello", "p": {"max_frame": 1000}},  # fields missing
    {"v": 1, "t": "created"},  # not an answer to hello
])
async def test_a_relay_that_breaks_the_protocol_is_one_clear_error(
        answer: dict[str, object]) -> None:
    done = asyncio.Event()

    async def impostor(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await framing.read_frame(reader, framing.ReadState(0.0), 1 << 16)
        writer.write(framing.encode(answer))
        await reader.read()  # until the client hangs up
        writer.close()
        await writer.wait_closed()
        done.set()

    server = await asyncio.start_server(impostor, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    with pytest.raises(RelayError, match=r"broke the protocol|answered"):
        await RelayClient.create_room(f"127.0.0.1:{port}", [1], QUICK)
    await done.wait()
    server.close()
    await server.wait_closed()
