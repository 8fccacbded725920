"""Fractured Atlas in the client, by keyboard: its four panes show the map of Places, the
Advisor and supply, the two action cards and the log (the shell's guarantees for every
game are tests/contract's)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from core.games.atlas.content import load_content
from core.rulesets import GameSetup, ruleset
from tests.client.test_client import SIZE, as_text, game_screen, play_until, settle
from tui.app import Launch, ShellApp
from tui.games.atlas.map import PlaceGrid
from tui.plugins import ui_for
from tui.screens.new_game import NewGame
from tui.session import SeatSpec


def atlas_launch(seats: str, seed: int = 3) -> Launch:
    specs = tuple(SeatSpec.parse(s) for s in seats.split(","))
    return Launch(new=NewGame("atlas", GameSetup(players=len(specs), seed=seed), specs))


async def test_the_first_rounds_by_keyboard_show_the_four_panes(tmp_path: Path) -> None:
    app = ShellApp(atlas_launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        lines = ["".join(s.text for s in line) for line in screen.query_one(PlaceGrid).lines]
        assert any("Borderland" in line and "Island" in line for line in lines)
        hand = [str(o.prompt) for o in screen.query_one("#hand", OptionList).options]
        assert "Advisors offered" in hand
        await play_until(pilot, lambda: screen.session.game.state.round >= 3)
        empire = as_text(screen.query_one("#empire", Static).content)
        assert "Advisor: The" in empire and "Supply" in empire
        hand = [str(o.prompt) for o in screen.query_one("#hand", OptionList).options]
        assert "Your action cards" in hand
        assert screen.query_one("#log").entries
        assert "Round 3" in str(screen.query_one("#status", Static).content)


async def test_the_log_filter_title_names_the_player_as_the_game_does_now(
        tmp_path: Path) -> None:
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
    rules = ruleset("atlas")
    game = rules.new_game(GameSetup(players=2, seed=3))
    view = game.view(0)
    rows = [r for r in ui_for("atlas").hand(view, rules.words()) if r.card is not None]
    assert rows
    cards = load_content().cards
    for row in rows:
        card = cards[row.card[1]]
        assert all(suit.title() in row.text.plain for suit in card.suits), row.text.plain
