"""Screen bugs found by playing, each with the test that failed before its fix: the
screenshot's folder, the replay's keys, the rules search, the log after the window grows."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from core.rulesets import ruleset
from tests.client.test_client import SIZE, game_screen, launch, near_the_end, settle
from tui.app import ShellApp
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.session import ReplaySession, SeatSpec
from tui.widgets.cellmap import CellMap
from tui.widgets.log import LogPane
from tui.widgets.news import NewsPane


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


async def test_the_replay_offers_no_undo_decision_or_save(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = near_the_end(5)
        seats = [SeatSpec("human"), SeatSpec("bot", "random")]
        app.push_screen(ReplayScreen(ReplaySession(ruleset("fractal"), game, seats)))
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


async def test_log_lines_wrapped_when_narrow_unwrap_when_the_window_grows(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = game_screen(app).query_one(LogPane)
        await pilot.press("1")  # a faction: its lines are long
        await settle(pilot)
        narrow = len(log.lines)
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert len(log.lines) < narrow  # the same entries on fewer, wider lines


async def test_the_log_filter_title_names_the_player_as_the_game_does_now(
        tmp_path: Path) -> None:
    from core.rulesets import GameSetup
    from tests.client.test_client import play_until
    from tui.app import Launch
    from tui.screens.new_game import NewGame

    seats = (SeatSpec("human"), SeatSpec("bot", "random"))
    new = NewGame("atlas", GameSetup(players=2, seed=3), seats)
    app = ShellApp(Launch(new=new), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("f")  # the log of Red alone, before Red has an Advisor
        await settle(pilot)
        box = screen.query_one("#log-box")
        assert str(box.border_title) == "Log: Red"
        await play_until(pilot, lambda: screen.session.game.state.round >= 1)
        assert str(box.border_title).startswith("Log: Red (")


def test_the_atlas_hand_gives_each_card_its_rank_and_suits() -> None:
    from core.games.atlas.content import load_content
    from core.rulesets import GameSetup
    from tui.plugins import ui_for

    rules = ruleset("atlas")
    game = rules.new_game(GameSetup(players=2, seed=3))
    view = game.view(0)
    rows = [r for r in ui_for("atlas").hand(view, rules.words()) if r.card is not None]
    assert rows
    cards = load_content().cards
    for row in rows:
        card = cards[row.card[1]]
        assert all(suit.title() in row.text.plain for suit in card.suits), row.text.plain


async def test_a_new_kind_of_decision_gets_a_hint_once_and_f1_opens_its_section(
        tmp_path: Path) -> None:
    from tui.preferences import Preferences

    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        first = screen.query_one("#first-time", Static)
        assert first.display and '"Setup"' in str(first.content)  # the faction's question
        assert not app._notifications  # in the decision pane, not over the screen
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        sections = app.screen.query_one("#rules-sections", OptionList)
        assert app.screen.sections[sections.highlighted or 0][0] == "Setup"
        await pilot.press("escape")
        assert screen.asked in Preferences.load(tmp_path).hinted
    again = ShellApp(launch("human,random"), save_dir=str(tmp_path))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not game_screen(again).query_one("#first-time", Static).display


async def test_the_player_s_turn_says_what_the_others_did_since_their_last_decision(
        tmp_path: Path) -> None:
    app = ShellApp(launch("human,random"), save_dir=str(tmp_path))
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


async def test_names_with_markup_show_as_they_are_written(tmp_path: Path) -> None:
    from core.rulesets import GameSetup
    from tests.client.test_client import as_text
    from tui.app import Launch
    from tui.screens.new_game import NewGame

    setup = GameSetup(players=2, seed=3, names=["[/]", "[bold red]x"])
    seats = (SeatSpec("human"), SeatSpec("human"))
    app = ShellApp(Launch(new=NewGame("atlas", setup, seats)), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "[/]" in as_text(screen.query_one("#status").content)
        assert "[/]" in str(screen.query_one("#empire-pane").border_title)
