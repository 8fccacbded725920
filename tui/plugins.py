"""What a game plugs into the client: its main pane (a map of cells, a table of cards),
its empire-board and hand panes, its status line and its score table. The shell gives
every game the rest (title, new game, the four-pane game screen, the decision bar, the
log, help with the game's rules reference, scoring, saves, undo, network and serving).

A game's plug-in is the object its declaration's ``client`` names (core.declaration);
its rules reference is the ``rules.md`` beside it, in sections headed ``## ``, and the
game screen loads the ``style.tcss`` beside it, if there is one, after the shell's own.

Two things a plug-in may add: ``unconfirmed``, the kinds of decision whose final options
the screen sends without asking first (made every turn, they bring nothing to light but
the player's own draw); and a main pane's ``show_seat(seat)``, which brings a player's
board into view when the player asks for it (``v``, the seat's letter).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from core.rulesets import resolve, ruleset
from core.words import Words


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of a list of cards: a heading when ``card`` is None, else a component
    (kind, id) that opens in full."""

    text: Text
    card: tuple[str, str] | None = None


class MainPane(Protocol):
    """The game's main pane: a widget that shows a view, with the spots the current
    decision may pick marked (``targets``), and posts ``SpotPointed`` and ``SpotPicked``
    (tui.widgets.messages) as the player moves over and picks its spots.
    tui.widgets.cellmap.MapPane is one, for maps of cells."""

    title: str  # its border title: "Map", "Table"

    @property
    def has_focus(self) -> bool:
        """Whether the player is moving over it (keys go to it, not to the decision)."""
        ...

    def show_view(self, view: dict[str, Any], targets: set[int],
                  changed: set[int] | frozenset[int] = frozenset()) -> None:
        """Show ``view``, its spots in ``targets`` marked as the decision's picks and those
        in ``changed`` as changed since the player's last decision (until the next call)."""
        ...

    def point(self, spot: int) -> None:
        """Move the cursor to a spot (an option about it is highlighted)."""
        ...


class RulesetUI(Protocol):
    def main_pane(self) -> Widget:
        """A new main pane (a :class:`MainPane`) for one game screen."""
        ...

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        """A player's symbol, styled in their colour: how the log tells players apart."""
        ...

    def guide(self, kind: str) -> str:
        """The title of the rules reference's section that explains a kind of decision ("" if
        none): the first time one comes up, and F1 during it, open there."""
        ...

    def empire(self, view: dict[str, Any], seat: int, words: Words) -> RenderableType:
        """The empire board of ``seat`` as the view shows it."""
        ...

    def hand(self, view: dict[str, Any], words: Words) -> list[CardRow]:
        """The viewer's cards and the shared boards, each card a row that opens in full."""
        ...

    def status(self, view: dict[str, Any], words: Words) -> list[str]:
        """Where the game stands, for the status line: its round, phase, whose turn."""
        ...

    def scores(self, view: dict[str, Any], words: Words) -> RenderableType:
        """The score table of a finished (or running) game, with its tie-breakers."""
        ...

    def battle(self, view: dict[str, Any], words: Words) -> RenderableType | None:
        """The battle being fought, when it concerns the view's seat (a spectator: any):
        both sides' forces, what each may play and why not, the order of play and the
        damage so far. None when there is none (or the game has no battles). It fits 38
        columns and uses more room when given."""
        ...


def ui_for(game: str) -> RulesetUI:
    """The client plug-in of a game, by its name."""
    found: RulesetUI = resolve(ruleset(game).declaration.client)
    return found


def _beside_plugin(game: str, name: str) -> Traversable:
    """A file of the game's plug-in's package."""
    module = importlib.import_module(ruleset(game).declaration.client.partition(":")[0])
    return resources.files(module.__package__ or module.__name__).joinpath(name)


def stylesheet(game: str) -> Path | None:
    """The game's own stylesheet (``style.tcss`` beside its plug-in), if it ships one."""
    found = _beside_plugin(game, "style.tcss")
    return Path(str(found)) if found.is_file() else None


@cache
def rules_reference(game: str) -> list[tuple[str, str]]:
    """The game's rules reference in our own words: (section title, text) in reading order,
    from the ``rules.md`` of its plug-in's package."""
    text = _beside_plugin(game, "rules.md").read_text(encoding="utf-8")
    sections = []
    for block in text.split("\n## ")[1:]:
        title, _, body = block.partition("\n")
        sections.append((title.strip(), body.strip()))
    return sections
