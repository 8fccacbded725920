"""The news above the log: what the others did since the player's last decision, and the
game screen's notices, in the screen rather than over it.

The summary stays until the player decides again; ``n`` folds it to one line and opens
it again. A notice (a refusal, "not your turn", a save written) stands on its own line
above the summary until the next one or until it is old. When there is neither, the pane
takes no room at all, and the log has it. Each summary line takes one row (cut with an
ellipsis: the log has it whole), so the pane's height is known: a notice of up to two
rows, a heading, and the newest lines, four (two on a compact screen).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.timer import Timer
from textual.widget import Widget

NOTICE_SECONDS = 12.0
NOTICE_ROWS = 2
LINES, COMPACT_LINES = 4, 2
STYLES = {"error": "bold red", "warning": "bold", "information": ""}
MARKS = {"error": "✖ ", "warning": "! ", "information": "· "}  # not colour alone


class NewsPane(Widget):
    DEFAULT_CSS = """
    NewsPane {
        height: auto;
        padding: 0 0 0 1;
        border-bottom: dashed $foreground 30%;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.notice: tuple[str, str, str] | None = None  # (message, severity, title)
        self.since: list[Text] = []  # the others' moves since the player's decision
        self.folded = False
        self.display = False
        self._expiry: Timer | None = None

    def tell(self, message: str, severity: str = "information", title: str = "") -> None:
        """A notice on its own line, until the next or until it is old."""
        self.notice = (" ".join(message.split()), severity, title)
        if self._expiry is not None:
            self._expiry.stop()
        self._expiry = self.set_timer(NOTICE_SECONDS, self.clear_notice)
        self._changed()

    def clear_notice(self) -> None:
        self.notice = None
        self._changed()

    def summary(self, lines: Sequence[Text]) -> None:
        """What the others did since the player's last decision (none: it goes)."""
        self.since = list(lines)
        self._changed()

    def toggle(self) -> None:
        self.folded = not self.folded
        self._changed()

    def _changed(self) -> None:
        self.display = self.notice is not None or bool(self.since)
        self.refresh(layout=True)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        width = max(10, self.content_region.width or self.size.width)
        return Group(*self.rows(width))

    def rows(self, width: int) -> list[Text]:
        """The pane's rows at ``width`` columns."""
        rows: list[Text] = []
        if self.notice is not None:
            message, severity, title = self.notice
            said = f"{MARKS.get(severity, '')}{title + ': ' if title else ''}{message}"
            wrapped = textwrap.wrap(said, width) or [""]
            if len(wrapped) > NOTICE_ROWS:
                wrapped = [*wrapped[:NOTICE_ROWS - 1],
                           _cut(" ".join(wrapped[NOTICE_ROWS - 1:]), width)]
            rows += [Text(row, style=STYLES.get(severity, "")) for row in wrapped]
        if self.since:
            compact = self.screen.has_class("-compact") if self.is_attached else False
            shown = self.since[-(COMPACT_LINES if compact else LINES):]
            count = len(self.since)
            heading = Text("Since your last decision", style="bold")
            if self.folded:
                heading.append(f": {count} move{'' if count == 1 else 's'} (n shows them)")
            else:
                more = count - len(shown)
                heading.append(f" ({more} more in the log; n folds)" if more else " (n folds)")
            rows.append(_cut_text(heading, width))
            if not self.folded:
                rows += [_cut_text(Text("  ") + line, width) for line in shown]
        return rows


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def _cut_text(text: Text, width: int) -> Text:
    if len(text) > width:
        text.truncate(width, overflow="ellipsis")
    return text
