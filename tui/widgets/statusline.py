"""The game screen's title line: the game's state first at every width.

The line reads: what the game is at (cycle, phase, whose turn, you, who is thinking, a
pause), then how bots are paced, then the game and its modules. A line wider than the
screen names its modules by count ("Fractal +5 modules") before the end is cut, so the
game's state is never what is lost.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

SEP = " · "


def status_line(state: list[str], tail: list[str], game: str, modules: list[str],
                width: int) -> str:
    """``state`` first, then ``tail``, then the game and its modules, in ``width``
    columns when it can be (the modules counted instead of named when they do not fit)."""
    named = f"{game}: {', '.join(modules)}" if modules else game
    line = SEP.join([*state, *tail, named])
    if len(line) <= width or not modules:
        return line
    counted = f"{game} +{len(modules)} module{'s' if len(modules) > 1 else ''}"
    return SEP.join([*state, *tail, counted])


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
