"""The client's second pass (issue 42), each fix with the test that failed before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.rulesets import GameSetup, ruleset
from tests.client.test_client import game_screen, settle
from tui.app import Launch, ShellApp
from tui.play.seats import SeatSpec
from tui.screens.new_game import NewGame
from tui.widgets.statusline import StatusLine, status_line


def every_module(players: int = 4, seats: str = "") -> Launch:
    rules = ruleset("fractal")
    specs = tuple(SeatSpec.parse(s) for s in (seats or "human" + ",random" * (players - 1))
                  .split(","))
    setup = GameSetup(players=len(specs), seed=2,
                      modules=tuple(m.key for m in rules.modules))
    return Launch(new=NewGame("fractal", setup, specs))


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_the_title_line_keeps_the_game_state_first_at_every_width(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(every_module(), save_dir=str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        line = screen.query_one(StatusLine)
        shown = str(line.render())
        assert len(shown) <= line.content_size.width  # nothing cut by the screen's edge
        view = screen.frame["view"]
        assert shown.startswith(f"Cycle {view['cycle']}")
        assert view["phase"].replace("_", " ").title() in shown
        modules = ruleset("fractal").modules
        if size[0] >= 200:
            assert all(m.title in shown for m in modules)
        else:
            assert not any(m.title in shown for m in modules)


def test_modules_are_counted_only_when_they_do_not_fit() -> None:
    modules = ["Alpha", "Beta"]
    assert status_line(["Cycle 1"], [], "Fractal", modules, 30) == (
        "Cycle 1 · Fractal: Alpha, Beta")
    assert status_line(["Cycle 1"], [], "Fractal", modules, 29) == (
        "Cycle 1 · Fractal +2 modules")
    assert status_line(["Cycle 1"], [], "Fractal", modules, 20) == "Cycle 1"
    assert status_line(["Cycle 1"], ["pace"], "Fractal", [], 40) == "Cycle 1 · pace · Fractal"


def test_a_long_title_line_drops_parts_then_words_whole_from_its_end() -> None:
    state = ["Round 2", "Action 2", "Red (Bushido)'s turn", "Arbiter Purple (Vanir)",
             "0 tiles to draw", "you: Red (Bushido)"]
    tail = ["bot pace 0.8s (+/-)"]
    whole = " · ".join([*state, *tail, "Hegemonic"]).split(" ")
    for width in range(12, len(" ".join(whole)) + 1):
        line = status_line(state, tail, "Hegemonic", [], width)
        assert len(line) <= width and line.startswith("Round 2")
        words = line.removesuffix(" …").split(" ")
        assert words == whole[:len(words)], (width, line)  # every word whole, in order
        assert words[-1] != "·"
        assert not line.endswith("…")  # parts go whole while one is left
    assert status_line(state, tail, "Hegemonic", [], 78) == (
        "Round 2 · Action 2 · Red (Bushido)'s turn · Arbiter Purple (Vanir)")
    assert status_line(state, tail, "Hegemonic", [], 15) == "Round 2"
    # A part too long alone loses words whole.
    assert status_line(["Cycle 10 (Age 3)"], [], "Fractal", [], 12) == "Cycle 10 …"


async def test_the_lobby_game_and_players_selects_work_by_keyboard_alone(
        tmp_path: Path) -> None:
    from textual.widgets import Select

    from tui.screens.lobby import LobbyRequest, LobbyScreen

    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(LobbyScreen(LobbyRequest("host")))
        await settle(pilot)
        lobby = app.screen
        # From the focused Open room button back to Players: the seed, two seats, players.
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab")
        players = lobby.query_one("#players", Select)
        assert players.has_focus
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert players.value == 3
        await pilot.press("shift+tab", "shift+tab")  # the relay, then the game
        game = lobby.query_one("#game", Select)
        assert game.has_focus
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert lobby.query_one("#game", Select).value != "fractal"


async def test_the_new_game_form_works_by_keyboard_alone(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tui.screens.new_game import NewGameScreen

    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # New game, from the title screen
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        game = form.query_one("#ruleset", Select)
        while not game.has_focus:
            await pilot.press("shift+tab")
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert form.query_one("#ruleset", Select).value != "fractal"
        players = form.query_one("#players", Select)
        while not players.has_focus:
            await pilot.press("tab")
        before = players.value
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert players.value != before


async def test_f1_inside_help_does_not_stack_another_help(tmp_path: Path) -> None:
    from tui.screens.rules import RulesScreen

    app = ShellApp(every_module(2), save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("f1", "f1", "question_mark")
        await settle(pilot)
        assert sum(isinstance(s, RulesScreen) for s in app.screen_stack) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert not any(isinstance(s, RulesScreen) for s in app.screen_stack)


async def test_continue_says_no_save_only_once_the_saves_are_read(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    from tui.screens.title import TitleScreen

    app = ShellApp(every_module(2), save_dir=str(tmp_path))  # a command line's new game
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        title = next(s for s in app.screen_stack if isinstance(s, TitleScreen))
        menu = title.query_one("#menu", OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue"
    empty = ShellApp(save_dir=str(tmp_path / "none"))
    async with empty.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = empty.screen.query_one("#menu", OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue  (no save)"


def test_the_cursor_s_cell_keeps_its_owners_colours() -> None:
    from rich.style import Style

    from core.celltext import Piece
    from tui.widgets.cellmap import CellMap

    hexmap = CellMap()
    hexmap.cursor = 4
    red = Style(color="#FF5555")
    lines = [[Piece("4 ", "name"), Piece("●4i", "units", seat=0)]]
    on_cursor = hexmap.styled(4, lines, {0: red}, {})
    elsewhere = hexmap.styled(5, lines, {0: red}, {})
    assert on_cursor == elsewhere  # the fill lays the cursor's tint under these
    assert [style.color for char, style in on_cursor[0] if char == "●"] == [red.color]


async def test_log_lines_written_while_another_pane_is_zoomed_fill_the_log_after(
        tmp_path: Path) -> None:
    from core.words import Line
    from tui.widgets.log import LogPane

    app = ShellApp(every_module(2), save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        log = screen.query_one(LogPane)
        await pilot.press("d", "z")  # the decision fills the screen
        await settle(pilot)
        long = "A sentence long enough to wrap at twenty columns but not at the log's width."
        log.add(-1, Line(long, "setup", (), False))
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        last = [strip.text for strip in log.lines[-2:]]
        assert long in " ".join(t.strip() for t in last) or log.lines[-1].text.strip() == long
        assert max(len(strip.text.rstrip()) for strip in log.lines[-3:]) > 20


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_sector_line_leaves_a_gap_before_the_pane_beside_it(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from textual.widgets import Static

    app = ShellApp(every_module(4), save_dir=str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        details = game_screen(app).query_one("#cell-details", Static)
        assert str(details.render()).strip()
        right = details.region.right
        screen = app.screen
        for y in range(details.region.y, details.region.bottom):
            line = "".join(s.text for s in screen._compositor.render_strips()[y])
            assert line[right - 1] == " "  # the column before the pane beside it is blank


def hosted_save(tmp_path: Path) -> Path:
    """A network game's save: you, and a remote player."""
    from saves.store import SaveStore
    from tui.netplay.host import new_host_session

    store = SaveStore(tmp_path)
    host = new_host_session("fractal", [SeatSpec.parse("human"), SeatSpec.parse("remote")],
                            7, store)
    return store.autosave(host.game, host.meta)


