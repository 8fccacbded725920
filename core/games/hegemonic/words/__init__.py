"""Hegemonic in words: every question, option, event, component and the map, readable by a
person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. This package is the ruleset's
:class:`core.words.Words` (its functions below), plus :func:`legend`, every symbol and
abbreviation the words use, for a screen to show.

The modules: ``names`` (players, sectors, Locations, components), ``choices`` (the choice
grammar), ``facts`` (what the words work out from a view), ``questions`` (prompts and
options, the words of each kind in ``ask_setup``, ``ask_round``, ``ask_build`` and
``ask_conflict``), ``events`` (log lines), ``cards`` (component texts, the catalogue and
docs/hegemonic-cards.md), ``text`` (the map and plain-text renderings for ``fractal
show`` and ``fractal replay --text``).
"""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.words import cards, events, names, questions, text
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
    """docs/hegemonic-cards.md, generated from the data."""
    return cards.catalogue_markdown()


def seat_name(view: dict[str, Any], seat: int) -> str:
    """A player by their House's colour and House: "Red (Bushido)"."""
    return names.seat_name(view, seat)


def spot_name(view: dict[str, Any], spot: int) -> str:
    """A sector by its tile's name and its number: "Cinder Belt 12"."""
    return names.sector_name(view, spot)


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
    """Every symbol and abbreviation the words use, as (symbol, meaning), for a screen's
    legend."""
    return text.legend(view, ascii)


# A game told in words starts a paragraph with each round and each phase.
PARAGRAPH_KINDS = frozenset({"round", "phase"})
