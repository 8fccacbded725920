"""The machinery of the decision words: the registries of questions and options, and what
every option's words are built with.

Questions are registered per prompt kind (``asks``); options per choice head
(docs/choices.md), or per prompt kind and head where one head means different things in
different prompts (``offers``): the kernel's :class:`core.words.Phrasebook` holds them.
``ask_actions``, ``ask_effects`` and ``ask_conflict`` register the words of Fractal's
prompts; ``questions`` puts them together.
"""

from __future__ import annotations

from typing import Any

from core.games.fractal.choices import Choice, parse
from core.games.fractal.words import facts as f
from core.games.fractal.words.names import sector_label, sector_name
from core.words import LABEL_WIDTH, Asked, OptionWords, Phrasebook, fit

BOOK = Phrasebook(parse, lambda view, seat: f.current_action(view))
BOOK.finals.update({  # why an option cannot be taken back, by what it brings to light
    "action_cards_drawn": "action cards are drawn from the deck",
    "artifacts_drawn": "artifacts are drawn from the deck",
    "event_revealed": "a face-down event is turned up",
    "technologies_revealed": "new technologies are turned up",
    "objective_revealed": "an objective is turned up",
    "insight": "you look at a hidden card",
    "tactics_revealed": "the tactics chosen are shown",
    "tactics_discarded": "tactic cards are discarded from the deck",
    "deck_reshuffled": "a deck is shuffled",
    "elite_drawn": "an elite tactic is drawn",
    "fracture_roll": "the Fracture's die is rolled",
})
asks = BOOK.asks
offers = BOOK.offers


def choice_text(choice: Choice) -> str:
    """A choice written back in its grammar, for the option's ``choice`` field."""
    return ":".join((choice.head, *choice.args))


def option_words(choice: Choice, label: str, text: str, sector: int | None = None,
                 card: tuple[str, str] | None = None, warning: str = "") -> OptionWords:
    return OptionWords(choice_text(choice), fit(label, LABEL_WIDTH), text, sector, card,
                       warning)


def place(asked: Asked, sector: int) -> str:
    return sector_name(asked.view, sector)


def place_label(asked: Asked, sector: int, room: int = LABEL_WIDTH) -> str:
    return sector_label(asked.view, sector, room)


def mine(asked: Asked) -> dict[str, Any]:
    """The deciding seat's player record."""
    return f.player(asked.view, asked.seat)
