"""Fractal in words: every question, option, event, card and the map, readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. ``WORDS`` provides :class:`core.words.Words`:

    from core.fractal.words import WORDS
    asked = WORDS.question(frame["view"], frame["prompt"])
    lines = [WORDS.event(frame["view"], record) for record in frame["events"]]

The modules: ``names`` (players, sectors, units, symbols), ``questions`` (prompts and
options), ``events`` (log lines), ``effects`` and ``cards`` (component texts, also
docs/cards.md), ``mapgrid`` (the map as cells of a text grid) and ``text`` (plain-text
renderings for ``fractal show`` and ``fractal replay --text``). docs/words.md tells how a
new prompt or event kind gets its words.
"""

from __future__ import annotations

from typing import Any

from core.fractal.words import cards, events, names, questions
from core.words import CardText, Line, QuestionWords


class FractalWords:
    """Fractal's words, as the client, the network and the replay viewer ask for them."""

    def question(self, view: dict[str, Any], prompt: dict[str, Any]) -> QuestionWords:
        return questions.question(view, prompt)

    def waiting(self, view: dict[str, Any], seat: int, kind: str) -> str:
        return questions.waiting(view, seat, kind)

    def event(self, view: dict[str, Any], record: dict[str, Any]) -> Line:
        return events.line(view, record)

    def card(self, kind: str, card_id: str) -> CardText:
        return cards.card(kind, card_id)

    def seat_name(self, view: dict[str, Any], seat: int) -> str:
        return names.seat_name(view, seat)

    def sector_name(self, view: dict[str, Any], sector: int) -> str:
        return names.sector_name(view, sector)


WORDS = FractalWords()