@pytest.mark.parametrize(("key", "opens"), [("b", "game"), ("h", "lobby"),
                                             ("escape", "title")])
async def test_resuming_a_hosted_game_offers_to_host_it_again_or_hand_seats_to_bots(
        tmp_path: Path, key: str, opens: str) -> None:
    from tui.screens.dialogs import ChoiceScreen
    from tui.screens.game import GameScreen
    from tui.screens.lobby import LobbyScreen
    from tui.screens.title import TitleScreen

    path = hosted_save(tmp_path)
    app = ShellApp(Launch(resume=str(path)), save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert "fractal host --resume" in dialog.question and "Blue" in dialog.question
        await pilot.press(key)
        await settle(pilot)
        if opens == "game":
            screen = game_screen(app)
            assert isinstance(screen, GameScreen)
            assert [seat.text for seat in screen.session.seats] == ["human", "bot:normal"]
        elif opens == "lobby":
            assert isinstance(app.screen, LobbyScreen)
            assert app.screen.request.resume == str(path)
        else:
            assert isinstance(app.screen, TitleScreen)


@pytest.mark.parametrize("pane", ["#log-box", "#empire-pane", "#hand", "#main", "DecisionBar"])
async def test_z_fills_the_screen_with_the_pane_the_player_is_in(
        tmp_path: Path, pane: str) -> None:
    app = ShellApp(every_module(2), save_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        zoomed = screen.query_one(pane)
        inside = [zoomed, *zoomed.query("*")]
        next(widget for widget in inside if widget.can_focus).focus()
        await pilot.press("z")
        await settle(pilot)
        assert screen.maximized is zoomed
        # Every line but the status line above it and the footer below.
        assert zoomed.region.height == 24 - 2
        assert zoomed.region.width == 80


def test_a_confirmation_names_the_option_once() -> None:
    from core.games.artifacts.game import Game
    from core.games.artifacts.state import Options
    from core.games.artifacts.words import WORDS
    from core.plain import to_plain
    from core.words import OptionWords
    from tui.screens.game import confirmation

    game = Game.new(Options(players=2, seed=1))
    prompt = game.pending()[0]  # the card kept at setup: each text starts with its name
    options = WORDS.question(game.view(prompt.seat), to_plain(prompt)).options
    assert any(option.label.endswith("…") for option in options)
    for option in options:
        asked = confirmation(option)
        assert asked == f"{option.text}\nGo ahead?"
        assert asked.count(option.label.rstrip("…")) == 1
    bare = OptionWords("raid", "Raid", "Take 2 credits from a rival.", warning="")
    assert confirmation(bare) == "Raid: Take 2 credits from a rival.\nGo ahead?"
