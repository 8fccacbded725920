"""Every seat's mark and name reads on every built-in theme: a contrast ratio of 4.5:1 or
more (WCAG's, for text) against the theme's background and surface, in colour and in the
greys that NO_COLOR turns colours into."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from core.words import SEAT_COLOURS
from tui.widgets import marks
from tui.widgets.cellmap import CellMap

THEMES = [name for name, theme in BUILTIN_THEMES.items() if not name.startswith("ansi-")]


def contrast(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio of two colours."""
    def luminance(c: Color) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("theme", THEMES)
def test_seat_colours_read_on_the_theme_in_colour_and_in_no_colour_greys(theme: str) -> None:
    found = BUILTIN_THEMES[theme]
    variables = found.to_color_system().generate()
    marks.set_dark(found.dark)
    marks.set_colours("truecolor")  # the shades these ratios are of
    try:
        for colour in SEAT_COLOURS:
            mark = Color.parse(marks.seat_colour(colour) or "")
            for key in ("background", "surface"):
                ground = Color.parse(variables[key])
                assert contrast(mark, ground) >= 4.5, (colour, key)
                assert contrast(mark.monochrome, ground.monochrome) >= 4.5, (colour, key)
    finally:
        marks.set_dark(True)


def test_the_old_ansi_red_failed_on_the_default_theme() -> None:
    # What NO_COLOR showed before: ANSI red on the dark background, in greys.
    ground = Color.parse(BUILTIN_THEMES["textual-dark"].to_color_system().generate()[
        "background"])
    assert contrast(Color.parse("#800000").monochrome, ground.monochrome) < 4.5


class OneMap(App[None]):
    def compose(self) -> ComposeResult:
        yield CellMap()


@pytest.mark.parametrize("theme", THEMES)
async def test_the_map_s_storms_and_links_read_on_its_cells_in_colour_and_in_greys(
        theme: str) -> None:
    """"↔15" and the storms' "✶" are text on a cell: 4.5:1 on the map's ground, 3:1 on the
    tints of a target or a changed cell, in colour and in NO_COLOR's greys (the theme's
    secondary colour itself was 1.9:1 on the default theme, 1.6:1 in greys)."""
    app = OneMap()
    async with app.run_test() as pilot:
        app.theme = theme
        await pilot.pause()
        cells = app.query_one(CellMap)
        ground = Color.from_rich_color(cells.look("border").bgcolor)
        tints = [ground + Color.from_rich_color(cells.look(f"{tint}-inside").bgcolor)
                 for tint in ("target", "changed")]
        for look in ("storm", "link"):
            mark = Color.from_rich_color(cells.look(look).color)
            for tint, least in ((ground, 4.5), *((t, 3.0) for t in tints)):
                assert contrast(mark, tint) >= least, (look, tint)
                assert contrast(mark.monochrome, tint.monochrome) >= least, (look, tint)
