"""Fractal's map: the hex galaxy, each sector drawn in a cell whose size follows the pane's
size, on the character grid the words layer computes from the view (tui.widgets.cellmap
does the rest)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region

from core.games.fractal.words import mapgrid, names
from tui.games.fractal import cells
from tui.widgets.cellmap import BLANK, Canvas, CellMap, put


class HexMap(CellMap):
    def __init__(self) -> None:
        super().__init__()
        self.look = cells.LOOKS[0]

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

    def paint(self, view: dict[str, Any]) -> Canvas:
        self.look, grid = self._fitting(view)
        size = self.look.size
        self.regions = {sector: Region(*grid.box(sector)) for sector in grid.cells}
        self.positions = {sector: (col / size.width, row / (size.height + 1))
                          for sector, (row, col) in grid.cells.items()}
        canvas: Canvas = [[(" ", BLANK) for _ in range(grid.cols)] for _ in range(grid.rows)]
        styles = cells.owner_styles(view)
        for sector, (row, col) in grid.cells.items():
            self._draw_sector(canvas, view, col, row, sector, styles)
        storm_style = Style(bold=True, color="bright_magenta")
        for storm in grid.storms:
            if 0 <= storm.row < grid.rows and 0 <= storm.col < grid.cols:
                canvas[storm.row][storm.col] = (names.symbols().storm, storm_style)
        return canvas

    def _fitting(self, view: dict[str, Any]) -> tuple[cells.Look, mapgrid.MapLayout]:
        for look in cells.LOOKS:
            grid = mapgrid.layout(view, look.size)
            if grid.cols <= self.size.width and grid.rows <= self.size.height:
                return look, grid
        return look, grid

    def _draw_sector(self, canvas: Canvas, view: dict[str, Any], x: int, y: int, sector: int,
                     styles: dict[str, Style]) -> None:
        look = self.look
        width, height = look.size.width - 1, look.size.height
        focused = sector == self.cursor
        target = sector in self.targets
        owner = view["sectors"][sector]["controller"]
        inner = cells.cell_lines(view, sector, look, styles)
        if look.boxed:
            border = Style(bold=focused or target, reverse=focused,
                           color=cells.colour_of(view, owner))
            top, bottom = _box_edges(width, target)
            put(canvas, x, y, top, border)
            put(canvas, x, y + height - 1, bottom, border)
            side = "║" if target else "│"
            for row in range(1, height - 1):
                put(canvas, x, y + row, side, border)
                put(canvas, x + width - 1, y + row, side, border)
            x, y = x + 1, y + 1
        extra = Style(reverse=focused and not look.boxed, underline=target and not look.boxed)
        for row, line in enumerate(inner):
            _put_chars(canvas, x, y + row, line, extra if extra else None)


def _box_edges(width: int, target: bool) -> tuple[str, str]:
    # A target's box is doubled: legal places stand out without colour.
    if target:
        return "╔" + "═" * (width - 2) + "╗", "╚" + "═" * (width - 2) + "╝"
    return "┌" + "─" * (width - 2) + "┐", "└" + "─" * (width - 2) + "┘"


def _put_chars(canvas: Canvas, x: int, y: int, chars: cells.Chars, extra: Style | None) -> None:
    row = canvas[y]
    for i, (char, style) in enumerate(chars):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style + extra if extra else style)
