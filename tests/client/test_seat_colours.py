"""Six seats stay apart in every terminal: the marks are drawn by the app as a terminal of
each kind receives them (true colour, 256 colours, 16 colours, NO_COLOR), read back from
the escape sequences, and compared seat with seat: six symbols, and where there is colour
six colours, none of them the text's own white or grey."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from rich.color import Color, ColorType
from rich.style import Style
from rich.text import Text
from textual._compositor import CompositorUpdate
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from core.words import SEAT_COLOURS, SEAT_MARKS
from tui.app import ShellApp
from tui.widgets import marks
from tui.widgets.marks import seat_style

MODES = {  # what the terminal says of itself
    "truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
    "256": {"TERM": "xterm-256color"},
    "16": {"TERM": "xterm"},
    "no_color": {"TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"},
}
GREYS = {0, 7, 8, 15}  # the 16-colour palette's black, greys and white


class Seats(Screen[None]):
    def compose(self) -> ComposeResult:
        line = Text()
        for colour in SEAT_COLOURS:
            line.append(SEAT_MARKS[colour], style=seat_style(colour))
            line.append(" ")
        yield Static(line, id="seats")


def drawn(app: ShellApp) -> Text:
    """The screen as the terminal receives it, parsed back into styled text."""
    update = app.screen._compositor.render_update(full=True)
    assert isinstance(update, CompositorUpdate)
    return Text.from_ansi(update.render_segments(app.console))


def seat_colours(text: Text) -> dict[str, Color | None]:
    """Each seat mark's foreground as the escape sequences gave it."""
    found = {}
    for colour in SEAT_COLOURS:
        at = text.plain.index(SEAT_MARKS[colour])
        style = Style.combine(span.style for span in text.spans  # type: ignore[misc]
                              if span.start <= at < span.end)
        found[colour] = style.color
    return found


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("mode", MODES)
async def test_six_seats_differ_in_symbol_and_colour_in_every_terminal(
        mode: str, theme: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("TERM", "COLORTERM", "NO_COLOR"):
        monkeypatch.delenv(key, raising=False)
    for key, value in MODES[mode].items():
        monkeypatch.setenv(key, value)
    app = ShellApp(save_dir=str(tmp_path))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.theme = theme
            await pilot.pause()
            await app.push_screen(Seats())
            await pilot.pause()
            text = drawn(app)
    finally:  # the marks' mode is the module's: back to the one other tests expect
        marks.set_dark(True)
        marks.set_colours("truecolor")
    symbols = [SEAT_MARKS[c] for c in SEAT_COLOURS]
    assert all(symbol in text.plain for symbol in symbols)
    assert len(set(symbols)) == len(SEAT_COLOURS)
    colours = seat_colours(text)
    if mode == "no_color":  # greys only: the symbols tell seats apart
        greys = [c.triplet for c in colours.values() if c is not None]
        assert all(t is not None and t.red == t.green == t.blue for t in greys)
        return
    expected = {"truecolor": ColorType.TRUECOLOR, "256": ColorType.EIGHT_BIT,
                "16": ColorType.STANDARD}[mode]
    found = [c for c in colours.values() if c is not None]
    assert len(found) == len(SEAT_COLOURS)
    assert {c.type for c in found} == {expected}
    for a, b in combinations(found, 2):
        assert (a.number, a.triplet) != (b.number, b.triplet), mode
    if mode == "16":
        assert not {c.number for c in found} & GREYS
