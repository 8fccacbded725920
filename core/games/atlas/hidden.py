"""Fractured Atlas's hidden-information policy: what each seat may know, stated once.

Views (``view.py``), events (``rules.Ctx.emit``), the bots' sampled worlds
(``determinize.py``) and the checks (``invariants.py``) all read this module.

Public, shown to every seat:

- the map: every Place, where it lies, every token and Tower on it, who rules what;
- each player's Advisor once the Advisors are revealed, the tokens on it, their supply;
- the action card each player played, once all are revealed; the discard pile; the cards
  turned over in an attack; every card a player discards or hires;
- how many cards each hand, the Action Deck and the Atlas hold; which Places are still in
  the Atlas (every Location not on the map), and the cards at its bottom that everyone saw
  put back after a failed exploration, in their order;
- which kind of decision each seat is facing, and every task's data (an attack's fighters,
  a migration's route...), none of which is secret in this game.

Secret:

- a player's hand, and the cards they draw: their own only;
- the two Advisors dealt to a player at setup, and the one they keep until all Advisors
  are revealed; the action card a player chose until every card is revealed
  (``State.chosen``): each seat its own only;
- the order of the Action Deck and of the Atlas (save the known bottom cards);
- a seat's pending options;
- the game's seed and the random generator's state.
"""

from __future__ import annotations

PUBLIC_OPTIONS = ("players", "names")

# Event kind -> the fields only the event's seat may learn.
SECRET_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "advisors_dealt": ("cards",),
    "advisor_chosen": ("advisor",),
    "card_chosen": ("card",),
    "drew": ("cards",),
}

# Event kind -> the fields that name cards in the open, and why they may: cards played,
# discarded, hired or fired, turned over in an attack or from the Atlas are shown to all.
# No other field of an event names a card, save the secret fields above.
PUBLIC_CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "advisors_revealed": ("advisors",),
    "cards_revealed": ("cards",),
    "no_action": ("card",),
    "place_turned": ("card",),
    "exploration_failed": ("card",),
    "explored": ("card",),
    "fight": ("cards",),
    "hired": ("advisor", "fired"),
    "discarded": ("card",),
}

# Prompt kinds whose answer stays the deciding seat's own until the reveal: a log shows the
# others only that the seat decided.
SECRET_CHOICES = frozenset({"advisor", "card"})


