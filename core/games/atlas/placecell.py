"""Fractured Atlas's map as cells: the Places lie on a grid as their cards do, each in a
cell sharing its border with the Places beside, above and below it (the Places adjacent to
it), so a screen and ``fractal show`` draw the same board.

A cell says, most needed first: the Place's name, every stack on it (a Worker as its
owner's symbol, a Tower its tokens in brackets from the bottom up, the Noble last), who
rules it, its suits and VP, and "≈" if the Sea's waterways link it to other Places. The
richest arrangement that fits the cell wins: the long words give way first ("■ rules" to
"■"), then the suits and VP (a "2" alone would not say what it counts), then the space
between stacks, and the name is cut last, so every stack stays at any size a map picks
(``fits`` says when even that cannot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.celltext import CellSize, Line, Piece, Word, cut, flow, named, shortened
from core.games.atlas import words as w

View = dict[str, Any]
MIN_NAME = 3  # letters of a name cut short: fewer and the cell cannot say which Place it is
WATERWAY = "≈"
ASCII_WATERWAY = "~"


@dataclass(frozen=True, slots=True)
class PlaceLayout:
    size: CellSize
    rows: int  # lines the whole map takes, borders included
    cols: int  # columns the whole map takes, borders included
    cells: dict[int, tuple[int, int]]  # Place -> (row, col) of the first character inside

    def box(self, place: int) -> tuple[int, int, int, int]:
        """The characters inside a Place's border: (left, top, width, height)."""
        top, left = self.cells[place]
        return left, top, self.size.width - 1, self.size.height

    def outline(self, place: int) -> tuple[int, int, int, int]:
        left, top, width, height = self.box(place)
        return left - 1, top - 1, width + 2, height + 2


def layout(view: View, size: CellSize) -> PlaceLayout:
    places = view["places"]
    if not places:
        return PlaceLayout(size, 0, 0, {})
    left = min(p["x"] for p in places)
    top = min(p["y"] for p in places)
    cells = {i: ((p["y"] - top) * (size.height + 1) + 1, (p["x"] - left) * size.width + 1)
             for i, p in enumerate(places)}
    rows = (max(p["y"] for p in places) - top + 1) * (size.height + 1) + 1
    cols = (max(p["x"] for p in places) - left + 1) * size.width + 1
    return PlaceLayout(size, rows, cols, cells)


def linked(view: View) -> set[int]:
    """The Places the Sea's waterways link (the Sea among them), if they link any two."""
    places = view["waterways"]["places"]
    return set(places) if len(places) > 1 else set()


@dataclass(frozen=True, slots=True)
class _Facts:
    name: str
    ruler: int | None
    waterway: tuple[Word, ...]
    long_info: tuple[Word, ...]  # suits, "2VP", "■ rules" (or "disputed", "empty")
    short_info: tuple[Word, ...]  # suits, "2VP", "■"
    least_info: tuple[Word, ...]  # "■"
    stacks: tuple[Word, ...]


def _stack(view: View, stack: Sequence[int], ascii: bool) -> Word:
    marks = tuple(Piece(w.symbol(view, seat, ascii), "stack", seat) for seat in stack)
    if len(stack) == 1:
        return marks
    return (Piece("[", "stack"), *marks, Piece("]", "stack"))


def _facts(view: View, place: int, ascii: bool, waterway: bool) -> _Facts:
    p = view["places"][place]
    suits = w.content().suits(p["card"])
    ruler = p["controller"] if p["controller"] >= 0 else None
    mark: tuple[Word, ...] = (((Piece(w.symbol(view, ruler, ascii), "ruler", ruler),),)
                              if ruler is not None else ())
    state = (f"{w.symbol(view, ruler, ascii)} rules" if ruler is not None
             else "disputed" if p["stacks"] else "empty")
    short_suits = (Piece("/".join(w.SUIT_SHORT[s] for s in suits), "suits"),)
    return _Facts(
        name=w.card_name(p["card"]).removeprefix("the "),
        ruler=ruler,
        waterway=((Piece(ASCII_WATERWAY if ascii else WATERWAY, "links"),),) if waterway else (),
        long_info=(short_suits, (Piece(f"{len(suits)}VP", "vp"),),
                   (Piece(state, "ruler", ruler),)),
        short_info=(short_suits, (Piece(f"{len(suits)}VP", "vp"),), *mark),
        least_info=mark,
        stacks=tuple(_stack(view, stack, ascii) for stack in p["stacks"]))


def _arrange(facts: _Facts, room: int, height: int, info: tuple[Word, ...], whole: bool,
             gap: bool, ascii: bool) -> list[Line] | None:
    rest = flow(info, room)
    stacks = flow(facts.stacks, room, gap)
    if rest is None or stacks is None:
        return None
    tail = facts.waterway[0] if facts.waterway else ()
    head = named((), facts.name, "name", facts.ruler, room, height - len(rest) - len(stacks),
                 None if whole else MIN_NAME, tail, ascii)
    return None if head is None else head + rest + stacks


def pieces(view: View, place: int, size: CellSize, ascii: bool = False,
           waterway: bool = False) -> tuple[list[Line], bool]:
    """A Place's cell in at most ``size.height`` lines of ``size.width - 1`` columns, and
    whether its name and every stack found room."""
    room, height = size.width - 1, size.height
    facts = _facts(view, place, ascii, waterway)
    for info, whole, gap in ((facts.long_info, True, True), (facts.short_info, True, True),
                             (facts.long_info, False, True), (facts.short_info, False, True),
                             (facts.least_info, True, True), (facts.least_info, False, True),
                             (facts.least_info, False, False), ((), False, False)):
        lines = _arrange(facts, room, height, info, whole, gap, ascii)
        if lines is not None:
            return lines, True
    name = shortened(facts.name, "name", facts.ruler, room, ascii)
    stacks = flow(facts.stacks, room, gap=False) or []
    return cut([[name], *stacks][:height], room), False
