"""Seats' colours on screen: each of the six seat colours (core.words.SEAT_COLOURS) in a
shade that reads on the theme's background, 4.5:1 or better against the background and
the surface of every built-in theme, and again in the greys NO_COLOR turns them into
(tests/client/test_marks.py computes it). The marks' shapes tell seats apart without any
colour at all."""

from __future__ import annotations

from rich.style import Style

# Light shades for dark themes, dark shades for light ones.
ON_DARK = {"red": "#FFA1A1", "blue": "#9CB8FF", "green": "#7CE07C", "yellow": "#F0E060",
           "purple": "#E0A0FF", "cyan": "#70E0F0"}
ON_LIGHT = {"red": "#B00000", "blue": "#0030C0", "green": "#006000", "yellow": "#705400",
            "purple": "#8000B0", "cyan": "#006070"}

_dark = True  # whether the current theme is dark: the app says so when it changes


def set_dark(dark: bool) -> None:
    global _dark
    _dark = dark


def seat_colour(colour: str) -> str | None:
    """The shade of a seat colour for the current theme (None for an unknown colour)."""
    return (ON_DARK if _dark else ON_LIGHT).get(colour)


def seat_style(colour: str) -> Style:
    """The style of a seat's mark and name: bold, in its colour (none if unknown)."""
    return Style(color=seat_colour(colour), bold=True)
