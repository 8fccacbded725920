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


def named(lead: Word, name: str, part: str, seat: int | None, room: int, most: int,
          least: int | None = None, tail: Word = (), ascii: bool = False
          ) -> list[Line] | None:
    """A name on at most ``most`` lines of ``room`` columns, after ``lead`` (a number, or
    nothing) and before ``tail`` (a mark that stays with it), word by word on the lines it
    takes: a name uses all the room a cell has. When it needs more lines, the last holds
    the rest of the name cut short (``shortened``), keeping at least ``least`` of its
    letters; None when ``least`` is None (only whole) or the lines cannot keep that many."""
    if most < 1:
        return None
    lines: list[Line] = [list(lead)]
    used = width(lead)
    words = name.split()
    for i, word in enumerate(words):
        space = 1 if lines[-1] else 0
        if used + space + len(word) <= room:
            lines[-1] += [GAP, Piece(word, part, seat)] if space else [Piece(word, part, seat)]
            used += space + len(word)
        elif len(lines) < most and len(word) <= room:
            lines.append([Piece(word, part, seat)])
            used = len(word)
        else:  # no room for the rest: it runs on the last line, cut short
            if lines[-1] and len(lines) < most:
                lines.append([])
            return _cut_short(lead, name, words[i:], lines, part, seat, room, least, tail,
                              ascii)
    if tail:
        if used + 1 + width(tail) <= room:
            lines[-1] += [GAP, *tail]
        elif len(lines) < most and width(tail) <= room:
            lines.append(list(tail))
        else:  # the tail takes the end of the last line: the name gives way
            return _cut_short(lead, name, [], lines, part, seat, room, least, tail, ascii)
    return lines


def _cut_short(lead: Word, name: str, rest: list[str], lines: list[Line], part: str,
               seat: int | None, room: int, least: int | None, tail: Word, ascii: bool
               ) -> list[Line] | None:
    """The name's words on the last line and the ``rest`` after them, cut short there (or,
    if that keeps too few letters, the whole name cut short after the lead)."""
    if least is None:
        return None
    last = lines[-1]
    kept = [p for p in last if p.part != part]
    here = [p.text for p in last if p.part == part]
    if kept and kept[-1] is GAP:
        kept.pop()
    found = _cut_line([*lines[:-1], kept], " ".join([*here, *rest]), part, seat, room,
                      least, tail, ascii)
    if found is None and len(lines) > 1:
        found = _cut_line([list(lead)], name, part, seat, room, least, tail, ascii)
    return found


def _cut_line(lines: list[Line], text: str, part: str, seat: int | None, room: int,
              least: int, tail: Word, ascii: bool) -> list[Line] | None:
    space = 1 if lines[-1] else 0
    left = room - width(lines[-1]) - space - (width(tail) + 1 if tail else 0)
    if left < least + 1:
        return None
    piece = shortened(text, part, seat, left, ascii)
    lines[-1] = [*lines[-1], GAP, piece] if space else [piece]
    if tail:
        lines[-1] += [GAP, *tail]
    return lines


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
