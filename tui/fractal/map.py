"""Fractal's map pane: the hex galaxy drawn line by line, a cursor over the sectors, and the
focused sector in full below it.

The map is one widget on Textual's Line API: the whole picture is laid out once per view
(or cursor move) into lines of segments, and ``render_line`` only crops the line asked
for, so a large map scrolls smoothly. Sectors sit on the character grid that the words
layer computes from the view; each is drawn in a cell whose size follows the pane's size.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.fractal.words import mapgrid, names
from tui.fractal import cells
from tui.widgets.messages import MapPicked, MapPointed

BLANK = Style()


DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class HexMap(ScrollView, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"move('{d}')", show=False)
          for keys, d in (("up,k", "up"), ("down,j", "down"), ("left,h", "left"),
                          ("right,l", "right")) for key in keys.split(",")),
        Binding("enter", "pick", "Choose here", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="hexmap")
        self.view: dict[str, Any] | None = None
        self.targets: set[int] = set()
        self.cursor = 0
        self.look = cells.LOOKS[0]
        self.grid: mapgrid.MapLayout | None = None
        self.lines: list[list[Segment]] = []

    # --- what to show ----------------------------------------------------------------------

    def show(self, view: dict[str, Any], targets: set[int]) -> None:
        if self.view is None and view["sectors"]:
            self.cursor = _start_sector(view)
        drawn = (self.view, self.targets)
        self.view = view
        self.targets = targets
        if drawn != (view, targets):  # most moves change the map; many decisions do not
            self._layout()

    def point(self, sector: int) -> None:
        if self.view is not None and sector != self.cursor:
            self.cursor = sector
            self._layout()
            self._follow()

    def on_resize(self, event: events.Resize) -> None:
        if self.view is not None:
            self._layout()

    # --- layout ----------------------------------------------------------------------------

    def _layout(self) -> None:
        assert self.view is not None
        view = self.view
        self.look, grid = self._fitting(view)
        self.grid = grid
        canvas = [[(" ", BLANK) for _ in range(grid.cols)] for _ in range(grid.rows)]
        styles = cells.owner_styles(view)
        for sector, (row, col) in grid.cells.items():
            self._draw_sector(canvas, col, row, sector, styles)
        storm_style = Style(bold=True, color="bright_magenta")
        for storm in grid.storms:
            if 0 <= storm.row < grid.rows and 0 <= storm.col < grid.cols:
                canvas[storm.row][storm.col] = (names.symbols().storm, storm_style)
        self.lines = [_segments(row) for row in canvas]
        self.virtual_size = Size(grid.cols, grid.rows)
        self.refresh()

    def _fitting(self, view: dict[str, Any]) -> tuple[cells.Look, mapgrid.MapLayout]:
        for look in cells.LOOKS:
            grid = mapgrid.layout(view, look.size)
            if grid.cols <= self.size.width and grid.rows <= self.size.height:
                return look, grid
        return look, grid

    def _draw_sector(self, canvas: list[list[tuple[str, Style]]], x: int, y: int,
                     sector: int, styles: dict[str, Style]) -> None:
        assert self.view is not None
        look = self.look
        width, height = look.size.width - 1, look.size.height
        focused = sector == self.cursor
        target = sector in self.targets
        owner = self.view["sectors"][sector]["controller"]
        inner = cells.cell_lines(self.view, sector, look, styles)
        if look.boxed:
            border = Style(bold=focused or target, reverse=focused,
                           color=cells.colour_of(self.view, owner))
            top, bottom = _box_edges(width, target)
            _put(canvas, x, y, top, border)
            _put(canvas, x, y + height - 1, bottom, border)
            side = "║" if target else "│"
            for row in range(1, height - 1):
                _put(canvas, x, y + row, side, border)
                _put(canvas, x + width - 1, y + row, side, border)
            x, y = x + 1, y + 1
        extra = Style(reverse=focused and not look.boxed, underline=target and not look.boxed)
        for row, line in enumerate(inner):
            _put_chars(canvas, x, y + row, line, extra if extra else None)

    # --- drawing ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if not 0 <= line < len(self.lines):
            return Strip.blank(self.size.width, BLANK)
        strip = Strip(self.lines[line])
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, BLANK)

    # --- moving the cursor -----------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        if self.grid is None:
            return
        dx, dy = DIRECTIONS[direction]
        y0, x0 = self.grid.cells[self.cursor]
        size = self.look.size
        best: tuple[float, int] | None = None
        for sector, (y, x) in self.grid.cells.items():
            ax, ay = (x - x0) / size.width, (y - y0) / (size.height + 1)
            along = ax * dx + ay * dy
            if sector == self.cursor or along <= 0.1:
                continue
            across = abs(ax * dy) + abs(ay * dx)
            score = along + 2 * across
            if best is None or score < best[0]:
                best = (score, sector)
        if best is not None:
            self.cursor = best[1]
            self._layout()
            self._follow()
            self.post_message(MapPointed(self.cursor))

    def action_pick(self) -> None:
        self.post_message(MapPicked(self.cursor))

    def on_click(self, event: events.Click) -> None:
        if self.grid is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        sector = self.grid.at(event.y + scroll_y, event.x + scroll_x)
        if sector is None:
            return
        self.cursor = sector
        self._layout()
        self.post_message(MapPointed(sector))
        if event.chain >= 2:
            self.post_message(MapPicked(sector))

    def _follow(self) -> None:
        if self.grid is not None:
            row, col = self.grid.cells[self.cursor]
            size = self.look.size
            self.scroll_to_region(Region(col, row, size.width, size.height), animate=False)


class MapPane(Vertical, can_focus=False):
    """The map and, under it, the sector under the cursor in full."""

    def __init__(self, words: Any) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        yield HexMap()
        yield Static("", id="sector-details")

    def show_map(self, view: dict[str, Any], targets: set[int]) -> None:
        hexmap = self.query_one(HexMap)
        hexmap.show(view, targets)
        self._details()

    def point(self, sector: int) -> None:
        self.query_one(HexMap).point(sector)
        self._details()

    def focus(self, scroll_visible: bool = True) -> MapPane:
        self.query_one(HexMap).focus(scroll_visible)
        return self

    @property
    def has_focus(self) -> bool:  # type: ignore[override]
        return self.query_one(HexMap).has_focus

    def on_map_pointed(self, event: MapPointed) -> None:
        self._details()

    def _details(self) -> None:
        hexmap = self.query_one(HexMap)
        if hexmap.view is None:
            return
        details = cells.sector_details(hexmap.view, hexmap.cursor)
        self.query_one("#sector-details", Static).update(Text(details))


def _start_sector(view: dict[str, Any]) -> int:
    """The cursor starts on the viewer's home sector, else the centre."""
    seat = view["seat"]
    for sector in view["sectors"]:
        if sector["kind"] == "starting" and any(s["owner"] == seat for s in sector["spaces"]):
            return int(sector["id"])
    centre = min(view["sectors"], key=lambda s: abs(s["q"]) + abs(s["r"]))
    return int(centre["id"])


def _box_edges(width: int, target: bool) -> tuple[str, str]:
    # A target's box is doubled: legal places stand out without colour.
    if target:
        return "╔" + "═" * (width - 2) + "╗", "╚" + "═" * (width - 2) + "╝"
    return "┌" + "─" * (width - 2) + "┐", "└" + "─" * (width - 2) + "┘"


def _put(canvas: list[list[tuple[str, Style]]], x: int, y: int, text: str,
         style: Style) -> None:
    row = canvas[y]
    for i, char in enumerate(text):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style)


def _put_chars(canvas: list[list[tuple[str, Style]]], x: int, y: int, chars: cells.Chars,
               extra: Style | None) -> None:
    row = canvas[y]
    for i, (char, style) in enumerate(chars):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style + extra if extra else style)


def _segments(row: list[tuple[str, Style]]) -> list[Segment]:
    """A row of styled characters as few segments as possible."""
    segments: list[Segment] = []
    text, style = "", row[0][1] if row else BLANK
    for char, char_style in row:
        if char_style is style:  # styles are shared objects: identity is enough and fast
            text += char
        else:
            segments.append(Segment(text, style))
            text, style = char, char_style
    if text:
        segments.append(Segment(text, style))
    return segments
