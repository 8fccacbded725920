"""Hegemonic in words: every question, option, event, component and the map, readable by a
person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. ``WORDS`` is the ruleset's :class:`core.words.Words`.

The modules: ``names`` (players, sectors, Locations, components), ``choices`` (the choice
grammar), ``facts`` (what the words work out from a view), ``questions`` (prompts and
options, the words of each kind in ``ask_setup``, ``ask_round``, ``ask_build`` and
``ask_conflict``), ``events`` (log lines), ``cards`` (component texts, the catalogue and
docs/hegemonic-cards.md), ``text`` (the map and plain-text renderings for ``fractal
show`` and ``fractal replay --text``).
"""

from __future__ import annotations

from core.games.hegemonic.hidden import SECRET_CHOICES
from core.games.hegemonic.words import asking, cards, events, names, questions, text
from core.words import Words

WORDS = Words(
    book=asking.BOOK, events=events.BOOK, voice=names.VOICE, waiting=questions.waiting,
    card=cards.card, catalogue=cards.catalogue, catalogue_markdown=cards.catalogue_markdown,
    spot_name=names.sector_name, show=text.show, legend=text.legend, heading=text.heading,
    score_lines=text.score_lines,
    paragraph_kinds=frozenset({"round", "phase"}),  # told in words: a paragraph a round, a phase
    secret_choices=SECRET_CHOICES, category=text.category)
