"""Table talk through a relay on 127.0.0.1: a host with a player at its terminal, two
guests and a spectator. A line to everyone reaches every seat and the spectator; a line
to one seat reaches that seat and its speaker and no other connection; the speaker is the
seat the relay says, whatever the payload claims; long and fast lines are cut and
limited with one line back; and the save of a game talked through is the save of its
decisions alone."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core.errors import GameError
from core.net import payloads
from core.net.chat import BURST, MAX_CHAT, ChatLine, Pacing
from saves.format import encode, read_save, save_of
from saves.replay import decide, new_game
from tests.net.netplay_fixtures import QUICK, SHORT_SEED, host_game, play_out, seat_guests
from tests.net.relay_fixtures import running_relay, until
from tui.netplay.guest import GuestSession
from tui.netplay.host import HostSession, TooFast

HOST_SEAT, BLUE, GREEN, SPECTATOR_SEAT = 0, 1, 2, 3


class Ears:
    """Every payload a guest's connection brings it, and the notes its session gives."""

    def __init__(self, guest: GuestSession) -> None:
        self.payloads: list[bytes] = []
        self.notes: list[str] = []
        receive = guest._message

        def spy(payload: bytes) -> None:
            self.payloads.append(payload)
            receive(payload)

        guest._message = spy  # type: ignore[method-assign]
        guest.on_change = lambda note: self.notes.append(note) if note else None

    def heard_bytes(self, text: str) -> bool:
        return any(text.encode() in payload for payload in self.payloads)


async def talking_table(address: str, saves: Path) -> tuple[HostSession, dict[int, GuestSession]]:
    """A three-player game not yet started: Red at the host's terminal, Blue and Green
    guests, a spectator; every speaker's clock stopped, so that pacing depends on lines
    alone."""
    host = await host_game(address, "human,remote,remote", SHORT_SEED, saves, spectators=1)
    host.pacing = Pacing(clock=lambda: 0.0)
    guests = {seat: await GuestSession.join(address, host.code, seat, QUICK)
              for seat in (BLUE, GREEN, SPECTATOR_SEAT)}
    await until(lambda: host.present == {BLUE, GREEN, SPECTATOR_SEAT})
    return host, guests


def lines(session: Any) -> list[ChatLine]:
    return list(session.heard.lines)


