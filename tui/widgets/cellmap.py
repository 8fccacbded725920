"""The main pane of every game played on a map: a picture of cells (sectors, Places) with a
cursor over them, and under it the cell under the cursor in full (tui.plugins.MainPane).

The map is one widget on Textual's Line API: a game's :class:`CellMap` paints the whole
picture once per view, cursor move or resize into a canvas of styled characters, and
``render_line`` only crops the line asked for, so a large map scrolls smoothly. What a cell
shows, and where it sits, is the game's; moving, picking, clicking and scrolling are
the same for every game. A cell's number is its spot (tui.widgets.messages).
"""

from __future__ import annotations

from collections.abc import Callable
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

from tui.widgets.messages import SpotPicked, SpotPointed

BLANK = Style()
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

Canvas = list[list[tuple[str, Style]]]


class CellMap(ScrollView, can_focus=True):
    """A game's map. Its ``paint`` draws the view and records each cell's box on the
    canvas (``regions``, for clicks and scrolling) and its place in cell units
    (``positions``, for the arrow keys)."""

    DEFAULT_CSS = """
    CellMap {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"move('{d}')", show=False)
          for keys, d in (("up,k", "up"), ("down,j", "down"), ("left,h", "left"),
                          ("right,l", "right")) for key in keys.split(",")),
        Binding("enter", "pick", "Choose here", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.view: dict[str, Any] | None = None
        self.targets: set[int] = set()
        self.cursor = 0
        self.regions: dict[int, Region] = {}
        self.positions: dict[int, tuple[float, float]] = {}
        self.lines: list[list[Segment]] = []

    # --- what a game draws --------------------------------------------------------------

    def start(self, view: dict[str, Any]) -> int:
        """The cell the cursor starts on."""
        return 0

    def paint(self, view: dict[str, Any]) -> Canvas:
        raise NotImplementedError

    # --- what to show ----------------------------------------------------------------------

    def show(self, view: dict[str, Any], targets: set[int]) -> None:
        if (self.view, self.targets) == (view, targets):  # many decisions change neither
            return
        if self.view is None:
            self.cursor = self.start(view)
        self.view = view
        self.targets = targets
        self._layout()

    def point(self, cell: int) -> None:
        if self.view is not None and cell != self.cursor:
            self.cursor = cell
            self._layout()
            self._follow()

    def on_resize(self, event: events.Resize) -> None:
        if self.view is not None:
            self._layout()

    def _layout(self) -> None:
        assert self.view is not None
        canvas = self.paint(self.view)
        self.lines = [_segments(row) for row in canvas]
        self.virtual_size = Size(len(canvas[0]) if canvas else 0, len(canvas))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if not 0 <= line < len(self.lines):
            return Strip.blank(self.size.width, BLANK)
        return Strip(self.lines[line]).crop_extend(scroll_x, scroll_x + self.size.width, BLANK)

    # --- moving the cursor -----------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        """To the nearest cell that way, straight lines before diagonals."""
        if self.cursor not in self.positions:
            return
        dx, dy = DIRECTIONS[direction]
        x0, y0 = self.positions[self.cursor]
        best: tuple[float, int] | None = None
        for cell, (x, y) in self.positions.items():
            ax, ay = x - x0, y - y0
            along = ax * dx + ay * dy
            if along <= 0.1:
                continue
            score = along + 2 * (abs(ax * dy) + abs(ay * dx))
            if best is None or score < best[0]:
                best = (score, cell)
        if best is not None:
            self.cursor = best[1]
            self._layout()
            self._follow()
            self.post_message(SpotPointed(self.cursor))

    def action_pick(self) -> None:
        if self.cursor in self.regions:
            self.post_message(SpotPicked(self.cursor))

    def on_click(self, event: events.Click) -> None:
        scroll_x, scroll_y = self.scroll_offset
        col, row = event.x + scroll_x, event.y + scroll_y
        cell = next((c for c, box in self.regions.items() if box.contains(col, row)), None)
        if cell is None:
            return
        self.cursor = cell
        self._layout()
        self.post_message(SpotPointed(cell))
        if event.chain >= 2:
            self.post_message(SpotPicked(cell))

    def _follow(self) -> None:
        if self.cursor in self.regions:
            self.scroll_to_region(self.regions[self.cursor], animate=False)


class MapPane(Vertical, can_focus=False):
    """The map and, under it, the cell under the cursor in full (``details``)."""

    DEFAULT_CSS = """
    MapPane #cell-details {
        height: auto;
        max-height: 3;
        color: $text-muted;
    }
    """
    title = "Map"

    def __init__(self, cells: CellMap, details: Callable[[dict[str, Any], int], str]) -> None:
        super().__init__()
        self.cells = cells
        self.details = details

    def compose(self) -> ComposeResult:
        yield self.cells
        yield Static("", id="cell-details")

    def show_view(self, view: dict[str, Any], targets: set[int]) -> None:
        self.cells.show(view, targets)
        self._details()

    def point(self, cell: int) -> None:
        self.cells.point(cell)
        self._details()

    def focus(self, scroll_visible: bool = True) -> MapPane:
        self.cells.focus(scroll_visible)
        return self

    @property
    def has_focus(self) -> bool:  # type: ignore[override]
        return self.cells.has_focus

    def on_spot_pointed(self, event: SpotPointed) -> None:
        self._details()

    def _details(self) -> None:
        view = self.cells.view
        if view is not None and self.cells.cursor in self.cells.regions:
            text = self.details(view, self.cells.cursor)
            self.query_one("#cell-details", Static).update(Text(text))


def put(canvas: Canvas, x: int, y: int, text: str, style: Style) -> None:
    """Write ``text`` on the canvas from (x, y), clipped at the row's ends."""
    row = canvas[y]
    for i, char in enumerate(text):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style)


def _segments(row: list[tuple[str, Style]]) -> list[Segment]:
    """A row of styled characters as few segments as possible."""
    segments: list[Segment] = []
    text, style = "", row[0][1] if row else BLANK
    for char, char_style in row:
        if char_style is style:  # identity is fast, and a copy of a style only splits a run
            text += char
        else:
            segments.append(Segment(text, style))
            text, style = char, char_style
    if text:
        segments.append(Segment(text, style))
    return segments
