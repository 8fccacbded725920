"""Fractal's Empire pane as text: the action markers' line reads as words, one space apart."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import WORDS
from tui.games.fractal import UI


def empire_text(view: dict[str, Any], seat: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=60, no_color=True).print(UI.empire(view, seat, WORDS))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("players", [2, 4])
def test_the_markers_line_has_no_double_space(players: int) -> None:
    view = Game.new(Options(players=players, seed=4)).view(0)
    for seat in range(players):
        lines = empire_text(view, seat)
        markers = next(line for line in lines if line.startswith("Rec "))
        assert re.search(r"Gov · Cards \d+/\d+", markers), markers  # not "Gov  Cards"
        assert not any("  " in line.strip() for line in lines if "Cards" in line), lines


@pytest.mark.parametrize(("credits", "medals", "said"), [
    (1, 1, "1 credit · 1 influence · 1 medal ·"),
    (0, 2, "0 credits · 1 influence · 2 medals ·"),
])
def test_the_money_line_counts_in_words(credits: int, medals: int, said: str) -> None:
    game = Game.new(Options(players=2, seed=4))
    view = game.view(0)
    view["players"][0].update(credits=credits, medals=medals, influence=1)
    assert any(line.startswith(said) for line in empire_text(view, 0)), empire_text(view, 0)
