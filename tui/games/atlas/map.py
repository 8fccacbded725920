"""Fractured Atlas's map: the Place cards in their grid, each with its suits, VP, ruler and
the tokens and Towers on it (tui.widgets.cellmap does the rest). A Place the decision can
pick has a double border; the cursor's is drawn in reverse. Players are told apart by
symbol first and colour second.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region

from core.games.atlas import text, words
from core.words import fit
from tui.widgets.cellmap import BLANK, Canvas, CellMap, put
from tui.widgets.marks import seat_colour, seat_style

CELL_W = 24  # columns a Place takes, its border included
CELL_H = 6  # lines a Place takes, its border included



def owner_style(view: dict[str, Any], seat: int) -> Style:
    if 0 <= seat < len(view["players"]):
        return seat_style(view["players"][seat]["colour"])
    return BLANK


class PlaceGrid(CellMap):
    def __init__(self) -> None:
        super().__init__()
        self.origin = (0, 0)  # the map cell drawn at the top left

    def paint(self, view: dict[str, Any]) -> Canvas:
        places = view["places"]
        if not places:
            self.regions, self.positions = {}, {}
            return []
        xs = [p["x"] for p in places]
        ys = [p["y"] for p in places]
        self.origin = (min(xs), min(ys))
        self.regions = {i: Region(*self._corner(p), CELL_W - 1, CELL_H - 1)
                        for i, p in enumerate(places)}
        self.positions = {i: (p["x"], p["y"]) for i, p in enumerate(places)}
        width = (max(xs) - min(xs) + 1) * CELL_W
        height = (max(ys) - min(ys) + 1) * CELL_H
        canvas: Canvas = [[(" ", BLANK)] * width for _ in range(height)]
        for i, place in enumerate(places):
            self._draw(canvas, view, i, place)
        return canvas

    def _corner(self, place: dict[str, Any]) -> tuple[int, int]:
        return ((place["x"] - self.origin[0]) * CELL_W, (place["y"] - self.origin[1]) * CELL_H)

    def _draw(self, canvas: Canvas, view: dict[str, Any], index: int,
              place: dict[str, Any]) -> None:
        x, y = self._corner(place)
        focused = index == self.cursor
        target = index in self.targets
        ruler = place["controller"]
        border = Style(bold=focused or target, reverse=focused,
                       color=seat_colour(view["players"][ruler]["colour"]) if ruler >= 0 else None)
        inner = CELL_W - 3
        top, side, bottom = (("╔" + "═" * inner + "╗", "║", "╚" + "═" * inner + "╝") if target
                             else ("┌" + "─" * inner + "┐", "│", "└" + "─" * inner + "┘"))
        put(canvas, x, y, top, border)
        put(canvas, x, y + CELL_H - 2, bottom, border)
        for row in range(1, CELL_H - 2):
            put(canvas, x, y + row, side, border)
            put(canvas, x + CELL_W - 2, y + row, side, border)
        name, facts, _ = text.cell_lines(view, index)
        put(canvas, x + 1, y + 1, fit(name, inner), Style(bold=True))
        put(canvas, x + 1, y + 2, fit(facts, inner), BLANK)
        self._tokens(canvas, view, x + 1, y + 3, inner, place["stacks"])

    def _tokens(self, canvas: Canvas, view: dict[str, Any], x: int, y: int, width: int,
                stacks: list[list[int]]) -> None:
        """The stacks on one line: a Worker as its owner's symbol, a Tower in brackets from
        the bottom up, its Noble last."""
        chars: list[tuple[str, Style]] = []
        for stack in stacks:
            if chars:
                chars.append((" ", BLANK))
            if len(stack) > 1:
                chars.append(("[", BLANK))
            chars += [(words.symbol(view, s), owner_style(view, s)) for s in stack]
            if len(stack) > 1:
                chars.append(("]", BLANK))
        if len(chars) > width:
            chars = [*chars[:width - 1], ("…", BLANK)]
        row = canvas[y]
        for i, cell in enumerate(chars):
            row[x + i] = cell


def details(view: dict[str, Any], place: int) -> str:
    """The focused Place in full: its card, its power, and everyone's influence there."""
    p = view["places"][place]
    power = words.place_power(p["card"])
    influence = ", ".join(f"{words.symbol(view, s)} {n}" for s, n in enumerate(p["influence"])
                          if n)
    ruler = (f"ruled by {words.seat_name(view, p['controller'])}" if p["controller"] >= 0
             else "disputed" if p["stacks"] else "empty")
    name = words.capital(words.card_name(p["card"]))
    return f"{name} ({ruler}; influence {influence or 'none'}). {power}".rstrip()
