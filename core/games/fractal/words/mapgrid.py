"""The map as drawable data: every sector's cell on a character grid, the borders cells
share, the storms on their corners and the links that are not borders; so a screen draws
the map without hex arithmetic.

Hexes are pointy-top in axial coordinates (``core/hexgrid.py``): a row of the map is a row
of cells, and each row is shifted by half a cell from the next, like courses of bricks. A
cell has ``width - 1`` columns and ``height`` lines inside a border of one character that it
shares with its neighbours: the one before and after it in its row (a vertical border), and
the two above and the two below (half of its top or bottom border each). So every sector
touches its six neighbours as its hex does. A living storm stands on a corner where three
cells meet, and the two borders it breaks are those of its cut-off cell at that corner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.celltext import CellSize as CellSize  # the size of its cells, named here too
from core.games.fractal.layouts import layout as rulebook_layout
from core.games.fractal.words.names import View, content
from core.hexgrid import Hex, distance

# A hex map's cell widths are even: rows are shifted by half of one.
COMPACT = CellSize(8, 2)  # the widest map (4 players, extended: 9 cells) in 73 columns
LARGE = CellSize(16, 4)


@dataclass(frozen=True, slots=True)
class Storm:
    id: str  # content id ("" on a blank layout, which has no tokens yet)
    sectors: tuple[int, ...]  # the sectors around its corner
    row: int
    col: int


Point = tuple[int, int]  # (row, column) on the map's grid


@dataclass(frozen=True, slots=True)
class MapLayout:
    size: CellSize
    rows: int  # lines the whole map takes, borders included
    cols: int  # columns the whole map takes, borders included
    cells: Mapping[int, tuple[int, int]]  # sector id -> (row, col) of the first character
    # inside its border
    storms: tuple[Storm, ...]
    wormholes: tuple[tuple[int, int], ...]  # (sector of the wormhole, sector it links to)
    # each pair of hex neighbours -> the characters of the border they share, its two
    # corners left out (other borders meet there)
    borders: Mapping[frozenset[int], tuple[Point, ...]]

    def box(self, sector: int) -> tuple[int, int, int, int]:
        """The characters inside a sector's border, for clicks and scrolling: (left, top,
        width, height)."""
        top, left = self.cells[sector]
        return left, top, self.size.width - 1, self.size.height

    def outline(self, sector: int) -> tuple[int, int, int, int]:
        """The sector's cell with its border: (left, top, width, height)."""
        left, top, width, height = self.box(sector)
        return left - 1, top - 1, width + 2, height + 2


def _place(hexes: Sequence[Hex], size: CellSize) -> tuple[dict[Hex, tuple[int, int]], int, int]:
    """Each hex's cell (inside its border), and the lines and columns they take."""
    spots = _spots(tuple(hexes))
    left, top = min(d for d, _ in spots.values()), min(r for _, r in spots.values())
    half = size.width // 2
    cells = {h: ((r - top) * (size.height + 1) + 1, (d - left) * half + 1)
             for h, (d, r) in spots.items()}
    rows = max(row for row, _ in cells.values()) + size.height + 1
    cols = max(col for _, col in cells.values()) + size.width
    return cells, rows, cols


