"""Conflict Power, step 1 of a conflict (the rulebook's Determine Starting Conflict Power),
with where every point comes from, so a screen can show the arithmetic.

- A group of Complexes: the player's Complexes in its sector (the Conflict Sector when
  defending), plus their Complexes within range, that is in the sectors next to it
  (gates count as next to). Dyson Sphere Assembly: +1 per own gate in that sector.
- Gates alone: the player's Complexes whose range reaches the sector.
- Embassies: their Locations' power, plus the player's other Embassies of the same
  faction anywhere, plus 1 per own Agent in the sector. Embassies need no range.
- An Agent: 1, plus the power of the player's Embassies of one faction of their choice (a
  faction backs one Agent a phase, unless Post-Physical Array).
- Outposts: the stacks' heights, plus every other own stack within range of one of them
  or with the range to reach one (counted once), plus each own Fleet in the sector.
- A Fleet: the Martial tier, plus the whole power of one own Outpost stack that reaches it,
  counted as above (a stack backs one Fleet a phase, unless Synergized Logistics). The
  Fleet being backed is not counted again among the stack's Fleets.
- Nano-Accelerants and Hyper-Cannon Batteries add 1 to each Agent or Fleet that counts.
- A Home's Embassy gives no power, unless Homes are wild: then it is an Embassy of power 1
  in every faction.
"""

from __future__ import annotations

from core.games.hegemonic import empire, pieces, technology
from core.games.hegemonic.content import FACTIONS, Content
from core.games.hegemonic.geometry import Geometry
from core.games.hegemonic.state import State

Part = list[object]  # [label, value]: a label a screen can word, and its points


def total(parts: list[Part]) -> int:
    return sum(int(str(p[1])) for p in parts)


def wild(state: State) -> bool:
    return "wild_homes" in state.modules


def agent_value(content: Content, state: State, seat: int) -> int:
    return 1 + (1 if technology.has(content, state.players[seat], "nano_accelerants") else 0)


def fleet_value(content: Content, state: State, seat: int) -> int:
    player = state.players[seat]
    bonus = 1 if technology.has(content, player, "hyper_cannon_batteries") else 0
    return empire.tier(content, player, "martial") + bonus


def embassy_power(state: State, loc_id: int) -> int:
    """An Embassy's conflict power: its Location's, or 0 (1 if wild) in a Home."""
    loc = state.locations[loc_id]
    if pieces.is_home(state, loc.sector):
        return 1 if wild(state) else 0
    return loc.power


def in_faction(state: State, loc_id: int, faction: str) -> bool:
    loc = state.locations[loc_id]
    sector = state.sectors[loc.sector]
    if sector.home >= 0:
        return wild(state)
    return sector.faction == faction


def faction_power(state: State, seat: int, faction: str, skip: tuple[int, ...] = ()) -> int:
    """The power of the seat's Embassies in a faction (those in ``skip`` left out)."""
    return sum(embassy_power(state, i) for i in pieces.own_locations(state, seat, "political")
               if i not in skip and in_faction(state, i, faction))


def factions_of(state: State, seat: int) -> list[str]:
    """The factions whose Embassies the seat has, with power to lend."""
    return [f for f in FACTIONS if faction_power(state, seat, f) > 0]


def complexes(state: State, seat: int, sector: int, geo: Geometry, content: Content
              ) -> list[Part]:
    here = pieces.complexes_in(state, sector, seat)
    row = geo.dist[sector]
    near = sum(1 for i in pieces.own_locations(state, seat, "industrial")
               if state.locations[i].sector != sector and row[state.locations[i].sector] <= 1)
    parts: list[Part] = [["complexes", here], ["complexes in range", near]]
    if technology.has(content, state.players[seat], "dyson_sphere_assembly"):
        gates = len(pieces.gates_in(state.players[seat], sector))
        if gates:
            parts.append(["gates", gates])
    return parts


def gates_alone(state: State, seat: int, sector: int, geo: Geometry) -> list[Part]:
    row = geo.dist[sector]
    reaching = sum(1 for i in pieces.own_locations(state, seat, "industrial")
                   if row[state.locations[i].sector] <= 1)
    return [["complexes in range", reaching]]


def embassies(state: State, content: Content, seat: int, sector: int, locs: list[int]
              ) -> list[Part]:
    faction = state.sectors[sector].faction
    own = sum(embassy_power(state, i) for i in locs)
    others = faction_power(state, seat, faction, tuple(locs))
    agents = len(pieces.units_in(state.players[seat], sector, "political"))
    return [["embassies", own], ["faction", others],
            ["agents", agents * agent_value(content, state, seat)]]


def agent(state: State, content: Content, seat: int, faction: str) -> list[Part]:
    parts: list[Part] = [["agent", agent_value(content, state, seat)]]
    if faction:
        parts.append(["faction", faction_power(state, seat, faction)])
    return parts


def reaches(geo: Geometry, state: State, a: int, b: int) -> bool:
    """Two Outpost stacks support each other: one is within the other's range."""
    la, lb = state.locations[a], state.locations[b]
    return geo.dist[la.sector][lb.sector] <= max(pieces.outpost_range(la),
                                                 pieces.outpost_range(lb))


def outposts(state: State, content: Content, seat: int, locs: list[int], geo: Geometry,
             skip_fleet: int = -1) -> list[Part]:
    """Stacks ``locs`` (all in one sector), their supporting stacks and the sector's Fleets
    (the Fleet ``skip_fleet`` left out: it is the one being backed)."""
    heights = sum(state.locations[i].height for i in locs)
    others = sum(state.locations[j].height for j in pieces.own_locations(state, seat, "martial")
                 if j not in locs and any(reaches(geo, state, i, j) for i in locs))
    sector = state.locations[locs[0]].sector
    fleets = [i for i in pieces.units_in(state.players[seat], sector, "martial")
              if i != skip_fleet]
    return [["outposts", heights], ["outposts in range", others],
            ["fleets", len(fleets) * fleet_value(content, state, seat)]]


def backing_outposts(state: State, seat: int, sector: int, geo: Geometry) -> list[int]:
    """The seat's stacks that reach a sector (which may back a Fleet there)."""
    return [i for i in pieces.own_locations(state, seat, "martial")
            if geo.dist[state.locations[i].sector][sector] <= pieces.outpost_range(
                state.locations[i])]


def fleet(state: State, content: Content, seat: int, index: int, backing: int, geo: Geometry
          ) -> list[Part]:
    parts: list[Part] = [["fleet", fleet_value(content, state, seat)]]
    if backing >= 0:
        parts.append(["outpost", total(outposts(state, content, seat, [backing], geo,
                                                skip_fleet=index))])
    return parts


def support(state: State, seat: int, factions: list[str]) -> int:
    """What a bystander lends: one per sector where they have an Embassy of one of the
    factions the supported side uses (never from a Home, unless Homes are wild)."""
    sectors = {state.locations[i].sector for i in pieces.own_locations(state, seat, "political")
               if any(in_faction(state, i, f) for f in factions)}
    return len(sectors)
