"""The registry of Alien Artifacts' decision words, and what every option's words are built
with. Questions are registered per prompt kind, options per choice head or per "kind head"
(the kernel's :class:`core.words.Phrasebook`); ``ask_turn`` and ``ask_attack`` register
the words of every prompt the engine asks.

An ask function may read the prompt's options (``asked.options``): a hint says why an
action the player may expect is missing. They are empty for another seat's decision worded
in a log, as the context is.
"""

from __future__ import annotations

from typing import Any

from core.games.artifacts.words import facts
from core.games.artifacts.words.choices import Choice, parse
from core.games.artifacts.words.names import card_kind, card_title, content
from core.games.artifacts.words.spots import card_spot
from core.words import LABEL_WIDTH, Asked, OptionWords, Phrasebook, fit

BOOK = Phrasebook(parse, lambda view, seat: "")
BOOK.finals.update({  # why an option cannot be taken back, by what it brings to light
    "drawn": "cards are drawn from a deck",
    "looked": "you look at hidden cards",
    "revealed": "a hidden card is shown",
    "plan_drawn": "a plan is drawn",
    "reshuffled": "a deck is shuffled",
    "sold": "a resource card is turned up to score it",
    "artifact_drawn": "an Alien Artifact is drawn",
    "artifacts_reshuffled": "the Alien Artifacts are shuffled",
    "first_player": "the first player is drawn",
    "searched": "you search a deck",
})
asks = BOOK.asks
offers = BOOK.offers

COMPONENT_KINDS = {"ship": "ship", "technology": "technology", "planet": "planet",
                   "artifact": "artifact", "plan": "plan", "basic": "plan",
                   "system": "system", "faction": "faction", "resource": "resource"}


def option_words(choice: Choice, label: str, text: str, spot: int | None = None,
                 card: str = "") -> OptionWords:
    """An option's words, its label fitted to its width, ``text`` ending as a sentence;
    ``card`` the component it is about (its spot too, unless ``spot`` is given)."""
    if not text.endswith((".", "!", "?")):
        text += "."
    about = (COMPONENT_KINDS[card_kind(card)], card) if card else None
    if spot is None and card:
        spot = card_spot(card)
    return OptionWords(choice.text, fit(label, LABEL_WIDTH), text, spot, about)


def offered(asked: Asked) -> list[str]:
    return list(asked.options)


def mine(asked: Asked) -> dict[str, Any]:
    """The deciding seat's player record."""
    return facts.player_record(asked.view, asked.seat)


def card_summary(card: str) -> str:
    """A ship, technology or planet in a sentence: its Type and kind, and what its sides
    do (the content is public; `fractal cards` lists every card)."""
    from core.games.artifacts.words.cards import card as card_text

    return f"{card_title(card)}: " + " ".join(card_text(card_kind(card), card).lines[1:])


def prepared_symbols(card: dict[str, Any], colour: str) -> int:
    """The symbols of ``colour`` and gold prepared under an Under Construction card."""
    from core.games.artifacts.words.names import half_section

    total = 0
    for tucked in card["under"]:
        resource, half = tucked.split(":")
        section = half_section(resource, half)
        if section.colour in (colour, "gold"):
            total += section.symbols
    return total


def rules_number(name: str) -> int:
    return int(getattr(content().rules, name))
