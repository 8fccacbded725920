"""How good a Fractured Atlas position looks for each seat, judged from one view.

Only what every seat sees is read, so the same judgement serves every seat. VP come from
the Places each player rules at the end, so the judgement is the score as the board stands,
plus what makes it likely to hold or grow:

- a share of each Place's VP in proportion to the influence there, for what is not settled
  yet (a Fief held by one token more is worth less than it shows);
- tokens still to come: the supply and the Advisor's tokens (each a later action or a
  Special Influence);
- Towers, which count for the highest-Tower bonus and guard their tokens.

The nearer the end (the Atlas explored, the deck running out), the more the score itself
weighs. The sums become win shares with a softmax, comparable at any player count.

The softmax's temperatures make those shares honest chances: fitted to who won 376
two-player games between heuristic bots, judged at the start of each of their rounds, they
are about 10 while Places are left to explore and 4.5 once the last one is out
(docs/fractured-atlas.md, Bots). An overconfident judgement calls every lead of a few
points a sure win, so a search sees no difference between the choices of a game it leads
or trails clearly. The search's exploration (``EXPLORATION``) is in the value's units, so it
shrinks with the temperature.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import win_shares

TEMPERATURE = 10.0
TEMPERATURE_LATE = 4.5  # once the last Place is explored
EXPLORATION = 0.036  # the 0.3 of a 1.2 temperature, scaled as the value of a point is
SHARE = 0.6  # weight of the influence-shared VP against the VP as scored now
SHARE_LATE = 0.25  # the same once the last Place is explored
ADVISOR_TOKEN = 0.25
SUPPLY = 0.02
TOWER = 0.15  # per token in a Tower the player rules


def value(view: dict[str, Any]) -> list[float]:
    return win_shares(view, scores_of, TEMPERATURE_LATE if view.get("ending") else TEMPERATURE)


def scores_of(view: dict[str, Any]) -> list[float]:
    players: list[dict[str, Any]] = view["players"]
    n = len(players)
    share = SHARE_LATE if view.get("ending") else SHARE
    scores = [float(p["vp_total"]) for p in players]
    for place in view["places"]:
        worth = len(_suits(place["card"]))
        influence = place["influence"]
        total = sum(influence)
        if total:
            for seat in range(n):
                scores[seat] += share * worth * influence[seat] / total
        for stack in place["stacks"]:
            if len(stack) > 1:
                scores[stack[-1]] += TOWER * len(stack)
    for seat, p in enumerate(players):
        scores[seat] += ADVISOR_TOKEN * p["advisor_tokens"] + SUPPLY * p["supply"]
    return scores


def _suits(card: str) -> tuple[str, ...]:
    from core.games.atlas.content import load_content

    return load_content().suits(card)
