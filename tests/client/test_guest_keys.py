"""A guest's key for its question is taken as soon as the question is on screen: the game
screen takes keys once the messages queued at its mount are handled, not after a refresh
that a busy guest may make wait (a faction chosen at once over SSH was dropped)."""

from __future__ import annotations

from pathlib import Path

from tests.client.test_lobby import SIZE, guest_app, ready_and_started, settle
from tests.net.netplay_fixtures import SHORT_SEED, host_game
from tests.net.relay_fixtures import running_relay, until
from tui.screens.game import GameScreen
from tui.widgets.decision import DecisionBar

GUEST_SEAT = 1

async def test_a_guest_chooses_the_moment_its_question_shows(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "human,remote", SHORT_SEED, tmp_path / "host")
        app = guest_app(relay.address, host, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await ready_and_started(pilot, host)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            # no pause for the screen to settle: the key as soon as the options are there
            await until(lambda: any(bar.options for bar in screen.query(DecisionBar)))
            assert screen.session.question(GUEST_SEAT) is not None
            await pilot.press("1")
            await until(lambda: [seat for seat, _ in host.game.log] == [GUEST_SEAT])
