"""Perft for every game: the number of legal decision sequences to a small depth from fixed
positions, as python-chess counts moves. Any change in what is legal (a choice added,
removed or split in two) changes a count.

Each game keeps its positions and counts as data, in ``tests/NAME/perft.toml`` beside its
own tests: a position is a new game of ``players`` and ``seed`` (and the engine's
``options`` beyond them, if any), the choices of its ``log``, then ``decisions`` random
ones (each the first prompt's, picked by a ``core.rng.Rng`` of the seed); ``kind`` is the
prompt it stops at and ``counts`` the leaves at depth 1, 2, ... When a count changes on
purpose, check the new legality against the rulebook, then record the new number there with
a word in the commit message."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from core.rng import Rng
from core.rulesets import declarations, ruleset

TESTS = Path(__file__).resolve().parents[1]


def positions(name: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = tomllib.loads(
        (TESTS / name / "perft.toml").read_text(encoding="utf-8"))["position"]
    return found


POSITIONS = [(name, i) for name in declarations() for i in range(len(positions(name)))]


def perft(game: Any, depth: int) -> int:
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


def reached(name: str, spec: dict[str, Any]) -> Any:
    rules = ruleset(name)
    options = rules.load_options({"players": spec["players"], "seed": spec["seed"],
                                  **spec.get("options", {})})
    game = rules.engine().new(options)
    for seat, choice in spec.get("log", []):
        game.apply(seat, choice)
    rng = Rng(spec["seed"])
    for _ in range(spec.get("decisions", 0)):
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


@pytest.mark.parametrize(("name", "index"), POSITIONS)
def test_the_perft_counts_of_every_game(name: str, index: int) -> None:
    spec = positions(name)[index]
    game = reached(name, spec)
    assert game.pending()[0].kind == spec["kind"]
    counts = [perft(game, depth) for depth in range(1, len(spec["counts"]) + 1)]
    assert counts == spec["counts"]


def test_every_game_keeps_perft_counts_at_depth_three_or_more() -> None:
    assert {name for name, _ in POSITIONS} == set(declarations())
    for name in declarations():
        assert any(len(spec["counts"]) >= 3 for spec in positions(name)), name
