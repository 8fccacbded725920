"""Fractured Atlas in the client, by keyboard: its four panes show the map of Places, the
Advisor and supply, the two action cards and the log (the shell's guarantees for every
game are tests/contract's)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from core.rulesets import GameSetup
from tests.client.test_client import SIZE, as_text, game_screen, play_until, settle
from tui.app import Launch, ShellApp
from tui.games.atlas.map import PlaceGrid
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


