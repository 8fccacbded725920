"""Questions about the board that many rules ask: who is where, who controls what.

Key concepts of the rulebook (control, blockade, contested and empty sectors, adjacency)
live here so that every rule asks them the same way.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter

from core.games.fractal.content import Content
from core.games.fractal.state import GROUND, RESERVE, SPACE, TRACKS, Player, Sector, State, Unit
from core.hexgrid import Grid, Hex, Storm, storm

BLOCKADE_UNITS = 4


def place(state: State, unit: Unit, where: int, owner: int | None = None) -> None:
    """Put the unit in ``where`` (a sector id, RESERVE, BOX...), changing its owner when one
    is given: the one way a unit moves, so that the units by place and owner stay true."""
    derived = state.derived
    if derived.units_at is not None:
        _shift(derived.units_at, unit, unit.where, where)
    if owner is not None:
        if derived.units_owned is not None:
            _shift(derived.units_owned, unit, unit.owner, owner)
        unit.owner = owner
    unit.where = where


def _shift(table: dict[int, list[Unit]], unit: Unit, old: int, new: int) -> None:
    """The unit from the list of ``old`` to that of ``new``, each kept in id order (the
    order of ``state.units``), as a table made afresh would have them."""
    if old == new:
        return
    here = table[old]
    del here[bisect_left(here, unit.id, key=_ID)]
    if not here:
        del table[old]
    there = table.get(new)
    if there is None:
        table[new] = [unit]
    else:
        insort(there, unit, key=_ID)


_ID = attrgetter("id")


def units_at(state: State) -> dict[int, list[Unit]]:
    """The units by where they are, each list in the order of ``state.units``: worked out
    once, then kept up to date by ``place`` (every rule asks who is in a sector, many times
    a step)."""
    found = state.derived.units_at
    if found is None:
        found = state.derived.units_at = {}
        for unit in state.units:
            _add(found, unit.where, unit)
    return found


def units_owned(state: State) -> dict[int, list[Unit]]:
    """The units by owner (-1: black units in the supply or neutral), as ``units_at``."""
    found = state.derived.units_owned
    if found is None:
        found = state.derived.units_owned = {}
        for unit in state.units:
            _add(found, unit.owner, unit)
    return found


def _add(table: dict[int, list[Unit]], key: int, unit: Unit) -> None:
    """``unit`` at the end of its list in ``table`` (the lists in the units' order: each
    unit read as a field, not through a key function, which compiled is a call a unit)."""
    group = table.get(key)
    if group is None:
        table[key] = [unit]
    else:
        group.append(unit)


_NONE: list[Unit] = []  # read only


def units_in(state: State, sector: int, seat: int | None = None) -> list[Unit]:
    here = units_at(state).get(sector, _NONE)
    if seat is None:
        return list(here)
    return [u for u in here if u.owner == seat]


def units_of(state: State, seat: int) -> Iterator[Unit]:
    """The seat's units on the board."""
    return (u for u in units_owned(state).get(seat, _NONE) if u.where >= 0)


def reserve(state: State, seat: int, kind: str) -> list[Unit]:
    return [u for u in units_at(state).get(RESERVE, _NONE) if u.owner == seat and u.kind == kind]


def is_space(unit: Unit) -> bool:
    return unit.kind in SPACE


def is_ground(unit: Unit) -> bool:
    return unit.kind in GROUND


def has_colony(sector: Sector, seat: int) -> bool:
    return any(space.owner == seat for space in sector.spaces)


def colony_sectors(state: State, seat: int) -> list[Sector]:
    """The sectors holding a colony of the seat, in map order (plain loops: asked at every
    step of a turn, and a generator per sector cost more than the question)."""
    found = []
    for sector in state.sectors:
        for space in sector.spaces:
            if space.owner == seat:
                found.append(sector)
                break
    return found


def colonies_in(sector: Sector, seat: int | None = None) -> int:
    return sum(1 for s in sector.spaces if s.owner >= 0 and (seat is None or s.owner == seat))


def pieces(state: State, sector: Sector, seat: int) -> int:
    """Units and colonies of a seat in a sector."""
    return len(units_in(state, sector.id, seat)) + colonies_in(sector, seat)


def present(state: State, sector: Sector) -> set[int]:
    """Seats with units or colonies in the sector."""
    seats = {u.owner for u in units_at(state).get(sector.id, _NONE) if u.owner >= 0}
    seats.update(s.owner for s in sector.spaces if s.owner >= 0)
    return seats


