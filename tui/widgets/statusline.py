"""The game screen's title line: the game's state first at every width.

The line reads: what the game is at (cycle, phase, whose turn, you, who is thinking, a
pause), then how bots are paced, then the game and its modules. A line wider than the
screen names its modules by count ("Fractal +5 modules"), then drops its parts whole from
the end, so the game's state is the last thing lost, and no word is ever cut.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

SEP = " · "


def status_line(state: list[str], tail: list[str], game: str, modules: list[str],
                width: int) -> str:
    """``state`` first, then ``tail``, then the game and its modules, in ``width``
    columns: the modules counted instead of named when they do not fit, then parts
    dropped from the end, then the words of the one part left (an ellipsis for them)."""
    named = f"{game}: {', '.join(modules)}" if modules else game
    counted = (f"{game} +{len(modules)} module{'s' if len(modules) > 1 else ''}"
               if modules else game)
    line = SEP.join([*state, *tail, named])
    if len(line) <= width:
        return line
    parts = [*state, *tail, counted]
    while len(parts) > 1 and len(SEP.join(parts)) > width:
        parts.pop()
    return whole_words(SEP.join(parts), width)


def whole_words(text: str, width: int) -> str:
    """``text`` in ``width`` columns, its words dropped whole from the end (an ellipsis
    says so), and with them a separator left last."""
    if len(text) <= width:
        return text
    words = text.split(" ")
    while words and (len(" ".join(words)) + 2 > width or words[-1] == SEP.strip()):
        words.pop()
    return " ".join([*words, "…"])


class StatusLine(Static):
    """The title line, drawn again for its width whenever that changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.parts: tuple[list[str], list[str], str, list[str]] = ([], [], "", [])

    def show(self, state: list[str], tail: list[str], game: str, modules: list[str]) -> None:
        self.parts = (state, tail, game, modules)
        self.update(self._line())

    def _line(self) -> Text:
        return Text(status_line(*self.parts, self.content_size.width or 80))

    def on_resize(self) -> None:
        self.update(self._line())
