"""How good a Fractal position looks for each seat, judged from one view (never the state).

Only public parts of the view are read, so the same judgement serves every seat: VP first
(they decide the game), then what earns VP later: colonies taken from the tracks (each
raises a capacity), sectors controlled, technologies, medals, the economy (credits,
influence, science on the boards), units on the board, and threats (own colonies where an
enemy has more pieces). The weighted sums become win shares with a softmax, so values are
comparable between 2, 3 and 4 players and add up to 1.
"""

from __future__ import annotations

import math
from typing import Any

TEMPERATURE = 2.0
WEIGHTS = {
    "vp": 1.0,
    "colony": 0.35,
    "control": 0.3,
    "technology": 0.3,
    "medal": 0.2,
    "credits": 0.04,
    "influence": 0.08,
    "science": 0.05,
    "threat": -0.25,
}
UNIT_WEIGHTS = {"infantry": 0.05, "mech": 0.09, "lightship": 0.07, "warship": 0.14}
CREDITS_THAT_COUNT = 12  # a hoard beyond what a cycle can spend is worth nothing more


def value(view: dict[str, Any]) -> list[float]:
    players: list[dict[str, Any]] = view["players"]
    n = len(players)
    winners = view.get("winners") or []
    if view.get("phase") == "over" and winners:
        return [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    scores = scores_of(view)
    top = max(scores)
    weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def scores_of(view: dict[str, Any]) -> list[float]:
    """Each seat's raw score: VP plus the weighted signs of VP to come."""
    players: list[dict[str, Any]] = view["players"]
    n = len(players)
    w = WEIGHTS
    scores = [0.0] * n
    pieces: dict[int, list[int]] = {}
    for unit in view.get("units", []):
        owner, kind, where = unit[1], unit[2], unit[3]
        if 0 <= owner < n and where >= 0:
            scores[owner] += UNIT_WEIGHTS.get(kind, 0.05)
            pieces.setdefault(where, [0] * n)[owner] += 1
    colonies: dict[int, list[int]] = {}
    for sector in view.get("sectors", []):
        row = pieces.setdefault(sector["id"], [0] * n)
        mine = [0] * n
        for space in sector["spaces"]:
            if 0 <= space[1] < n:
                row[space[1]] += 1
                mine[space[1]] += 1
        colonies[sector["id"]] = mine
    for sector_id, row in pieces.items():
        best = max(row)
        if best > 0 and row.count(best) == 1:
            scores[row.index(best)] += w["control"]
        for seat, own in enumerate(colonies.get(sector_id, ())):
            if own and any(row[o] > row[seat] for o in range(n) if o != seat):
                scores[seat] += w["threat"]
    for seat, p in enumerate(players):
        scores[seat] += w["vp"] * (sum(p["vp"].values()) + p.get("vp_tokens", 0))
        scores[seat] += w["colony"] * sum(p["taken"].values())
        scores[seat] += w["technology"] * len(p.get("technologies", ()))
        scores[seat] += w["medal"] * p.get("medals", 0)
        scores[seat] += w["credits"] * min(p.get("credits", 0), CREDITS_THAT_COUNT)
        scores[seat] += w["influence"] * p.get("influence", 0)
    for slots in view.get("tech", {}).values():
        for slot in slots:
            for seat, science in slot.get("science", {}).items():
                if 0 <= int(seat) < n:
                    scores[int(seat)] += w["science"] * science
    return scores
