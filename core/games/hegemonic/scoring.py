"""Scoring (the rulebook's Scoring and Final Scoring).

Each board, the Galactic Core included, is scored at every Arbitration on the power of
Bases alone: a Complex 1, an Embassy its Location's power (a Home's Embassy 1), an Outpost
stack its height. Most power: 6 VP (control); second: 3 (influence); anyone else with a
Base there: 1 (presence); the only player with Bases there: +2 (exclusivity); on the Core,
+1 to everyone with a Base there. Players tied for first take 3 each and nobody is second;
players tied for second take 1 each.

At the end, each Advanced Technology adds 2 VP per tier. The most VP wins; a tie goes to
the highest total CAP gain of the three tracks; a tie on that too is a shared win.
"""

from __future__ import annotations

from functools import lru_cache

from core.games.hegemonic import empire
from core.games.hegemonic.content import Content, Scoring
from core.games.hegemonic.geometry import shape_of
from core.games.hegemonic.state import State


def boards(state: State) -> tuple[int, ...]:
    if not state.map_key:  # a map still being laid out
        return tuple(sorted({s.board for s in state.sectors}))
    return shape_of(state).boards  # kept per map: the searches score every position


def board_power(state: State) -> dict[int, list[int]]:
    """Every board's power per seat."""
    n = len(state.players)
    found = {b: [0] * n for b in boards(state)}
    for loc in state.locations:
        if loc.owner < 0:
            continue
        sector = state.sectors[loc.sector]
        value = loc.power if loc.kind == "political" and sector.home < 0 else 1
        if loc.kind == "martial":
            value = loc.height
        found[sector.board][loc.owner] += value
    return found


def score_board(content: Content, powers: list[int], core: bool) -> list[int]:
    """Each seat's VP for one board."""
    return list(_scored(content.scoring, tuple(powers), core))


@lru_cache(maxsize=4096)
def _scored(rules: Scoring, powers: tuple[int, ...], core: bool) -> tuple[int, ...]:
    """The VP of a board's powers, kept: the searches score the same few boards at every
    position they judge."""
    vp = [0] * len(powers)
    present = [s for s, p in enumerate(powers) if p > 0]
    if not present:
        return tuple(vp)
    for s in present:
        vp[s] = rules.presence
    top = max(powers)
    firsts = [s for s in present if powers[s] == top]
    if len(firsts) > 1:
        for s in firsts:
            vp[s] = rules.tied_first
    else:
        vp[firsts[0]] = rules.control
        rest = [s for s in present if s != firsts[0]]
        if rest:
            second = max(powers[s] for s in rest)
            seconds = [s for s in rest if powers[s] == second]
            for s in seconds:
                vp[s] = rules.influence if len(seconds) == 1 else rules.tied_second
    if len(present) == 1:
        vp[present[0]] += rules.exclusive
    if core:
        for s in present:
            vp[s] += rules.core
    return tuple(vp)


def round_scores(state: State, content: Content) -> dict[int, list[int]]:
    """Every board's VP per seat, as the board stands."""
    return {board: score_board(content, powers, board == 0)
            for board, powers in board_power(state).items()}


def tech_points(state: State, content: Content, seat: int) -> int:
    per_tier = content.scoring.tech_per_tier
    return sum(per_tier * content.tech_of(c).tier for c in state.players[seat].advanced)


def ranking(state: State, content: Content, seat: int) -> tuple[int, int]:
    """What ranks a player: VP, then the total CAP gain of the three tracks."""
    player = state.players[seat]
    return player.vp, empire.total_income(content, player)


def standings(state: State, content: Content) -> list[dict[str, int]]:
    """Every seat with its VP and place (1 = first; tied seats share a place), best
    first; at the end the winners are the seats in first place."""
    keys = {p.seat: ranking(state, content, p.seat) for p in state.players}
    order = sorted(keys, key=lambda seat: keys[seat], reverse=True)
    return [{"seat": seat, "place": 1 + sum(1 for k in keys.values() if k > keys[seat]),
             "vp": keys[seat][0]} for seat in order]


def winners(state: State, content: Content) -> list[int]:
    """The most VP; a tie broken by the total CAP gain; shared if still tied."""
    keys = [ranking(state, content, p.seat) for p in state.players]
    return [seat for seat, key in enumerate(keys) if key == max(keys)]
