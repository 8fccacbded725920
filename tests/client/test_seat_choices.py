"""Every bot level a command line accepts can be shown in the forms' seat selects: the
lobby opened by ``fractal host --seats human,remote,heuristic`` once crashed on a select
value it did not offer."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from tests.net.relay_fixtures import running_relay
from tui.app import Launch, ShellApp
from tui.netplay.host import HostSession
from tui.play.seats import form_levels, seat_options
from tui.screens.lobby import LobbyRequest, LobbyScreen


def test_a_seat_select_offers_every_level_and_any_seat_already_given() -> None:
    options = seat_options((("You", "human"),), "bot:mcts:50", "heuristic")
    seats = [seat for _, seat in options]
    assert seats[0] == "human"
    assert [f"bot:{level}" for level in form_levels()] == seats[1:-1]
    assert "bot:heuristic" in seats and seats[-1] == "bot:mcts:50"
    assert len(seats) == len(set(seats))


async def test_the_lobby_opens_with_a_heuristic_seat_and_hosts_it(tmp_path: Path) -> None:
    async with running_relay() as relay:
        request = LobbyRequest("host", relay.address, game="toy",
                               seats=("human", "remote", "bot:heuristic"), seed=3)
        app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path))
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            assert lobby.query_one("#seat-2", Select).value == "bot:heuristic"
            await pilot.press("ctrl+s")  # Open room
            await pilot.pause()
            await app.workers.wait_for_complete()
            session = lobby.session
            assert isinstance(session, HostSession)
            assert [s.text for s in session.seats] == ["human", "remote", "bot:heuristic"]
            await session.finish()
