"""Fractal's hidden-information policy: what each seat may know, stated once.

Views (``view.py``), events (``rules.Ctx.emit``) and the checks that the simulator and the
tests run (``invariants.py``) all read this module; nothing else decides what is secret.

Public by rule, shown to every seat:

- every tactic hand: a player holds all the non-elite tactics of their colour and faction
  (setup, step 9), and a tactic is swapped for its elite side in the open, naming the card
  (the Elite training module says opponents must be told; the colonization bonus swaps
  one card for its elite version from the set put aside): the hand holds no secret, and
  tests/fractal/test_rules_views.py rebuilds every hand from a spectator's events alone;
- tactics revealed in a battle, and those discarded face up by hostile conditions;
- face-up events, face-up technologies, the Age 1 objective, the action pool, discard
  piles, what each player owns, and every count (cards in a deck, science tokens...);
- which decision each seat is facing (its kind), not its options.

Secret:

- the tactic a seat chose in a battle turn, until every seat has chosen (``battle.chosen``:
  each seat sees its own entry only; the view's battle record says who has chosen, and
  what to the chooser alone);
- face-down events, face-down technologies and the undealt ones, the Age 2 objective until
  it is revealed, and the order of the action and artifact decks;
- what a seat learned through insight (``Player.known``, the ``insight`` event's cards, the
  cards in hand while putting them back) and the artifacts it drew before keeping one: its
  own, no one else's;
- a seat's pending options and the prompt's context, and, once it has decided, its choice
  of a tactic for a battle turn (until the turn's cards are revealed) and where it put
  back a card seen through insight (``SECRET_CHOICES``): other choices are public, as
  the events they cause show;
- the game's seed and the random generator's state: from either, setup and every future
  draw could be recomputed, so neither ever leaves the engine. The game's generator hashes
  its counter (``core/rng.py``), so the public draws do not give its state away either.

Task data, shown to bots so they can search, follows an allow-list: each task kind names
the fields any seat may see; the task's own seat sees all of them; a kind or a field not
named here is private. Events name their secret fields below: ``Ctx.emit`` moves those into
the event's secret, told only to the event's seat.
"""

from __future__ import annotations

from typing import Any

# The game options every seat may see: everything but the seed.
PUBLIC_OPTIONS = ("players", "map", "names", "factions", "modules", "random_factions")

# Task kind -> the data fields every seat may see.
PUBLIC_TASK_FIELDS: dict[str, frozenset[str]] = {kind: frozenset(fields) for kind, fields in {
    "game": (),
    "setup_faction": (),
    "setup_government": (),
    "choose_first_player": (),
    "action_phase": (),
    "turn": ("done",),
    "end_of_action": (),
    "event_cost": ("sector", "option", "units", "science", "tech", "technologies"),
    "recruit": ("free", "watcher", "choices", "unit", "left", "placed"),
    "blood_pool": ("left", "unit"),
    "advance": ("free", "orders", "left", "unit", "stack", "steps", "path", "cargo",
                "boarding", "executed", "swarm", "swarm_left", "grown"),
    "colonize": ("free", "here"),
    "research": ("free", "left"),
    "government": ("free",),
    "action_card": ("free",),
    "action_card_drawn": (),
    "effect": ("source", "steps", "i", "here"),
    "place_science": ("amount", "tech", "one_slot", "here", "distinct", "used"),
    "place_units": ("unit", "count", "where", "black", "here", "exact"),
    "remove_units": ("unit", "count", "where", "here"),
    "restore": ("count", "here"),
    "reveal": ("count", "here"),
    "elite_tactic": ("count", "here"),
    "storm_move": ("storm", "to", "count", "here"),
    # Which deck is looked at is public (the insight event names it); the cards are not.
    "insight": ("count", "deck", "here"),
    "draw_artifacts": ("draw", "keep", "here"),
    "conflict_phase": ("stage", "asking", "battles_done", "sieges_done", "placed",
                       "removed", "won"),
    "battle": ("sector", "stage", "seats", "turn", "played", "out", "chosen", "cards",
               "groups", "g", "phase", "jobs", "block", "asking", "order_left", "winner",
               "result", "start", "hits"),
    "damage": ("sector", "kind", "count", "segments", "target", "tactic", "ignore_resist",
               "where", "here", "point", "asking", "vanguard_used"),
    "siege": ("sector", "besieger", "used"),
    "end_of_cycle": ("stage",),
    "upkeep": (),
    # Advanced modules and the Fracture (docs/modules.md)
    "wartime_innovation": ("medals",),
    "elite_training": ("seats", "answers", "trainers", "paid", "drawn"),
    "diplomacy": ("order", "i", "asked"),
    # The agreement proposed is the two players' own (SECRET_CHOICES below).
    "diplomacy_answer": ("proposer",),
    "fracture_ingress": ("tracks", "per", "left"),
    "skirmish": ("order", "sectors", "s", "p", "seat", "strikes", "lost", "destroyed"),
    "open_fracture": (),
}.items()}

# Task kind -> data fields only the task's own seat may see. A sampled world (the bots'
# determinization) leaves them out and the engine fills them again: an insight's cards in
# hand, the artifacts drawn before one is kept.
PRIVATE_TASK_FIELDS: dict[str, frozenset[str]] = {"insight": frozenset({"hand"}),
                                                  "draw_artifacts": frozenset({"drawn"})}

# Task data fields holding one entry per seat (str(seat) -> value) that each seat may see
# only its own entry of, even where the field is public.
PER_SEAT_TASK_FIELDS: dict[str, frozenset[str]] = {
    "battle": frozenset({"chosen"}),
    # Elite training: the answers stay each seat's own until all are in (then an event
    # tells them), the elite cards drawn forever (only the one kept comes to light).
    "elite_training": frozenset({"answers", "drawn"}),
}

# Event kind -> the fields that only the event's seat may learn.
SECRET_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "tactic_chosen": ("tactic",),
    "insight": ("seen",),
    "artifacts_drawn": ("cards",),
    "elite_drawn": ("cards",),
}


def task_data_for(kind: str, owner: int, data: dict[str, Any], viewer: int) -> dict[str, Any]:
    """The part of a task's data that ``viewer`` may see."""
    if viewer == owner:
        shown = dict(data)
    else:
        public = PUBLIC_TASK_FIELDS.get(kind, frozenset())
        shown = {key: value for key, value in data.items() if key in public}
    for key in PER_SEAT_TASK_FIELDS.get(kind, ()):
        if key in shown:
            shown[key] = {k: v for k, v in shown[key].items() if k == str(viewer)}
    return shown


def withheld(kind: str, owner: int, data: dict[str, Any], viewer: int) -> list[str]:
    """Names of the fields of a task's data kept from ``viewer`` (names only, never values)."""
    if viewer == owner:
        return []
    public = PUBLIC_TASK_FIELDS.get(kind, frozenset())
    return sorted(key for key in data if key not in public)


# Prompt kinds whose answer stays the deciding seat's own: a log shows others only that the
# seat decided (the tactic comes to light with the turn's reveal; a card put back through
# insight, and where it went, never does).
# Elite training's answer stays secret until every seat has given one; the agreement a
# Diplomacy proposal offers is known to the two players only, the proposer by choosing it
# and the partner by the answer prompt: the others learn who was asked (an event) and the
# agreement's type only once it is made.
SECRET_CHOICES = frozenset({"tactic", "insight_return", "elite_training", "diplomacy"})
