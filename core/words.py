"""The game in words: what every ruleset gives a screen, a log or a remote player to read.

A ruleset's words are pure functions of plain data (a view, a prompt, an event record as a
seat receives it, a content id); they never read a game's state, so the same words serve
a local screen, a remote seat and a replay. This module holds the shapes they return and
the surface a ruleset's words provide; ``core/games/fractal/words`` is Fractal's,
``core/games/atlas/words.py`` Fractured Atlas's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

# Categories of log lines, so a log can colour and filter them.
CATEGORIES = ("setup", "economy", "movement", "battle", "scoring", "cards")


@dataclass(frozen=True, slots=True)
class OptionWords:
    """One option of a decision, in words."""

    choice: str  # the option itself, sent back to the engine unchanged
    label: str  # short: at most LABEL_WIDTH columns
    text: str  # longer: costs, what it gives, which sector and units
    sector: int | None = None  # the map sector it is about, so a cursor or a click picks it
    card: tuple[str, str] | None = None  # (component kind, id) it is about, for a detail view


LABEL_WIDTH = 30
FINAL = "Final: once chosen, it cannot be taken back."


def marked_final(words: OptionWords) -> OptionWords:
    """An option the prompt lists as final (core.frames), saying so in its text."""
    return replace(words, text=f"{words.text} {FINAL}")


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """A decision in words: the question, a hint, and every option."""

    text: str  # one line, second person: "Choose where to recruit a lightship (2 left)"
    hint: str  # one line of what the choice will do, or ""
    options: tuple[OptionWords, ...]
    action: str = ""  # the action these steps belong to ("Recruit"), "" outside one


@dataclass(frozen=True, slots=True)
class Line:
    """One event as a log line, from one seat's point of view."""

    text: str  # "You recruit 2 infantry in Sector 7", "Red's colony in ... is taken by Blue"
    category: str  # one of CATEGORIES
    seats: tuple[int, ...] = ()  # the seats it concerns
    mine: bool = False  # it concerns the viewer
    sector: int | None = None  # where it happened, if on the map


@dataclass(frozen=True, slots=True)
class CardText:
    """A component as a person reads it: its name, kind and what it does."""

    kind: str
    id: str
    name: str
    lines: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)  # cost, initiative... for a layout


class Words(Protocol):
    """What a ruleset's words provide (``core.games.fractal.words`` for Fractal). ``view`` is the
    view of the seat reading (docs/view.md); a prompt and an event record are plain maps,
    as a frame carries them."""

    def question(self, view: dict[str, Any], prompt: dict[str, Any]) -> QuestionWords:
        """The decision ``prompt`` in words, for the seat whose view this is."""
        ...

    def waiting(self, view: dict[str, Any], seat: int, kind: str) -> str:
        """Another seat's pending decision, without its options: "Blue chooses a tactic"."""
        ...

    def event(self, view: dict[str, Any], record: dict[str, Any]) -> Line:
        """One event record as the viewer receives it, as a log line."""
        ...

    def card(self, kind: str, card_id: str) -> CardText:
        """Any component by kind and content id."""
        ...

    def seat_name(self, view: dict[str, Any], seat: int) -> str:
        """A player as people call them: colour and faction, never colour alone."""
        ...

    def sector_name(self, view: dict[str, Any], sector: int) -> str:
        """A sector's (a Place's...) stable short name with its number."""
        ...

    def show(self, view: dict[str, Any], prompt: dict[str, Any] | None,
             ascii: bool = False) -> str:
        """The game as plain text from one view: the map, the players, the question
        (`fractal show`)."""
        ...

    def log_lines(self, options: Any, log: list[tuple[int, str]],
                  viewer: int) -> Iterator[str]:
        """The game of ``options`` and ``log`` as ``viewer`` read it, decision by decision,
        then the scores (`fractal replay --text`)."""
        ...


def fit(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns, cut short with an ellipsis when longer (every
    character of the words takes one column)."""
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)].rstrip() + "…"
