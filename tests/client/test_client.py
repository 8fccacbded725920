"""The client, driven by keyboard through Textual's pilot: title, new game, a whole game to
its scores, resume, hot-seat, the panes, the bots' pace. No fixed sleeps: the pilot waits
for the screen. The games are the tests' own (tests/toy) but where a test is about the
shell's default game; what needs Fractal's decisions (undo within an action, lone answers,
its modules) is tests/fractal/test_client_play.py's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from core.rulesets import GameSetup, ruleset
from tui.app import Launch, ShellApp
from tui.screens.dialogs import ConfirmScreen, CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGame, NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.title import TitleScreen
from tui.session import LocalSession, SeatSpec
from tui.widgets.decision import NUMBERED, DecisionBar

SIZE = (100, 30)


def launch(seats: str, seed: int = 1, game: str = "toy") -> Launch:
    """A new game of ``game`` (on its smallest map, if it offers a choice of maps)."""
    specs = tuple(SeatSpec.parse(s) for s in seats.split(","))
    settings = {"map": "compact"} if game == "fractal" else {}
    setup = GameSetup(players=len(specs), seed=seed, settings=settings)
    return Launch(new=NewGame(game, setup, specs))


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the screen has drawn and no bot is thinking."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def as_text(renderable: Any) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def game_screen(app: ShellApp) -> GameScreen:
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert screens, f"no game screen in {app.screen_stack}"
    return screens[-1]


@asynccontextmanager
async def people_at(game: Any, size: tuple[int, int], tmp_path: Path
                    ) -> AsyncIterator[tuple[Pilot[None], GameScreen]]:
    """The game screen of ``game`` at ``size``, every seat a person here (no bot thinks)."""
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seats = [SeatSpec("human")] * len(game.state.players)
        app.play(LocalSession(ruleset(game.ruleset), game, seats, None))
        await pilot.pause()
        await pilot.pause()
        yield pilot, game_screen(app)


async def test_the_title_screen_opens_first_with_new_game_on_top(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option_at_index(0).prompt) == "New game"
        assert menu.get_option_at_index(1).disabled  # nothing to continue yet


async def test_enter_enter_starts_a_game_against_bots(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        titles = {w.border_title for w in screen.query("*") if w.border_title}
        assert {"Map", "Log", "Hand"} <= {str(t) for t in titles}
        assert any(str(t).startswith("Empire") for t in titles)
        assert screen.session.seats == [SeatSpec("human"), SeatSpec("bot", "normal")]


async def keys_for(pilot: Pilot[None], choices: list[str]) -> int:
    """Pick each choice as a player would and return the keys pressed."""
    app, pressed = pilot.app, 0
    for choice in choices:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        offered = [o.choice for o in game_screen(app).query_one(DecisionBar).options]
        assert choice in offered, (choice, offered)
        index = offered.index(choice)
        # By its number, or past the ninth from the top of the list with the arrows.
        keys = [str(index + 1)] if index < NUMBERED else ["d", *(["down"] * index), "enter"]
        await pilot.press(*keys)
        pressed += len(keys)
        await settle(pilot)
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            pressed += 1
    await settle(pilot)
    return pressed


async def play_until(pilot: Pilot[None], done: Any, limit: int = 3000) -> None:
    """Answer every question with its first option (and yes to confirmations)."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if done():
            return
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        elif isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, GameScreen):
            game_screen(app).pace = 0
            await pilot.press("1")
    raise AssertionError("the game did not reach the point in time")


def near_the_end(decisions_left: int, seed: int = 1, game: str = "toy") -> Any:
    """A 2-player game of ``game`` (on its smallest map), played at random to
    ``decisions_left`` decisions before its end."""
    from core.rng import Rng

    settings = {"map": "compact"} if game == "fractal" else {}
    played = ruleset(game).new_game(GameSetup(players=2, seed=seed, settings=settings))
    rng = Rng(seed)
    while not played.over:
        prompt = played.pending()[0]
        played.apply(prompt.seat, rng.choice(prompt.options))
    return type(played).replay(played.state.options, played.log[:-decisions_left])


async def keyboard_to_the_scores_then_replay(app: ShellApp, pilot: Pilot[None]) -> None:
    """Answer every question by keyboard to the scores, then step through the replay."""
    await play_until(pilot, lambda: isinstance(app.screen, ScoringScreen))
    session = game_screen(app).session
    assert session.over
    scores = as_text(app.screen.query_one("#scores", Static).content)
    words, view = session.ruleset.words(), session.game.view(0)
    assert words.score_lines(view) and all(line in scores for line in words.score_lines(view))
    for seat in range(session.game.seats):
        assert words.seat_name(view, seat) in scores
    # From the scores, the game again, step by step.
    total = len(session.game.log)
    await pilot.press("r")
    await settle(pilot)
    assert isinstance(app.screen, ReplayScreen)
    replay = app.screen.replay
    assert replay.position == 0
    for _ in range(5):
        await pilot.press("right")
    await pilot.press("left")
    await settle(pilot)
    assert replay.position == 4 and len(replay.game.log) == 4
    await pilot.press("end")
    await settle(pilot)
    assert replay.position == total
    assert replay.game.digest() == session.game.digest()
    await pilot.press("q")  # back to the finished game, then to the title
    await pilot.press("q")
    await pilot.press("y")
    await settle(pilot)
    assert isinstance(app.screen, TitleScreen)


