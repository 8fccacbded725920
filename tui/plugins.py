"""What a ruleset plugs into the client: its map widget, its empire-board and hand panes,
its status line, its score table and its rules reference. The shell gives every ruleset
the rest (title, new game, the four-pane game screen, the decision bar, the log, help,
scoring, saves, undo).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import RenderableType
from rich.text import Text

if TYPE_CHECKING:
    from tui.widgets.cellmap import MapPane


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of a list of cards: a heading when ``card`` is None, else a component
    (kind, id) that opens in full."""

    text: Text
    card: tuple[str, str] | None = None


class RulesetUI(Protocol):
    def map_widget(self) -> MapPane:
        """The map pane over the ruleset's map. It shows a view with ``show_map`` and
        posts ``MapPicked(sector)`` (tui.widgets.messages) when the player picks a cell."""
        ...

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        """A player's symbol, styled in their colour: how the log tells players apart."""
        ...

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        """The empire board of ``seat`` as the view shows it."""
        ...

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        """The viewer's cards and the shared boards, each card a row that opens in full."""
        ...

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        """Where the game stands, for the status line: its round, phase, whose turn."""
        ...

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        """The score table of a finished (or running) game, with its tie-breakers."""
        ...

    def rules(self) -> list[tuple[str, str]]:
        """The rules reference in our own words: (section title, text) in reading order."""
        ...


# ruleset name -> module whose UI attribute is its RulesetUI
PLUGINS = {"fractal": "tui.games.fractal", "atlas": "tui.games.atlas"}


def ui_for(ruleset: str) -> RulesetUI:
    found: RulesetUI = importlib.import_module(PLUGINS[ruleset]).UI
    return found
