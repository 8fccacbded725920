"""Hexes drawn as a brick wall: each hex a box of characters, the rows of boxes shifted by
half a box, so every hex shares a stretch of border with each of its six neighbours.

Pointy-top axial hexes (q, r), r downwards: a hex's column in half-boxes is ``2q + r``.
Borders are light inside a Galaxy Board and heavy where two boards meet or the map ends,
so the boards that scoring reads stand out without colour. Pure layout and line drawing:
what goes inside the boxes is ``cells.py``'s.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from core.hexgrid import neighbours

Hex = tuple[int, int]
Point = tuple[int, int]  # (column, row) on the canvas

NONE, LIGHT, HEAVY = 0, 1, 2
UP, RIGHT, DOWN, LEFT = range(4)


@dataclass(frozen=True, slots=True)
class Wall:
    """Where each hex's box sits for boxes of ``inside`` columns by ``rows`` lines."""

    inside: int  # odd, so that a half-box is a whole number of columns
    rows: int
    left: int  # the smallest half-box column
    top: int  # the smallest row of hexes

    @property
    def step(self) -> int:
        """Columns from one box's left border to its neighbour's."""
        return self.inside + 1

    def box(self, hex_: Hex) -> tuple[int, int]:
        """The (column, row) of a hex's top-left corner."""
        q, r = hex_
        return ((2 * q + r - self.left) * self.step // 2, (r - self.top) * (self.rows + 1))

    def size(self, hexes: Iterable[Hex]) -> tuple[int, int]:
        """Columns and lines of the canvas that holds these hexes' boxes."""
        found = list(hexes)
        width = max(self.box(h)[0] for h in found) + self.step + 1
        height = max(self.box(h)[1] for h in found) + self.rows + 2
        return width, height


def wall(hexes: Iterable[Hex], inside: int, rows: int) -> Wall:
    found = list(hexes)
    return Wall(inside, rows, min(2 * q + r for q, r in found), min(r for _, r in found))


# The six neighbours and which part of a box's border each shares: (dq, dr, edge, half).
_SIDES = (((0, -1), "top", 0), ((1, -1), "top", 1), ((1, 0), "right", 0),
          ((0, 1), "bottom", 1), ((-1, 1), "bottom", 0), ((-1, 0), "left", 0))


class Lines:
    """Borders on a canvas: each point keeps the weight of the line leaving it each way,
    and a border two boxes share is as heavy as the heavier of them draws it."""

    def __init__(self) -> None:
        self.arms: dict[Point, list[int]] = {}

    def _segment(self, a: Point, b: Point, weight: int) -> None:
        """A straight line from ``a`` to ``b`` (same row or same column)."""
        (x0, y0), (x1, y1) = sorted((a, b))
        if y0 == y1:
            for x in range(x0, x1):
                self._arm((x, y0), RIGHT, weight)
                self._arm((x + 1, y0), LEFT, weight)
        else:
            for y in range(y0, y1):
                self._arm((x0, y), DOWN, weight)
                self._arm((x0, y + 1), UP, weight)

    def _arm(self, point: Point, arm: int, weight: int) -> None:
        arms = self.arms.setdefault(point, [NONE] * 4)
        arms[arm] = max(arms[arm], weight)

    def hex_box(self, wall_: Wall, hex_: Hex, heavy: set[Hex]) -> None:
        """A hex's box, each stretch heavy when the neighbour across it is in ``heavy``
        (another board, or no hex at all)."""
        x, y = wall_.box(hex_)
        right, bottom, half = x + wall_.step, y + wall_.rows + 1, x + wall_.step // 2
        stretches = {("top", 0): ((x, y), (half, y)), ("top", 1): ((half, y), (right, y)),
                     ("bottom", 0): ((x, bottom), (half, bottom)),
                     ("bottom", 1): ((half, bottom), (right, bottom)),
                     ("left", 0): ((x, y), (x, bottom)),
                     ("right", 0): ((right, y), (right, bottom))}
        q, r = hex_
        for (dq, dr), edge, part in _SIDES:
            weight = HEAVY if (q + dq, r + dr) in heavy else LIGHT
            self._segment(*stretches[(edge, part)], weight)

    def characters(self) -> dict[Point, str]:
        table = junctions()
        return {point: table[tuple(arms)] for point, arms in self.arms.items()}


@lru_cache(maxsize=32)
def borders(boards: tuple[tuple[Hex, int], ...], inside: int, rows: int
            ) -> tuple[tuple[Point, str, bool], ...]:
    """Every border character of a map of hexes, each hex given with its board: where it
    goes, the character, and whether it is heavy. The same for every view of a game once
    its boards are laid, so worked out once per look."""
    where = dict(boards)
    bricks = wall(where, inside, rows)
    lines = Lines()
    for hex_, board in boards:
        lines.hex_box(bricks, hex_, {n for n in neighbours(hex_) if where.get(n, -1) != board})
    characters = lines.characters()
    return tuple((point, characters[point], HEAVY in arms) for point, arms in lines.arms.items())


_WEIGHT_WORDS = {"LIGHT": LIGHT, "HEAVY": HEAVY}
_ARM_WORDS = {"UP": (UP,), "DOWN": (DOWN,), "LEFT": (LEFT,), "RIGHT": (RIGHT,),
              "VERTICAL": (UP, DOWN), "HORIZONTAL": (LEFT, RIGHT)}


@cache
def junctions() -> dict[tuple[int, ...], str]:
    """The box-drawing character for each mix of light and heavy arms, found by reading
    the characters' names ("BOX DRAWINGS UP LIGHT AND DOWN HEAVY"): a weight applies to
    the arms named with it, and an arm named without one takes the last weight read."""
    table: dict[tuple[int, ...], str] = {}
    for code in range(0x2500, 0x2580):
        words = unicodedata.name(chr(code)).split()[2:]
        if not set(words) <= {*_WEIGHT_WORDS, *_ARM_WORDS, "AND"}:
            continue  # double, dashed, rounded and diagonal lines
        arms = [NONE] * 4
        weight = NONE
        pending: list[int] = []
        for word in [*words, "AND"]:
            if word in _WEIGHT_WORDS:
                weight = _WEIGHT_WORDS[word]
            elif word in _ARM_WORDS:
                pending += _ARM_WORDS[word]
            elif pending:  # "AND" closes a group of arms; its weight may follow it
                for arm in pending:
                    arms[arm] = weight
                pending = []
        table.setdefault(tuple(arms), chr(code))
    return table
