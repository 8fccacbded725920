"""Pictures of Fractal's screens: the board mid-game, a battle, the scores (see
tests/client/test_client_snapshots.py for how they are taken and retaken)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.decisions import Prompt
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from tests.client.test_client_snapshots import BOARD_SIZES, SIZES, app_playing
from tui.screens.scoring import ScoringScreen


def position(done: Callable[[Game], bool]) -> Game:
    """The first compact two-player game, by seed, that random play brings to a point
    where ``done`` holds and Red (seat 0) alone must decide, or where it is over."""
    for seed in range(11, 120):
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


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_game_mid_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(mid_game), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_battle(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(battle), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", SIZES)
def test_scoring(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(position(finished), tmp_path)

    async def scores(pilot: Pilot[None]) -> None:
        await start(pilot)
        assert isinstance(app.screen, ScoringScreen)

    assert snap_compare(app, terminal_size=size, run_before=scores)


