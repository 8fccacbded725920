"""Hostile frames at a small size (`fractal bench --fuzz-frames N` runs thousands): every
field of real frames of every game pushed to extremes, the payload's bytes changed; a
guest refuses each in one line or draws it, never a traceback or a control character on
the terminal (issue 39)."""

from __future__ import annotations

import json

import pytest

from core.rulesets import titles
from tui.cli import main
from tui.fuzz import FrameCases, fuzz_frames


@pytest.mark.parametrize("game", list(titles()))
def test_hostile_frames_are_refused_in_one_line_or_drawn(game: str) -> None:
    cases = 4 * len(FrameCases.KINDS)
    figures = fuzz_frames(game, cases=cases, seed=39, hang=0)
    assert figures.failures == []
    assert figures.tracebacks == figures.hangs == figures.leaks == 0
    assert figures.cases == figures.refused + figures.opened == cases
    assert figures.refused  # and the real frames were drawn, or the fuzz would have raised


def test_the_command_runs_the_fuzz_in_workers_and_reports_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--fuzz-frames", "3", "--game", "atlas", "--json"]) == 0
    (figures,) = json.loads(capsys.readouterr().out)
    assert figures["game"] == "atlas" and figures["kind"] == "frames"
    assert figures["cases"] == 3 and figures["tracebacks"] == 0
