"""Alien Artifacts' hidden-information policy (docs/alien-artifacts.md, "Hidden
information"), stated once for the views, the events and the checks.

Secret: a Resource hand, the Defense Plan cards and Alien Artifacts held (their owner
only; the others see the counts); the cards a Buy or a look at a deck turns over (the
looker only, who then knows where they lie; the kept card is then public on its Logistics
side); a card's operational side while its Logistics side shows (its owner and the seats
that looked at it: faces.py names it to the others by its public side where that side
does not tell the other); a Defense Plan chosen, until the attack resolves; the order of
every deck; the seed and the generator's state.

Public: factions, Empires (sides, tokens, tucked sections), Under Construction cards (on
their Logistics side) and what is prepared under them, the three card decks' top cards
(Logistics side up), Banks, VP, the Available Alien System, the round marker, the deck
counts and the Resource discard pile, the Blockade supply, every card spent, revealed or
discarded.
"""

from __future__ import annotations

PUBLIC_OPTIONS = ("players", "names", "factions")

# What the view's stack shows another seat in place of a Defense Plan chosen.
HIDDEN_PLAN = "hidden"

# Event kind -> the fields only the event's seat may learn.
SECRET_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "drawn": ("cards",),
    "looked": ("cards",),
    "plan_drawn": ("plan",),
    "artifact_drawn": ("artifact",),
    "plan_chosen": ("plan",),
}

# Prompt kinds whose answer stays the deciding seat's own until the reveal.
SECRET_CHOICES = frozenset({"defense_plan"})
