"""The main pane of every game played on a map: a picture of cells (sectors, Places) with a
cursor over them, and under it the cell under the cursor in full (tui.plugins.MainPane).

The map is one widget on Textual's Line API: a game's :class:`CellMap` paints the whole
picture once per view, cursor move or resize into a canvas of styled characters, and
``render_line`` only crops the line asked for, so a large map scrolls smoothly; a map
smaller than its pane sits in the pane's middle. What a cell shows, and where it sits, is
the game's; moving, picking, clicking and scrolling are the same for every game, and so
are the looks of what the map marks (``COMPONENT_CLASSES``, styled from the theme): the
cells the decision may pick (``targets``), the cursor's, and those that changed since the
player's last decision (``changed``). A cell's number is its spot (tui.widgets.messages).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
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

from core.celltext import CellSize, Line
from core.linework import HEAVY, Linework
from core.words import fit
from tui.widgets.messages import SpotPicked, SpotPointed

BLANK = Style()
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

Chars = list[tuple[str, Style]]
Canvas = list[Chars]


class CellMap(ScrollView, can_focus=True):
    """A game's map. Its ``paint`` draws the view and records each cell's box on the
    canvas (``regions``, for clicks and scrolling) and its place in cell units
    (``positions``, for the arrow keys)."""

    DEFAULT_CSS = """
    CellMap {
        height: 1fr;
    }
    CellMap > .cellmap--border {
        color: $foreground 50%;
    }
    CellMap > .cellmap--target {
        color: $accent;
        text-style: bold;
    }
    CellMap > .cellmap--target-inside {
        background: $accent 18%;
    }
    CellMap > .cellmap--changed {
        text-style: bold underline;
    }
    CellMap > .cellmap--changed-inside {
        background: $warning 14%;
    }
    CellMap > .cellmap--cursor {
        background: $foreground 24%;
        text-style: bold;
    }
    CellMap > .cellmap--storm {
        color: $text-error;
        text-style: bold;
    }
    CellMap > .cellmap--link {
        color: $text-secondary;
        text-style: bold;
    }
    """
    # What the map marks, in the theme's colours (the storms' and links' in the shades of
    # them that read as text, on the cells' tints too and in NO_COLOR's greys:
    # tests/client/test_marks.py); without colour (NO_COLOR) the marks still differ: a
    # target's border is heavy, the cursor's cell reversed, a changed cell's number
    # underlined, a broken border dashed.
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "cellmap--border", "cellmap--target", "cellmap--target-inside", "cellmap--changed",
        "cellmap--changed-inside", "cellmap--cursor", "cellmap--storm", "cellmap--link"}

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
        self.changed: set[int] = set()
        self.cursor = 0
        self.regions: dict[int, Region] = {}
        self.positions: dict[int, tuple[float, float]] = {}
        self.lines: list[list[Segment]] = []
        self.base = BLANK
        self._canvas: Canvas = []  # the last painting, its rows kept with ``lines``
        self._margin = self._top = 0
        self._looks: dict[str, Style] = {}
        self._borders: tuple[Hashable, list[tuple[tuple[int, int], str, bool, bool]]] | None = None
        self.cell_size = CellSize(0, 0)  # the size ``choose_size`` chose last
        # each cell's text by size, for the view shown: a cursor move draws the same again
        self._texts: dict[tuple[CellSize, int], tuple[list[Line], bool]] = {}
        self._chosen: tuple[dict[str, Any], Size, bool, CellSize] | None = None
        self._least: tuple[dict[str, Any], int] | None = None  # least_width, by view
        self._cells: list[int] = []  # the cells of the view shown (choose_size's)
        # each cell's styled characters by its text and marks, for the same reason
        self._styled: dict[tuple[int, int, bool], list[Chars]] = {}

    # --- what a game draws --------------------------------------------------------------

    SIZES: ClassVar[tuple[CellSize, ...]] = ()  # the sizes a cell may take, largest first

    def start(self, view: dict[str, Any]) -> int:
        """The cell the cursor starts on."""
        return 0

    def paint(self, view: dict[str, Any]) -> Canvas:
        raise NotImplementedError

    def extent(self, view: dict[str, Any], size: CellSize) -> tuple[int, int]:
        """The columns and lines the whole map takes with cells of ``size``."""
        raise NotImplementedError

    def cell_text(self, view: dict[str, Any], size: CellSize, cell: int
                  ) -> tuple[list[Line], bool]:
        """What a cell says at ``size``, and whether all it must show found room."""
        raise NotImplementedError

    # --- choosing the size -----------------------------------------------------------------

    def least_width(self) -> int:
        """The columns the whole map takes in the smallest cells that show all they must
        (0 before a view, or for a map that sizes its cells its own way): the room the
        screen gives the map when it can spare it."""
        if self.view is None or not self.SIZES:
            return 0
        if self._least is None or self._least[0] is not self.view:
            size = next((size for size in reversed(self.SIZES)
                         if self._whole(self.view, size)), self.SIZES[-1])
            self._least = (self.view, self.extent(self.view, size)[0])
        return self._least[1]

    def text_of(self, view: dict[str, Any], size: CellSize, cell: int) -> list[Line]:
        return self._text(view, size, cell)[0]

    def _text(self, view: dict[str, Any], size: CellSize, cell: int
              ) -> tuple[list[Line], bool]:
        key = (size, cell)
        if key not in self._texts:
            self._texts[key] = self.cell_text(view, size, cell)
        return self._texts[key]

    def choose_size(self, view: dict[str, Any], cells: Iterable[int]) -> CellSize:
        """The largest size whose map fits the pane and in which every cell shows all it
        must; else the smallest in which they do, and the map scrolls. Zoomed in
        (``close_up``): the largest size of which three cells fit the pane each way, so the
        cursor's cell shows all it has beside its neighbours, and the map pans."""
        pane = self.size
        close = self.close_up
        if self._chosen is not None and self._chosen[:3] == (view, pane, close):
            return self._chosen[3]  # a cursor move: the same view in the same pane
        self._cells = list(cells)
        if close:
            chosen = self._close_up(view, self._cells, pane)
        else:
            sizes = self.SIZES
            chosen = next((size for size in sizes if _within(self.extent(view, size), pane)
                           and self._whole(view, size)), None) or next(
                (size for size in reversed(sizes) if self._whole(view, size)), sizes[-1])
        self.cell_size = chosen
        self._chosen = (view, pane, close, chosen)
        return chosen

    def _whole(self, view: dict[str, Any], size: CellSize) -> bool:
        """Whether every cell of the map shows all it must in cells of ``size``."""
        return all(self._text(view, size, cell)[1] for cell in self._cells)

    def _close_up(self, view: dict[str, Any], cells: list[int], pane: Size) -> CellSize:
        """Zoomed in: the smallest size in which every cell says all it says in the largest
        of which three cells fit the pane each way (nothing cut or left out), so that as
        many neighbours as can show beside the cursor's cell."""
        sizes = [size for size in self.SIZES if 3 * size.width <= pane.width
                 and 3 * (size.height + 1) <= pane.height] or [self.SIZES[-1]]

        def said(size: CellSize) -> list[list[str]]:
            return [" ".join(piece.text for line in self._text(view, size, cell)[0]
                             for piece in line).split() for cell in cells]

        whole = said(sizes[0])
        return next(size for size in reversed(sizes) if said(size) == whole)

    @property
    def close_up(self) -> bool:
        """Whether the map's pane is zoomed (the screen's ``maximized``): then the map
        draws its cells large, around the cursor."""
        zoomed = self.screen.maximized if self.is_attached else None
        return zoomed is not None and any(node is zoomed for node in self.ancestors_with_self)

    def look(self, name: str) -> Style:
        """The theme's style of something the map marks (``COMPONENT_CLASSES`` without
        their prefix). The "-inside" looks, "cursor" and "changed" only add to a
        character's own style: a background, bold, or underline."""
        if name not in self._looks:
            if name.endswith("-inside"):
                found = Style(bgcolor=self.get_component_rich_style(f"cellmap--{name}").bgcolor)
            elif name == "cursor":  # a tint (blended over the background) under bold text
                found = Style(bgcolor=self.get_component_rich_style(f"cellmap--{name}").bgcolor,
                              bold=True)
            elif name == "changed":
                found = self.get_component_rich_style(f"cellmap--{name}", partial=True)
            else:
                found = self.get_component_rich_style(f"cellmap--{name}")
            self._looks[name] = found
        return self._looks[name]

    # --- drawing helpers for a game's paint -----------------------------------------------

    def draw_lines(self, canvas: Canvas, key: Hashable, lines: Callable[[], Linework]) -> None:
        """Cells' shared borders: heavy ones (the targets') in the target look, dashed ones
        (broken) in the storm look, the rest in the border look. ``key`` stands for the
        lines ``lines()`` draws: while it stays the same (a cursor move), they are not
        worked out again."""
        if self._borders is None or self._borders[0] != key:
            drawn = lines()
            self._borders = (key, [(point, char, point in drawn.dashed,
                                    max(drawn.arms[point]) == HEAVY)
                                   for point, char in drawn.characters().items()])
        heavy, border, broken = self.look("target"), self.look("border"), self.look("storm")
        for (row, col), char, dashed, thick in self._borders[1]:
            canvas[row][col] = (char, broken if dashed else heavy if thick else border)

    def styled(self, cell: int, lines: Sequence[Line], seats: Mapping[int, Style],
               parts: Mapping[str, Style]) -> list[Chars]:
        """A cell's pieces as styled characters: a piece with an owner in the owner's
        style, others in their part's (plain if none), the first piece (the cell's number
        or name) in the changed look too if the cell changed. The cursor's cell keeps its
        owners' colours: ``fill`` lays the cursor's tint under them. (Characters, not Rich
        text: every cell is drawn again after every move: this is the hot path.)"""
        key = (cell, id(lines), cell in self.changed)
        if key in self._styled:
            return self._styled[key]
        changed = self.look("changed") if cell in self.changed else None
        drawn = []
        for row, line in enumerate(lines):
            chars: Chars = []
            for i, piece in enumerate(line):
                if piece.seat is not None and piece.seat in seats:
                    style = seats[piece.seat]
                else:
                    style = parts.get(piece.part, BLANK)
                if changed is not None and row == i == 0:
                    style = style + changed
                chars += [(char, style) for char in piece.text]
            drawn.append(chars)
        self._styled[key] = drawn
        return drawn

    def fill(self, canvas: Canvas, cell: int, box: Region, lines: Sequence[Chars]) -> None:
        """A cell's inside: its lines, then blanks, over the cell's tint if it is the
        cursor's, a target or changed."""
        inside = (self.look("cursor") if cell == self.cursor
                  else self.look("target-inside") if cell in self.targets
                  else self.look("changed-inside") if cell in self.changed else None)
        blank = inside or BLANK
        for row in range(box.height):
            line = lines[row] if row < len(lines) else []
            target = canvas[box.y + row]
            for i in range(box.width):
                if i < len(line):
                    char, style = line[i]
                    target[box.x + i] = (char, style + inside if inside else style)
                else:
                    target[box.x + i] = (" ", blank)

    # --- what to show ----------------------------------------------------------------------

    def show(self, view: dict[str, Any], targets: set[int],
             changed: set[int] | frozenset[int] = frozenset()) -> None:
        """Draw ``view``, the cells of ``targets`` marked as the decision's legal picks and
        those of ``changed`` as changed since the player's last decision."""
        if (self.view, self.targets, self.changed) == (view, targets, changed):
            return  # many decisions change none of them
        first = self.view is None
        if first:
            self.cursor = self.start(view)
        if view is not self.view:
            self._texts.clear()
            self._styled.clear()
        self.view = view
        self.targets = set(targets)
        self.changed = set(changed)
        self._layout()
        if first:  # the cursor's cell (the viewer's home), which a small pane may not show
            self.call_after_refresh(self._follow)

    def point(self, cell: int) -> None:
        if self.view is not None and cell != self.cursor:
            self.cursor = cell
            self._layout()
            self._follow()

    def on_resize(self, event: events.Resize) -> None:
        if self.view is not None:
            self._layout()
            self.call_after_refresh(self._follow)  # the cursor's cell moved with its size

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks.clear()
        self._styled.clear()
        if self.view is not None:  # a new theme: the marks' looks changed
            self._layout()

    def _layout(self) -> None:
        assert self.view is not None
        canvas = self.paint(self.view)
        width = len(canvas[0]) if canvas else 0
        left = max(0, (self.size.width - width) // 2)
        top = max(0, (self.size.height - len(canvas)) // 2)
        base = self.rich_style  # the pane's own colours, under the map's
        margin = [Segment(" " * left, base)] if left else []
        # A row drawn as before keeps its segments: a cursor move changes two cells' rows.
        same = (base, left, len(canvas)) == (self.base, self._margin, len(self._canvas))
        before = self.lines[self._top:]
        rows = [before[i] if same and row == self._canvas[i] else margin + _segments(row, base)
                for i, row in enumerate(canvas)]
        self.base, self._margin, self._top, self._canvas = base, left, top, canvas
        self.lines = [[]] * top + rows
        self.regions = {cell: box.translate((left, top)) for cell, box in self.regions.items()}
        self.virtual_size = Size(width + left, len(canvas) + top)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        width = self.size.width
        if not 0 <= line < len(self.lines) or not self.lines[line]:
            return Strip.blank(width, self.base)
        strip = Strip(self.lines[line], self.virtual_size.width)
        return strip.crop_extend(scroll_x, scroll_x + width, self.base)

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
        """The cursor's cell in sight: in the middle when zoomed in, with its neighbours."""
        if self.cursor in self.regions:
            self.scroll_to_region(self.regions[self.cursor], animate=False,
                                  center=self.close_up)


class MapPane(Vertical, can_focus=False):
    """The map and, under it, the cell under the cursor in full (``details``)."""

    DEFAULT_CSS = """
    MapPane #cell-details {
        height: 3;
        color: $text-muted;
        padding-right: 1;  /* a gap before the pane beside it */
    }
    """
    # Lines for the cell in full, by the pane's height: fixed, so that the map keeps its
    # room (and its look) as the cursor moves; a longer text ends in an ellipsis.
    DETAIL_LINES = ((30, 4), (0, 3))
    title = "Map"

    def __init__(self, cells: CellMap, details: Callable[[dict[str, Any], int], str]) -> None:
        super().__init__()
        self.cells = cells
        self.details = details

    def compose(self) -> ComposeResult:
        yield self.cells
        yield Static("", id="cell-details")

    def show_view(self, view: dict[str, Any], targets: set[int],
                  changed: set[int] | frozenset[int] = frozenset()) -> None:
        """The view, the decision's ``targets`` and the cells ``changed`` since the
        player's last decision (marked until the next call)."""
        self.cells.show(view, targets, changed)
        self._details()

    def point(self, cell: int) -> None:
        self.cells.point(cell)
        self._details()

    def least_width(self) -> int:
        return self.cells.least_width()

    def focus(self, scroll_visible: bool = True) -> MapPane:
        self.cells.focus(scroll_visible)
        return self

    @property
    def has_focus(self) -> bool:  # type: ignore[override]
        return self.cells.has_focus

    def on_spot_pointed(self, event: SpotPointed) -> None:
        self._details()

    def on_resize(self, event: events.Resize) -> None:
        lines = next(n for least, n in self.DETAIL_LINES if event.size.height >= least)
        self.query_one("#cell-details", Static).styles.height = lines
        self._details()

    def _details(self) -> None:
        view = self.cells.view
        cursor = self.cells.cursor
        if view is not None and cursor in self.cells.regions:
            text = self.details(view, cursor)
            if cursor in self.cells.changed:
                text += " Changed since your last decision."
            shown = self.query_one("#cell-details", Static)
            width = max(10, shown.content_size.width or self.size.width - 1)
            lines = textwrap.wrap(text, width)
            height = int(shown.styles.height.value) if shown.styles.height else 3
            if len(lines) > height:
                lines[height - 1] = fit(f"{lines[height - 1]} {lines[height]}", width)
                lines = lines[:height]
            shown.update(Text("\n".join(lines)))


def _within(extent: tuple[int, int], pane: Size) -> bool:
    return extent[0] <= pane.width and extent[1] <= pane.height


def _segments(row: list[tuple[str, Style]], base: Style) -> list[Segment]:
    """A row of styled characters as few segments as possible, each over ``base``."""
    segments: list[Segment] = []
    text, style = "", row[0][1] if row else BLANK
    for char, char_style in row:
        if char_style is style:  # identity is fast, and a copy of a style only splits a run
            text += char
        else:
            segments.append(Segment(text, base + style))
            text, style = char, char_style
    if text:
        segments.append(Segment(text, base + style))
    return segments
