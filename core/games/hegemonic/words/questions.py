"""Decisions in words: a question and a hint for every prompt kind, a label and a text for
every option, the sector an option points at and the component it is about; and another
seat's pending decision, without its options.

The words of each kind live in ``ask_setup``, ``ask_round``, ``ask_build`` and
``ask_conflict``, registered through ``asking``.
"""

from __future__ import annotations

from functools import partial

from core.games.hegemonic.words import ask_build, ask_conflict, ask_round, ask_setup
from core.games.hegemonic.words.asking import BOOK
from core.games.hegemonic.words.names import VOICE

# The modules whose words the registry holds (imported for that).
REGISTERED = (ask_setup, ask_round, ask_build, ask_conflict)

question = BOOK.question
option = BOOK.option
covers = BOOK.covers


# What a seat is doing while it decides, by prompt kind: "Blue (Osiris) chooses an Action
# Card". A secret choice is named only by its kind.
WAITING = {
    "layout": "place a Galaxy Board", "home": "choose where their Home goes",
    "first_tile": "lay their first tile", "draft_pick": "keep a card of the draft",
    "tile_hex": "choose where a tile goes",
    "draw_source": "draw a Technology Card",
    "keep_or_advance": "choose to discard or advance a Technology Card",
    "action_card": "choose an Action Card", "tie_order": "order a tie",
    "action": "take an action", "basic": "choose a BASIC action",
    "gift_to": "give CAPs", "gift_amount": "give CAPs", "build": "build",
    "relocate_to": "move a Base", "gate_pair": "choose a gate pair to move",
    "gate_near": "place a gate pair", "gate_far": "place a gate pair",
    "pattern": "choose an attack pattern", "attacker": "choose what attacks",
    "move_to": "move a unit", "target": "choose a target",
    "agent_faction": "choose a faction to back an Agent",
    "fleet_outpost": "choose a stack to back a Fleet", "support": "choose whom to support",
    "conflict_card": "choose a Technology Card for the conflict",
    "leader": "decide on their Leader", "gate_destroy": "decide on a gate pair",
    "gate_rescue": "decide on a gate pair", "takeover_fill": "fill a Location taken",
    "hulls": "decide on an Outpost", "rebuild": "decide on a unit lost",
    "stealth": "decide on an Agent", "cleanup": "clean up after the conflict",
    "research_discard": "discard for RESEARCH", "arbiter_tie": "choose the new Arbiter",
    "before_arbitration": "decide before Arbitration",
    "interrupt": "decide whether to interrupt",
    "leader_advance": "advance a card with their Leader",
    "leader_unit": "choose a unit to move",
}


# Another seat's pending decision, without its options: "Blue chooses their action".
waiting = partial(VOICE.waiting, WAITING)
