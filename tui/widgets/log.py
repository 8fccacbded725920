"""The log pane: every event as a readable line, newest at the bottom, filterable by
player. Lines come from the ruleset's words for the seat on screen, so a seat's own
hidden draws appear only in its own log; in a network game the table talk the seat may
read is written among them (category "chat", in italics: people, not the game)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import RichLog

from core.words import Line

MAX_LINES = 5000


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    line: Line


class LogPane(RichLog):
    """A scrolling log that keeps its entries, so a filter can redraw it."""

    def __init__(self, **kwargs: object) -> None:
        # min_width: lines wrap at the pane's width however narrow (the default is 78).
        super().__init__(max_lines=MAX_LINES, wrap=True, markup=False, min_width=20,
                         **kwargs)  # type: ignore[arg-type]
        self.entries: list[Entry] = []
        self.only: int | None = None  # show only lines concerning this seat
        self.marks: dict[int, Text] = {}  # seat -> its symbol, styled
        self._written_width = 0

    def reset(self) -> None:
        self.entries.clear()
        self.clear()

    def add(self, seq: int, line: Line) -> None:
        self.entries.append(Entry(seq, line))
        del self.entries[:-MAX_LINES]
        if not self._shown(line):
            return
        if not self.region.width:
            # Hidden (another pane zoomed): written now, it would wrap at min_width; it is
            # written with the rest once the log is drawn again.
            self._written_width = 0
            return
        self.write(self.text_of(line))

    def filter(self, seat: int | None) -> None:
        self.only = seat
        self._rewrite()

    def on_resize(self, event: events.Resize) -> None:
        # Lines are wrapped as they are written: a new width writes them all again.
        if event.size.width != self._written_width:
            self._written_width = event.size.width
            self._rewrite()

    def render_lines(self, crop: Region) -> list[Strip]:
        if not self._written_width and self.size.width:  # lines came while it was hidden
            self._written_width = self.size.width
            self._rewrite()
        return super().render_lines(crop)

    def _rewrite(self) -> None:
        self.clear()
        for entry in self.entries:
            if self._shown(entry.line):
                self.write(self.text_of(entry.line))

    def _shown(self, line: Line) -> bool:
        return self.only is None or self.only in line.seats

    def text_of(self, line: Line) -> Text:
        text = Text()
        for seat in line.seats[:1]:
            text.append_text(self.marks.get(seat, Text("")))
            text.append(" ")
        if not line.seats:
            text.append("  ")
        style = "bold" if line.mine else ""
        text.append(line.text, style=f"{style} italic" if line.category == "chat" else style)
        return text
