"""The text inside a map's cell: runs of text that know whose they are (:class:`Piece`),
grouped in words that stay on one line, flowed into the lines a cell has. A game lists
what a cell may say in arrangements from the richest to the leanest and keeps the first
that fits (``fractal`` sectors, ``atlas`` Places); a screen colours each piece by its
owner, and plain text joins them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CellSize:
    """A cell's size on a map whose neighbouring cells share a border of one character."""

    width: int  # columns from a cell to the next in its row: width - 1 inside the border
    height: int  # lines inside the border


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of a cell's text: ``part`` says what it is (a game's own names: "number",
    "name", "army", "stack"...), ``seat`` whose (None: no one's)."""

    text: str
    part: str
    seat: int | None = None


Line = list[Piece]
Word = tuple[Piece, ...]  # pieces that stay together on one line
GAP = Piece(" ", "gap")


def width(word: Sequence[Piece]) -> int:
    return sum(len(p.text) for p in word)


def flow(words: Sequence[Word], room: int, gap: bool = True) -> list[Line] | None:
    """Words on as few lines of ``room`` columns as they take, in order, a space between
    two on a line (none when ``gap`` is off); None if one word is wider than the room."""
    lines: list[Line] = []
    used = 0
    space = 1 if gap else 0
    for word in words:
        size = width(word)
        if size > room:
            return None
        if lines and used + space + size <= room:
            if gap:
                lines[-1].append(GAP)
            lines[-1].extend(word)
            used += space + size
        else:
            lines.append(list(word))
            used = size
    return lines


def shortened(text: str, part: str, seat: int | None, room: int, ascii: bool = False
              ) -> Piece:
    """``text`` cut to ``room`` columns, an ellipsis (``.`` in ASCII) saying so."""
    if len(text) <= room:
        return Piece(text, part, seat)
    return Piece(text[:room - 1].rstrip() + ("." if ascii else "…"), part, seat)


def cut(lines: Sequence[Line], room: int) -> list[Line]:
    """Lines cut to ``room`` columns, piece by piece."""
    kept: list[Line] = []
    for line in lines:
        out: Line = []
        used = 0
        for piece in line:
            text = piece.text[:max(0, room - used)]
            if text:
                out.append(Piece(text, piece.part, piece.seat))
            used += len(text)
        kept.append(out)
    return kept


def plain(lines: Sequence[Line]) -> list[str]:
    return ["".join(p.text for p in line) for line in lines]
