"""Fractal in words: every question, option, event, card and the map, readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. This package is the ruleset's :class:`core.words.Words`
(its functions below):

    from core.games.fractal import words
    asked = words.question(frame["view"], frame["prompt"])
    lines = [words.event(frame["view"], record) for record in frame["events"]]

The modules: ``names`` (players, sectors, units, symbols), ``questions`` (prompts and
options, the words of each kind in ``ask_actions``, ``ask_effects`` and ``ask_conflict``),
``events`` (log lines), ``effects`` and ``cards`` (component texts, also docs/cards.md),
``mapgrid`` (the map as cells of a text grid), ``text`` (plain-text renderings for
``fractal show`` and ``fractal replay --text``). docs/words.md tells how a
new prompt or event kind gets its words.
"""

from __future__ import annotations

from typing import Any

from core.games.fractal.words import cards, events, names, questions
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
    """Any component by kind and content id."""
    return cards.card(kind, card_id)


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every physical component (of one kind), with its data (`fractal cards`)."""
    from core.games.fractal.cardsdoc import components_as_json
    from core.games.fractal.content import load_content

    return components_as_json(load_content(), kind)


def catalogue_markdown() -> str:
    """docs/cards.md, generated from the data."""
    from core.games.fractal.cardsdoc import render_cards_markdown
    from core.games.fractal.content import load_content

    return render_cards_markdown(load_content())


def seat_name(view: dict[str, Any], seat: int) -> str:
    """A player by colour and faction: "Red (Saura)"."""
    return names.seat_name(view, seat)


def spot_name(view: dict[str, Any], spot: int) -> str:
    """A sector by its tile's name and its number: "Amberfield 7"."""
    return names.sector_name(view, spot)


def show(view: dict[str, Any], prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    """The whole game as plain text from one view (`fractal show`)."""
    from core.games.fractal.words.text import show as show_text

    return show_text(view, prompt, ascii=ascii)


def legend(view: dict[str, Any]) -> list[tuple[str, str]]:
    """Every symbol and abbreviation of the map, the empire board and the hand."""
    from core.games.fractal.words.text import legend as pairs

    return pairs(view)


def heading(view: dict[str, Any]) -> str:
    """The first line of the game in words (`fractal replay --text`)."""
    from core.games.fractal.words.text import heading as first_line

    return first_line(view)


def decision_line(view: dict[str, Any], prompt: dict[str, Any], choice: str) -> Line:
    """A decision as the reader of ``view`` learns of it."""
    from core.games.fractal.words.text import decision_line as line_of

    return line_of(view, prompt, choice)


def score_lines(view: dict[str, Any]) -> list[str]:
    """The scores as plain lines, best first."""
    from core.games.fractal.words.text import score_lines as lines

    return lines(view)


# A game told in words starts a paragraph with each phase.
PARAGRAPH_KINDS = frozenset({"phase"})
