"""What each sector's cell on the map shows, styled for the screen, and the cell sizes the
map chooses from.

The words layer decides what a cell says (``core.games.fractal.words.sectorcell``, the same
text `fractal show` prints) and where cells and their shared borders go
(``words.mapgrid``); this module gives each seat its style and lists the cell sizes. Owners
are told apart by their symbol first and their colour second, so nothing depends on colour
alone.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from core.games.fractal.words import mapgrid, names, text
from core.words import listing
from tui.widgets.marks import seat_colour, seat_style

# The sizes a cell may take, largest first: columns from a cell to the next in its row
# (even, as rows are shifted by half of it) and lines inside its border. The map takes
# the largest whose map fits its pane; the widths stay between 1.4 and 3.4 times the
# lines from one row to the next, so a cell keeps about a hex's proportions on a terminal's
# tall characters (taller ones let a wide map fill a pane taller than it: the 4-player map
# with the Fracture at 200x60, names and units' kinds in cells ten columns wide).
SIZES = tuple(sorted((mapgrid.CellSize(width, height)
                      for width in range(6, 27, 2) for height in range(2, 9)
                      if 1.4 * (height + 1) <= width <= 3.4 * (height + 1)),
                     key=lambda s: (-(s.width - 1) * s.height, -s.width)))


def colour_of(view: dict[str, Any], seat: int) -> str | None:
    if 0 <= seat < len(view["players"]):
        return seat_colour(view["players"][seat]["colour"])
    return None


def mark(view: dict[str, Any], seat: int) -> Text:
    """A player's symbol in their colour."""
    colour = colour_of(view, seat)
    return Text(names.owner_symbol(view, seat), style=f"bold {colour}" if colour else "")


def seat_styles(view: dict[str, Any]) -> dict[int, Style]:
    """Each seat's style on the map, as its marks have everywhere."""
    return {p["seat"]: seat_style(p["colour"]) for p in view["players"]}


def sector_details(view: dict[str, Any], sector: int) -> str:
    """The focused sector in full, as `fractal show` writes it, and where its adjacency is
    not what the borders drawn show: wormholes and the Fracture link sectors whose hexes
    do not touch, storms cut sectors off whose hexes do."""
    details = text.sector_line(view, sector)
    far = mapgrid.links(view).get(sector, ())
    if far:
        details += f" Linked beyond its borders to {listing([str(n) for n in far])}."
    cut = sorted(n for pair in mapgrid.cut(view) if sector in pair for n in pair
                 if n != sector)
    if cut:
        details += f" A storm cuts it off from {listing([str(n) for n in cut])}."
    return details
