"""The battle on the game screen: it takes the map's place while it concerns the player,
b shows one or the other, and a tactic that would leave nothing to play asks first."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from core.games.fractal.game import Game
from core.plain import to_plain
from core.rulesets import ruleset
from tests.client.test_client import settle
from tests.client.test_client_snapshots import app_playing
from tests.fractal.test_battle_panel import rendered
from tests.fractal.test_client_snapshots import battle, position
from tui.games.fractal.battle import BattlePanel
from tui.screens.dialogs import ConfirmScreen
from tui.screens.game import GameScreen
from tui.widgets.decision import DecisionBar

WORDS = ruleset("fractal").words()


async def test_the_battle_takes_the_map_s_place_and_b_shows_either(tmp_path: Path) -> None:
    app, start = app_playing(position(battle), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        pane, main = screen.query_one("#battle-pane"), screen.query_one("#main")
        assert pane.display and not main.display
        content = screen.query_one("#battle", Static).content
        assert isinstance(content, BattlePanel)
        shown = rendered(content, pane.size.width)
        assert "Red" in shown and "Blue" in shown and shown.count("Forces") == 2
        await pilot.press("b")
        assert main.display and not pane.display
        await pilot.press("b")
        assert pane.display and not main.display
        await pilot.press("m")  # the map asked for by name
        assert main.display and not pane.display


def warned_battle(game: Game) -> bool:
    """A tactic to choose of which some, not all, would leave nothing to play."""
    if not battle(game):
        return False
    asked = WORDS.question(game.view(0), to_plain(game.pending()[0]))
    return 0 < sum(bool(o.warning) for o in asked.options) < len(asked.options)


async def test_a_warned_tactic_is_confirmed_before_it_is_played(tmp_path: Path) -> None:
    game = position(warned_battle)
    app, start = app_playing(game, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        await settle(pilot)
        bar = app.screen.query_one(DecisionBar)
        warned = [i for i, o in enumerate(bar.options) if o.warning]
        assert warned and len(warned) < len(bar.options)
        before = len(game.log)
        choice = bar.options[warned[0]].choice
        await pilot.press(str(warned[0] + 1))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert bar.options[warned[0]].warning in str(app.screen.question)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(game.log) == before
        await pilot.press(str(warned[0] + 1))
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert game.log[before] == (0, choice)
