"""Whole games through a relay on 127.0.0.1: a host running the engine and bot guests,
ending where the host's save says, and no seat ever receiving another's secrets."""

from __future__ import annotations

import asyncio
import zlib
from pathlib import Path
from typing import Any

import msgpack

from core.events import SPECTATOR
from core.frames import frame
from core.games.atlas import invariants as atlas_invariants
from core.games.fractal import invariants
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.net import payloads
from saves.format import SaveMeta, read_save
from saves.replay import verify
from saves.store import SaveStore
from tests.net.netplay_fixtures import (
    QUICK,
    SECRETS_SEED,
    SHORT_SEED,
    ends_as_saved,
    host_game,
    play_out,
    seat_guests,
)
from tests.net.relay_fixtures import running_relay, until
from tui.netplay.autosave import Autosave
from tui.netplay.guest import GuestSession
from tui.netplay.headless import play
from tui.netplay.host import saved_host_session


async def test_a_whole_game_with_three_bot_guests_ends_as_the_save_replays(
        tmp_path: Path) -> None:
    # The game does not matter here: the tests' own (tests/toy).
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote,remote,remote", SHORT_SEED,
                               tmp_path, game="toy")
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        await play_out(table)
        assert relay.counters["rate_limited"] == 0 and relay.counters["closed_rate_limited"] == 0
    save = read_save(host.store.path_of(host.meta.autosave_name))  # type: ignore[union-attr]
    assert save.header.decisions == len(host.game.log) and save.header.over
    assert [f"{s.kind}:{s.level}" if s.level else s.kind for s in save.header.seats] == [
        "bot:random", "remote", "remote", "remote"]
    result = verify(save)
    assert result.ok, result.problem
    assert save.body.digest == host.game.digest()
    for seat, guest in table.guests.items():
        # Each guest ends with its own seat's view and every event it may see, as the host
        # has them, and the same result.
        assert guest.latest is not None
        assert guest.latest["view"] == host.game.view(seat)
        assert guest.frame(seat, 0)["events"] == frame(host.game, seat, 0)["events"]
        assert guest.result == host.outcome()
        assert not guest.failure
    assert host.outcome().winners == host.game.state.winners



async def test_a_game_with_every_module_plays_through_the_relay(tmp_path: Path) -> None:
    # Diplomacy's proposals and answers, Elite training's simultaneous answers and the
    # Fracture's ingress are ordinary prompts: a remote seat answers them like any other.
    from core.games.fractal.modules import NAMES

    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote,remote", SHORT_SEED, tmp_path,
                               modules=NAMES)
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        await play_out(table)
    assert host.game.state.options.modules == list(NAMES)
    assert host.game.over
    for seat, guest in table.guests.items():
        assert guest.latest is not None and guest.latest["view"] == host.game.view(seat)
        assert guest.result == host.outcome() and not guest.failure

def _raw(payload: bytes) -> bytes:
    """A payload's msgpack bytes, inflated if they travel compressed."""
    return zlib.decompress(payload[1:]) if payload[0] == payloads.ZLIB else payload[1:]


async def test_each_seat_receives_only_what_it_may_know(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "remote,remote,remote,random", SECRETS_SEED,
                               tmp_path, spectators=1)
        assert host.client is not None and host.spectators == [4]
        problems: list[str] = []
        checked = {seat: 0 for seat in host.offered}
        send = host.client.send

        async def watched(payload: bytes, seat: int | None = None) -> None:
            # Checked against the state as it is when the frame leaves, byte for byte.
            assert seat is not None
            message = payloads.decode_from_host(payload)
            if isinstance(message, payloads.Frame):
                viewer = seat if seat in host.remote else SPECTATOR
                assert message.frame["seat"] == viewer
                checked[seat] += 1
                problems.extend(_leaks(host.game.state, viewer, message.frame,
                                       _raw(payload)))
            await send(payload, seat)

        host.client.send = watched  # type: ignore[method-assign]
        spectator = await GuestSession.join(relay.address, host.code, 4, QUICK)
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        await play_out(table)
        assert spectator.seat == SPECTATOR and spectator.humans() == []
        assert spectator.result == host.outcome()
        assert spectator.frame(SPECTATOR)["view"] == host.game.view(SPECTATOR)
        await spectator.leave()
    assert not problems, problems[:5]
    # The players got a frame for each of their decisions; the spectator, who only
    # watches, one now and then.
    assert all(checked[seat] > 20 for seat in host.remote) and checked[4] > 2, checked
    # The game had secrets to keep: tactics chosen in battles, what insight showed, and
    # face-down tiles and decks all along.
    kinds = {event.kind for event in host.game.history}
    assert {"tactic_chosen", "insight"} <= kinds


