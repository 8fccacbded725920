"""Pictures of the client's screens, compared with the ones a person approved
(tests/__snapshots__). Positions come from a fixed seed and fixed choices, and every
screen is shown while a person at the keyboard must decide, so no bot is thinking.

After a change that alters a screen on purpose: look at the new pictures, then
`pytest tests/client/test_client_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.decisions import Prompt
from core.games.atlas.game import Game as AtlasGame
from core.games.atlas.state import Options as AtlasOptions
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.rulesets import ruleset
from tui.app import ShellApp
from tui.preferences import Preferences
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.scoring import ScoringScreen
from tui.session import LocalSession, SeatSpec

SIZES = [(80, 24), (160, 50)]
BOARD_SIZES = [(80, 24), (100, 30), (200, 60)]  # the game screen at the sizes players use
SEATS = [SeatSpec("human"), SeatSpec("bot", "normal")]


def position(done: Callable[[Game], bool]) -> Game:
    """The first compact two-player game, by seed, that random play brings to a point
    where ``done`` holds and Red (seat 0) alone must decide, or where it is over."""
    for seed in range(11, 40):
        game = Game.new(Options(players=2, map="compact", seed=seed))
        rnd = random.Random(seed)
        while not game.over:
            pending = game.pending()
            if [p.seat for p in pending] == [0] and done(game):
                return game
            prompt: Prompt = rnd.choice(pending)
            game.apply(prompt.seat, rnd.choice(prompt.options))
        if done(game):
            return game
    raise AssertionError("no game reached the position")


def mid_game(game: Game) -> bool:
    """An action to choose from the second cycle on, with two armies in one sector."""
    if game.over or game.state.cycle < 2 or game.pending()[0].kind != "action":
        return False
    owners: dict[int, set[int]] = {}
    for unit in game.view(0)["units"]:
        owners.setdefault(unit["where"], set()).add(unit["owner"])
    return any(sector >= 0 and len(seen) > 1 for sector, seen in owners.items())


def battle(game: Game) -> bool:
    return not game.over and game.pending()[0].kind == "tactic"


def finished(game: Game) -> bool:
    return game.over


def atlas_position(done: Callable[[AtlasGame], bool]) -> AtlasGame:
    """The first two-player Fractured Atlas game, by seed, that random play brings to a
    point where ``done`` holds and seat 0 alone must decide."""
    for seed in range(1, 40):
        game = AtlasGame.new(AtlasOptions(players=2, seed=seed))
        rnd = random.Random(seed)
        while not game.over:
            pending = game.pending()
            if [p.seat for p in pending] == [0] and done(game):
                return game
            prompt = rnd.choice(pending)
            game.apply(prompt.seat, rnd.choice(prompt.options))
    raise AssertionError("no game reached the position")


def contested(game: AtlasGame) -> bool:
    """Round 3 or later, a Place holding both players' tokens, an action to choose."""
    view = game.view(0)
    return view["round"] >= 3 and game.pending()[0].kind == "action" and any(
        len({seat for stack in place["stacks"] for seat in stack}) > 1
        for place in view["places"])


def attacked(game: AtlasGame) -> bool:
    return game.view(0)["attack"] is not None


def app_playing(game: Any, tmp_path: Path) -> tuple[ShellApp, Callable[[Pilot[None]], Any]]:
    Preferences(hints=False).save(tmp_path)  # the board without a first-time toast over it
    app = ShellApp(save_dir=str(tmp_path))

    async def start(pilot: Pilot[None]) -> None:
        await pilot.pause()
        name = "atlas" if isinstance(game, AtlasGame) else "fractal"
        app.play(LocalSession(ruleset(name), game, list(SEATS), None))
        await pilot.pause()
        await pilot.pause()

    return app, start


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ShellApp(save_dir=str(tmp_path)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(save_dir=str(tmp_path))

    async def open_form(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_form)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_game_mid_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(mid_game), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_battle(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(battle), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_atlas_mid_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(atlas_position(contested), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_atlas_attack(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(atlas_position(attacked), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", SIZES)
def test_scoring(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(finished), tmp_path)

    async def scores(pilot: Pilot[None]) -> None:
        await start(pilot)
        assert isinstance(app.screen, ScoringScreen)

    assert snap_compare(app, terminal_size=size, run_before=scores)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(save_dir=str(tmp_path))

    async def open_rules(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(RulesScreen("fractal"))
        await pilot.pause()
        await pilot.press("down", "down")  # the third section
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_rules)
