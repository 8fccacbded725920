"""Fractal's map: the hex galaxy as cells that share their borders, each sector touching its
six neighbours, in the largest cell size whose map fits the pane (tui.widgets.cellmap does
the rest).

The words layer computes where cells and borders go (``words.mapgrid``) and what a cell
says (``words.sectorcell``); this module chooses the size and styles the cells (each owner's
marks and figures in the owner's colour, a sector's number and name in its controller's)
and the storms, on their corners with the borders they break dashed; the marks every map
shares (targets, cursor, changed cells) are tui.widgets.cellmap's.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region

from core.celltext import Line
from core.games.fractal.words import mapgrid, names, sectorcell, text
from tui.games.fractal import cells
from tui.widgets.cellmap import BLANK, Canvas, CellMap

BOLD = Style(bold=True)


class HexMap(CellMap):
    SIZES = cells.SIZES

    def __init__(self) -> None:
        super().__init__()
        # Worked out once per view: each size's grid, the links and the broken borders.
        self._known: dict[str, Any] | None = None
        self._grids: dict[mapgrid.CellSize, mapgrid.MapLayout] = {}
        self._links: dict[int, tuple[int, ...]] = {}
        self._cut: set[frozenset[int]] = set()

    def start(self, view: dict[str, Any]) -> int:
        """The viewer's home sector, else the centre."""
        seat = view["seat"]
        for sector in view["sectors"]:
            if sector["kind"] == "starting" and any(s["owner"] == seat for s in sector["spaces"]):
                return int(sector["id"])
        if not view["sectors"]:
            return 0
        centre = min(view["sectors"], key=lambda s: abs(s["q"]) + abs(s["r"]))
        return int(centre["id"])

    def _grid(self, view: dict[str, Any], size: mapgrid.CellSize) -> mapgrid.MapLayout:
        if self._known is not view:
            self._known = view
            self._grids.clear()
            self._links = mapgrid.links(view)
            self._cut = mapgrid.cut(view)
        if size not in self._grids:
            self._grids[size] = mapgrid.layout(view, size)
        return self._grids[size]

    def extent(self, view: dict[str, Any], size: mapgrid.CellSize) -> tuple[int, int]:
        return mapgrid.extent(view, size)

    def cell_text(self, view: dict[str, Any], size: mapgrid.CellSize, cell: int
                  ) -> tuple[list[Line], bool]:
        self._grid(view, size)
        return sectorcell.pieces(view, cell, size, linked=self._links.get(cell, ()))

    def paint(self, view: dict[str, Any]) -> Canvas:
        size = self.choose_size(view, (s["id"] for s in view["sectors"]))
        grid = self._grid(view, size)
        self.regions = {sector: Region(*grid.box(sector)) for sector in grid.cells}
        self.positions = {sector: (col / size.width, row / (size.height + 1))
                          for sector, (row, col) in grid.cells.items()}
        canvas: Canvas = [[(" ", BLANK) for _ in range(grid.cols)] for _ in range(grid.rows)]
        key = (size, tuple(grid.cells.items()), frozenset(self._cut), frozenset(self.targets))
        self.draw_lines(canvas, key, lambda: text.borders(grid, self._cut, heavy=self.targets))
        storm = self.look("storm")
        for mark in grid.storms:
            if 0 <= mark.row < grid.rows and 0 <= mark.col < grid.cols:
                canvas[mark.row][mark.col] = (names.symbols().storm, storm)
        seats = cells.seat_styles(view)
        parts = {"number": BOLD, "name": BOLD, "links": self.look("link")}
        for sector, box in self.regions.items():
            lines = self.text_of(view, size, sector)
            self.fill(canvas, sector, box, self.styled(sector, lines, seats, parts))
        return canvas
