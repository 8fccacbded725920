"""Decisions in words: a question and a hint for every prompt kind, a label and a text for
every option, and the sector an option points at.

A prompt is the plain map a frame carries (docs/view.md): ``seat``, ``kind``, ``options``,
``context`` and, in a frame, ``final`` (the options that cannot be taken back, which the
words say so). The words of each kind live in ``ask_actions``, ``ask_effects`` and
``ask_conflict``, registered through ``asking``.
"""

from __future__ import annotations

from functools import partial

from core.games.fractal.words import ask_actions, ask_conflict, ask_effects, modules
from core.games.fractal.words.asking import BOOK
from core.games.fractal.words.names import VOICE

# The modules whose words the registries hold (imported for that).
REGISTERED = (ask_actions, ask_effects, ask_conflict, modules)

question = BOOK.question
option = BOOK.option
covers = BOOK.covers


# --- another seat's decision ---------------------------------------------------------------

# What a seat is doing while it decides, by prompt kind: "Blue (Saura) chooses a tactic".
WAITING = {
    "faction": "choose a faction", "government": "choose a government",
    "action": "choose an action", "action_card": "choose an action card",
    "recruit_unit": "choose units to recruit", "deploy": "recruit",
    "advance_unit": "choose a unit to move", "advance_cargo": "load a ship",
    "advance_step": "move a ship", "advance_swarm": "decide on Swarm Growth",
    "reveal_sector": "choose an event to reveal", "colonize": "choose where to colonize",
    "research_science": "place science", "place_science": "place science",
    "develop": "choose a technology to develop", "place_unit": "place units",
    "blood_pool": "raise units from the Blood Pool",
    "remove_unit": "choose a unit to remove", "keep_artifact": "choose an artifact to keep",
    "elite_tactic": "choose a tactic card to upgrade", "restore": "restore an action marker",
    "upkeep": "restore action markers", "government_times": "use their government",
    "insight": "choose an insight", "insight_return": "put a card back",
    "storm_choose": "choose a storm to move", "storm_destination": "move a storm",
    "storm_orientation": "turn a storm", "battle_medal": "place the last battle medals",
    "cost_unit": "choose units to remove", "cost_science": "choose science to take back",
    "cost_technology": "choose a technology to remove",
    "tactic": "choose a tactic card", "composition": "form a tactic card",
    "target_player": "choose a target", "upgrade_order": "order an upgrade",
    "simultaneous_order": "order the damage", "damage_sector": "choose where to strike",
    "damage_target": "choose which unit is hit", "vanguard": "decide on Vanguard",
    "retreat_destination": "choose where a unit retreats",
    "watcher": "choose the watcher's order", "conflict_order": "choose the next battle",
    "siege": "besiege", "resolve_event": "choose an event to resolve",
    "first_player": "choose the first player",
    "wartime_innovation": "decide on Wartime innovation", "elite_training": "decide on "
    "Elite training", "elite_pick": "choose an elite tactic", "diplomacy": "negotiate",
    "diplomacy_answer": "answer a proposed agreement",
    "fracture_ingress": "place an ingress token",
    "tactic_cost": "pay a tactic's cost in units", "skirmish_loss": "choose their losses",
}

# Another seat's pending decision, without its options: "Blue (Saura) chooses a tactic card".
waiting = partial(VOICE.waiting, WAITING)
