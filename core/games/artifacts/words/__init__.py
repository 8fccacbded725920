"""Alien Artifacts in words: every question, option, event, component and the table,
readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. ``WORDS`` is the ruleset's :class:`core.words.Words`.

The modules: ``names`` (players, cards, Resource cards, the game's terms), ``spots`` (the
number of every place a card can be seen, shared with the client), ``choices`` (the choice
grammar), ``facts`` (costs and boards worked out from a view with the engine's own
rules), ``effects`` (the effect vocabulary in words), ``questions`` (prompts and options,
the words of each kind in ``ask_turn`` and ``ask_attack``), ``events`` (log lines),
``cards`` (component texts and the catalogue), ``text`` (``fractal show`` and the pieces
of ``fractal replay --text``).
"""

from __future__ import annotations

from core.games.artifacts.hidden import SECRET_CHOICES
from core.games.artifacts.words import asking, cards, events, names, questions, spots, text
from core.words import Words

WORDS = Words(
    book=asking.BOOK, events=events.BOOK, voice=names.VOICE, waiting=questions.waiting,
    card=cards.card, catalogue=cards.catalogue, catalogue_markdown=cards.catalogue_markdown,
    spot_name=spots.spot_name, show=text.show, legend=text.legend, heading=text.heading,
    score_lines=text.score_lines,
    paragraph_kinds=frozenset({"turn"}),  # told in words: a paragraph a turn
    secret_choices=SECRET_CHOICES, category=text.category)
