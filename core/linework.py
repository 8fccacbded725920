"""Borders of cells that share their edges, drawn with box-drawing characters: a board's
squares and hexes touch, so where two cells meet one line serves both, and where three or
four meet the junction joins every line that reaches it.

Lines are light or heavy (a heavy line stands out without colour) and may be dashed; a
character's glyph follows from the weight of each of its four arms, so any mix of light and
heavy borders joins cleanly. Pure text: ``fractal show`` and the client draw the same lines.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

NONE, LIGHT, HEAVY = 0, 1, 2
UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3

Point = tuple[int, int]  # (row, column)
Arms = tuple[int, int, int, int]  # the weight of the line going up, right, down, left

_DIRECTIONS = {"UP": (UP,), "RIGHT": (RIGHT,), "DOWN": (DOWN,), "LEFT": (LEFT,),
               "VERTICAL": (UP, DOWN), "HORIZONTAL": (LEFT, RIGHT)}
_WEIGHTS = {"LIGHT": LIGHT, "HEAVY": HEAVY}
_DASHED = {(LIGHT, True): "┆", (LIGHT, False): "┄", (HEAVY, True): "┇", (HEAVY, False): "┅"}
_ASCII_STRAIGHT = {(LIGHT, True): "|", (LIGHT, False): "-", (HEAVY, True): "#",
                   (HEAVY, False): "="}
_ASCII_DASHED = {True: ":", False: "."}


@cache
def glyphs() -> dict[Arms, str]:
    """Every junction of light and heavy lines, read from the characters' Unicode names
    ("BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY"): a part of a name without a weight takes
    the weight of the part before it."""
    found: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code))
        words = name.removeprefix("BOX DRAWINGS ").split()
        if any(w in ("DOUBLE", "DASH", "ARC", "DIAGONAL", "SINGLE") for w in words):
            continue
        arms = [NONE] * 4
        weight = NONE
        for part in " ".join(words).split(" AND "):
            tokens = part.split()
            weight = next((_WEIGHTS[t] for t in tokens if t in _WEIGHTS), weight)
            for token in tokens:
                for arm in _DIRECTIONS.get(token, ()):
                    arms[arm] = weight
        found.setdefault((arms[0], arms[1], arms[2], arms[3]), chr(code))
    return found


class Linework:
    """Lines on a grid of characters, drawn box by box: a line two boxes share is drawn
    once, as heavy as the heavier of them wants it."""

    def __init__(self) -> None:
        self.arms: dict[Point, list[int]] = {}
        self.dashed: set[Point] = set()

    def box(self, left: int, top: int, width: int, height: int, weight: int = LIGHT) -> None:
        """The outline of a box of ``width`` x ``height`` characters, its corners included."""
        right, bottom = left + width - 1, top + height - 1
        for start, end in (((top, left), (top, right)), ((bottom, left), (bottom, right)),
                           ((top, left), (bottom, left)), ((top, right), (bottom, right))):
            self.line(start, end, weight)

    def line(self, start: Point, end: Point, weight: int = LIGHT) -> None:
        """A straight line from ``start`` to ``end``, on one row or one column (a stretch of
        a border that only part of a box shares, as a hex's with one of its neighbours)."""
        (row0, col0), (row1, col1) = sorted((start, end))
        if row0 == row1:
            for col in range(col0, col1):
                self._join((row0, col), RIGHT, weight)
                self._join((row0, col + 1), LEFT, weight)
        else:
            for row in range(row0, row1):
                self._join((row, col0), DOWN, weight)
                self._join((row + 1, col0), UP, weight)

    def dash(self, points: Iterable[Point]) -> None:
        """Draw these points of a straight line dashed (a junction stays whole)."""
        self.dashed.update(points)

    def _join(self, point: Point, arm: int, weight: int) -> None:
        arms = self.arms.setdefault(point, [NONE] * 4)
        arms[arm] = max(arms[arm], weight)

    def characters(self, ascii: bool = False) -> dict[Point, str]:
        """Each point's character: box drawing, or ``- | + : .`` (and ``= #`` for heavy)
        in plain ASCII."""
        table = glyphs()
        drawn = {}
        for point, arms in self.arms.items():
            up, right, down, left = arms
            vertical = up == down and up > NONE and left == right == NONE
            horizontal = left == right and left > NONE and up == down == NONE
            straight = vertical or horizontal
            weight = max(arms)
            if ascii:
                if straight:
                    drawn[point] = (_ASCII_DASHED[vertical] if point in self.dashed
                                    else _ASCII_STRAIGHT[(weight, vertical)])
                else:
                    drawn[point] = "+"
            elif straight and point in self.dashed:
                drawn[point] = _DASHED[(weight, vertical)]
            else:
                drawn[point] = table[(up, right, down, left)]
        return drawn
