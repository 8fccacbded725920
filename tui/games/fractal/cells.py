"""What each sector's cell on the map shows, styled for the screen.

The words layer decides what a cell says (``core.games.fractal.words.text.cell``, the same text
`fractal show` prints) and where cells go (``words.mapgrid``); this module adds colour to
the owner marks and, in the larger sizes, a box around each sector. Owners are told apart
by their symbol first and their colour second, so nothing depends on colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from core.games.fractal.words import mapgrid, names, text
from tui.widgets.marks import seat_colour


@dataclass(frozen=True, slots=True)
class Look:
    """How big a sector is drawn, and whether it gets a box."""

    size: mapgrid.CellSize
    boxed: bool

    def inner(self) -> mapgrid.CellSize:
        """The size of what ``text.cell`` writes inside the box, if any."""
        if not self.boxed:
            return self.size
        return mapgrid.CellSize(self.size.width - 2, self.size.height - 2)


# Largest first: the map takes the largest look that fits its pane.
LOOKS = (Look(mapgrid.CellSize(18, 6), True), Look(mapgrid.CellSize(16, 5), True),
         Look(mapgrid.CellSize(12, 5), True), Look(mapgrid.CellSize(12, 3), False),
         Look(mapgrid.COMPACT, False))


def colour_of(view: dict[str, Any], seat: int) -> str | None:
    if 0 <= seat < len(view["players"]):
        return seat_colour(view["players"][seat]["colour"])
    return None


def mark(view: dict[str, Any], seat: int) -> Text:
    """A player's symbol in their colour."""
    colour = colour_of(view, seat)
    return Text(names.owner_symbol(view, seat), style=f"bold {colour}" if colour else "")


def owner_styles(view: dict[str, Any]) -> dict[str, Style]:
    """Each owner symbol's style on the map."""
    return {names.owner_symbol(view, p["seat"]): Style(color=colour_of(view, p["seat"]),
                                                       bold=True)
            for p in view["players"]}


Chars = list[tuple[str, Style]]
PLAIN = Style()


def cell_lines(view: dict[str, Any], sector: int, look: Look,
               styles: dict[str, Style]) -> list[Chars]:
    """The inside of a sector's cell as styled characters: an owner mark and the figures
    after it take the owner's style. (Characters, not Rich text: the map redraws every
    cell after every move, and this is its hot path.)"""
    lines = []
    for line in text.cell(view, sector, look.inner()):
        chars: Chars = []
        current = PLAIN
        for char in line:
            if char in styles:
                current = styles[char]
            elif char == " ":
                current = PLAIN
            chars.append((char, current))
        lines.append(chars)
    return lines


def sector_details(view: dict[str, Any], sector: int) -> str:
    """The focused sector in full, as `fractal show` writes it, and the sectors it is
    adjacent to now (storms cut some edges, wormholes add links)."""
    near = ", ".join(str(n) for n in view["sectors"][sector]["neighbours"])
    return f"{text.sector_line(view, sector)} Adjacent: {near or 'none'}."
