"""Fractal in words: every question, option, event, card and the map, readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. ``WORDS`` is the ruleset's :class:`core.words.Words`:

    from core.games.fractal.words import WORDS
    asked = WORDS.question(frame["view"], frame["prompt"])
    lines = [WORDS.event(frame["view"], record) for record in frame["events"]]

The modules: ``names`` (players, sectors, units, symbols), ``questions`` (prompts and
options, the words of each kind in ``ask_actions``, ``ask_effects`` and ``ask_conflict``),
``events`` (log lines), ``effects`` and ``cards`` (component texts, also docs/cards.md),
``mapgrid`` (the map as cells of a text grid), ``text`` (plain-text renderings for
``fractal show`` and ``fractal replay --text``). docs/words.md tells how a
new prompt or event kind gets its words.
"""

from __future__ import annotations

from typing import Any

from core.games.fractal.hidden import SECRET_CHOICES
from core.games.fractal.words import asking, cards, events, names, questions, text
from core.words import Words


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every physical component (of one kind), with its data (`fractal cards`)."""
    from core.games.fractal.cardsdoc import components_as_json

    return components_as_json(names.content(), kind)


def catalogue_markdown() -> str:
    """docs/cards.md, generated from the data."""
    from core.games.fractal.cardsdoc import render_cards_markdown

    return render_cards_markdown(names.content())


WORDS = Words(
    book=asking.BOOK, events=events.BOOK, voice=names.VOICE, waiting=questions.waiting,
    card=cards.card, catalogue=catalogue, catalogue_markdown=catalogue_markdown,
    spot_name=names.sector_name, show=text.show, legend=text.legend, heading=text.heading,
    score_lines=text.score_lines,
    paragraph_kinds=frozenset({"phase"}),  # a game told in words: a paragraph a phase
    secret_choices=SECRET_CHOICES, category=text.category)
