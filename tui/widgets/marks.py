"""Seats' colours on screen: each of the six seat colours (core.words.SEAT_COLOURS) as a
colour of the 16-colour palette every terminal has, so a game's marks read the same in
16 colours, 256 and true colour. The marks' shapes tell seats apart without colour."""

from __future__ import annotations

from rich.style import Style

SEAT_STYLES = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow",
               "purple": "magenta", "cyan": "cyan"}


def seat_style(colour: str) -> Style:
    """The style of a seat's mark and name: bold, in its colour (none if unknown)."""
    return Style(color=SEAT_STYLES.get(colour), bold=True)
