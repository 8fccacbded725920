"""The galaxy: boards laid out into sectors, Sector Tiles and Home Sectors put on them.

Sectors are numbered in reading order (row by row, left to right) once every board is
down; the Center is no sector. A tile laid on an empty hex brings its Locations, which are
appended to the state's list, so a Location's number never changes.

The free layout (the rulebook's alternative to the suggested layouts) places boards one at
a time; each must touch at least two boards already placed, one of them the Core, where
some placement can (the first board can touch only the Core).
"""

from __future__ import annotations

from core.games.hegemonic.content import Content, board_hexes
from core.games.hegemonic.state import Location, Sector, State
from core.hexgrid import Hex, distance, neighbours

SEARCH_RADIUS = 12  # how far from the Core a free layout may reach


def placed_hexes(state: State, content: Content) -> dict[Hex, int]:
    """Every hex of the boards placed so far (the Center too), and its board."""
    found: dict[Hex, int] = {h: 0 for h in content.galaxy.core}
    for board, placement in enumerate(state.boards, 1):
        for h in board_hexes(content.galaxy.shape, (placement[0], placement[1], placement[2])):
            found[h] = board
    return found


def make_sectors(state: State, content: Content) -> None:
    """The sectors of the finished layout, in reading order; the Center left out."""
    hexes = placed_hexes(state, content)
    center = content.galaxy.core[0]
    coords = sorted((h for h in hexes if h != center), key=lambda h: (h[1], h[0]))
    state.sectors = [Sector(q, r, hexes[(q, r)]) for q, r in coords]
    state.map_key = "map:" + ";".join(f"{b[0]},{b[1]},{b[2]}" for b in state.boards)


def board_placements(state: State, content: Content) -> list[str]:
    """Where the next board of a free layout may go: ``board:<rotation>:<q>:<r>``."""
    taken = placed_hexes(state, content)
    shape = content.galaxy.shape
    candidates: dict[frozenset[Hex], tuple[int, int, int]] = {}
    border = {n for h in taken for n in neighbours(h) if n not in taken}
    qs = [h[0] for h in border]
    rs = [h[1] for h in border]
    for turn in range(6):
        for q in range(min(qs) - 2, max(qs) + 3):
            for r in range(min(rs) - 2, max(rs) + 3):
                hexes = board_hexes(shape, (turn, q, r))
                if any(h in taken for h in hexes) or not any(h in border for h in hexes):
                    continue
                if any(distance(h, (0, 0)) > SEARCH_RADIUS for h in hexes):
                    continue
                candidates.setdefault(frozenset(hexes), (turn, q, r))
    ranked: dict[int, list[tuple[int, int, int]]] = {}
    for found, placement in candidates.items():
        touched = {taken[n] for h in found for n in neighbours(h) if n in taken}
        grade = (2 if len(touched) >= 2 else 0) + (1 if 0 in touched else 0)
        ranked.setdefault(grade, []).append(placement)
    best = ranked[max(ranked)]
    return [f"board:{t}:{q}:{r}" for t, q, r in sorted(best)]


def changing_sector(state: State, sector_id: int) -> Sector:
    """The sector about to change, made this state's own first: copies of a state share their
    Sectors (``State.copy``), so a sector changes only through here (a tile or a Home laid)."""
    sector = state.sectors[sector_id] = state.sectors[sector_id].copy()
    return sector


def add_locations(state: State, sector: Sector, sector_id: int, industrial: int,
                  political: tuple[int, ...], martial: tuple[int, ...]) -> None:
    """The Locations of a tile laid on ``sector`` (the state's own, ``changing_sector``)."""
    for kind, values in (("industrial", (1,) * industrial), ("political", political),
                         ("martial", martial)):
        for value in values:
            sector.locations.append(len(state.locations))
            state.locations.append(Location(sector_id, kind, value))


def lay_tile(state: State, content: Content, tile_id: str, sector_id: int) -> None:
    tile = content.tiles[tile_id]
    sector = changing_sector(state, sector_id)
    sector.tile = tile_id
    sector.faction = tile.faction
    add_locations(state, sector, sector_id, tile.industrial, tile.political, tile.martial)


def lay_home(state: State, content: Content, seat: int, sector_id: int) -> None:
    sector = changing_sector(state, sector_id)
    sector.tile = state.players[seat].house
    sector.home = seat
    home = content.home_tile
    add_locations(state, sector, sector_id, home.industrial, home.political, home.martial)


def empty_hexes(state: State) -> list[int]:
    return [i for i, s in enumerate(state.sectors) if not s.tile]


def home_hexes(state: State, content: Content) -> list[int]:
    """Where the next Home may go: an empty hex of a Galaxy Board without a Home, not next
    to another Home; only the layout's recommended positions when those are in use."""
    boards_taken = {s.board for s in state.sectors if s.home >= 0}
    homes = [(s.q, s.r) for s in state.sectors if s.home >= 0]
    dots: set[tuple[int, int]] | None = None
    if uses_dots(state):
        layout = content.layouts[len(state.players)]
        dots = {(q, r) for q, r in layout.homes}
    found = []
    for i, s in enumerate(state.sectors):
        if s.board == 0 or s.tile or s.board in boards_taken:
            continue
        if any(distance((s.q, s.r), h) <= 1 for h in homes):
            continue
        if dots is not None and (s.q, s.r) not in dots:
            continue
        found.append(i)
    return found


def uses_dots(state: State) -> bool:
    """Homes go to the recommended positions: always in the Learning Game, and with the
    suggested layout unless the players chose to place them anywhere."""
    if state.options.layout != "suggested":
        return False
    return "learning" in state.modules or state.options.homes == "recommended"


def next_to(state: State, sector_id: int) -> list[int]:
    """Empty hexes sharing an edge with a sector (the first tile goes next to the Home)."""
    s = state.sectors[sector_id]
    near = set(neighbours((s.q, s.r)))
    return [i for i, t in enumerate(state.sectors) if not t.tile and (t.q, t.r) in near]