def _corner(vertex: Sequence[Sequence[int]], size: CellSize, left: int, top: int
            ) -> tuple[int, int]:
    """Where a storm's mark goes: the corner of the three cells, where the border between
    the two sharing a row meets the border towards the third."""
    hexes = [(h[0], h[1]) for h in vertex]
    rows = [r for _, r in hexes]
    pair_row = max(set(rows), key=rows.count)
    pair = min(2 * q + r for q, r in hexes if r == pair_row)
    line = (min(rows) - top) * (size.height + 1) + size.height + 1
    return line, (pair - left) * (size.width // 2) + size.width


def _shared(cells: Mapping[Hex, tuple[int, int]], size: CellSize
            ) -> dict[tuple[Hex, Hex], tuple[Point, ...]]:
    """The border each pair of neighbouring hexes shares, without its two corners."""
    shared: dict[tuple[Hex, Hex], tuple[Point, ...]] = {}
    for (q, r), (row, col) in cells.items():
        beside = (q + 1, r)  # the next cell in the row: the column after this one's inside
        if beside in cells:
            shared[((q, r), beside)] = tuple((row + i, col + size.width - 1)
                                             for i in range(size.height))
        for below in ((q, r + 1), (q - 1, r + 1)):  # the line under this one's inside
            if below in cells:
                other = cells[below][1]
                first, last = max(col, other), min(col, other) + size.width - 2
                shared[((q, r), below)] = tuple((row + size.height, c)
                                                for c in range(first, last + 1))
    return shared


def _grid(hexes: Sequence[Hex], ids: Sequence[int], storms: Iterable[tuple[str, list[list[int]]]],
          wormholes: tuple[tuple[int, int], ...], size: CellSize) -> MapLayout:
    cells, rows, cols = _place(hexes, size)
    spots = _spots(tuple(hexes)).values()
    left, top = min(d for d, _ in spots), min(r for _, r in spots)
    by_hex = dict(zip(hexes, ids, strict=True))
    marks = []
    for storm_id, vertex in storms:
        row, col = _corner(vertex, size, left, top)
        around = tuple(by_hex[(h[0], h[1])] for h in vertex if (h[0], h[1]) in by_hex)
        marks.append(Storm(storm_id, around, row, col))
    borders = {frozenset((by_hex[a], by_hex[b])): points
               for (a, b), points in _shared(cells, size).items()}
    return MapLayout(size, rows, cols, {by_hex[h]: cell for h, cell in cells.items()},
                     tuple(marks), wormholes, borders)


@lru_cache(maxsize=64)
def _spots(hexes: tuple[Hex, ...]) -> dict[Hex, tuple[int, int]]:
    """Where each hex's cell is drawn: its column in half cells (same-row neighbours are 2
    apart) and its row. A group of hexes that touches no other (the Fracture's sectors,
    which the engine lays out east of the map on its middle row, one empty hex away) is
    drawn as near the largest group as its rows let it: half a cell apart, so that no
    border joins them, and the map no wider than it must be."""
    spots = {h: (2 * h[0] + h[1], h[1]) for h in hexes}
    groups = _groups(hexes)
    if len(groups) < 2:
        return spots
    placed = {spots[h] for h in max(groups, key=len)}
    top, bottom = min(r for _, r in placed), max(r for _, r in placed)
    for group in groups:
        here = [spots[h] for h in group]
        if set(here) <= placed:
            continue
        east = min(here) > max(placed)
        best: tuple[tuple[int, int, int], list[tuple[int, int]]] | None = None
        for dr in range(top - min(r for _, r in here), bottom - max(r for _, r in here) + 1):
            moved = _beside([(d, r + dr) for d, r in here], placed, 1 if east else -1)
            reach = max(d for d, _ in moved) if east else -min(d for d, _ in moved)
            score = (reach, abs(dr), dr)
            if best is None or score < best[0]:
                best = (score, moved)
        if best is not None:
            spots.update(zip(group, best[1], strict=True))
            placed |= set(best[1])
    return spots


def _beside(group: list[tuple[int, int]], placed: set[tuple[int, int]], step: int
            ) -> list[tuple[int, int]]:
    """The group moved along its rows (``step``: east or west) from beyond the placed cells
    to the nearest it stands without touching one: cells on the same or the next row
    touch closer than three half cells."""
    def clear(shift: int) -> bool:
        return all(abs(d + shift - pd) >= 3 for d, r in group for pd, pr in placed
                   if abs(r - pr) <= 1)

    shift = (max(d for d, _ in placed) - min(d for d, _ in group) + 3 if step > 0
             else min(d for d, _ in placed) - max(d for d, _ in group) - 3)
    while clear(shift - step):
        shift -= step
    return [(d + shift, r) for d, r in group]


def _groups(hexes: Sequence[Hex]) -> list[list[Hex]]:
    """The hexes in groups of neighbours, in the order of their first hex."""
    left = set(hexes)
    groups: list[list[Hex]] = []
    for first in hexes:
        if first not in left:
            continue
        left.discard(first)
        todo: list[Hex] = [first]
        group: list[Hex] = []
        while todo:
            q, r = todo.pop()
            group.append((q, r))
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                if (q + dq, r + dr) in left:
                    left.discard((q + dq, r + dr))
                    todo.append((q + dq, r + dr))
        groups.append(group)
    return groups


def layout(view: View, size: CellSize = COMPACT) -> MapLayout:
    """The map of a view as cells, storms and wormholes."""
    sectors = view["sectors"]
    hexes = [(s["q"], s["r"]) for s in sectors]
    storms = [(str(s["id"]), s["vertex"]) for s in view["storms"]]
    return _grid(hexes, [s["id"] for s in sectors], storms, wormholes(view), size)


def extent(view: View, size: CellSize) -> tuple[int, int]:
    """The columns and lines ``layout(view, size)`` takes, without laying it out."""
    spots = _spots(tuple((s["q"], s["r"]) for s in view["sectors"])).values()
    doubled = [d for d, _ in spots]
    rows = [r for _, r in spots]
    if not doubled:
        return 0, 0
    return ((max(doubled) - min(doubled)) * (size.width // 2) + size.width + 1,
            (max(rows) - min(rows)) * (size.height + 1) + size.height + 2)


def blank(name: str, players: int, size: CellSize = COMPACT) -> MapLayout:
    """A map layout before any game: sector ids in the order setup lays them out."""
    plan = rulebook_layout(name, players)
    hexes = [h for h, _ in plan.hexes]
    storms = [("", [list(h) for h in v]) for v, _ in plan.storms]
    return _grid(hexes, list(range(len(hexes))), storms, (), size)


def links(view: View) -> dict[int, tuple[int, ...]]:
    """Each sector's adjacencies that are not a shared border (a face-up wormhole, the
    Fracture's ingress and egress), from both ends: the sectors it is adjacent to that its
    hex does not touch."""
    where = {s["id"]: (s["q"], s["r"]) for s in view["sectors"]}
    found = {}
    for s in view["sectors"]:
        far = tuple(sorted(n for n in s["neighbours"]
                           if distance(where[s["id"]], where[n]) > 1))
        if far:
            found[int(s["id"])] = far
    return found


def cut(view: View) -> set[frozenset[int]]:
    """The borders storms break: pairs of sectors whose hexes touch but which are not
    adjacent now."""
    by_hex = {(s["q"], s["r"]): s for s in view["sectors"]}
    broken = set()
    for (q, r), s in by_hex.items():
        for other in ((q + 1, r), (q, r + 1), (q - 1, r + 1)):
            if other in by_hex and by_hex[other]["id"] not in s["neighbours"]:
                broken.add(frozenset((int(s["id"]), int(by_hex[other]["id"]))))
    return broken


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
