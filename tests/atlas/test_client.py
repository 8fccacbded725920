"""Fractured Atlas in the client, by keyboard: the new-game screen offers it, the four panes
show its map of Places, the Advisor and supply, the two action cards and the log, and a
game against a random bot reaches its scores; the rules help has its sections."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Select, Static

from core.bots.base import Rng
from core.games.atlas.game import Game
from core.games.atlas.state import Options
from core.rulesets import GameSetup, ruleset
from tests.client.test_client import SIZE, as_text, game_screen, play_until, settle
from tui import cli
from tui.app import Launch, ShellApp
from tui.games.atlas.map import PlaceGrid
from tui.screens.new_game import NewGame, NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.scoring import ScoringScreen
from tui.session import LocalSession, SeatSpec


def atlas_launch(seats: str, seed: int = 3) -> Launch:
    specs = tuple(SeatSpec.parse(s) for s in seats.split(","))
    return Launch(new=NewGame("atlas", GameSetup(players=len(specs), seed=seed), specs))


async def test_the_new_game_screen_offers_fractured_atlas(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        choices = app.screen.query_one("#ruleset", Select)
        assert ("Fractured Atlas", "atlas") in [(str(t), v) for t, v in choices._options]
        choices.value = "atlas"
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and app.screen.game == "atlas"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.ruleset.name == "atlas"


def near_the_end(seed: int = 5) -> Game:
    """A two-player game played at random until the Atlas is explored and the deck is
    nearly out, with Red (seat 0) to decide."""
    game = Game.new(Options(players=2, seed=seed))
    rng = Rng(seed)
    while not game.over:
        prompt = game.pending()[0]
        if game.state.ending and len(game.state.deck) <= 4 and prompt.seat == 0 and len(
                game.pending()) == 1:
            return game
        game.apply(prompt.seat, rng.choice(prompt.options))
    raise AssertionError("the game ended before the position")


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


async def test_a_game_played_to_its_scores_by_keyboard(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = [SeatSpec("human"), SeatSpec("bot", "random")]
        app.play(LocalSession(ruleset("atlas"), near_the_end(), seats, None))
        await play_until(pilot, lambda: isinstance(app.screen, ScoringScreen))
        session = game_screen(app).session
        assert session.over and session.game.state.winners
        scores = as_text(app.screen.query_one("#scores", Static).content)
        assert "Victory points" in scores and "Fiefs" in scores


async def test_the_rules_help_of_a_game_is_its_own(tmp_path: Path) -> None:
    app = ShellApp(atlas_launch("human,random"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        titles = [title for title, _ in app.screen.sections]
        assert "Attack (Wyrms)" in titles and "Scoring" in titles
        assert not any("Colony tracks" in t for t in titles)


def test_fractal_play_game_atlas_launches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[Launch] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, launch: launched.append(launch) or 0)
    assert cli.main(["play", "--game", "atlas", "--players", "3", "--seed", "4"]) == 0
    new = launched[0].new
    assert new is not None and new.ruleset == "atlas" and new.setup.players == 3
    assert new.seats == (SeatSpec("human"), SeatSpec("bot", "normal"), SeatSpec("bot", "normal"))
    assert cli.main(["play", "--game", "atlas", "--players", "5"]) == 2
