"""Perft: the number of legal decision sequences to a small depth from fixed positions.

Any change in what is legal (a choice added, removed or split in two) changes a count. When
a count changes on purpose, check the new legality against the rulebook, then record the
new number here with a word in the commit message.

The positions: the very start (faction prompts), the first action prompt after setup, and
positions reached by a fixed sequence of random legal choices (these pass through the
conflict phase, so a change in conflict legality shows up here too).
"""

from __future__ import annotations

import random

import pytest

from core.games.fractal.game import Game
from core.games.fractal.state import Options
from tests.fractal.rules_fixtures import new_game, random_playout


def perft(game: Game, depth: int) -> int:
    """Leaf count of the tree of legal decisions, every pending seat's choices included."""
    if depth == 0 or game.over:
        return 1
    total = 0
    for prompt in game.pending():
        for choice in prompt.options:
            child = game.clone()
            child.apply(prompt.seat, choice)
            total += perft(child, depth - 1)
    return total


def test_perft_from_the_faction_offer() -> None:
    # 4 players, 6 factions offered: 6 * 5 * 4 * 3 ordered choices.
    assert perft(Game.new(Options(players=4, seed=1)), 4) == 360


@pytest.mark.parametrize(("players", "seed", "counts"), [
    (2, 1, [10, 45, 341, 2013]),
    (3, 2, [10, 42, 330, 2022]),
    (4, 3, [10, 47, 409, 2894]),
])
def test_perft_after_setup(players: int, seed: int, counts: list[int]) -> None:
    game = new_game(players, seed=seed)
    assert [perft(game, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("players", "seed", "steps", "where", "counts"), [
    (2, 5, 60, (1, "end_of_cycle"), [5, 5, 14, 73]),
    (3, 7, 150, (3, "action"), [19, 335, 1119, 3224]),
    (4, 11, 250, (3, "action"), [7, 14, 40]),
])
def test_perft_mid_game(players: int, seed: int, steps: int, where: tuple[int, str],
                        counts: list[int | None]) -> None:
    game = new_game(players, seed=seed)
    random_playout(game, random.Random(seed), steps)
    assert (game.state.cycle, game.state.phase) == where
    for depth, count in enumerate(counts, start=1):
        if count is not None:
            assert perft(game, depth) == count, depth
