"""Pictures of the Fractured Atlas's screens: the board mid-game and an attack (see
tests/client/test_client_snapshots.py for how they are taken and retaken)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.games.atlas.game import Game as AtlasGame
from core.games.atlas.state import Options as AtlasOptions
from tests.client.test_client_snapshots import BOARD_SIZES, app_playing


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


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_atlas_mid_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(atlas_position(contested), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_atlas_attack(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app, start = app_playing(atlas_position(attacked), tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=start)


