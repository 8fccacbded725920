"""The map as drawable data: every sector's cell on a character grid, the storms between
cells, the wormhole links; so a screen draws the map without hex arithmetic.

Hexes are pointy-top in axial coordinates (``core/hexgrid.py``): a row of the map is a row
of cells, and each row is shifted by half a cell from the next. A cell is ``width``
columns apart from its neighbour in the row and draws ``width - 1`` of them, leaving a gap
column; rows are ``height + 1`` lines apart, leaving a gap line. A living storm stands on
a corner where three cells meet: the gap column between the two cells of one row, on the
gap line towards the third.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.games.fractal.layouts import layout as rulebook_layout
from core.games.fractal.words.names import View, content
from core.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class CellSize:
    width: int  # columns from a cell to the next in its row (even)
    height: int  # lines of a cell


COMPACT = CellSize(8, 2)  # the widest map (4 players, extended: 9 cells) in 76 columns
LARGE = CellSize(16, 4)


@dataclass(frozen=True, slots=True)
class Storm:
    id: str  # content id ("" on a blank layout, which has no tokens yet)
    sectors: tuple[int, ...]  # the sectors around its corner
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class MapLayout:
    size: CellSize
    rows: int  # lines the whole map takes
    cols: int  # columns the whole map takes
    cells: Mapping[int, tuple[int, int]]  # sector id -> (row, col) of its cell's top left
    storms: tuple[Storm, ...]
    wormholes: tuple[tuple[int, int], ...]  # (sector of the wormhole, sector it links to)

    def box(self, sector: int) -> tuple[int, int, int, int]:
        """The characters a sector's cell covers, for clicks and scrolling: (left, top,
        width, height); the column after it is the gap between cells."""
        top, left = self.cells[sector]
        return left, top, self.size.width - 1, self.size.height


def _place(hexes: Sequence[Hex], size: CellSize) -> tuple[dict[Hex, tuple[int, int]], int, int]:
    """Each hex's cell, and the lines and columns they take."""
    doubled = {h: 2 * h[0] + h[1] for h in hexes}  # same-row neighbours are 2 apart
    left, top = min(doubled.values()), min(r for _, r in hexes)
    half = size.width // 2
    cells = {h: ((h[1] - top) * (size.height + 1), (doubled[h] - left) * half)
             for h in hexes}
    rows = max(row for row, _ in cells.values()) + size.height
    cols = max(col for _, col in cells.values()) + size.width - 1
    return cells, rows, cols


def _corner(vertex: Sequence[Sequence[int]], size: CellSize, left: int, top: int
            ) -> tuple[int, int]:
    """Where a storm's mark goes: between the two hexes sharing a row, on the gap line
    towards the third."""
    hexes = [(h[0], h[1]) for h in vertex]
    rows = [r for _, r in hexes]
    pair_row = max(set(rows), key=rows.count)
    pair = min(2 * q + r for q, r in hexes if r == pair_row)
    line = (min(rows) - top) * (size.height + 1) + size.height
    return line, (pair - left) * (size.width // 2) + size.width - 1


def _grid(hexes: Sequence[Hex], ids: Sequence[int], storms: Iterable[tuple[str, list[list[int]]]],
          wormholes: tuple[tuple[int, int], ...], size: CellSize) -> MapLayout:
    cells, rows, cols = _place(hexes, size)
    left = min(2 * q + r for q, r in hexes)
    top = min(r for _, r in hexes)
    by_hex = dict(zip(hexes, ids, strict=True))
    marks = []
    for storm_id, vertex in storms:
        row, col = _corner(vertex, size, left, top)
        around = tuple(by_hex[(h[0], h[1])] for h in vertex if (h[0], h[1]) in by_hex)
        marks.append(Storm(storm_id, around, row, col))
    return MapLayout(size, rows, cols, {by_hex[h]: cell for h, cell in cells.items()},
                     tuple(marks), wormholes)


def layout(view: View, size: CellSize = COMPACT) -> MapLayout:
    """The map of a view as cells, storms and wormholes."""
    sectors = view["sectors"]
    hexes = [(s["q"], s["r"]) for s in sectors]
    storms = [(str(s["id"]), s["vertex"]) for s in view["storms"]]
    return _grid(hexes, [s["id"] for s in sectors], storms, wormholes(view), size)


def blank(name: str, players: int, size: CellSize = COMPACT) -> MapLayout:
    """A map layout before any game: sector ids in the order setup lays them out."""
    plan = rulebook_layout(name, players)
    hexes = [h for h, _ in plan.hexes]
    storms = [("", [list(h) for h in v]) for v, _ in plan.storms]
    return _grid(hexes, list(range(len(hexes))), storms, (), size)


def wormholes(view: View) -> tuple[tuple[int, int], ...]:
    """Links of the face-up living galaxies with the wormhole effect: to every sector with a
    colony space of their kind, or every non-habitable sector for "exploration"."""
    links = []
    for s in view["sectors"]:
        if s["event_kind"] != "living_galaxy" or not s["event_face_up"] or not s["event"]:
            continue
        galaxy = content().living_galaxies[s["event"]]
        if "wormhole" not in galaxy.effects:
            continue
        for other in view["sectors"]:
            if other["id"] != s["id"] and _linked(other, galaxy.wormhole):
                links.append((int(s["id"]), int(other["id"])))
    return tuple(links)


def _linked(sector: Mapping[str, Any], kind: str) -> bool:
    if kind == "exploration":
        return bool(sector["kind"] == "non_habitable")
    return any(kind in space["accepts"] for space in sector["spaces"])