async def test_the_last_cycle_by_keyboard_against_a_bot_then_its_replay(
        tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = [SeatSpec("human"), SeatSpec("bot", "random")]
        app.play(LocalSession(ruleset("toy"), near_the_end(6), seats, None))
        await keyboard_to_the_scores_then_replay(app, pilot)


@pytest.mark.soak
async def test_a_whole_game_by_keyboard_against_a_bot_then_its_replay(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await keyboard_to_the_scores_then_replay(app, pilot)


async def test_resume_continues_at_the_same_decision(tmp_path: Path) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen_of = lambda: game_screen(app)  # noqa: E731
        await play_until(pilot, lambda: len(screen_of().session.game.log) >= 5)
        before = screen_of().frame["prompt"]
        log = list(screen_of().session.game.log)
    again = ShellApp(Launch(resume=""), save_dir=str(tmp_path))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(again)
        assert screen.session.game.log == log
        assert screen.frame["prompt"]["options"] == before["options"]
        assert screen.query_one("#log").entries  # the past events came back


async def test_hot_seat_hides_each_player_s_screen_behind_a_curtain(tmp_path: Path) -> None:
    app = ShellApp(launch("human,human"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = game_screen(app).viewer
        for _ in range(3):  # until the seat has no decision left: the stake, then a card
            await pilot.press("1")
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                break
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.viewer not in (None, first)
        game = screen.session.game
        checker = ruleset("toy").checker(game)
        seen = set()
        for _ in range(60):  # every frame shown stays within its seat's rights
            if game.over:
                break
            if isinstance(app.screen, ConfirmScreen):  # a card down cannot be taken back
                await pilot.press("y")
            elif isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
            else:
                assert screen.viewer is not None
                seen.add(screen.viewer)
                assert checker.view(screen.viewer, screen.frame["view"]) == []
                assert checker.events(screen.viewer, screen.frame["events"]) == []
                await pilot.press("1")
            await settle(pilot)
        assert game.over and seen == {0, 1}


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_every_pane_shows_at_the_smallest_and_a_large_size(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert not screen.has_class("-too-small")
        for pane in ("#main", "#log", "#empire-pane", "#hand", "#decision"):
            widget = screen.query_one(pane)
            assert widget.region.width > 0 and widget.region.height > 0, pane


async def test_a_terminal_too_small_gets_a_message_until_it_grows(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "at least 80 x 24" in as_text(app.screen.query_one("#too-small", Static).content)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")


async def test_no_key_acts_behind_the_too_small_notice(tmp_path: Path) -> None:
    app = ShellApp(launch("human,human"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        before = len(screen.session.game.log)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        for key in ("1", "5", "enter", "tab", "enter", "down", "enter", "u", "ctrl+s"):
            await pilot.press(key)
            await settle(pilot)
        assert app.screen is screen and len(screen.session.game.log) == before
        await pilot.resize_terminal(*SIZE)
        await pilot.press("1")
        await settle(pilot)
        assert len(screen.session.game.log) == before + 1  # keys act again once it grows


async def test_the_bot_pace_is_kept_and_shown_only_when_bots_play(tmp_path: Path) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("minus", "minus")
        await settle(pilot)
        assert "bot pace 3.0s" in as_text(game_screen(app).query_one("#status").content)
    again = ShellApp(launch("human,human"), save_dir=str(tmp_path))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(again)
        assert screen.pace == 4  # as the player left it
        assert "bot pace" not in as_text(screen.query_one("#status").content)


async def test_the_player_s_name_goes_to_the_first_person_s_seat(tmp_path: Path) -> None:
    app = ShellApp(launch("random,human"), save_dir=str(tmp_path), player="Ada")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        names = game_screen(app).session.game.state.names
        assert names == ["Red", "Ada"]  # the bot keeps its own


async def test_an_item_opened_at_once_stays_open_and_the_title_names_the_newest_save(
        tmp_path: Path) -> None:
    first = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with first.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda: len(game_screen(first).session.game.log) >= 2)
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # as soon as the title is up, before it names the save
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option("continue").prompt).startswith("Continue  (auto-")
        assert not menu.get_option("continue").disabled
