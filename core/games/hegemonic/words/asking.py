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
from core.games.hegemonic.words.names import card_name, powers, sector_label
from core.words import LABEL_WIDTH, Asked, OptionWords, Phrasebook, cut

BOOK = Phrasebook(parse, facts.action_of)
BOOK.finals.update({  # why an option cannot be taken back, by what it brings to light
    "tile_flipped": "a tile is turned over",
    "cards_revealed": "the cards chosen are shown",
    "deck_reshuffled": "the deck is shuffled",
    "tech_drawn": "a technology is drawn",
    "tech_turned": "a technology is turned up",
    "tech_dealt": "technologies are dealt",
    "deck_shuffled": "the deck is shuffled",
    "conflict_cards": "the conflict's cards are shown",
    "support_revealed": "the support chosen is shown",
    "draft_dealt": "draft cards are dealt",
    "draft_passed": "draft cards are passed on",
    "first_arbiter": "the first Arbiter is chosen at random",
    "leader_dealt": "leaders are dealt",
    "tiles_dealt": "tiles are dealt",
    "tiles_stacked": "tiles are stacked at random",
})
asks = BOOK.asks
offers = BOOK.offers


def option_words(choice: Choice, label: str, text: str, sector: int | None = None,
                 card: tuple[str, str] | None = None, keep: int = 0) -> OptionWords:
    """An option's words, its label cut to its width (its last ``keep`` columns kept) and
    whole beside it for a wider screen; ``text`` ends as a sentence."""
    if not text.endswith((".", "!", "?")):
        text += "."
    short = cut(label, LABEL_WIDTH, keep)
    return OptionWords(choice.text, short, text, sector, card,
                       wide=label if short != label else "", keep=keep)


def card_option(choice: Choice, card: str, text: str, before: str = "") -> OptionWords:
    """An option about a Technology Card: ``before`` and the card's name, whose powers stay
    when the label is cut."""
    return option_words(choice, f"{before}{card_name(card)}", text, None, tech_card(card),
                        keep=len(powers(card)) + 1)


def place_label(asked: Asked, sector: int, before: str = "") -> str:
    """``before`` and a sector's name within the label's width, its number kept."""
    return before + sector_label(asked.view, sector, LABEL_WIDTH - len(before))


def mine(asked: Asked) -> dict[str, Any]:
    """The deciding seat's player record."""
    return facts.player(asked.view, asked.seat)


def tech_card(card: str) -> tuple[str, str]:
    return ("technology", card)
