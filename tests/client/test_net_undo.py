"""A network game keeps no undo: u and Esc say why in one line and take nothing back."""

from __future__ import annotations

from pathlib import Path

from tests.client.test_lobby import SIZE, guest_app, ready_and_started, settle
from tests.net.netplay_fixtures import SHORT_SEED, host_game
from tests.net.relay_fixtures import running_relay, until
from tui.netplay.guest import GuestSession
from tui.screens.game import GameScreen
from tui.session import NETWORK_NO_UNDO
from tui.widgets.news import NewsPane

GUEST_SEAT = 1


async def test_u_in_a_network_game_says_it_keeps_no_undo(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote", SHORT_SEED, tmp_path / "host")
        app = guest_app(relay.address, host, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await ready_and_started(pilot, host)
            await until(lambda: host.table.turn(GUEST_SEAT) is not None)
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and isinstance(screen.session, GuestSession)
            await pilot.press("1")
            await until(lambda: any(seat == GUEST_SEAT for seat, _ in host.game.log))
            await settle(pilot)
            decided = len(host.game.log)
            news = screen.query_one(NewsPane)
            for key in ("u", "escape"):
                news.notice = None
                await pilot.press(key)
                await settle(pilot)
                assert news.notice is not None and news.notice[0] == NETWORK_NO_UNDO, key
            assert len(host.game.log) >= decided  # nothing taken back
