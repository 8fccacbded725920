"""Hostile saves at a small size (`fractal bench --fuzz-saves N` runs thousands): each
change to a real save of every game, its checksums right, is refused in one line or
opened, every way a player opens a save; never a traceback or a control character on
the terminal (issue 39)."""

from __future__ import annotations

import pytest

from core.rulesets import titles
from tui.fuzz import SaveCases, fuzz_saves


@pytest.mark.parametrize("game", list(titles()))
def test_hostile_saves_are_refused_in_one_line_or_opened(game: str) -> None:
    figures = fuzz_saves(game, cases=len(SaveCases.KINDS), seed=39, hang=0)
    assert figures.failures == []
    assert figures.tracebacks == figures.hangs == figures.leaks == 0
    assert figures.cases == figures.refused + figures.opened == len(SaveCases.KINDS)
    assert figures.refused  # and the real save opened, or the fuzz would have raised
