"""Bases and Units on the map: where they are, their range, and putting them on the map and
taking them off (the rulebook's POWER + RANGE page and the player board's order).

Ranges: a Complex or an Embassy reaches 1 sector, an Outpost stack one less than its
height, an Agent or a Fleet 0 (1 with Sentient Propaganda or Psi-Subversion Probes). Gates
have no range. A Base goes back to the right-most empty space of its track: its count of
Bases on the map falls by one.
"""

from __future__ import annotations

from core.games.hegemonic import technology
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.rules import Ctx
from core.games.hegemonic.state import Location, Player, State

UNIT_OF = {"political": "agents", "martial": "fleets"}


def home_of(state: State, seat: int) -> int:
    """The sector of the seat's Home, -1 before it is placed."""
    for i, sector in enumerate(state.sectors):
        if sector.home == seat:
            return i
    return -1


def foreign_home(state: State, sector: int, seat: int) -> bool:
    home = state.sectors[sector].home
    return home >= 0 and home != seat


def is_home(state: State, sector: int) -> bool:
    return state.sectors[sector].home >= 0


def own_locations(state: State, seat: int, kind: str) -> list[int]:
    return [i for i, loc in enumerate(state.locations) if loc.owner == seat and loc.kind == kind]


def bases_in(state: State, sector: int, seat: int, kind: str) -> list[int]:
    locations = state.locations
    return [i for i in state.sectors[sector].locations
            if locations[i].owner == seat and locations[i].kind == kind]


def complexes_in(state: State, sector: int, seat: int) -> int:
    locations = state.locations
    return sum(1 for i in state.sectors[sector].locations
               if locations[i].owner == seat and locations[i].kind == "industrial")


def units_in(player: Player, sector: int, kind: str) -> list[int]:
    """The indices of the player's Agents (political) or Fleets (martial) in a sector."""
    units = player.agents if kind == "political" else player.fleets
    return [i for i, at in enumerate(units) if at == sector]


def gates_in(player: Player, sector: int) -> list[int]:
    """The player's gate pairs with an end in the sector."""
    return [i for i, pair in enumerate(player.gates) if pair and sector in pair]


def agent_range(content: Content, player: Player) -> int:
    return 1 if technology.has(content, player, "sentient_propaganda") else 0


def fleet_range(content: Content, player: Player) -> int:
    return 1 if technology.has(content, player, "psi_subversion_probes") else 0


def outpost_range(loc: Location) -> int:
    return loc.height - 1


def range_sources(state: State, content: Content, seat: int, kind: str,
                  skip: int = -1) -> list[tuple[int, int]]:
    """(sector, range) of the player's Bases and Units of a kind (Location ``skip`` left
    out, or one Outpost less on it): what a BUILD of that kind is measured from."""
    player = state.players[seat]
    found = []
    for i, loc in enumerate(state.locations):
        if loc.owner != seat or loc.kind != kind:
            continue
        if kind == "martial":
            height = loc.height - (1 if i == skip else 0)
            if height:
                found.append((loc.sector, height - 1))
        elif i != skip:
            found.append((loc.sector, 1))
    if kind == "political":
        reach = agent_range(content, player)
        found += [(s, reach) for s in player.agents if s >= 0]
    elif kind == "martial":
        reach = fleet_range(content, player)
        found += [(s, reach) for s in player.fleets if s >= 0]
    return found


def changing_location(state: State, loc_id: int) -> Location:
    """The Location about to change, made this state's own first: copies of a state share
    their Locations (``State.copy``), so Bases are put on the map and taken off only through
    here (``place_bases``, ``remove_bases``). Hold no Location across either."""
    loc = state.locations[loc_id] = state.locations[loc_id].copy()
    return loc


def place_bases(state: State, seat: int, loc_id: int, count: int = 1) -> None:
    loc = changing_location(state, loc_id)
    loc.owner = seat
    loc.height += count
    state.players[seat].built[KINDS.index(loc.kind)] += count


def remove_bases(state: State, loc_id: int, count: int) -> None:
    """Bases back to their owner's track (right to left)."""
    loc = changing_location(state, loc_id)
    state.players[loc.owner].built[KINDS.index(loc.kind)] -= count
    loc.height -= count
    if loc.height == 0:
        loc.owner = -1


def remove_gate(ctx: Ctx, seat: int, pair: int, reason: str) -> None:
    player = ctx.state.players[seat]
    ends = player.gates[pair]
    player.gates[pair] = []
    ctx.emit("gate_removed", seat, pair=pair, sectors=list(ends), reason=reason)


def remove_unit(ctx: Ctx, seat: int, kind: str, index: int, reason: str) -> None:
    """An Agent (political) or Fleet (martial) back to the supply."""
    player = ctx.state.players[seat]
    units = player.agents if kind == "political" else player.fleets
    sector = units[index]
    units[index] = -1
    ctx.emit("unit_removed", seat, unit=UNIT_OF[kind][:-1], index=index, sector=sector,
             reason=reason)


def open_for(state: State, loc_id: int, seat: int) -> bool:
    """A Location where the seat could put one more Base: empty, or its own Outpost stack
    below capacity; never in another player's Home."""
    loc = state.locations[loc_id]
    if foreign_home(state, loc.sector, seat):
        return False
    if loc.kind == "martial":
        return loc.owner in (-1, seat) and loc.height < loc.power
    return loc.owner == -1
