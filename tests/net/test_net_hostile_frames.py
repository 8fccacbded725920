"""A hostile host's frames: a guest refuses what its game cannot produce with one line,
in memory and time bounded by the frame, and plays on (issue 39)."""

from __future__ import annotations

import asyncio
import tracemalloc
from typing import Any

import pytest

from core.events import SPECTATOR
from core.frames import frame
from core.net import payloads
from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from tests.net.relay_fixtures import running_relay
from tests.net.test_net_hostile_text import OVER, HostileHost
from tui.cli import main
from tui.netplay.guest import unreadable


def hegemonic_frame(seat: int = 1) -> dict[str, Any]:
    """A real frame of a two-player Hegemonic game, a few decisions in, put to ``seat``."""
    rules = ruleset("hegemonic")
    game = rules.new_game(GameSetup(players=2, seed=5))
    rng = Rng(5)
    while len(game.log) < 6 or (seat != SPECTATOR and game.prompt_for(seat) is None):
        prompt = rng.choice(game.pending())
        game.apply(prompt.seat, rng.choice(prompt.options))
    return frame(game, seat)


def far_out(sent: dict[str, Any]) -> dict[str, Any]:
    """Two sectors a million hexes out: a 3 kB frame that once took a guest to 4.8 GB."""
    for sector in sent["view"]["sectors"][:2]:
        sector["q"] = 10**6
    return sent


def test_a_frame_beyond_the_map_is_refused_before_anything_draws_it() -> None:
    rules = ruleset("hegemonic")
    sent = far_out(hegemonic_frame())
    tracemalloc.start()
    try:
        problem = unreadable(rules, sent, panes=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert problem == "the view's sectors[0].q is 1000000, beyond 24"
    assert peak < 5 * 2**20  # the map of a million hexes is never drawn
    assert unreadable(rules, hegemonic_frame(), panes=True) == ""  # a real one is shown


def test_a_prompt_without_options_is_refused_at_the_frame_check() -> None:
    sent = hegemonic_frame()
    sent["prompt"]["options"] = []
    with pytest.raises(payloads.BadPayload, match="at least one option"):
        payloads.decode_from_host(payloads.encode(payloads.Frame(sent, 0)))


def test_a_frame_of_more_events_than_a_frame_holds_is_refused() -> None:
    sent = hegemonic_frame(SPECTATOR)
    sent["prompt"] = None
    sent["seq"] = payloads.MAX_EVENTS + 1
    sent["first"] = 0
    sent["events"] = [{"seq": i, "kind": "x"} for i in range(payloads.MAX_EVENTS + 1)]
    with pytest.raises(payloads.BadPayload, match="events must be a list of at most 2000"):
        payloads.decode_from_host(payloads.encode(payloads.Frame(sent, None)))


async def test_join_bot_drops_hostile_frames_with_one_line_and_plays_on(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`fractal join --bot` once ended on a prompt without options (`below() needs a
    positive bound`); a frame beyond the map took its memory. Each is one line now."""
    empty = hegemonic_frame()
    empty["prompt"]["options"] = []
    async with running_relay() as relay, HostileHost.opened(relay.address) as host:
        joining = asyncio.create_task(asyncio.to_thread(
            main, ["join", host.client.code or "", "--relay", relay.address, "--bot",
                   "random", "--seed", "1"]))
        await host.guest_ready()
        await host.say(payloads.Lobby("hegemonic", 2, True, [
            payloads.LobbySeat(0, "human", "", "Host", True, True),
            payloads.LobbySeat(1, "remote", "", "Guest", True, True)]),
            payloads.Frame(empty, 6), payloads.Frame(far_out(hegemonic_frame()), 6), OVER)
        assert await asyncio.wait_for(joining, 30) == 0
    err = capsys.readouterr().err
    assert ("An unreadable message from the host was dropped: a prompt must offer at least "
            "one option") in err
    assert ("A frame this program cannot show was dropped: the view's sectors[0].q is "
            "1000000, beyond 24") in err
    assert "Traceback" not in err and "below()" not in err
