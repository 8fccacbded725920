"""Alien Artifacts in words: every question, option, event, component and the table,
readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. This package is the ruleset's
:class:`core.words.Words` (its functions below).

The modules: ``names`` (players, cards, Resource cards, the game's terms), ``spots`` (the
number of every place a card can be seen, shared with the client), ``choices`` (the choice
grammar), ``facts`` (costs and boards worked out from a view with the engine's own
rules), ``effects`` (the effect vocabulary in words), ``questions`` (prompts and options,
the words of each kind in ``ask_turn`` and ``ask_attack``), ``events`` (log lines),
``cards`` (component texts and the catalogue), ``text`` (``fractal show`` and the pieces
of ``fractal replay --text``).
"""

from __future__ import annotations

from typing import Any

from core.games.artifacts.words import cards, events, names, questions, spots, text
from core.words import CardText, Line, QuestionWords


def question(view: dict[str, Any], prompt: dict[str, Any]) -> QuestionWords:
    """The decision ``prompt`` (as a frame carries it) in words, for the seat of ``view``."""
    return questions.question(view, prompt)


def waiting(view: dict[str, Any], seat: int, kind: str) -> str:
    """Another seat's pending decision, without its options."""
    return questions.waiting(view, seat, kind)


def event(view: dict[str, Any], record: dict[str, Any]) -> Line:
    """One event record, as the seat of ``view`` received it, as a log line."""
    return events.line(view, record)


def card(kind: str, card_id: str) -> CardText:
    """Any component by kind and id."""
    return cards.card(kind, card_id)


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every physical component (of one kind), with its data (`fractal cards`)."""
    return cards.catalogue(kind)


def catalogue_markdown() -> str:
    """Every component as a Markdown document."""
    return cards.catalogue_markdown()


def seat_name(view: dict[str, Any], seat: int) -> str:
    """A player by their seat's colour and faction: "Red (Star Union)"."""
    return names.seat_name(view, seat)


def spot_name(view: dict[str, Any], spot: int) -> str:
    """A place on the table by what lies there: "Calcine", "the Ship deck"."""
    return spots.spot_name(view, spot)


def show(view: dict[str, Any], prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    """The whole game as plain text from one view (`fractal show`)."""
    return text.show(view, prompt, ascii)


def heading(view: dict[str, Any]) -> str:
    """The first line of the game in words (`fractal replay --text`)."""
    return text.heading(view)


def decision_line(view: dict[str, Any], prompt: dict[str, Any], choice: str) -> Line:
    """A decision as the reader of ``view`` learns of it."""
    return text.decision_line(view, prompt, choice)


def score_lines(view: dict[str, Any]) -> list[str]:
    """The scores as plain lines, best first."""
    return text.score_lines(view)


def legend(view: dict[str, Any], ascii: bool = False) -> list[tuple[str, str]]:
    """Every symbol and abbreviation the words use, as (symbol, meaning)."""
    return text.legend(view, ascii)


# A game told in words starts a paragraph with each turn.
PARAGRAPH_KINDS = frozenset({"turn"})
