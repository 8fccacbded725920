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
    def __init__(self) -> None:
        super().__init__()
        self.cell_size = cells.SIZES[-1]
        # Worked out once per view (a cursor move draws the same cells again): each size's
        # grid, each cell's lines and whether they fit, the links and the broken borders.
        self._known: dict[str, Any] | None = None
        self._grids: dict[mapgrid.CellSize, mapgrid.MapLayout] = {}
        self._cells: dict[tuple[mapgrid.CellSize, int], tuple[list[Line], bool]] = {}
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

    # --- what is worked out once per view ----------------------------------------------

    def _learn(self, view: dict[str, Any]) -> None:
        if self._known is view:
            return
        self._known = view
        self._grids.clear()
        self._cells.clear()
        self._links = mapgrid.links(view)
        self._cut = mapgrid.cut(view)

    def _grid(self, view: dict[str, Any], size: mapgrid.CellSize) -> mapgrid.MapLayout:
        if size not in self._grids:
            self._grids[size] = mapgrid.layout(view, size)
        return self._grids[size]

    def _cell(self, view: dict[str, Any], size: mapgrid.CellSize, sector: int
              ) -> tuple[list[Line], bool]:
        key = (size, sector)
        if key not in self._cells:
            self._cells[key] = sectorcell.pieces(view, sector, size,
                                                 linked=self._links.get(sector, ()))
        return self._cells[key]

    def _fitting(self, view: dict[str, Any]) -> tuple[mapgrid.CellSize, mapgrid.MapLayout]:
        """The largest size whose map fits the pane (else the smallest, scrolled), grown
        while some cell cannot show all its armies in it."""
        sizes = cells.SIZES
        first = next((i for i, size in enumerate(sizes)
                      if self._fits_pane(self._grid(view, size))), len(sizes) - 1)
        for size in (*sizes[first::-1], *sizes[first + 1:]):
            grid = self._grid(view, size)
            if all(self._cell(view, size, sector)[1] for sector in grid.cells):
                return size, grid
        return sizes[first], self._grid(view, sizes[first])

    def _fits_pane(self, grid: mapgrid.MapLayout) -> bool:
        return grid.cols <= self.size.width and grid.rows <= self.size.height

    # --- drawing ---------------------------------------------------------------------------

    def paint(self, view: dict[str, Any]) -> Canvas:
        self._learn(view)
        size, grid = self._fitting(view)
        self.cell_size = size
        self.regions = {sector: Region(*grid.box(sector)) for sector in grid.cells}
        self.positions = {sector: (col / size.width, row / (size.height + 1))
                          for sector, (row, col) in grid.cells.items()}
        canvas: Canvas = [[(" ", BLANK) for _ in range(grid.cols)] for _ in range(grid.rows)]
        self.draw_lines(canvas, text.borders(grid, self._cut, heavy=self.targets))
        storm = self.look("storm")
        for mark in grid.storms:
            if 0 <= mark.row < grid.rows and 0 <= mark.col < grid.cols:
                canvas[mark.row][mark.col] = (names.symbols().storm, storm)
        seats = cells.seat_styles(view)
        parts = {"number": BOLD, "name": BOLD, "links": self.look("link")}
        for sector, box in self.regions.items():
            lines = self._cell(view, size, sector)[0]
            self.fill(canvas, sector, box, self.styled(sector, lines, seats, parts))
        return canvas
