"""How good a Hegemonic position looks for each seat, judged from one view.

A seat's score is the VP it may expect at the end (``outlook.py`` prices the parts):

- the VP scored so far, and the points of its Advanced Technologies (scored at the end);
- the VP each board would give it now, once for every scoring left, later ones worth less;
- its CAPs, and the income still to be collected, at what a CAP buys;
- what it can still take: the open Locations within its build range (the first few of each
  kind), its Agents and Fleets on the map, its cards in hand (conflict power).

Every part is public, so one computation serves every seat. The scores become win shares
with a softmax (``core.bots.base.win_shares``) whose temperature was fitted to who won
heuristic games (docs/benchmarks.md, Hegemonic).

The searches judge thousands of positions a decision, so they read a light view
(``judged_facts``): the scores worked out on the state directly. A full view is judged the
same way, from a world rebuilt from it.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import win_shares
from core.games.hegemonic import empire, scoring
from core.games.hegemonic.bots.outlook import Outlook, outlook
from core.games.hegemonic.build import base_sites
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.state import State
from core.rng import Rng

TEMPERATURE = 8.0
EXPLORATION = 0.03
SITE = 0.1  # per open Location within build range, of a standing's worth (up to SITES a kind)
SITES = 3
UNIT = 0.4  # per Agent or Fleet on the map, while a scoring is left after this one
CARD = 0.3  # per card in hand
FACTS = "hegemonic-facts"  # the light view's ruleset


def value(view: dict[str, Any]) -> list[float]:
    facts = view if view.get("ruleset") == FACTS else facts_of_view(view)
    return win_shares(facts, _scores, TEMPERATURE)


def _scores(facts: dict[str, Any]) -> list[float]:
    scores: list[float] = facts["scores"]
    return scores


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges a sampled position from (``Model.judged_view``)."""
    return facts_of(game.state, game.content)


def facts_of(state: State, content: Content) -> dict[str, Any]:
    return {"ruleset": FACTS, "phase": state.phase, "winners": list(state.winners),
            "players": [{"seat": p.seat} for p in state.players],
            "scores": scores_of(state, content)}


def facts_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """The facts of a full view, from a world rebuilt from it: only public parts count, so
    any sample gives the same."""
    from core.games.hegemonic.bots.determinize import determinize

    world = determinize(view, Rng(0))
    return facts_of(world.state, world.content)


def scores_of(state: State, content: Content) -> list[float]:
    ahead = outlook(state)
    standings = [0] * len(state.players)
    for vps in scoring.round_scores(state, content).values():
        for seat, vp in enumerate(vps):
            standings[seat] += vp
    return [prospects(state, content, seat, ahead, standings[seat])
            for seat in range(len(state.players))]


def prospects(state: State, content: Content, seat: int, ahead: Outlook,
              standing: int) -> float:
    player = state.players[seat]
    score = float(player.vp + (0 if state.over else scoring.tech_points(state, content, seat)))
    if not ahead.scorings:
        return float(score)
    score += ahead.standing * standing
    score += ahead.cap * player.caps + ahead.income * empire.total_income(content, player)
    geo = geometry(state)
    sites = sum(min(len(base_sites(state, content, seat, kind, geo)), SITES) for kind in KINDS)
    score += SITE * ahead.standing * sites
    if ahead.scorings > 1:
        units = sum(1 for s in (*player.agents, *player.fleets) if s >= 0)
        score += UNIT * units
    return score + CARD * len(player.hand)
