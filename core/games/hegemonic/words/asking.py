"""The registry of Hegemonic's decision words, and what every option's words are built with.

Questions are registered per prompt kind (``asks``), options per choice head, or per
"kind head" where one head means different things in different prompts (``offers``): the
kernel's :class:`core.words.Phrasebook` holds them. ``ask_setup``, ``ask_round``,
``ask_build`` and ``ask_conflict`` register the words of every prompt the engine asks.
"""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.words import facts
from core.games.hegemonic.words.choices import Choice, parse
from core.games.hegemonic.words.names import sector_label
from core.words import LABEL_WIDTH, Asked, OptionWords, Phrasebook, fit

BOOK = Phrasebook(parse, facts.action_of)
asks = BOOK.asks
offers = BOOK.offers


def option_words(choice: Choice, label: str, text: str, sector: int | None = None,
                 card: tuple[str, str] | None = None) -> OptionWords:
    """An option's words, its label fitted to its width; ``text`` ends as a sentence."""
    if not text.endswith((".", "!", "?")):
        text += "."
    return OptionWords(choice.text, fit(label, LABEL_WIDTH), text, sector, card)


def place_label(asked: Asked, sector: int, before: str = "") -> str:
    """``before`` and a sector's name within the label's width, its number kept."""
    return before + sector_label(asked.view, sector, LABEL_WIDTH - len(before))


def mine(asked: Asked) -> dict[str, Any]:
    """The deciding seat's player record."""
    return facts.player(asked.view, asked.seat)


def tech_card(card: str) -> tuple[str, str]:
    return ("technology", card)
