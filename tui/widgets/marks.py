"""Seats' colours on screen: each of the six seat colours (core.words.SEAT_COLOURS) in a
shade that reads on the theme's background and stays apart from the five others in the
colours the terminal has.

- True colour and 256 colours: light shades on dark themes, dark ones on light themes,
  4.5:1 or better against the background and the surface of every built-in theme, and
  again in the greys NO_COLOR turns them into (tests/client/test_marks.py computes it);
  in 256 colours each rounds to a palette entry of its own.
- 16 colours: the terminal's own six colours (bright on a dark theme, normal on a light
  one), given as the exact values the 16-colour palette holds: a pale shade would round
  to the palette's white or grey, and red, blue and purple would all be drawn alike.
- NO_COLOR: greys; the marks' shapes tell seats apart (tests/client/test_seat_colours.py
  renders every mode).
"""

from __future__ import annotations

from functools import cache

from rich.style import Style

# Light shades for dark themes, dark shades for light ones.
ON_DARK = {"red": "#FFA1A1", "blue": "#9CB8FF", "green": "#7CE07C", "yellow": "#F0E060",
           "purple": "#E0A0FF", "cyan": "#70E0F0"}
ON_LIGHT = {"red": "#B00000", "blue": "#0030C0", "green": "#006000", "yellow": "#705400",
            "purple": "#8000B0", "cyan": "#006070"}
# The 16-colour palette's bright and normal red, blue, green, yellow, magenta and cyan.
ON_DARK_16 = {"red": "#FF5555", "blue": "#5555FF", "green": "#55FF55", "yellow": "#FFFF55",
              "purple": "#FF55FF", "cyan": "#55FFFF"}
ON_LIGHT_16 = {"red": "#AA0000", "blue": "#0000AA", "green": "#00AA00", "yellow": "#AA5500",
               "purple": "#AA00AA", "cyan": "#00AAAA"}

# What the app says of the terminal and the theme: whether the theme is dark, and the
# colours the terminal shows (Rich's names: "truecolor", "256", "standard", ...).
_mode = (True, "truecolor")


def set_dark(dark: bool) -> None:
    global _mode
    _mode = (dark, _mode[1])


def set_colours(system: str | None) -> None:
    """The colours the terminal has, as the app's console found them."""
    global _mode
    _mode = (_mode[0], system or "truecolor")


def mode() -> tuple[bool, str]:
    """What the shades depend on: for whoever keeps styles made from them."""
    return _mode


def seat_colour(colour: str) -> str | None:
    """The shade of a seat colour for the current theme and terminal (None for an unknown
    colour)."""
    return _palette(*_mode).get(colour)


def seat_style(colour: str) -> Style:
    """The style of a seat's mark and name: bold, in its colour (none if unknown)."""
    return _style(colour, *_mode)


def _palette(dark: bool, system: str) -> dict[str, str]:
    if system in ("standard", "windows"):
        return ON_DARK_16 if dark else ON_LIGHT_16
    return ON_DARK if dark else ON_LIGHT


@cache
def _style(colour: str, dark: bool, system: str) -> Style:
    return Style(color=_palette(dark, system).get(colour), bold=True)
