"""How good a Hegemonic position looks for each seat, judged from one view.

A seat's score is the VP it may expect at the end (``outlook.py`` prices the parts):

- the VP scored so far, and the points of its Advanced Technologies (scored at the end);
- the VP each board would give it now, once for every scoring left, later ones worth less;
- its CAPs (those over its Retention Limit only while they may still be spent), and the
  income still to be collected, at what a CAP buys;
- what it can still take: the open Locations within its build range (the first few of each
  kind), its Agents and Fleets on the map, its cards in hand (conflict power).

Every part is public, so one computation serves every seat. The scores become win shares
with a softmax (``core.bots.base.win_shares``) whose temperature grows with the scorings
left (``temperature``): fitted to who won two-player games between heuristic bots, judged
at the opening of each Action Phase (docs/benchmarks.md, Hegemonic), it is about 5 VP in
the last round and 15 with nine scorings to come. An overconfident judgement would call
an early lead of a few VP a sure win and leave a search nothing to tell choices apart by.

The searches judge thousands of positions a decision, so they read a light view
(``judged_facts``): the scores worked out on the state directly. A full view is judged the
same way, from a world rebuilt from it.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import win_shares
from core.games.hegemonic import empire, scoring, technology
from core.games.hegemonic.arbitration import caps_kept
from core.games.hegemonic.bots.outlook import Outlook, outlook
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.geometry import Geometry, geometry
from core.games.hegemonic.pieces import agent_range, fleet_range, outpost_range
from core.games.hegemonic.state import State
from core.rng import Rng

TEMPERATURE = 5.0  # in the last round
TEMPERATURE_STEP = 1.25  # more for each scoring left after this round's
EXPLORATION = 0.03
SITE = 0.1  # per open Location within build range (up to SITES a kind), of a later standing
SITES = 3
UNIT = 0.4  # per Agent or Fleet on the map, while a scoring is left after this one
CARD = 0.3  # per card in hand
FACTS = "hegemonic-facts"  # the light view's ruleset


def value(view: dict[str, Any]) -> list[float]:
    facts = view if view.get("ruleset") == FACTS else facts_of_view(view)
    return win_shares(facts, _scores, temperature(facts["scorings"]))


def temperature(scorings: int) -> float:
    """How many VP of lead make a win ``e`` times likelier, with that many scorings left."""
    return TEMPERATURE + TEMPERATURE_STEP * max(scorings - 1, 0)


def _scores(facts: dict[str, Any]) -> list[float]:
    scores: list[float] = facts["scores"]
    return scores


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges a sampled position from (``Model.judged_view``)."""
    return facts_of(game.state, game.content)


def facts_of(state: State, content: Content) -> dict[str, Any]:
    ahead = outlook(state)
    return {"ruleset": FACTS, "phase": state.phase, "winners": list(state.winners),
            "players": [{"seat": p.seat} for p in state.players],
            "scores": scores_of(state, content, ahead), "scorings": ahead.scorings}


def facts_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """The facts of a full view, from a world rebuilt from it: only public parts count, so
    any sample gives the same."""
    from core.games.hegemonic.bots.determinize import determinize

    world = determinize(view, Rng(0))
    return facts_of(world.state, world.content)


def scores_of(state: State, content: Content, ahead: Outlook | None = None) -> list[float]:
    ahead = ahead or outlook(state)
    standings = [0] * len(state.players)
    for vps in scoring.round_scores(state, content).values():
        for seat, vp in enumerate(vps):
            standings[seat] += vp
    found = sites(state, content)
    return [prospects(state, content, seat, ahead, standings[seat], found[seat])
            for seat in range(len(state.players))]


