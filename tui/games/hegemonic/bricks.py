"""Hexes drawn as a brick wall: each hex a box of characters, the rows of boxes shifted by
half a box, so every hex shares a stretch of border with each of its six neighbours.

Pointy-top axial hexes (q, r), r downwards: a hex's column in half-boxes is ``2q + r``.
Borders are light inside a Galaxy Board and heavy where two boards meet or the map ends,
so the boards that scoring reads stand out without colour; the kernel's
``core.linework`` draws them. A bare wall (the smallest looks) has no lines between its
rows: the boxes of one row lie right under those of the row above, a bar between two
boxes of a row (``bars``), so that a whole galaxy takes a line a row of hexes. Pure
layout: what goes inside the boxes is ``cells.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from core.hexgrid import Hex, neighbours
from core.linework import HEAVY, LIGHT, Linework

Point = tuple[int, int]  # (column, row) on the canvas


@dataclass(frozen=True, slots=True)
class Wall:
    """Where each hex's box sits for boxes of ``inside`` columns by ``rows`` lines."""

    inside: int  # odd, so that a half-box is a whole number of columns (any when bare)
    rows: int
    left: int  # the smallest half-box column
    top: int  # the smallest row of hexes
    bare: bool = False  # no border lines above and below the boxes

    @property
    def step(self) -> int:
        """Columns from one box's left border to its neighbour's."""
        return self.inside + 1

    @property
    def pitch(self) -> int:
        """Lines from one row of boxes to the next."""
        return self.rows if self.bare else self.rows + 1

    def box(self, hex_: Hex) -> tuple[int, int]:
        """The (column, row) of a hex's top-left corner (bare: of its left bar's top)."""
        q, r = hex_
        return ((2 * q + r - self.left) * self.step // 2, (r - self.top) * self.pitch)

    def inside_of(self, hex_: Hex) -> tuple[int, int]:
        """The (column, row) of the first character inside a hex's box."""
        x, y = self.box(hex_)
        return x + 1, y if self.bare else y + 1

    def size(self, hexes: Iterable[Hex]) -> tuple[int, int]:
        """Columns and lines of the canvas that holds these hexes' boxes."""
        found = list(hexes)
        width = max(self.box(h)[0] for h in found) + self.step + 1
        height = max(self.box(h)[1] for h in found) + self.pitch + (0 if self.bare else 1)
        return width, height


def wall(hexes: Iterable[Hex], inside: int, rows: int, bare: bool = False) -> Wall:
    found = list(hexes)
    return Wall(inside, rows, min(2 * q + r for q, r in found), min(r for _, r in found),
                bare)


# The six neighbours and which part of a box's border each shares: (dq, dr, edge, half).
_SIDES = (((0, -1), "top", 0), ((1, -1), "top", 1), ((1, 0), "right", 0),
          ((0, 1), "bottom", 1), ((-1, 1), "bottom", 0), ((-1, 0), "left", 0))


def _hex_box(lines: Linework, wall_: Wall, hex_: Hex, heavy: set[Hex]) -> None:
    """A hex's box, each stretch heavy when the neighbour across it is in ``heavy`` (another
    board, or no hex at all)."""
    x, y = wall_.box(hex_)
    right, bottom, half = x + wall_.step, y + wall_.rows + 1, x + wall_.step // 2
    stretches = {("top", 0): ((x, y), (half, y)), ("top", 1): ((half, y), (right, y)),
                 ("bottom", 0): ((x, bottom), (half, bottom)),
                 ("bottom", 1): ((half, bottom), (right, bottom)),
                 ("left", 0): ((x, y), (x, bottom)),
                 ("right", 0): ((right, y), (right, bottom))}
    q, r = hex_
    for (dq, dr), edge, part in _SIDES:
        (x0, y0), (x1, y1) = stretches[(edge, part)]
        lines.line((y0, x0), (y1, x1), HEAVY if (q + dq, r + dr) in heavy else LIGHT)


@lru_cache(maxsize=32)
def borders(boards: tuple[tuple[Hex, int], ...], inside: int, rows: int
            ) -> tuple[tuple[Point, str, bool], ...]:
    """Every border character of a map of hexes, each hex given with its board: where it
    goes, the character, and whether it is heavy. The same for every view of a game once
    its boards are laid, so worked out once per look."""
    where = dict(boards)
    bricks = wall(where, inside, rows)
    lines = Linework()
    for hex_, board in boards:
        _hex_box(lines, bricks, hex_, {n for n in neighbours(hex_) if where.get(n, -1) != board})
    characters = lines.characters()
    return tuple(((col, row), characters[(row, col)], HEAVY in arms)
                 for (row, col), arms in lines.arms.items())


@lru_cache(maxsize=32)
def bars(boards: tuple[tuple[Hex, int], ...], inside: int, rows: int
         ) -> tuple[tuple[Point, str, bool], ...]:
    """A bare wall's bars: each box's left and right sides, heavy (``┃``) where the hex
    across is on another board or there is none, else light (``│``)."""
    where = dict(boards)
    bricks = wall(where, inside, rows, bare=True)
    found: dict[Point, bool] = {}
    for (q, r), board in boards:
        x, y = bricks.box((q, r))
        for dq, column in ((-1, x), (1, x + bricks.step)):
            heavy = where.get((q + dq, r), -1) != board
            for row in range(rows):
                found[(column, y + row)] = found.get((column, y + row), False) or heavy
    return tuple((point, "┃" if heavy else "│", heavy) for point, heavy in found.items())
