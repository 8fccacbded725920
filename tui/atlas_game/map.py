"""Fractured Atlas's map pane: the Place cards in their grid, each with its suits, VP, ruler
and the tokens and Towers on it; a cursor over the Places, and the focused one in full below.

Like Fractal's map it is one widget on Textual's Line API: the picture is laid out once per
view (or cursor move) into lines of segments, and ``render_line`` crops the line asked for.
A Place the decision can pick has a double border; the cursor's is drawn in reverse.
Players are told apart by symbol first and colour second.
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

from core.atlas_game import text, words
from core.words import fit
from tui.widgets.messages import MapPicked, MapPointed

CELL_W = 24  # columns a Place takes, its border included
CELL_H = 6  # lines a Place takes, its border included
BLANK = Style()
STYLES = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"}
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

Canvas = list[list[tuple[str, Style]]]


def owner_style(view: dict[str, Any], seat: int) -> Style:
    if 0 <= seat < len(view["players"]):
        return Style(color=STYLES[view["players"][seat]["colour"]], bold=True)
    return BLANK


class PlaceGrid(ScrollView, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"move('{d}')", show=False)
          for keys, d in (("up,k", "up"), ("down,j", "down"), ("left,h", "left"),
                          ("right,l", "right")) for key in keys.split(",")),
        Binding("enter", "pick", "Choose here", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="placegrid")
        self.view: dict[str, Any] | None = None
        self.targets: set[int] = set()
        self.cursor = 0
        self.origin = (0, 0)  # the map cell drawn at the top left
        self.lines: list[list[Segment]] = []

    def show(self, view: dict[str, Any], targets: set[int]) -> None:
        if (self.view, self.targets) != (view, targets):
            self.view = view
            self.targets = targets
            self.cursor = min(self.cursor, max(0, len(view["places"]) - 1))
            self._layout()

    def point(self, place: int) -> None:
        if self.view is not None and place != self.cursor:
            self.cursor = place
            self._layout()
            self._follow()

    def _layout(self) -> None:
        assert self.view is not None
        places = self.view["places"]
        if not places:
            self.lines = []
            return
        xs = [p["x"] for p in places]
        ys = [p["y"] for p in places]
        self.origin = (min(xs), min(ys))
        width = (max(xs) - min(xs) + 1) * CELL_W
        height = (max(ys) - min(ys) + 1) * CELL_H
        canvas: Canvas = [[(" ", BLANK)] * width for _ in range(height)]
        for i, place in enumerate(places):
            self._draw(canvas, i, place)
        self.lines = [_segments(row) for row in canvas]
        self.virtual_size = Size(width, height)
        self.refresh()

    def _corner(self, place: dict[str, Any]) -> tuple[int, int]:
        return ((place["x"] - self.origin[0]) * CELL_W, (place["y"] - self.origin[1]) * CELL_H)

    def _draw(self, canvas: Canvas, index: int, place: dict[str, Any]) -> None:
        assert self.view is not None
        view = self.view
        x, y = self._corner(place)
        focused = index == self.cursor
        target = index in self.targets
        ruler = place["controller"]
        border = Style(bold=focused or target, reverse=focused,
                       color=STYLES[view["players"][ruler]["colour"]] if ruler >= 0 else None)
        inner = CELL_W - 3
        top, side, bottom = (("╔" + "═" * inner + "╗", "║", "╚" + "═" * inner + "╝") if target
                             else ("┌" + "─" * inner + "┐", "│", "└" + "─" * inner + "┘"))
        _put(canvas, x, y, top, border)
        _put(canvas, x, y + CELL_H - 2, bottom, border)
        for row in range(1, CELL_H - 2):
            _put(canvas, x, y + row, side, border)
            _put(canvas, x + CELL_W - 2, y + row, side, border)
        name, facts, _ = text.cell_lines(view, index)
        _put(canvas, x + 1, y + 1, fit(name, inner), Style(bold=True))
        _put(canvas, x + 1, y + 2, fit(facts, inner), BLANK)
        self._tokens(canvas, x + 1, y + 3, inner, place["stacks"])

    def _tokens(self, canvas: Canvas, x: int, y: int, width: int,
                stacks: list[list[int]]) -> None:
        """The stacks on one line: a Worker as its owner's symbol, a Tower in brackets from
        the bottom up, its Noble last."""
        assert self.view is not None
        chars: list[tuple[str, Style]] = []
        for stack in stacks:
            if chars:
                chars.append((" ", BLANK))
            if len(stack) > 1:
                chars.append(("[", BLANK))
            chars += [(words.symbol(self.view, s), owner_style(self.view, s)) for s in stack]
            if len(stack) > 1:
                chars.append(("]", BLANK))
        if len(chars) > width:
            chars = [*chars[:width - 1], ("…", BLANK)]
        row = canvas[y]
        for i, cell in enumerate(chars):
            row[x + i] = cell

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if not 0 <= line < len(self.lines):
            return Strip.blank(self.size.width, BLANK)
        return Strip(self.lines[line]).crop_extend(scroll_x, scroll_x + self.size.width, BLANK)

    def action_move(self, direction: str) -> None:
        if self.view is None or not self.view["places"]:
            return
        dx, dy = DIRECTIONS[direction]
        here = self.view["places"][self.cursor]
        best: tuple[int, int] | None = None
        for i, place in enumerate(self.view["places"]):
            ax, ay = place["x"] - here["x"], place["y"] - here["y"]
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            score = along + 2 * (abs(ax * dy) + abs(ay * dx))
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.cursor = best[1]
            self._layout()
            self._follow()
            self.post_message(MapPointed(self.cursor))

    def action_pick(self) -> None:
        if self.view is not None and self.view["places"]:
            self.post_message(MapPicked(self.cursor))

    def on_click(self, event: events.Click) -> None:
        if self.view is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        col, row = event.x + scroll_x, event.y + scroll_y
        for i, place in enumerate(self.view["places"]):
            x, y = self._corner(place)
            if x <= col < x + CELL_W - 1 and y <= row < y + CELL_H - 1:
                self.cursor = i
                self._layout()
                self.post_message(MapPointed(i))
                if event.chain >= 2:
                    self.post_message(MapPicked(i))
                return

    def _follow(self) -> None:
        if self.view is not None:
            x, y = self._corner(self.view["places"][self.cursor])
            self.scroll_to_region(Region(x, y, CELL_W, CELL_H), animate=False)


class AtlasMap(Vertical, can_focus=False):
    """The grid of Places and, under it, the Place under the cursor in full."""

    def __init__(self, words_module: Any) -> None:
        super().__init__()
        self.words = words_module

    def compose(self) -> ComposeResult:
        yield PlaceGrid()
        yield Static("", id="sector-details")

    def show_map(self, view: dict[str, Any], targets: set[int]) -> None:
        self.query_one(PlaceGrid).show(view, targets)
        self._details()

    def point(self, place: int) -> None:
        self.query_one(PlaceGrid).point(place)
        self._details()

    def focus(self, scroll_visible: bool = True) -> AtlasMap:
        self.query_one(PlaceGrid).focus(scroll_visible)
        return self

    @property
    def has_focus(self) -> bool:  # type: ignore[override]
        return self.query_one(PlaceGrid).has_focus

    def on_map_pointed(self, event: MapPointed) -> None:
        self._details()

    def _details(self) -> None:
        grid = self.query_one(PlaceGrid)
        view = grid.view
        if view is None or not view["places"]:
            return
        self.query_one("#sector-details", Static).update(Text(details(view, grid.cursor)))


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


def _put(canvas: Canvas, x: int, y: int, chars: str, style: Style) -> None:
    row = canvas[y]
    for i, char in enumerate(chars):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style)


def _segments(row: list[tuple[str, Style]]) -> list[Segment]:
    """A row of styled characters as few segments as possible."""
    segments: list[Segment] = []
    chunk, style = "", row[0][1] if row else BLANK
    for char, char_style in row:
        if char_style == style:
            chunk += char
        else:
            segments.append(Segment(chunk, style))
            chunk, style = char, char_style
    if chunk:
        segments.append(Segment(chunk, style))
    return segments
