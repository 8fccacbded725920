"""Hegemonic's map: the galaxy's hexes as a brick wall of boxes (``bricks.py``), the Galaxy
Boards' borders heavy, each sector's number and each board's name on the borders, the
Center showing the round's phase, and every board's standing beside the map (under it
when the pane is narrow); under the pane, the sector under the cursor in full. Boxes are
sized by the pane's room (``LOOKS``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from textual.geometry import Region

from tui.games.hegemonic import cells
from tui.games.hegemonic.bricks import Wall, borders, wall
from tui.widgets.cellmap import BLANK, Canvas, CellMap


@dataclass(frozen=True, slots=True)
class Look:
    """Boxes of ``inside`` columns (odd) by ``rows`` lines."""

    inside: int
    rows: int


# Largest first: the map takes the largest look that fits its pane, else the smallest
# and scrolls. The smallest still has room for three players' power and Units in a box.
LOOKS = (Look(19, 5), Look(15, 4), Look(13, 4), Look(11, 3), Look(9, 3), Look(7, 2),
         Look(5, 2))

STANDINGS_WIDTH = 10  # "B6 ●4 ▲1": a board's standing beside the map, wrapped if longer
STANDINGS_LINES = 2  # the standings under the map: every board on a line or two
BORDER = Style(dim=True)
BOARD_BORDER = Style(bold=True)
TARGET = Style(underline=True, bgcolor="grey23")  # without colour, the underline
CURSOR = Style(reverse=True)
# By (a target of the decision, under the cursor): what a box's inside adds to its
# characters' styles, and the style of the sector's number.
INSIDES = {(True, False): TARGET, (False, True): CURSOR, (True, True): TARGET + CURSOR}
LABELS = {(target, focused): Style(reverse=target, bold=target or focused)
          for target in (False, True) for focused in (False, True)}


class GalaxyMap(CellMap):
    def __init__(self) -> None:
        super().__init__()
        self.boxes = LOOKS[0]  # the look of the boxes the map was last drawn with
        # What each box holds, kept while the view and the look stay: a cursor move
        # repaints the map, and the boxes' insides are most of the work.
        self.insides: dict[int, list[cells.Chars]] = {}
        self.insides_of: tuple[dict[str, Any], Look] | None = None

    def start(self, view: dict[str, Any]) -> int:
        """The viewer's Home, else a sector of the Core."""
        sectors = view["sectors"]
        home = [s["id"] for s in sectors if s["home"] == view["seat"] and view["seat"] >= 0]
        core = [s["id"] for s in sectors if s["board"] == 0]
        return int((home or core or [0])[0])

    def paint(self, view: dict[str, Any]) -> Canvas:
        hexes = {(s["q"], s["r"]): s for s in view["sectors"]}
        centre = (view["center"][0], view["center"][1])
        boards = tuple(sorted({**{h: s["board"] for h, s in hexes.items()}, centre: 0}.items()))
        room = self.size
        self.boxes, bricks, (width, height), beside = fitting(boards, room.width, room.height)
        standings = _standings(cells.board_entries(view), beside, width)
        if beside:
            width, height = width + 1 + STANDINGS_WIDTH, max(height, len(standings))
        else:
            height += len(standings)
        canvas: Canvas = [[(" ", BLANK)] * width for _ in range(height)]
        x, y = (width - STANDINGS_WIDTH, 0) if beside else (0, height - len(standings))
        for row, line in enumerate(standings):
            _put_chars(canvas, x, y + row, line, None)
        for (x, y), char, heavy in borders(boards, self.boxes.inside, self.boxes.rows):
            canvas[y][x] = (char, BOARD_BORDER if heavy else BORDER)
        self.regions, self.positions = {}, {}
        for h, sector in hexes.items():
            self._draw_sector(canvas, view, bricks, h, sector["id"])
        x, y = bricks.box(centre)
        for row, line in enumerate(cells.center(view, self.boxes.inside, self.boxes.rows)):
            _put_chars(canvas, x + 1, y + 1 + row, line, None)
        self._label_boards(canvas, bricks, hexes)
        return canvas

    def _draw_sector(self, canvas: Canvas, view: dict[str, Any], bricks: Wall,
                     h: tuple[int, int], sector: int) -> None:
        look = self.boxes
        x, y = bricks.box(h)
        self.regions[sector] = Region(x + 1, y + 1, look.inside, look.rows)
        self.positions[sector] = (x / bricks.step, y / (look.rows + 1))
        marked = (sector in self.targets, sector == self.cursor)
        _put_text(canvas, x + 1, y, str(sector)[: bricks.step // 2 - 1], LABELS[marked])
        extra = INSIDES.get(marked)
        if extra is not None:  # the whole inside, so the mark shows on an empty line too
            for row in range(look.rows):
                canvas[y + 1 + row][x + 1:x + 1 + look.inside] = [(" ", extra)] * look.inside
        for row, line in enumerate(self._inside(view, sector)):
            _put_chars(canvas, x + 1, y + 1 + row, line, extra)

    def _inside(self, view: dict[str, Any], sector: int) -> list[cells.Chars]:
        if self.insides_of is None or self.insides_of[0] is not view or \
                self.insides_of[1] != self.boxes:
            self.insides, self.insides_of = {}, (view, self.boxes)
        if sector not in self.insides:
            self.insides[sector] = cells.inside(view, sector, self.boxes.inside, self.boxes.rows)
        return self.insides[sector]

    def _label_boards(self, canvas: Canvas, bricks: Wall,
                      hexes: dict[tuple[int, int], dict[str, Any]]) -> None:
        """Each board's name on the top border of its top-left sector, right of the
        sector's number."""
        first: dict[int, tuple[int, int]] = {}
        for h, sector in sorted(hexes.items(), key=lambda item: (item[0][1], item[0])):
            first.setdefault(sector["board"], h)
        room = bricks.step // 2 - 1
        for board, h in first.items():
            x, y = bricks.box(h)
            name = cells.board_name(board)
            _put_text(canvas, x + bricks.step // 2 + 1, y,
                      name if len(name) <= room else name[0], BOARD_BORDER)


@lru_cache(maxsize=32)
def fitting(boards: tuple[tuple[tuple[int, int], int], ...], width: int, height: int
            ) -> tuple[Look, Wall, tuple[int, int], bool]:
    """The largest look whose map and standings fit ``width`` x ``height`` (the standings
    beside the map, else under it), else the smallest; where its boxes go, the size of the
    map, and whether the standings stand beside it."""
    hexes = [h for h, _ in boards]
    for look in LOOKS:
        bricks = wall(hexes, look.inside, look.rows)
        columns, lines = bricks.size(hexes)
        if columns + 1 + STANDINGS_WIDTH <= width and lines <= height:
            return look, bricks, (columns, lines), True
        if columns <= width and lines + STANDINGS_LINES <= height:
            return look, bricks, (columns, lines), False
    return look, bricks, (columns, lines), False


def _standings(entries: list[cells.Chars], beside: bool, width: int) -> list[cells.Chars]:
    """The boards' standings as lines: a board a line beside the map (a longer one goes
    on, indented, on the next), or as many boards a line as fit under it."""
    if beside:
        column: list[cells.Chars] = []
        for entry in entries:
            column.append(entry[:STANDINGS_WIDTH])
            rest = entry[STANDINGS_WIDTH:]
            while rest:
                column.append([(" ", BLANK)] * 3 + rest[:STANDINGS_WIDTH - 3])
                rest = rest[STANDINGS_WIDTH - 3:]
        return column
    lines: list[cells.Chars] = []
    line: cells.Chars = []
    gap = [(" ", BLANK), ("│", BORDER), (" ", BLANK)]
    for entry in entries:
        if line and len(line) + len(gap) + len(entry) > width:
            lines.append(line)
            line = []
        line = [*line, *gap, *entry] if line else list(entry)
    return [*lines, line] if line else lines


def _put_text(canvas: Canvas, x: int, y: int, text: str, style: Style) -> None:
    _put_chars(canvas, x, y, [(char, style) for char in text], None)


def _put_chars(canvas: Canvas, x: int, y: int, chars: cells.Chars, extra: Style | None) -> None:
    row = canvas[y]
    for i, (char, style) in enumerate(chars):
        if 0 <= x + i < len(row):
            row[x + i] = (char, style + extra if extra else style)