async def test_a_line_to_everyone_reaches_every_seat_and_the_spectator(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host, guests = await talking_table(relay.address, tmp_path)
        guests[BLUE].say(BLUE, "hello table")
        await until(lambda: len(lines(host)) == 1)
        assert host.say(HOST_SEAT, "hello Blue") == ""
        await until(lambda: all(len(lines(g)) == 2 for g in guests.values()))
        expected = [ChatLine(BLUE, None, "hello table"), ChatLine(HOST_SEAT, None, "hello Blue")]
        assert lines(host) == expected
        assert all(lines(guest) == expected for guest in guests.values())
        # A spectator speaks to everyone too, and is named by its relay seat.
        guests[SPECTATOR_SEAT].say(-1, "nice move")
        await until(lambda: len(lines(guests[BLUE])) == 3)
        assert lines(host)[-1] == ChatLine(SPECTATOR_SEAT, None, "nice move")


async def test_a_private_line_reaches_its_addressee_and_its_speaker_only(
        tmp_path: Path) -> None:
    async with running_relay() as relay:
        host, guests = await talking_table(relay.address, tmp_path)
        ears = {seat: Ears(guest) for seat, guest in guests.items()}
        guests[BLUE].say(BLUE, "Green, ally with me", GREEN)
        guests[GREEN].say(GREEN, "deal", BLUE)
        await until(lambda: len(lines(guests[BLUE])) == 2 and len(lines(guests[GREEN])) == 2)
        said = [ChatLine(BLUE, GREEN, "Green, ally with me"), ChatLine(GREEN, BLUE, "deal")]
        assert lines(guests[BLUE]) == said and lines(guests[GREEN]) == said
        # A line to Red goes to the host's terminal, and back to Blue.
        guests[BLUE].say(BLUE, "Red, truce?", HOST_SEAT)
        guests[BLUE].say(BLUE, "public again")
        await until(lambda: len(lines(guests[SPECTATOR_SEAT])) == 1)
        await until(lambda: len(lines(host)) == 2 and len(lines(guests[GREEN])) == 3)
        assert lines(host) == [ChatLine(BLUE, HOST_SEAT, "Red, truce?"),
                               ChatLine(BLUE, None, "public again")]
        assert lines(guests[SPECTATOR_SEAT]) == [ChatLine(BLUE, None, "public again")]
        assert lines(guests[GREEN])[-1] == ChatLine(BLUE, None, "public again")
        # No other connection got a byte of a private line.
        assert not ears[SPECTATOR_SEAT].heard_bytes("ally") and not ears[
            SPECTATOR_SEAT].heard_bytes("deal")
        assert not ears[GREEN].heard_bytes("truce")
        assert not ears[SPECTATOR_SEAT].heard_bytes("truce")


SPECTATOR_ALONE = "Only players speak to one player; say it to everyone."
OWN_SEAT = "That is your own seat."
NO_PLAYER = "Lines to one seat go to players only; no such player."
TO_A_BOT = "is played by a bot, which reads no chat."
AWAY = "is away: the line would reach nobody."


async def test_lines_no_one_may_read_privately_are_refused_with_one_line(
        tmp_path: Path) -> None:
    async with running_relay() as relay:
        host, guests = await talking_table(relay.address, tmp_path)
        ears = {seat: Ears(guest) for seat, guest in guests.items()}
        await until(lambda: guests[BLUE].lobby is not None
                    and guests[SPECTATOR_SEAT].lobby is not None)
        # The guest's own session refuses them before they go, so the screen keeps them...
        for guest, to, problem in ((guests[SPECTATOR_SEAT], BLUE, SPECTATOR_ALONE),
                                   (guests[BLUE], BLUE, OWN_SEAT),
                                   (guests[BLUE], SPECTATOR_SEAT, NO_PLAYER)):
            with pytest.raises(GameError, match=problem):
                guest.say(BLUE, "psst", to)
        # ...and the host refuses them from a client that sends them anyway.
        await guests[SPECTATOR_SEAT].client.send(_say({"text": "psst, Blue", "to": BLUE}))
        await guests[BLUE].client.send(_say({"text": "to myself", "to": BLUE}))
        await guests[BLUE].client.send(_say({"text": "to the spectator",
                                             "to": SPECTATOR_SEAT}))
        await until(lambda: len(ears[BLUE].notes) == 2 and ears[SPECTATOR_SEAT].notes)
        assert ears[SPECTATOR_SEAT].notes == [SPECTATOR_ALONE]
        assert ears[BLUE].notes == [OWN_SEAT, NO_PLAYER]
        assert not any(lines(session) for session in (host, *guests.values()))


async def test_a_private_line_to_a_bot_or_an_absent_player_is_refused(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote,remote", SHORT_SEED, tmp_path)
        blue = await GuestSession.join(relay.address, host.code, BLUE, QUICK)
        await until(lambda: host.present == {BLUE} and blue.lobby is not None
                    and blue.lobby.seats[BLUE].connected)
        for to, problem in ((0, TO_A_BOT), (GREEN, AWAY)):
            with pytest.raises(GameError, match=problem):
                blue.say(BLUE, "psst", to)
        ears = Ears(blue)
        await blue.client.send(_say({"text": "bot, listen", "to": 0}))
        await blue.client.send(_say({"text": "Green?", "to": GREEN}))
        await until(lambda: len(ears.notes) == 2)
        assert ears.notes[0].endswith(TO_A_BOT) and ears.notes[1].endswith(AWAY)
        assert not lines(host) and not lines(blue)


def _say(fields: dict[str, Any]) -> bytes:
    return bytes((payloads.PLAIN,)) + msgpack.packb({"v": payloads.VERSION, "t": "say",
                                                      **fields})


async def test_the_speaker_is_the_seat_the_relay_names(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host, guests = await talking_table(relay.address, tmp_path)
        ears = Ears(guests[GREEN])
        # A payload that names its speaker is not a line at all...
        await guests[GREEN].client.send(_say({"text": "I am Red", "to": None, "seat": 0}))
        # ...and one that names none is stamped with the connection's seat.
        await guests[GREEN].client.send(_say({"text": "I am Red", "to": None}))
        await until(lambda: len(lines(host)) == 1 and ears.notes)
        assert ears.notes == ["The host refused: unknown fields in say: seat"]
        assert lines(host) == [ChatLine(GREEN, None, "I am Red")]
        await until(lambda: len(lines(guests[BLUE])) == 1)
        assert lines(guests[BLUE]) == [ChatLine(GREEN, None, "I am Red")]


async def test_long_fast_and_hostile_lines_are_cut_limited_and_cleaned(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host, guests = await talking_table(relay.address, tmp_path)
        ears = Ears(guests[BLUE])
        # Past the guest's own cleaning: what another program could send.
        await guests[BLUE].client.send(_say({"text": "\x1b]0;pwned\x07ok\x1b[2J" + "x" * 600,
                                             "to": None}))
        await until(lambda: len(lines(host)) == 1 and ears.notes)
        assert lines(host) == [ChatLine(BLUE, None, ("ok" + "x" * 600)[:MAX_CHAT])]
        assert ears.notes == [f"Your line was cut to {MAX_CHAT} characters."]
        # BURST lines at once (the long one was the first), then every line is dropped and
        # the speaker hears it once.
        for n in range(BURST + 3):
            guests[BLUE].say(BLUE, f"spam {n}")
        guests[GREEN].say(GREEN, "done")  # Green's allowance is its own
        await until(lambda: any(line.text == "done" for line in lines(host)))
        await until(lambda: len(ears.notes) == 2)
        await asyncio.sleep(0.2)  # the lines after the notice would be here by now
        assert [line.text for line in lines(host) if line.seat == BLUE][1:] == [
            f"spam {n}" for n in range(BURST - 1)]
        assert ears.notes[1].startswith(f"Too fast: {BURST} lines at once") and len(
            ears.notes) == 2
        # The host's own person is paced the same way, with a line each time.
        for n in range(BURST):
            host.say(HOST_SEAT, f"red {n}")
        for _ in range(2):
            with pytest.raises(TooFast):
                host.say(HOST_SEAT, "one more")


async def test_a_game_talked_through_saves_its_decisions_alone(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote,remote", SHORT_SEED, tmp_path)
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        guests = table.guests

        async def talk() -> None:  # while the bots play, their players chat
            for n in range(20):
                guests[BLUE].say(BLUE, f"line {n}", GREEN if n % 2 else None)
                await asyncio.sleep(0)

        await asyncio.gather(play_out(table), talk())
    # Blue's first BURST lines went (Green reads them all), the others were dropped.
    assert [line.text for line in guests[GREEN].heard.lines] == [
        f"line {n}" for n in range(BURST)]
    assert host.store is not None
    path = host.store.path_of(host.meta.autosave_name)
    saved = path.read_bytes()
    # The same decisions played again with nobody talking make the same bytes.
    save = read_save(path)
    game = new_game(save)
    for seat, choice in save.body.log:
        decide(game, seat, choice)
    assert encode(save_of(game, host.meta, played=save.header.played)) == saved
    assert b"line " not in saved
