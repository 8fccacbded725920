"""Declaring a conflict (the rulebook's Declaring and Targeting Conflicts, Conflict Costs).

The attack pattern says what attacks (a group of Complexes, an Agent, a Fleet) and the
kind of piece it targets. The target is one opponent's pieces of that kind in one sector
(the Conflict Sector), within the attacker's range:

- where the defender has Bases of that kind, every Base and Unit of that kind of theirs
  there is the target together (a gate is an Industrial Unit);
- otherwise their Units of that kind there;
- never in a Home Sector.

Each Agent, Fleet or group of Complexes attacks at most once a phase. The attacker pays
1 CAP (DESTROY) or 2 CAPs (TAKEOVER) per point of the targeted Bases' power (Complexes
count 1 each, an Embassy its Location's power, an Outpost stack its height); Efficiency
Paradigm takes 1 CAP off.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from core.games.hegemonic import pieces, technology
from core.games.hegemonic.content import Content, Pattern
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.state import State

GROUP_RANGE = 1  # a group of Complexes attacks as far as a Complex reaches


@dataclass(slots=True)
class Target:
    sector: int
    defender: int
    kind: str
    locations: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)  # Agents or Fleets, by index
    gates: list[int] = field(default_factory=list)  # gate pairs, by index

    def plain(self) -> dict[str, object]:
        return {"sector": self.sector, "defender": self.defender, "kind": self.kind,
                "locations": list(self.locations), "units": list(self.units),
                "gates": list(self.gates)}


def target_in(state: State, sector: int, defender: int, kind: str) -> Target | None:
    """The defender's pieces of ``kind`` in the sector that an attack must target."""
    player = state.players[defender]
    locations = pieces.bases_in(state, sector, defender, kind)
    if kind == "industrial":
        units: list[int] = []
        gates = pieces.gates_in(player, sector)
    else:
        units = pieces.units_in(player, sector, kind)
        gates = []
    if not (locations or units or gates):
        return None
    return Target(sector, defender, kind, locations, units, gates)


def base_power(state: State, target: Target) -> int:
    """What the conflict's cost is counted on: the targeted Bases' power."""
    return sum(state.locations[i].height * (state.locations[i].power if target.kind ==
               "political" else 1) for i in target.locations)


def cost(state: State, content: Content, seat: int, conflict: str, target: Target) -> int:
    rate = content.empire.takeover_rate if conflict == "takeover" else content.empire.destroy_rate
    total = rate * base_power(state, target)
    if technology.has(content, state.players[seat], "efficiency_paradigm"):
        total -= 1
    return max(total, 0)


def attack_range(state: State, content: Content, seat: int, piece: str) -> tuple[int, int]:
    """(sector, range) of an attacking piece: ``group:<sector>``, ``agent:<i>``, ``fleet:<i>``."""
    head, _, rest = piece.partition(":")
    player = state.players[seat]
    if head == "group":
        return int(rest), GROUP_RANGE
    if head == "agent":
        return player.agents[int(rest)], pieces.agent_range(content, player)
    return player.fleets[int(rest)], pieces.fleet_range(content, player)


def targets(state: State, content: Content, seat: int, pattern: Pattern, piece: str,
            moved: tuple[int, int] | None = None) -> list[Target]:
    """Every target the piece may attack with this pattern that the seat can pay for; with
    ``moved`` (sector, cost), those it would have after moving there for that cost."""
    return list(_targets(state, content, seat, pattern, piece, moved))


def has_target(state: State, content: Content, seat: int, pattern: Pattern, piece: str,
               where: set[int] | None = None) -> bool:
    """Whether :func:`targets` would find one: stops at the first (``where``: the sectors
    :func:`occupied` finds, when the caller has them)."""
    return next(_targets(state, content, seat, pattern, piece, None, where), None) is not None


def occupied(state: State, seat: int, kind: str) -> set[int]:
    """The sectors where another player has pieces of ``kind`` (a gate's two ends are
    Industrial): the only places :func:`target_in` finds a target."""
    found = {loc.sector for loc in state.locations
             if loc.owner >= 0 and loc.owner != seat and loc.kind == kind}
    for other in state.players:
        if other.seat == seat:
            continue
        if kind == "industrial":
            found.update(s for pair in other.gates for s in pair)
        else:
            found.update(s for s in (other.agents if kind == "political" else other.fleets)
                         if s >= 0)
    return found


def _targets(state: State, content: Content, seat: int, pattern: Pattern, piece: str,
             moved: tuple[int, int] | None, where: set[int] | None = None
             ) -> Iterator[Target]:
    start, reach = attack_range(state, content, seat, piece)
    caps = state.players[seat].caps
    if moved is not None:
        start, caps = moved[0], caps - moved[1]
    if where is None:
        where = occupied(state, seat, pattern.target)
    near = geometry(state).ball(start, reach)
    if where.isdisjoint(near):  # nobody's pieces of that kind in range: the usual case
        return
    for s in near:
        if s not in where or pieces.is_home(state, s):
            continue
        for other in state.players:
            if other.seat == seat:
                continue
            target = target_in(state, s, other.seat, pattern.target)
            if target is not None and cost(state, content, seat, pattern.conflict,
                                           target) <= caps:
                yield target


def attackers(state: State, content: Content, seat: int, pattern: Pattern) -> list[str]:
    """The pieces that may attack with the pattern this phase: groups of Complexes with a
    target, and every Agent or Fleet on the map that has not attacked (it may move)."""
    return list(_attackers(state, content, seat, pattern))


def can_attack(state: State, content: Content, seat: int, pattern: Pattern) -> bool:
    """Whether :func:`attackers` would find one: stops at the first."""
    return next(_attackers(state, content, seat, pattern), None) is not None


def _attackers(state: State, content: Content, seat: int, pattern: Pattern) -> Iterator[str]:
    player = state.players[seat]
    if pattern.attacker == "complexes":
        where = occupied(state, seat, pattern.target)
        if not where:
            return
        geo = geometry(state)
        sectors = {state.locations[i].sector
                   for i in pieces.own_locations(state, seat, "industrial")}
        for s in sorted(sectors):
            group = f"group:{s}"
            if (group not in player.attacked and not where.isdisjoint(geo.ball(s, GROUP_RANGE))
                    and has_target(state, content, seat, pattern, group, where)):
                yield group
        return
    units = player.agents if pattern.attacker == "agent" else player.fleets
    for i, at in enumerate(units):
        if at >= 0 and f"{pattern.attacker}:{i}" not in player.attacked:
            yield f"{pattern.attacker}:{i}"
