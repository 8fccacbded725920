"""Fractal in the client, where the shell's behaviour needs Fractal's decisions: undo
within a many-step action, questions with a lone answer, its modules in the new game form,
its long log lines and the news of the bot's moves on its map. (The client itself is
tested on the test game in tests/client.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from core.frames import final_choices
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.rng import Rng
from core.rulesets import ruleset
from tests.client.test_client import SIZE, game_screen, launch, people_at, play_until, settle
from tui.app import ShellApp
from tui.preferences import Preferences
from tui.screens.new_game import NewGameScreen
from tui.session import LocalSession, SeatSpec
from tui.widgets.cellmap import CellMap
from tui.widgets.log import LogPane
from tui.widgets.news import NewsPane


async def test_undo_takes_back_a_step_and_back_out_the_whole_action(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random", game="fractal", seed=3), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen_of = lambda: game_screen(app)  # noqa: E731

        def in_action() -> bool:
            screen = screen_of()
            return bool(screen.frame.get("prompt")) and screen.question_action != ""

        await play_until(pilot, in_action)
        game = screen_of().session.game
        length = len(game.log)
        await pilot.press("escape")
        await settle(pilot)
        backed = screen_of().session.game
        assert len(backed.log) < length
        assert screen_of().question_action == ""


def before_a_lone_option(seed: int = 1) -> Any:
    """A 2-player game played at random until Red (seat 0) alone must answer a question
    with one legal answer that brings nothing to light, just after a decision of Red's
    that undo may take back (it brought nothing to light and rolled no dice)."""
    game = Game.new(Options(players=2, map="compact", seed=seed))
    rng = Rng(seed)
    undoable = False
    while True:
        prompt = game.pending()[0]
        if (undoable and prompt.seat == 0 and len(prompt.options) == 1
                and len(game.pending()) == 1 and not final_choices(game, prompt)):
            return game
        dice = game.state.rng
        happened = game.apply(prompt.seat, rng.choice(prompt.options))
        undoable = (prompt.seat == 0 and game.state.rng == dice
                    and not any(e.reveals for e in happened))


async def test_a_question_with_one_answer_is_answered_and_the_log_says_so(
        tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = before_a_lone_option()
        lone = game.pending()[0].options[0]
        seats = [SeatSpec("human"), SeatSpec("human")]
        app.play(LocalSession(ruleset("fractal"), game, seats, None))
        await settle(pilot)
        screen = game_screen(app)
        assert game.log[-1] == (0, lone)
        logged = [e.line.text for e in screen.query_one("#log").entries]
        assert any(text.startswith("Answered for you:") for text in logged)
        answered = len(game.log)
        await pilot.press("u")  # takes back the answer and the decision before it
        await settle(pilot)
        assert len(screen.session.game.log) == answered - 2


async def test_a_lone_answer_is_asked_when_the_player_wants_to_answer_it(
        tmp_path: Path) -> None:
    Preferences(answer_single=False).save(tmp_path)
    game = before_a_lone_option()
    asked = len(game.log)
    async with people_at(game, SIZE, tmp_path) as (pilot, _):
        await settle(pilot)
        assert len(game.log) == asked
        await pilot.press("1")
        await settle(pilot)
        assert len(game.log) == asked + 1


async def test_modules_chosen_in_the_new_game_form_are_played_and_shown(
        tmp_path: Path) -> None:
    from textual.widgets import SelectionList

    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        modules = app.screen.query_one("#modules", SelectionList)
        assert [str(modules.get_option_at_index(i).prompt) for i in range(5)] == [
            "Wartime innovation", "Elite training", "Diplomacy", "Dawn of the Galaxy",
            "The Fracture"]
        modules.select("diplomacy")
        modules.select("fracture")
        await pilot.click("#start")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.frame["view"]["options"]["modules"] == ["diplomacy", "fracture"]
        status = str(screen.query_one("#status", Static).render())
        assert "Diplomacy, The Fracture" in status


async def test_log_lines_wrapped_when_narrow_unwrap_when_the_window_grows(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random", game="fractal"), save_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = game_screen(app).query_one(LogPane)
        await pilot.press("1")  # a faction: its lines are long
        await settle(pilot)
        narrow = len(log.lines)
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert len(log.lines) < narrow  # the same entries on fewer, wider lines


async def test_the_player_s_turn_says_what_the_others_did_since_their_last_decision(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random", game="fractal"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.pace = 0
        news = screen.query_one(NewsPane)
        for _ in range(40):  # decide until a turn follows the bot's moves
            await pilot.press("1")
            await settle(pilot)
            if news.since:
                break
        assert news.since, "no summary in forty decisions"
        rows = [row.plain for row in news.rows(60)]
        assert rows[0].startswith("Since your last decision")
        assert 2 <= len(rows) <= 5 and all("You " not in row for row in rows)
        assert not app._notifications  # above the log, not over the board
        assert news.region.height == len(rows) + 1  # its rows and its rule
        await pilot.press("n")  # folded to a line, and open again
        assert [row.plain for row in news.rows(60)][1:] == []
        await pilot.press("n")
        assert len(news.rows(60)) == len(rows)
        assert screen.changed <= {e.line.spot for e in screen.query_one(LogPane).entries}
        assert screen.changed and screen.query_one(CellMap).changed == screen.changed
