"""Decisions in words: a question and a hint for every prompt kind, a label and a text for
every option, the spot and component an option is about; and another seat's pending
decision, without its options. The words of each kind are in ``ask_turn`` and
``ask_attack``, registered through ``asking``."""

from __future__ import annotations

from functools import partial

from core.games.artifacts.words import ask_attack, ask_turn
from core.games.artifacts.words.asking import BOOK
from core.games.artifacts.words.names import VOICE

# The modules whose words the registry holds (imported for that).
REGISTERED = (ask_turn, ask_attack)

question = BOOK.question
option = BOOK.option
covers = BOOK.covers


# What a seat is doing while it decides, by prompt kind. A secret choice is named only by
# its kind.
WAITING = {
    "faction": "choose their faction", "action": "choose their action",
    "after": "finish their action", "pay": "pay", "pay_colour": "choose a colour to trade",
    "target": "choose a card to complete", "side": "choose a side",
    "auto_order": "order their automatic construction", "buy_deck": "choose a deck to buy from",
    "buy_keep": "keep a card",
    "prepare_row": "choose a row to prepare", "prepare_attach": "prepare cards",
    "remove_row": "choose a row to clear", "remove_token": "remove Blockade tokens",
    "attack_target": "choose a target", "defense_plan": "choose their Defense Plan",
    "ship_order": "send a ship to attack", "reveal_pick": "choose a revealed card",
    "boost": "decide on an attack artifact", "blockade_place": "place a Blockade token",
    "bypass": "decide on a blocked card", "produce_section": "choose a section to show",
    "produce_planet": "choose a Planet to produce on",
    "revenue_next": "choose a Technology to test", "mine_next": "choose a Planet to mine",
    "take_keep": "keep a card", "setup_keep": "keep a card",
    "take_deck": "choose a deck to look at",
    "rival": "choose a rival", "discard": "discard",
}


# Another seat's pending decision, without its options: "Blue chooses their action".
waiting = partial(VOICE.waiting, WAITING)
