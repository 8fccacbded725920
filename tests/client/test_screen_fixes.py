"""Screen bugs found by playing, each with the test that failed before its fix: the
screenshot's folder, the replay's keys, the rules search, a decision's first-time hint,
names with markup. (Those that need a game's own panes are in its tests: Fractal's log
and news in tests/fractal/test_client_play.py, the Atlas's in tests/atlas/test_client.py.)"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from core.rulesets import ruleset
from tests.client.test_client import SIZE, game_screen, launch, near_the_end, settle
from tui.app import ShellApp
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.session import ReplaySession, SeatSpec


async def test_a_screenshot_goes_beside_the_saves_and_the_toast_says_where(
        tmp_path: Path) -> None:
    saves = tmp_path / "data" / "saves"
    app = ShellApp(save_dir=str(saves))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screenshot()
        await pilot.pause()
        pictures = list((tmp_path / "data").glob("*.svg"))
        assert len(pictures) == 1
        assert any(str(pictures[0]) in str(n.message) for n in app._notifications)


async def test_a_screenshot_is_named_after_the_game_being_played(tmp_path: Path) -> None:
    app = ShellApp(launch("human,human", game="artifacts"), save_dir=str(tmp_path / "saves"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game_screen(app)
        app.screenshot()
        await pilot.pause()
        (picture,) = tmp_path.glob("*.svg")
        assert picture.name.startswith("Alien_Artifacts_")


async def test_the_replay_offers_no_undo_decision_or_save(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = near_the_end(5)
        seats = [SeatSpec("human"), SeatSpec("bot", "random")]
        app.push_screen(ReplayScreen(ReplaySession(ruleset("toy"), game, seats)))
        await settle(pilot)
        keys = {b.binding.description for b in app.screen.active_bindings.values()
                if b.binding.show}
        assert {"Next", "Back", "Close"} <= {k.split()[0] for k in keys}
        assert not keys & {"Undo", "Decide", "Save", "Back out", "Quit"}
        titles = {c.title for c in app.screen.palette_commands()}  # type: ignore[attr-defined]
        assert "Undo" not in titles and "Save as" not in titles


async def test_enter_in_the_rules_search_opens_the_first_match(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen("fractal"))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("slash")
        screen.query_one("#rules-search", Input).value = "siege"
        await pilot.press("enter")
        await settle(pilot)
        sections = screen.query_one("#rules-sections", OptionList)
        assert sections.has_focus and sections.highlighted == 0
        first = screen.sections[int(sections.get_option_at_index(0).id or 0)]
        assert "siege" in (first[0] + first[1]).lower()


async def test_a_new_kind_of_decision_gets_a_hint_once_and_f1_opens_its_section(
        tmp_path: Path) -> None:
    from tui.preferences import Preferences

    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        first = screen.query_one("#first-time", Static)
        assert first.display and '"The game"' in str(first.content)  # the stake's question
        assert not app._notifications  # in the decision pane, not over the screen
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        sections = app.screen.query_one("#rules-sections", OptionList)
        assert app.screen.sections[sections.highlighted or 0][0] == "The game"
        await pilot.press("escape")
        assert screen.asked in Preferences.load(tmp_path).hinted
    again = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not game_screen(again).query_one("#first-time", Static).display


async def test_names_with_markup_show_as_they_are_written(tmp_path: Path) -> None:
    from core.rulesets import GameSetup
    from tests.client.test_client import as_text
    from tui.app import Launch
    from tui.screens.new_game import NewGame

    setup = GameSetup(players=2, seed=3, names=["[/]", "[bold red]x"])
    seats = (SeatSpec("human"), SeatSpec("human"))
    app = ShellApp(Launch(new=NewGame("toy", setup, seats)), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "[/]" in as_text(screen.query_one("#status").content)
        assert "[/]" in str(screen.query_one("#empire-pane").border_title)
