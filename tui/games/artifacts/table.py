"""The card table, Alien Artifacts' main pane (tui.plugins.MainPane): the shared area and
every player's board (layout.py), a cursor that moves from card to card with the arrow
keys, and Enter (or a double click) to pick the card under it. A player's board is one key
away (the game screen's ``v`` and seat letters call ``show_seat``): the table scrolls to
put it at the top."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.games.artifacts.words import spots
from tui.games.artifacts.flow import Line
from tui.games.artifacts.layout import board_top, table_lines
from tui.widgets.messages import SpotPicked, SpotPointed


class CardTable(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    CardTable {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"move('{d}')", show=False)
          for keys, d in (("up,k", "up"), ("down,j", "down"), ("left,h", "left"),
                          ("right,l", "right")) for key in keys.split(",")),
        Binding("enter", "pick", "Choose here", show=False),
    ]
    title = "Table"

    def __init__(self) -> None:
        super().__init__()
        self.view: dict[str, Any] | None = None
        self.targets: set[int] = set()
        self.changed: set[int] | frozenset[int] = frozenset()
        self.cursor: int | None = None
        self.lines: list[Line] = []
        self.regions: dict[int, list[Region]] = {}  # each spot's pieces, in reading order
        self._strips: dict[int, Strip] = {}

    # --- MainPane ------------------------------------------------------------------------

    def show_view(self, view: dict[str, Any], targets: set[int],
                  changed: set[int] | frozenset[int] = frozenset()) -> None:
        if (self.view, self.targets, self.changed) == (view, targets, changed):
            return
        self.view, self.targets, self.changed = view, set(targets), changed
        self._layout()
        if self.cursor not in self.regions:
            picks = [s for s in self.regions if s in self.targets] or list(self.regions)
            self.cursor = picks[0] if picks else None
            self.call_after_refresh(self._follow)

    def point(self, spot: int) -> None:
        if spot in self.regions and spot != self.cursor:
            self.cursor = spot
            self._strips.clear()
            self.refresh()
            self._follow()

    def show_seat(self, seat: int) -> None:
        """A player's board at the top of the pane, the cursor on its heading."""
        top = board_top(self.lines, seat)
        if top is None:
            return
        self.cursor = spots.seat_spot(seat)
        self._strips.clear()
        self.refresh()
        self.scroll_to(y=top, animate=False)

    # --- drawing -------------------------------------------------------------------------

    def text(self) -> str:
        """Everything the table shows, as plain text."""
        return "\n".join(self._line_text(line, None).plain for line in self.lines)

    def _width(self) -> int:
        width = self.scrollable_content_region.width or self.size.width
        return width if width > 0 else 48

    def _layout(self) -> None:
        if self.view is None:
            return
        self.lines = table_lines(self.view, self._width(), self.targets, self.changed)
        self.regions = {}
        for y, line in enumerate(self.lines):
            for p in line:
                if p.spot is not None:
                    self.regions.setdefault(p.spot, []).append(
                        Region(p.x, y, p.text.cell_len, 1))
        self._strips.clear()
        self.virtual_size = Size(self._width(), len(self.lines))
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._layout()

    def _line_text(self, line: Line, cursor: int | None) -> Text:
        text = Text()
        for p in line:
            text.append(" " * max(p.x - text.cell_len, 0))
            piece = p.text.copy()
            if p.spot is not None and p.spot == cursor:
                piece.stylize("reverse" if self.has_focus else "underline")
            text.append_text(piece)
        return text

    def render_line(self, y: int) -> Strip:
        scroll_y = self.scroll_offset.y
        row = y + scroll_y
        width = self.size.width
        base = self.rich_style
        if not 0 <= row < len(self.lines):
            return Strip.blank(width, base)
        if row not in self._strips:
            text = self._line_text(self.lines[row], self.cursor)
            segments = list(text.render(self.app.console))
            self._strips[row] = Strip(Segment.apply_style(segments, base))
        return self._strips[row].crop_extend(0, width, base)

    def on_focus(self, event: events.Focus) -> None:
        self._strips.clear()
        self.refresh()

    def on_blur(self, event: events.Blur) -> None:
        self._strips.clear()
        self.refresh()

    # --- the cursor ----------------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        """Left and right: the previous and next card in reading order; up and down: the
        nearest card on the lines above or below."""
        if self.cursor not in self.regions:
            return
        order = sorted(self.regions, key=lambda s: (self.regions[s][0].y, self.regions[s][0].x))
        here = self.regions[self.cursor][0]
        found: int | None = None
        if direction in ("left", "right"):
            index = order.index(self.cursor) + (1 if direction == "right" else -1)
            found = order[index] if 0 <= index < len(order) else None
        else:
            below = direction == "down"
            first_y = self.regions[self.cursor][-1 if below else 0].y
            candidates = [s for s in order
                          if (self.regions[s][0].y > first_y if below
                              else self.regions[s][-1].y < here.y)]
            if candidates:
                found = min(candidates, key=lambda s: (
                    abs(self.regions[s][0].y - here.y), abs(self.regions[s][0].x - here.x)))
        if found is not None:
            self.point(found)
            self.post_message(SpotPointed(found))

    def action_pick(self) -> None:
        if self.cursor is not None:
            self.post_message(SpotPicked(self.cursor))

    def on_click(self, event: events.Click) -> None:
        col, row = event.x, event.y + self.scroll_offset.y
        spot = next((s for s, boxes in self.regions.items()
                     if any(b.contains(col, row) for b in boxes)), None)
        if spot is None:
            return
        self.point(spot)
        self.post_message(SpotPointed(spot))
        if event.chain >= 2:
            self.post_message(SpotPicked(spot))

    def _follow(self) -> None:
        if self.cursor in self.regions:
            boxes = self.regions[self.cursor]
            self.scroll_to_region(boxes[0].union(boxes[-1]), animate=False)
