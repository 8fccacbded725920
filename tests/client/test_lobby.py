"""The lobby, by keyboard through Textual's pilot: host a game from the title screen with
a remote seat that a headless bot guest takes, start, and the game screen plays it; join
a hosted game by its code, be ready, and play the seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Select, Static

from core.rulesets import titles
from tests.net.netplay_fixtures import SHORT_SEED, host_game
from tests.net.relay_fixtures import running_relay, until
from tui.app import Launch, ShellApp
from tui.netplay import headless
from tui.netplay.guest import GuestSession
from tui.netplay.host import HostSession
from tui.screens.dialogs import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.lobby import LobbyRequest, LobbyScreen
from tui.screens.title import ITEMS, TitleScreen

SIZE = (100, 34)


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def guest_app(relay_address: str, host: HostSession, tmp_path: Path) -> ShellApp:
    """The client of a person who joins ``host``'s room by its code, saving under
    ``tmp_path``/guest."""
    request = LobbyRequest("join", relay_address, code=host.code, connect=True)
    return ShellApp(Launch(lobby=request), save_dir=str(tmp_path / "guest"))


async def ready_and_started(pilot: Pilot[None], host: HostSession) -> None:
    """The guest at the keyboard says Ready, the host starts, the game screen comes."""
    await pilot.press("ctrl+s")  # Ready
    await until(host.can_start)
    host.start()
    await until(lambda: isinstance(pilot.app.screen, GameScreen))


async def test_host_a_game_for_a_bot_guest_and_play_it(tmp_path: Path) -> None:
    async with running_relay() as relay:
        app = ShellApp(save_dir=str(tmp_path))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            keys = [key for key, _ in ITEMS]
            # Down the menu to Host network game (Continue is skipped: no save yet).
            await pilot.press(*["down"] * (keys.index("host") - 1), "enter")
            await settle(pilot)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            # Back from Open room to the relay's field, which gets this relay's address.
            await pilot.press(*["shift+tab"] * 5, "home", "ctrl+k", *relay.address)
            await pilot.press("enter")  # Enter in a field opens the room
            await settle(pilot)
            session = lobby.session
            assert isinstance(session, HostSession) and session.code
            assert [s.text for s in session.seats] == ["human", "remote"]
            invite = str(lobby.query_one("#invite", Static).content)
            assert "█" in invite and f"fractal join {session.code}" in invite
            assert lobby.query_one("#start", Button).disabled
            guest = asyncio.create_task(headless.join(relay.address, session.code,
                                                      "random", None, 5))
            await until(session.can_start)
            await settle(pilot)
            table = lobby.query_one("#lobby-seats", DataTable)
            assert [str(c) for c in table.get_row_at(1)][3:] == ["yes", "yes"]
            assert not lobby.query_one("#start", Button).disabled
            await pilot.press("ctrl+s")  # Start
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is session
            assert session.started and screen.viewer == 0
            # Play by keyboard until the guest has decided too: its choices came back
            # through the relay and the screen drew them.
            for _ in range(200):
                if any(seat == 1 for seat, _ in session.game.log):
                    break
                if isinstance(app.screen, ConfirmScreen):
                    await pilot.press("y")
                elif session.game.prompt_for(0) is not None:
                    await pilot.press("1")
                await settle(pilot)
            assert any(seat == 1 for seat, _ in session.game.log)
            assert screen.seq == len(session.game.history)
            await pilot.press("q", "y")  # leave: the room closes, the guest stops
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            assert await asyncio.wait_for(guest, 10) == 1  # the game ended early for it


@pytest.mark.parametrize(("game", "seed"), [("fractal", SHORT_SEED), ("atlas", 3)])
async def test_join_a_hosted_game_by_its_code_and_play_a_seat(tmp_path: Path, game: str,
                                                              seed: int) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote", seed, tmp_path / "host",
                               game=game)
        bots = asyncio.create_task(headless.play(host))
        request = LobbyRequest("join", relay.address, code=host.code.lower(), connect=True)
        app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path / "guest"))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            session = lobby.session
            assert isinstance(session, GuestSession) and session.relay_seat == 1
            await until(lambda: session.lobby is not None)
            await settle(pilot)
            table = lobby.query_one("#lobby-seats", DataTable)
            assert [str(c) for c in table.get_row_at(1)][2] == "you"
            assert not host.can_start()
            await ready_and_started(pilot, host)
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is session
            assert screen.viewer == 1 and session.humans() == [1]
            for _ in range(300):  # by keyboard, until this seat has decided three times
                if [seat for seat, _ in host.game.log].count(1) >= 3:
                    break
                if isinstance(app.screen, ConfirmScreen):
                    await pilot.press("y")
                elif screen.frame.get("prompt") is not None:
                    await pilot.press("1")
                await settle(pilot)
            assert [seat for seat, _ in host.game.log].count(1) >= 3
            assert screen.seq > 0 and screen.frame["view"]["seat"] == 1
            assert screen.session.ruleset.name == game
            await pilot.press("q", "y")  # the seat is given up: the host pauses
            await until(lambda: host.paused)
        bots.cancel()
        await host.finish()


async def test_host_fractured_atlas_from_the_lobby(tmp_path: Path) -> None:
    """The lobby's Game field offers every ruleset: a game of Fractured Atlas chosen by
    keyboard opens its room, a bot guest joins it, and the game screen plays it."""
    async with running_relay(rate_messages=1000) as relay:
        request = LobbyRequest("host", relay.address, seats=("human", "remote"), seed=3)
        app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            # Back from Open room to the Game field, past the seed, two seats, the players
            # and the relay; Enter opens its list, Down goes to the Atlas.
            downs = list(titles("fractal")).index("atlas")
            await pilot.press(*["shift+tab"] * 6, "enter", *["down"] * downs, "enter")
            await settle(pilot)
            assert lobby.query_one("#game", Select).value == "atlas"
            await pilot.press("ctrl+s")  # Open room
            await settle(pilot)
            session = lobby.session
            assert isinstance(session, HostSession) and session.ruleset.name == "atlas"
            assert "A game of Fractured Atlas." in str(lobby.query_one("#invite",
                                                                       Static).content)
            guest = asyncio.create_task(headless.join(relay.address, session.code,
                                                      "random", None, 5))
            await until(session.can_start)
            await pilot.press("ctrl+s")  # Start
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is session
            for _ in range(200):  # by keyboard, until the guest has decided too
                if any(seat == 1 for seat, _ in session.game.log):
                    break
                if isinstance(app.screen, ConfirmScreen):
                    await pilot.press("y")
                elif session.game.prompt_for(0) is not None:
                    await pilot.press("1")
                await settle(pilot)
            assert any(seat == 1 for seat, _ in session.game.log)
            assert screen.frame["view"]["ruleset"] == "atlas"
            await pilot.press("q", "y")
            await settle(pilot)
            assert await asyncio.wait_for(guest, 10) == 1


async def test_a_lobby_closed_by_quitting_leaves_no_screen_listening(tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "random,remote", SHORT_SEED, tmp_path / "host")
        app = guest_app(relay.address, host, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            session = lobby.session
            assert isinstance(session, GuestSession)
            await until(lambda: session.lobby is not None)
            assert session.on_change is not None
            app.exit()
        assert session.on_change is None
        session.changed("the host's news after the screen is gone")  # reaches nobody
        await session.leave()
        await host.finish()
