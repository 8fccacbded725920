"""How good a Hegemonic position looks for each seat, judged from one view.

A first judgement, for the searching bots to start from: the VP scored so far, plus what
the boards would give if scored now (weighed by the rounds likely left), plus a little for
income, which buys the Bases that score later. The sums become win shares with a softmax.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import win_shares

TEMPERATURE = 8.0
EXPLORATION = 0.03
STANDING = 0.8  # weight of the VP the boards would give now
INCOME = 0.3  # per CAP of income


def value(view: dict[str, Any]) -> list[float]:
    return win_shares(view, scores_of, TEMPERATURE)


def scores_of(view: dict[str, Any]) -> list[float]:
    players = view["players"]
    scores = [float(p["vp"]) + INCOME * p["income"] for p in players]
    for row in view.get("board_standings", []):
        for seat, vp in enumerate(row["vp"]):
            scores[seat] += STANDING * vp
    return scores
