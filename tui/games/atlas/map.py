"""Fractured Atlas's map: the Place cards in their grid, each in a cell sharing its border
with the Places adjacent to it, in the largest cell size whose map fits the pane
(tui.widgets.cellmap does the rest, the decision's targets, the cursor and the changed
Places included). What a cell says is ``core.games.atlas.placecell``'s: every stack on the
Place at every size. Players are told apart by symbol first and colour second.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region

from core.celltext import CellSize, Line
from core.games.atlas import placecell, words
from core.linework import HEAVY, LIGHT, Linework
from core.words import capital
from tui.widgets.cellmap import BLANK, Canvas, CellMap
from tui.widgets.marks import seat_style

# Largest first; a Place's name is ten letters at most, its stacks six at most.
SIZES = tuple(sorted((CellSize(width, height) for width in range(10, 27)
                      for height in range(2, 7) if width >= 2 * (height + 1)),
                     key=lambda s: (-(s.width - 1) * s.height, -s.width)))
BOLD = Style(bold=True)


def owner_style(view: dict[str, Any], seat: int) -> Style:
    if 0 <= seat < len(view["players"]):
        return seat_style(view["players"][seat]["colour"])
    return BLANK


class PlaceGrid(CellMap):
    SIZES = SIZES

    def extent(self, view: dict[str, Any], size: CellSize) -> tuple[int, int]:
        grid = placecell.layout(view, size)
        return grid.cols, grid.rows

    def cell_text(self, view: dict[str, Any], size: CellSize, cell: int
                  ) -> tuple[list[Line], bool]:
        return placecell.pieces(view, cell, size, waterway=cell in placecell.linked(view))

    def paint(self, view: dict[str, Any]) -> Canvas:
        places = view["places"]
        if not places:
            self.regions, self.positions = {}, {}
            return []
        size = self.choose_size(view, range(len(places)))
        grid = placecell.layout(view, size)
        self.regions = {i: Region(*grid.box(i)) for i in grid.cells}
        self.positions = {i: (p["x"], p["y"]) for i, p in enumerate(places)}
        canvas: Canvas = [[(" ", BLANK) for _ in range(grid.cols)] for _ in range(grid.rows)]
        def borders() -> Linework:
            lines = Linework()
            for place in grid.cells:
                lines.box(*grid.outline(place), weight=HEAVY if place in self.targets else LIGHT)
            return lines

        key = (size, tuple(grid.cells.items()), frozenset(self.targets))
        self.draw_lines(canvas, key, borders)
        seats = {p["seat"]: owner_style(view, p["seat"]) for p in view["players"]}
        parts = {"name": BOLD, "links": self.look("link")}
        for place, box in self.regions.items():
            text = self.text_of(view, size, place)
            self.fill(canvas, place, box, self.styled(place, text, seats, parts))
        return canvas


def details(view: dict[str, Any], place: int) -> str:
    """The focused Place in full: its card, its power, and everyone's influence there."""
    p = view["places"][place]
    power = words.place_power(p["card"])
    influence = ", ".join(f"{words.symbol(view, s)} {n}" for s, n in enumerate(p["influence"])
                          if n)
    ruler = (f"ruled by {words.seat_name(view, p['controller'])}" if p["controller"] >= 0
             else "disputed" if p["stacks"] else "empty")
    name = capital(words.card_name(p["card"]))
    linked = (" The Sea's waterways link it to the other ≈ Places, for the Sea's ruler."
              if place in placecell.linked(view) else "")
    return f"{name} ({ruler}; influence {influence or 'none'}). {power}".rstrip() + linked
