"""The Fractured Atlas through a relay on 127.0.0.1, and a frame of it a guest cannot show.
(Network play itself is tested on the test game in tests/net.)"""

from __future__ import annotations

import zlib
from pathlib import Path

import msgpack

from core.frames import frame
from core.games.atlas import invariants as atlas_invariants
from core.games.atlas.game import Game
from core.games.atlas.state import Options
from core.net import payloads
from core.rulesets import ruleset
from tests.net.netplay_fixtures import (
    QUICK,
    ends_as_saved,
    host_game,
    play_out,
    seat_guests,
)
from tests.net.relay_fixtures import running_relay
from tui.netplay.guest import GuestSession, unreadable


def _raw(payload: bytes) -> bytes:
    """A payload's msgpack bytes, inflated if they travel compressed."""
    return zlib.decompress(payload[1:]) if payload[0] == payloads.ZLIB else payload[1:]


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


def test_a_frame_naming_content_this_program_lacks_cannot_be_shown() -> None:
    """What a guest drops, in one line (tests/net/test_net_hostile_text.py: through a
    relay): a place card the Atlas's words do not know."""
    game = Game.new(Options(players=2, seed=3))
    bad = frame(game, 1, 0)
    bad["view"]["places"][0]["card"] = "no_such_place"
    assert unreadable(ruleset("atlas"), frame(game, 1, 0), panes=True) == ""
    problem = unreadable(ruleset("atlas"), bad, panes=True)
    assert "no_such_place" in problem and "\n" not in problem