def _leaks(state: Any, seat: int, sent: dict[str, Any], raw: bytes) -> list[str]:
    problems = invariants.check_view(state, seat, sent["view"])
    problems += invariants.check_events(state, seat, sent["events"])
    for secret, what in (*invariants._secrets(state, seat),
                         *invariants._deck_cards(state, seat)):
        if msgpack.packb(secret) in raw:
            problems.append(f"seat {seat} was sent {what} {secret!r}")
    for number, what in ((state.options.seed, "the seed"), (state.rng, "the generator")):
        if msgpack.packb(number) in raw:
            problems.append(f"seat {seat} was sent {what}")
    return problems


ATLAS_SEED = 0x5EED_F00D_CAFE_A71A  # large, so its bytes cannot turn up by chance


async def test_a_game_of_fractured_atlas_is_played_over_the_network(tmp_path: Path) -> None:
    """Any ruleset plays through the relay: an Atlas game between a host's bot, three bot
    guests and a spectator ends as its save replays, every frame keeping the other seats'
    hands, secret choices and the deck's order, and split VP reach every guest."""
    async with running_relay(rate_messages=1000) as relay:
        host = await host_game(relay.address, "random,remote,remote,remote", ATLAS_SEED,
                               tmp_path,
                               spectators=1, game="atlas")
        assert host.client is not None
        problems: list[str] = []
        send = host.client.send

        async def watched(payload: bytes, seat: int | None = None) -> None:
            message = payloads.decode_from_host(payload)
            if isinstance(message, payloads.Frame):
                viewer = message.frame["seat"]
                state = host.game.state
                problems.extend(atlas_invariants.check_view(state, viewer,
                                                            message.frame["view"]))
                problems.extend(atlas_invariants.check_events(state, viewer,
                                                              message.frame["events"]))
                for number, what in ((state.options.seed, "seed"), (state.rng, "generator")):
                    if msgpack.packb(number) in _raw(payload):
                        problems.append(f"seat {viewer} was sent the {what}")
            await send(payload, seat)

        host.client.send = watched  # type: ignore[method-assign]
        spectator = await GuestSession.join(relay.address, host.code, 4, QUICK)
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        await play_out(table)
        assert spectator.result == host.outcome()
        await spectator.leave()
    assert not problems, problems[:5]
    ends_as_saved(table)
    assert host.outcome().winners == host.game.state.winners
    assert any(isinstance(row.score, float) for row in host.outcome().standings)


async def test_a_saved_network_game_is_hosted_again_with_its_seats(tmp_path: Path) -> None:
    async with running_relay(rate_messages=1000) as relay:
        host = await host_game(relay.address, "random,remote,remote", SHORT_SEED,
                               tmp_path)
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        host.start()
        playing = [asyncio.create_task(play(session)) for session in table.sessions]
        await until(lambda: len(host.game.log) >= 40)
        for task in playing:
            task.cancel()
        await host.finish()  # the host stops: its room closes, the guests are told
        for guest in table.guests.values():
            await until(lambda guest=guest: bool(guest.failure))  # type: ignore[misc]
            assert "the game ended early" in guest.failure
        saved = list(host.game.log)
        # Hosted again from its save: the same seats, the same game, a new room.
        again = saved_host_session(host.meta.autosave_name, SaveStore(tmp_path))
        assert [seat.text for seat in again.seats] == ["bot:random", "remote", "remote"]
        assert again.game.log == saved and again.meta.game_id == host.meta.game_id
        await again.open(relay.address, QUICK)
        assert again.code != host.code
        table = await seat_guests(again, dict.fromkeys(again.remote, relay.address))
        await play_out(table)
    assert again.game.log[:len(saved)] == saved
    ends_as_saved(table)


async def test_the_autosave_keeps_up_with_bots_and_ends_on_the_last_decision(
        tmp_path: Path) -> None:
    game = Game.new(Options(players=3, seed=4))
    store = SaveStore(tmp_path)
    writes: list[int] = []
    write = store.write

    def counted(name: str, save: Any) -> Any:
        writes.append(save.header.decisions)
        return write(name, save)

    store.write = counted  # type: ignore[method-assign]
    failures: list[str] = []
    saver = Autosave(store, lambda: game, SaveMeta.new(["remote"] * 3), failures.append)
    task = asyncio.create_task(saver.run())
    for _ in range(60):  # decisions far faster than a disk: the newest state is written
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
        saver.changed()
        await asyncio.sleep(0)
    await asyncio.wait_for(saver.saved(), 10)
    task.cancel()
    assert writes[-1] == 60 and writes == sorted(writes) and not failures
    assert read_save(saver.path).body.digest == game.digest()