def has_unresolved_event(sector: Sector) -> bool:
    return sector.event_kind in ("obstacle", "anomaly")


def controller(state: State, sector: Sector) -> int:
    """The seat with strictly more pieces than any other, or -1. Obstacles and anomalies
    prevent control until resolved, and so do neutral units (The Fracture)."""
    if has_unresolved_event(sector):
        return -1
    units: dict[int, int] = {}
    for unit in units_at(state).get(sector.id, _NONE):
        owner = unit.owner
        if owner < 0:
            return -1
        units[owner] = units.get(owner, 0) + 1
    return controller_given(sector, units)


def neutral_sectors(state: State) -> set[int]:
    """Sectors holding neutral units (units on the board without owner: The Fracture)."""
    return {u.where for u in state.units if u.owner < 0 and u.where >= 0}


def controller_given(sector: Sector, units: dict[int, int], held: bool = False) -> int:
    """:func:`controller` for a sector whose units per seat are already counted; ``held``
    when neutral units are there."""
    if held or has_unresolved_event(sector):
        return -1
    counts = dict(units)
    for space in sector.spaces:
        if space.owner >= 0:
            counts[space.owner] = counts.get(space.owner, 0) + 1
    if not counts:
        return -1
    best = max(counts.values())
    leaders = [seat for seat, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else -1


def units_per_sector(state: State) -> list[dict[int, int]]:
    """For every sector (by id), how many units each seat has there: one pass over the
    units for questions asked of the whole map at once."""
    counts: list[dict[int, int]] = [{} for _ in state.sectors]
    for unit in state.units:
        if unit.where >= 0 and unit.owner >= 0:
            here = counts[unit.where]
            here[unit.owner] = here.get(unit.owner, 0) + 1
    return counts


def controls(state: State, sector: Sector, seat: int) -> bool:
    return controller(state, sector) == seat


def contested(state: State, sector: Sector) -> bool:
    return len(present(state, sector)) >= 2


def empty(state: State, sector: Sector) -> bool:
    return not present(state, sector)


def blockaded_for(state: State, sector: Sector, seat: int) -> bool:
    """A sector with the seat's colony and at least four enemy units cannot be used by that
    seat for recruiting."""
    if not has_colony(sector, seat):
        return False
    enemies = [u for u in units_at(state).get(sector.id, _NONE) if u.owner not in (seat, -1)]
    return len(enemies) >= BLOCKADE_UNITS


def blockaded(state: State, sector: Sector) -> bool:
    return any(blockaded_for(state, sector, s.owner) for s in sector.spaces if s.owner >= 0)


def free_space(sector: Sector, track: str | None = None) -> bool:
    return any(s.owner < 0 and (track is None or track in s.accepts) for s in sector.spaces)


def hex_of(sector: Sector) -> Hex:
    return (sector.q, sector.r)


_GRIDS: dict[tuple[object, ...], Grid] = {}
_GRID_CACHE_SIZE = 64


def grid_key(state: State, content: Content) -> tuple[object, ...]:
    """Everything the map's adjacency is built from: the sectors (a tile fixes its colony
    spaces), the storms and the face-up wormholes."""
    # Lists turned into tuples: faster than generators, and this runs at every movement
    # question.
    wormholes = tuple([(s.id, wormhole_kind(s, content)) for s in state.sectors
                       if s.event_face_up and s.event_kind == "living_galaxy"])
    return (id(content),
            tuple([(s.q, s.r, s.kind, s.tile) for s in state.sectors]),
            tuple([tuple([tuple(h) for h in v]) for v in state.storms]),
            wormholes, tuple(state.fracture.ingress))


def grid(state: State, content: Content) -> Grid:
    """The map's adjacency as it stands: storms break edges, face-up wormholes and the
    Fracture's ingress and egress add links.

    Kept with the state until ``map_changed``, and cached on ``grid_key`` across states (a
    copy's map is most often one seen before): a Grid is immutable and building one costs
    more than many questions asked of it; movement, retreats and bots ask for it again and
    again."""
    found = state.derived.grid
    if found is not None and found[0] is content:
        return found[1]
    built = map_grid(state, content)
    state.derived.grid = (content, built)
    return built


def map_grid(state: State, content: Content) -> Grid:
    """The map's adjacency worked out from the map as it stands (``grid`` keeps it)."""
    return cached_grid(grid_key(state, content), lambda: _build_grid(state, content))


def map_changed(state: State) -> None:
    """Drop the adjacency worked out for the map: every rule that lays a tile, moves a
    storm, opens an ingress, or turns a sector's event face up or takes it away calls this
    (the grid is kept with the state until then, movement asks for it at every step)."""
    state.derived.grid = None
    state.derived.ruin_grid = None


def forget(state: State) -> None:
    """Drop every fact worked out from the state: for a state whose fields were set by
    hand (a bot's sampled world)."""
    derived = state.derived
    derived.grid = derived.ruin_grid = derived.units_at = derived.units_owned = None


def cached_grid(key: tuple[object, ...], build: Callable[[], Grid]) -> Grid:
    """The grid stored under ``key``, built once; a small cache cleared when full (a game
    only ever has a few storm and wormhole layouts alive at once)."""
    cached = _GRIDS.get(key)
    if cached is None:
        if len(_GRIDS) >= _GRID_CACHE_SIZE:
            _GRIDS.clear()
        cached = _GRIDS[key] = build()
    return cached


def _build_grid(state: State, content: Content) -> Grid:
    hexes = {hex_of(s) for s in state.sectors}
    storms = [storm_of(plain) for plain in state.storms]
    links: dict[Hex, set[Hex]] = {}
    for sector in state.sectors:
        kind = wormhole_kind(sector, content)
        if not kind:
            continue
        targets = {hex_of(o) for o in state.sectors
                   if o is not sector and _wormhole_target(o, kind)}
        links.setdefault(hex_of(sector), set()).update(targets)
    if state.fracture.ingress:  # The Fracture: every ingress links to every egress
        egress = {hex_of(s) for s in state.sectors
                  if s.kind == "fracture" and content.sectors[s.tile].egress}
        for i in state.fracture.ingress:
            links.setdefault(hex_of(state.sectors[i]), set()).update(egress)
    return Grid(hexes, storms, links)


def storm_of(plain: Sequence[Sequence[int]]) -> Storm:
    """A storm as the state keeps it: its vertex's three hexes as [q, r], the hex it cuts
    off first."""
    hexes = [(h[0], h[1]) for h in plain]
    return storm(hexes, hexes[0])


def plain_storm(s: Storm) -> list[list[int]]:
    """The state's form of a storm: the cut-off hex first, then the other two in order."""
    v, cut = s
    return [[cut[0], cut[1]], *([q, r] for q, r in v if (q, r) != cut)]


def plain_storm_at(vertex: Sequence[Hex], cut: Hex) -> list[list[int]]:
    """The state's form of the storm on ``vertex`` cutting off ``cut`` (for a bot's sampled
    world: compiled apart from the rules, mypyc cannot pass a storm's tuple between them)."""
    return plain_storm(storm(vertex, cut))


def _wormhole_target(sector: Sector, kind: str) -> bool:
    if kind == "exploration":
        return sector.kind == "non_habitable"
    return any(kind in space.accepts for space in sector.spaces)


def living_galaxy_effects(sector: Sector, content: Content) -> tuple[str, ...]:
    """Effects of a face-up living galaxy in the sector (none while it is face-down)."""
    if sector.event_kind != "living_galaxy" or not sector.event_face_up:
        return ()
    return tuple(content.living_galaxies[sector.event].effects)


def wormhole_kind(sector: Sector, content: Content) -> str:
    if "wormhole" not in living_galaxy_effects(sector, content):
        return ""
    return content.living_galaxies[sector.event].wormhole


def sector_by_hex(state: State) -> dict[Hex, Sector]:
    return {hex_of(s): s for s in state.sectors}


def neighbour_ids(state: State, content: Content) -> list[list[int]]:
    """Every sector's adjacent sectors (ids, by sector id) as storms and wormholes leave
    the map now."""
    adjacent = grid(state, content).adjacent
    ids = {hex_of(s): s.id for s in state.sectors}
    return [sorted(ids[h] for h in adjacent(hex_of(s))) for s in state.sectors]


def adjacent_sectors(state: State, content: Content, sector: Sector) -> list[Sector]:
    by_hex = sector_by_hex(state)
    return [by_hex[h] for h in sorted(grid(state, content).adjacent(hex_of(sector)))]


def capacity(player: Player, track: str) -> int:
    """How many colonies have left the track: 0 (leftmost space) to 3 (rightmost)."""
    return player.taken[track]


def colonies_on_board(state: State, seat: int, track: str | None = None) -> int:
    return sum(1 for sector in state.sectors for s in sector.spaces
               if s.owner == seat and (track is None or s.track == track))


def tracks() -> tuple[str, ...]:
    return TRACKS
