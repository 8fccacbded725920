"""Whole games through a relay on 127.0.0.1: a host running the engine and bot guests,
ending where the host's save says, and no seat ever receiving another's secrets."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from core.frames import frame
from core.rulesets import GameSetup, ruleset
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
    play_watched,
    seat_guests,
)
from tests.net.relay_fixtures import running_relay, until
from tui.netplay.autosave import Autosave
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


async def test_each_seat_receives_only_what_it_may_know(tmp_path: Path) -> None:
    """Every frame a guest or a spectator is sent keeps the game's checks and the kernel's
    (no other seat's secrets, no generator) as the state is when it leaves. Fractal's,
    byte for byte, are tests/fractal/test_netplay.py's; the Atlas's tests/atlas's."""
    async with running_relay() as relay:
        host = await host_game(relay.address, "remote,remote,remote,random", SECRETS_SEED,
                               tmp_path, spectators=1, game="toy")
        checker = ruleset("toy").checker(host.game)

        def secrets(viewer: int, sent: dict[str, Any], _: bytes) -> list[str]:
            players = sent["view"]["players"]
            assert all(p["hand"] is None for p in players if p["seat"] != viewer)
            return checker.view(viewer, sent["view"]) + checker.events(viewer, sent["events"])

        checked = await play_watched(host, relay.address, secrets)
    assert all(checked[seat] > 3 for seat in host.remote) and checked[4] > 0, checked


async def test_a_saved_network_game_is_hosted_again_with_its_seats(tmp_path: Path) -> None:
    async with running_relay(rate_messages=1000) as relay:
        host = await host_game(relay.address, "random,remote,remote,remote,remote,remote",
                               SHORT_SEED, tmp_path, game="toy")
        table = await seat_guests(host, dict.fromkeys(host.remote, relay.address))
        host.start()
        playing = [asyncio.create_task(play(session)) for session in table.sessions]
        await until(lambda: len(host.game.log) >= 4)  # of the 28 decisions of the game
        for task in playing:
            task.cancel()
        assert not host.game.over
        await host.finish()  # the host stops: its room closes, the guests are told
        for guest in table.guests.values():
            await until(lambda guest=guest: bool(guest.failure))  # type: ignore[misc]
            assert "the game ended early" in guest.failure
        saved = list(host.game.log)
        # Hosted again from its save: the same seats, the same game, a new room.
        again = saved_host_session(host.meta.autosave_name, SaveStore(tmp_path))
        assert [seat.text for seat in again.seats] == ["bot:random"] + ["remote"] * 5
        assert again.game.log == saved and again.meta.game_id == host.meta.game_id
        await again.open(relay.address, QUICK)
        assert again.code != host.code
        table = await seat_guests(again, dict.fromkeys(again.remote, relay.address))
        await play_out(table)
    assert again.game.log[:len(saved)] == saved
    ends_as_saved(table)


async def test_the_autosave_keeps_up_with_bots_and_ends_on_the_last_decision(
        tmp_path: Path) -> None:
    game = ruleset("toy").new_game(GameSetup(players=6, seed=4))
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
    while not game.over:  # decisions far faster than a disk: the newest state is written
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
        saver.changed()
        await asyncio.sleep(0)
    await asyncio.wait_for(saver.saved(), 10)
    task.cancel()
    assert writes[-1] == len(game.log) and writes == sorted(writes) and not failures
    assert read_save(saver.path).body.digest == game.digest()
