"""Fractal through a relay on 127.0.0.1: a game with every module, and no seat ever sent
another's secrets, checked byte for byte against Fractal's own. (Network play itself is
tested on the test game in tests/net.)"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import msgpack

from core.games.fractal import invariants
from core.net import payloads
from tests.net.netplay_fixtures import (
    SECRETS_SEED,
    SHORT_SEED,
    host_game,
    play_out,
    play_watched,
    seat_guests,
)
from tests.net.relay_fixtures import running_relay


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

        def leaks(viewer: int, sent: dict[str, Any], payload: bytes) -> list[str]:
            # Checked against the state as it is when the frame leaves, byte for byte.
            return _leaks(host.game.state, viewer, sent, _raw(payload))

        checked = await play_watched(host, relay.address, leaks)
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


