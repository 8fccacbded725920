"""Table talk on the game screen, by keyboard through Textual's pilot: a guest opens the
chat with t, says a line to everyone and one to a player by name, reads the host's answer
in the log with the speaker's mark, cancels with Esc; a local game has no chat key."""

from __future__ import annotations

from pathlib import Path

from textual.events import Key
from textual.pilot import Pilot

from core.net.chat import ChatLine
from core.rulesets import GameSetup
from tests.client.test_lobby import SIZE, guest_app, ready_and_started, settle
from tests.net.netplay_fixtures import SHORT_SEED, host_game
from tests.net.relay_fixtures import running_relay, until
from tui.app import Launch, ShellApp
from tui.netplay.guest import GuestSession
from tui.netplay.host import HostSession
from tui.play.seats import BOT, HUMAN, SeatSpec
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGame
from tui.widgets.chat import ChatInput
from tui.widgets.decision import DecisionBar
from tui.widgets.log import LogPane

HOST_SEAT, GUEST_SEAT = 0, 1


async def type_line(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*("space" if char == " " else char for char in text))


def guest_decisions(host: HostSession) -> int:
    return [seat for seat, _ in host.game.log].count(GUEST_SEAT)


def log_lines(screen: GameScreen) -> list[str]:
    log = screen.query_one(LogPane)
    return [log.text_of(entry.line).plain for entry in log.entries
            if entry.line.category == "chat"]


async def test_a_guest_talks_by_keyboard_and_reads_the_answer_in_the_log(
        tmp_path: Path) -> None:
    async with running_relay() as relay:
        host = await host_game(relay.address, "human,remote", SHORT_SEED, tmp_path / "host")
        app = guest_app(relay.address, host, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await ready_and_started(pilot, host)
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert isinstance(screen.session, GuestSession)
            chat = screen.query_one(ChatInput)
            assert not chat.display and screen.check_action("chat", ()) is not False
            # t opens the line; keys go into it, not to the game; Enter says it.
            await pilot.press("t")
            await settle(pilot)
            assert chat.display and chat.has_focus
            await type_line(pilot, "hello q1")
            await pilot.press("enter")
            await until(lambda: len(host.heard.lines) == 1)
            assert list(host.heard.lines) == [ChatLine(GUEST_SEAT, None, "hello q1")]
            await settle(pilot)
            assert not chat.display and not chat.value
            assert screen.query_one(DecisionBar).has_focus_within
            assert log_lines(screen)[-1].endswith("You: hello q1")
            # @name: to one player, by colour, any case.
            await pilot.press("t")
            await type_line(pilot, "@red truce")
            await pilot.press("enter")
            await until(lambda: len(host.heard.lines) == 2)
            assert host.heard.lines[-1] == ChatLine(GUEST_SEAT, HOST_SEAT, "truce")
            # A name that fits no player: one line, and the text stays to be mended.
            await pilot.press("t")
            await type_line(pilot, "@nobody hi")
            await pilot.press("enter")
            await settle(pilot)
            assert chat.display and chat.value == "@nobody hi"
            await pilot.press("escape")  # Esc cancels
            await settle(pilot)
            assert not chat.display and not chat.value and len(host.heard.lines) == 2
            # The host's player answers: the line is in the log with Red's name and mark.
            host.say(HOST_SEAT, "deal \x1b[2Jdone")
            await until(lambda: len(screen.session.heard.lines) == 3)
            await settle(pilot)
            red = screen.words.seat_name(screen.frame["view"], HOST_SEAT)
            mark = screen.ui.mark(screen.frame["view"], HOST_SEAT).plain
            assert log_lines(screen)[-1] == f"{mark} {red}: deal done"
            assert log_lines(screen)[-2].endswith(f"You to {red}: truce")
            # Keys typed faster than the screen takes them (a paste, a fast typist): t, a
            # line with digits and a t, Enter, and a key for the game at once after it (f:
            # filter the log). The line's keys go into the line, none of its digits chooses
            # anything; the key after Enter goes to the game.
            decided = guest_decisions(host)
            log = screen.query_one(LogPane)
            assert log.only is None
            for key in ("t", "1", "t", "2", "enter", "f"):
                app._driver.send_message(Key(key, key if len(key) == 1 else None))
            await until(lambda: len(host.heard.lines) == 4)
            await settle(pilot)
            assert host.heard.lines[-1] == ChatLine(GUEST_SEAT, None, "1t2")
            assert log.only == 0 and guest_decisions(host) == decided
            assert screen.session.sent is None  # no choice on its way either
            assert not chat.display and not chat.has_focus


async def test_a_local_game_has_no_chat_key(tmp_path: Path) -> None:
    seats = (SeatSpec(HUMAN), SeatSpec(BOT, "random"))
    new = NewGame("fractal", GameSetup(players=2, seed=SHORT_SEED), seats)
    app = ShellApp(Launch(new=new), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.heard is None
        assert screen.check_action("chat", ()) is False
        await pilot.press("t")
        await settle(pilot)
        assert not screen.query_one(ChatInput).display
