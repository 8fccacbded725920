"""Network games when the network fails or someone misbehaves: connections cut mid-game
and mid-frame, wrong tokens, a seat claimed twice, stale and repeated choices, a player
away and a bot standing in. Every game still ends as its save replays."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from core.net import payloads
from core.net.client import Message, RelayClient, Ticket
from core.net.errors import RelayRefused
from core.net.relay import Relay
from tests.net.netplay_fixtures import (
    QUICK,
    SHORT_SEED,
    FaultyProxy,
    ends_as_saved,
    host_game,
    play_out,
    seat_guests,
)
from tests.net.relay_fixtures import running_relay, until
from tui.netplay.guest import GuestSession
from tui.netplay.headless import play
from tui.netplay.host import HostSession


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    # The allowance of the relay is not what these tests are about: test_net_pacing is.
    async with running_relay(rate_messages=1000) as relay:
        yield relay


@pytest.fixture
async def proxy(relay: Relay) -> AsyncIterator[FaultyProxy]:
    proxy = FaultyProxy(relay.address)
    await proxy.start()
    yield proxy
    await proxy.close()


async def at_decision(host: HostSession, count: int, then: Callable[[], Any]) -> None:
    await until(lambda: len(host.game.log) >= count or host.over, 30)
    then()


def noted(session: GuestSession | HostSession) -> list[str]:
    notes: list[str] = []
    session.on_change = lambda note: notes.append(note) if note else None
    return notes


async def test_guests_cut_off_mid_game_and_mid_frame_reconnect_and_play_on(
        relay: Relay, proxy: FaultyProxy, tmp_path: Path) -> None:
    host = await host_game(relay.address, "random,remote,remote,remote", SHORT_SEED,
                           tmp_path)
    table = await seat_guests(host, {1: proxy.address, 2: relay.address, 3: relay.address})
    watcher = noted(table.guests[2])

    def split(way: str) -> Callable[[], None]:
        return lambda: proxy.split.__setitem__(way, True)

    faults = asyncio.gather(at_decision(host, 20, split("down")),
                            at_decision(host, 60, split("up")),
                            at_decision(host, 100, proxy.cut))
    await play_out(table)
    await faults
    assert proxy.splits == 2  # cut inside a frame once each way
    assert relay.counters["connections"] >= 4 + 3  # seat 1 came back three times
    assert any(note.startswith("Paused:") for note in watcher), watcher
    ends_as_saved(table)


async def test_the_host_cut_off_comes_back_and_guests_resend_what_it_missed(
        relay: Relay, proxy: FaultyProxy, tmp_path: Path) -> None:
    host = await host_game(relay.address, "random,remote,remote,remote", SHORT_SEED,
                           tmp_path, address_for_host=proxy.address)
    table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
    notes = noted(table.guests[1])

    def split(way: str) -> Callable[[], None]:
        return lambda: proxy.split.__setitem__(way, True)

    faults = asyncio.gather(at_decision(host, 30, split("down")),
                            at_decision(host, 90, split("up")),
                            at_decision(host, 150, proxy.cut))
    await play_out(table)
    await faults
    assert "The host is back." in notes
    ends_as_saved(table)


async def test_a_wrong_token_and_a_taken_seat_are_refused_and_a_new_connection_replaces(
        relay: Relay, tmp_path: Path) -> None:
    host = await host_game(relay.address, "remote,remote,random", SHORT_SEED, tmp_path)
    table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
    first = table.guests[0]
    with pytest.raises(RelayRefused) as taken:
        await GuestSession.join(relay.address, host.code, 0, QUICK)
    assert taken.value.code == "bad_code"  # as a wrong code: a guesser learns nothing
    ticket = first.client.ticket
    with pytest.raises(RelayRefused) as wrong:
        await GuestSession.rejoin(Ticket(ticket.address, ticket.room, "x" * 32, 0), QUICK)
    assert wrong.value.code == "bad_token"
    host.start()
    await until(lambda: first.latest is not None)
    # The same seat again, from another connection (the player's other terminal): it
    # takes over, the first is told so, and the game goes on with the second.
    second = await GuestSession.rejoin(ticket, QUICK, level="random", seed=7)
    await until(lambda: bool(first.failure))
    assert "replaced" in first.failure
    table.guests[0] = second
    async with asyncio.timeout(60):
        await asyncio.gather(play(host), play(second), play(table.guests[1]))
    await host.finish()
    ends_as_saved(table)


class HandGuest:
    """A guest that speaks the game payloads by hand, to say what a session never would."""

    def __init__(self, client: RelayClient) -> None:
        self.client = client

    async def send(self, message: payloads.GuestMessage | bytes) -> None:
        await self.client.send(message if isinstance(message, bytes)
                               else payloads.encode(message))

    async def next(self, kind: type[Any]) -> Any:
        while True:
            event = await asyncio.wait_for(self.client.receive(), 10)
            if isinstance(event, Message):
                message = payloads.decode_from_host(event.payload)
                if isinstance(message, kind):
                    return message


async def test_stale_illegal_and_repeated_choices_are_answered_and_do_no_harm(
        relay: Relay, tmp_path: Path) -> None:
    host = await host_game(relay.address, "remote,random", SHORT_SEED, tmp_path)
    guest = HandGuest(await RelayClient.join_room(relay.address, host.code, 0, QUICK))
    await guest.send(payloads.Choice("x", 0))  # before the game starts
    assert (await guest.next(payloads.Error)).code == "not_started"
    await guest.send(payloads.Ready(True))
    await until(host.can_start)
    bot = asyncio.create_task(play(host))
    host.start()
    while (sent := await guest.next(payloads.Frame)).frame["prompt"] is None:
        pass
    asked = sent.asked
    assert asked == len(host.game.log)
    option = sent.frame["prompt"]["options"][0]
    await guest.send(b"\x00garbage")
    assert (await guest.next(payloads.Error)).code == "bad_message"
    await guest.send(payloads.Choice("no such option", asked))
    refused = await guest.next(payloads.Error)
    assert (refused.code, refused.choice, refused.asked) == ("illegal", "no such option", asked)
    assert len(host.game.log) == asked
    await guest.send(payloads.Choice(option, asked + 5))  # made on no such decision
    stale = await guest.next(payloads.Error)
    assert (stale.code, stale.asked) == ("stale", asked + 5)
    assert (await guest.next(payloads.Frame)).sync  # the game as it stands, at once
    await guest.send(payloads.Choice(option, asked))
    await guest.send(payloads.Choice(option, asked))  # sent twice: taken once
    assert (await guest.next(payloads.Error)).code == "stale"
    assert host.game.log[asked] == (0, option)
    assert [seat for seat, _ in host.game.log].count(0) == 1
    bot.cancel()
    await guest.client.leave()
    await host.finish()


async def test_a_garbage_frame_to_a_guest_is_dropped_with_a_line(relay: Relay) -> None:
    fake_host = await RelayClient.create_room(relay.address, [0], QUICK)
    assert fake_host.code is not None
    guest = await GuestSession.join(relay.address, fake_host.code, 0, QUICK)
    notes = noted(guest)
    for garbage in (b"", b"\x00\xc1", b"\x01not zlib", payloads.encode(payloads.Lobby(
            "fractal", 2, True, []))[:1] + b"\x82\xa1v\x01\xa1t\xa5frame"):
        await fake_host.send(garbage, 0)
    lobby = payloads.Lobby("fractal", 2, False, [payloads.LobbySeat(
        0, "remote", "", "Red", True, False)])
    await fake_host.send(payloads.encode(lobby), 0)
    await until(lambda: guest.lobby is not None)
    assert guest.lobby == lobby and not guest.failure
    assert sum("unreadable message from the host" in note for note in notes) == 4
    await guest.leave()
    await fake_host.leave()


async def test_the_game_pauses_for_an_absent_player_and_a_bot_may_stand_in(
        relay: Relay, tmp_path: Path) -> None:
    host = await host_game(relay.address, "remote,remote,random", SHORT_SEED, tmp_path)
    table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
    away, other = table.guests[0], table.guests[1]
    notes = noted(other)
    playing = [asyncio.create_task(play(s)) for s in (host, other)]
    host.start()
    away_play = asyncio.create_task(play(away))
    await until(lambda: len(host.game.log) >= 20)
    ticket = away.client.ticket
    await away.client.disconnect()  # gone without giving the seat up
    await away_play
    await until(lambda: host.paused)
    assert host.bot_turn() is None and host.status.startswith("Paused:")
    await until(lambda: other.paused)
    assert [c.title for c in host.commands()] == [f"Hand {host.lobby().seats[0].name} "
                                                  "to a bot"]
    host.hand_to_bot(0, "random")
    await until(lambda: not other.paused and len(host.game.log) >= 60)
    # The player comes back: the bot gives the seat back and the game goes on.
    back = await GuestSession.rejoin(ticket, QUICK, level="random", seed=9)
    await until(lambda: back.latest is not None)
    assert 0 not in host.stand_ins
    table.guests[0] = back
    async with asyncio.timeout(60):
        await asyncio.gather(play(back), *playing)
    await host.finish()
    assert any(note.startswith("Paused:") for note in notes)
    assert "The game goes on." in notes
    ends_as_saved(table)
