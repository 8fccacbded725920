"""Hegemonic's map: the galaxy's hexes as a brick wall of boxes (``bricks.py``), the Galaxy
Boards' borders heavy, each sector's number and each board's name on the borders, the
Center showing the round's phase, and every board's standing beside the map (under it
when the pane is narrow); under the pane, the sector under the cursor in full. Boxes are
sized by the pane's room (``LOOKS``); where none fits, a line a box (``SMALL_LOOKS``), the
last of them bare: a line a row of hexes, each sector its number and every owner's
pieces counted, so that the whole galaxy shows at 100x30. Zoomed in (z), the boxes are
the largest of which three fit the pane each way, around the cursor."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from textual.geometry import Region

from tui.games.hegemonic import cells
from tui.games.hegemonic.bricks import Wall, bars, borders, wall
from tui.widgets.cellmap import BLANK, Canvas, CellMap

Boards = tuple[tuple[tuple[int, int], int], ...]  # each hex (the Center's too) and its board


@dataclass(frozen=True, slots=True)
class Look:
    """Boxes of ``inside`` columns (odd, but when bare) by ``rows`` lines; ``bare``: no
    border lines between the rows of boxes, the sector's number inside its box."""

    inside: int
    rows: int
    bare: bool = False


# Largest first: the map takes the largest look that fits its pane. The smallest of
# these still has room for three players' power and Units in a box.
LOOKS = (Look(19, 5), Look(15, 4), Look(13, 4), Look(11, 3), Look(9, 3), Look(7, 2),
         Look(5, 2))
# Where none of those fits: a line a box, the largest that fits and shows every owner's
# pieces in every box; else the smallest that shows them, and the map pans.
SMALL_LOOKS = (Look(11, 1), Look(9, 1), Look(7, 1), Look(5, 1),
               *(Look(inside, 1, bare=True) for inside in (9, 8, 7, 6, 5, 4)))