def sites(state: State, content: Content, kinds: tuple[str, ...] = KINDS,
          only: int | None = None) -> list[int]:
    """Each seat's open Locations within its build range, up to ``SITES`` of each kind;
    with ``only``, that seat's alone (the others count 0: the planner prices one seat)."""
    reached = reaches(state, content, only, kinds)
    n = len(state.players)
    seats = range(n) if only is None else (only,)
    counts = {kind: [0] * n for kind in kinds}
    sectors = state.sectors
    for loc in state.locations:
        if loc.kind not in counts or not (loc.owner < 0 or loc.height < loc.power):
            continue
        home = sectors[loc.sector].home
        tally = counts[loc.kind]
        for seat in seats:
            # Open for the seat (pieces.open_for): empty or its own stack, not a foreign Home.
            if (tally[seat] < SITES and loc.owner in (-1, seat) and home in (-1, seat)
                    and reached[seat][loc.kind][loc.sector]):
                tally[seat] += 1
    return [sum(counts[kind][seat] for kind in kinds) for seat in range(n)]


def reaches(state: State, content: Content, only: int | None = None,
            kinds: tuple[str, ...] = KINDS) -> list[dict[str, list[bool]]]:
    """Per seat and kind, the sectors where a BUILD may put a Base: ``build.reach`` for
    every seat (or ``only`` that one) and kind in one pass (a test holds the two alike).
    Only the ``kinds`` asked for are worked out (the planner prices one kind at a time);
    the others' rows stay unmarked."""
    geo = geometry(state)
    size = len(state.sectors)
    reached = [{kind: [False] * size for kind in KINDS} for _ in state.players]
    # Quantum Tunnel Lattice: every kind's range counts for an industrial Base.
    lattice = ["industrial" in kinds
               and technology.has(content, player, "quantum_tunnel_lattice")
               for player in state.players]

    def mark(seat: int, kind: str, sector: int, distance: int) -> None:
        row = reached[seat][kind]
        for t in ball(geo, sector, distance):
            row[t] = True

    for loc in state.locations:
        owner = loc.owner
        if owner >= 0 and only in (None, owner) and (loc.kind in kinds or lattice[owner]):
            mark(owner, loc.kind, loc.sector,
                 outpost_range(loc) if loc.kind == "martial" else 1)
    for player in state.players:
        seat = player.seat
        if only not in (None, seat):
            continue
        if "political" in kinds or lattice[seat]:
            distance = agent_range(content, player)
            for sector in player.agents:
                if sector >= 0:
                    mark(seat, "political", sector, distance)
        if "martial" in kinds or lattice[seat]:
            distance = fleet_range(content, player)
            for sector in player.fleets:
                if sector >= 0:
                    mark(seat, "martial", sector, distance)
        if lattice[seat]:
            mine = reached[seat]
            mine["industrial"] = [any(row[t] for row in mine.values()) for t in range(size)]
    return reached


_BALLS: dict[int, tuple[tuple[tuple[int, ...], ...], dict[tuple[int, int], tuple[int, ...]]]] = {}


def ball(geo: Geometry, sector: int, distance: int) -> tuple[int, ...]:
    """The sectors within ``distance`` of ``sector``, kept per map and gate network."""
    entry = _BALLS.get(id(geo.dist))
    if entry is None or entry[0] is not geo.dist:
        if len(_BALLS) > 256:
            _BALLS.clear()
        entry = _BALLS[id(geo.dist)] = (geo.dist, {})
    balls = entry[1]
    found = balls.get((sector, distance))
    if found is None:
        row = geo.dist[sector]
        found = balls[(sector, distance)] = tuple(t for t, d in enumerate(row) if d <= distance)
    return found


def prospects(state: State, content: Content, seat: int, ahead: Outlook, standing: int,
              open_sites: int) -> float:
    player = state.players[seat]
    score = float(player.vp + (0 if state.over else scoring.tech_points(state, content, seat)))
    if not ahead.scorings:
        return float(score)
    score += ahead.standing * standing
    score += ahead.caps(player.caps, caps_kept(content, player))
    score += ahead.income * empire.total_income(content, player)
    score += SITE * ahead.later * open_sites
    if ahead.scorings > 1:
        units = sum(1 for s in (*player.agents, *player.fleets) if s >= 0)
        score += UNIT * units
    return score + CARD * len(player.hand)
