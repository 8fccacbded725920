"""Moving Agents and Fleets before a conflict (the rulebook's Moving Agents and Fleets).

- An Agent goes to any other sector with a tile, paying 2 CAPs per Galaxy Board border
  crossed on the way that crosses fewest; it never uses gates.
- A Fleet goes up to 3 hexes, through gates, for 1 CAP the whole move (Singularity FTL
  Drive: 5 hexes, free).
- Both may cross empty hexes and Homes but end on a tile, never in another player's Home;
  the Center is not on the map at all.
"""

from __future__ import annotations

from core.games.hegemonic import pieces, technology
from core.games.hegemonic.content import Content
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.state import State

FTL_STEPS = 5  # Singularity FTL Drive


def free_moves(state: State, seat: int, unit: str, index: int, reach: int) -> list[int]:
    """Where a Leader moves a unit at no cost: a Fleet up to ``reach`` hexes, an Agent
    across up to ``reach`` board borders; the usual places to end."""
    player = state.players[seat]
    geo = geometry(state)
    start = (player.agents if unit == "agent" else player.fleets)[index]
    row = geo.borders[start] if unit == "agent" else geo.dist[start]
    return [s for s, sector in enumerate(state.sectors)
            if s != start and row[s] <= reach and sector.tile
            and not pieces.foreign_home(state, s, seat)]


def moves(state: State, content: Content, seat: int, unit: str, index: int
          ) -> list[tuple[int, int]]:
    """(sector, cost) of every move the unit (``agent`` or ``fleet``) may make now."""
    player = state.players[seat]
    geo = geometry(state)
    found = []
    if unit == "agent":
        start = player.agents[index]
        borders = geo.borders[start]
        for s, sector in enumerate(state.sectors):
            if s == start or not sector.tile or pieces.foreign_home(state, s, seat):
                continue
            cost = borders[s] * content.units.agent_border
            if cost <= player.caps:
                found.append((s, cost))
        return found
    start = player.fleets[index]
    ftl = technology.has(content, player, "singularity_ftl_drive")
    steps = FTL_STEPS if ftl else content.units.fleet_steps
    cost = 0 if ftl else content.units.fleet_move
    if cost > player.caps:
        return []
    dist = geo.dist[start]
    return [(s, cost) for s, sector in enumerate(state.sectors)
            if s != start and dist[s] <= steps and sector.tile
            and not pieces.foreign_home(state, s, seat)]