STANDINGS_WIDTH = 10  # "B6 ●4 ▲1": a board's standing beside the map, wrapped if longer
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
        # What each box holds and whether every owner's pieces found room, by look, kept
        # while the view stays: a cursor move repaints the map, and choosing a look and
        # the boxes' insides are most of the work.
        self.contents: dict[Look, dict[int, tuple[list[cells.Chars], bool]]] = {}
        self.contents_of: dict[str, Any] | None = None
        self._look: tuple[dict[str, Any], tuple[int, int], bool, Look, bool] | None = None

    def start(self, view: dict[str, Any]) -> int:
        """The viewer's Home, else a sector of the Core."""
        sectors = view["sectors"]
        home = [s["id"] for s in sectors if s["home"] == view["seat"] and view["seat"] >= 0]
        core = [s["id"] for s in sectors if s["board"] == 0]
        return int((home or core or [0])[0])

    def paint(self, view: dict[str, Any]) -> Canvas:
        hexes = {(s["q"], s["r"]): s for s in view["sectors"]}
        centre = (view["center"][0], view["center"][1])
        boards = _boards(view)
        self.boxes, beside = self._choose(view, boards)
        look = self.boxes
        hexes_and_centre = [h for h, _ in boards]
        bricks = wall(hexes_and_centre, look.inside, look.rows, look.bare)
        width, height = bricks.size(hexes_and_centre)
        standings = _standings(cells.board_entries(view), beside, width)
        if beside:
            width, height = width + 1 + STANDINGS_WIDTH, max(height, len(standings))
        else:
            height += len(standings)
        canvas: Canvas = [[(" ", BLANK)] * width for _ in range(height)]
        x, y = (width - STANDINGS_WIDTH, 0) if beside else (0, height - len(standings))
        for row, line in enumerate(standings):
            _put_chars(canvas, x, y + row, line, None)
        lines = (bars if look.bare else borders)(boards, look.inside, look.rows)
        for (x, y), char, heavy in lines:
            canvas[y][x] = (char, BOARD_BORDER if heavy else BORDER)
        self.regions, self.positions = {}, {}
        for h, sector in hexes.items():
            self._draw_sector(canvas, view, bricks, h, sector["id"])
        x, y = bricks.inside_of(centre)
        for row, line in enumerate(cells.center(view, look.inside, look.rows)):
            _put_chars(canvas, x, y + row, line, None)
        if not look.bare:
            self._label_boards(canvas, bricks, hexes)
        return canvas

    def least_width(self) -> int:
        """The columns of the narrowest one-line look whose map and standings fit the
        pane's height with every owner's pieces in every box (0 if none does, before a
        view, or zoomed in): the game screen gives the map that room when it can."""
        if self.view is None or self.close_up:
            return 0
        boards, entries = _boards(self.view), cells.board_entries(self.view)
        for look in reversed(SMALL_LOOKS):
            columns, lines = _extent(boards, look)
            if lines + len(_standings(entries, False, columns)) <= self.size.height and \
                    self._shows_all(self.view, look):
                return columns
        return 0

    def _choose(self, view: dict[str, Any], boards: Boards) -> tuple[Look, bool]:
        """The look of the boxes, and whether the standings stand beside the map."""
        room, close = (self.size.width, self.size.height), self.close_up
        if self._look is None or self._look[:3] != (view, room, close):
            self._look = (view, room, close, *self._pick(view, boards, *room, close))
        return self._look[3], self._look[4]

    def _pick(self, view: dict[str, Any], boards: Boards, width: int, height: int,
              close: bool) -> tuple[Look, bool]:
        """Zoomed in, the largest look of which three boxes fit the pane each way; else
        the largest of ``LOOKS`` that fits the pane, then of ``SMALL_LOOKS`` that fits and
        shows every owner's pieces in every box, else the smallest that shows them (the
        map pans), else the largest that fits (a box too crowded even for that ends in
        …)."""
        entries = cells.board_entries(view)

        def fits(look: Look) -> bool | None:
            return _fit(boards, entries, look, width, height)

        if close:
            look = next((look for look in LOOKS if 3 * (look.inside + 1) + 1 <= width
                         and 3 * (look.rows + 1) + 1 <= height), LOOKS[-1])
            return look, bool(fits(look))
        for look in LOOKS:
            if (beside := fits(look)) is not None:
                return look, beside
        for look in SMALL_LOOKS:
            if (beside := fits(look)) is not None and self._shows_all(view, look):
                return look, beside
        smallest = next((look for look in reversed(SMALL_LOOKS) if self._shows_all(view, look)),
                        None)
        if smallest is not None:
            return smallest, False
        for look in SMALL_LOOKS:
            if (beside := fits(look)) is not None:
                return look, beside
        return SMALL_LOOKS[-1], False

    def _draw_sector(self, canvas: Canvas, view: dict[str, Any], bricks: Wall,
                     h: tuple[int, int], sector: int) -> None:
        look = self.boxes
        x, y = bricks.inside_of(h)
        self.regions[sector] = Region(x, y, look.inside, look.rows)
        corner = bricks.box(h)
        self.positions[sector] = (corner[0] / bricks.step, corner[1] / bricks.pitch)
        marked = (sector in self.targets, sector == self.cursor)
        if not look.bare:  # the number on the border (a bare box begins with it)
            _put_text(canvas, x, y - 1, str(sector)[: bricks.step // 2 - 1], LABELS[marked])
        extra = INSIDES.get(marked)
        if extra is not None:  # the whole inside, so the mark shows on an empty line too
            for row in range(look.rows):
                canvas[y + row][x:x + look.inside] = [(" ", extra)] * look.inside
        for row, line in enumerate(self._contents(view, look)[sector][0]):
            _put_chars(canvas, x, y + row, line, extra)

    def _contents(self, view: dict[str, Any], look: Look
                  ) -> dict[int, tuple[list[cells.Chars], bool]]:
        """Every sector's box in ``look``, and whether every owner's pieces found room."""
        if self.contents_of is not view:
            self.contents, self.contents_of = {}, view
        if look not in self.contents:
            found = {}
            for s in view["sectors"]:
                if look.bare:
                    line, whole = cells.line(view, s["id"], look.inside)
                    found[s["id"]] = ([line], whole)
                else:
                    found[s["id"]] = cells.boxed(view, s["id"], look.inside, look.rows)
            self.contents[look] = found
        return self.contents[look]

    def _shows_all(self, view: dict[str, Any], look: Look) -> bool:
        return all(whole for _, whole in self._contents(view, look).values())

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


def _boards(view: dict[str, Any]) -> Boards:
    hexes = {(s["q"], s["r"]): s["board"] for s in view["sectors"]}
    centre = (view["center"][0], view["center"][1])
    return tuple(sorted({**hexes, centre: 0}.items()))


def _extent(boards: Boards, look: Look) -> tuple[int, int]:
    """The columns and lines of a look's map (without the standings)."""
    hexes = [h for h, _ in boards]
    return wall(hexes, look.inside, look.rows, look.bare).size(hexes)


def _fit(boards: Boards, entries: list[cells.Chars], look: Look, width: int, height: int
         ) -> bool | None:
    """Whether a look's map and the standings fit ``width`` x ``height``: ``True`` with
    the standings beside the map, ``False`` under it, ``None`` if neither."""
    columns, lines = _extent(boards, look)
    if columns + 1 + STANDINGS_WIDTH <= width and \
            max(lines, len(_standings(entries, True, columns))) <= height:
        return True
    if columns <= width and lines + len(_standings(entries, False, columns)) <= height:
        return False
    return None


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
