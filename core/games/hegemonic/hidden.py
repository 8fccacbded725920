"""Hegemonic's hidden-information policy: what each seat may know, stated once.

Views (``view.py``), events (``rules.Ctx.emit``) and the checks (``invariants.py``) read
this module.

Public, shown to every seat:

- the map: every board, sector, tile, Location, Base, Unit and gate pair;
- every player's CAPs, VP, tracks, Advanced Technologies and Inactive pile (face up);
- the Sector Pool, the discard pile(s) (face up), how many cards the draw pile, each hand
  and the tile stack hold;
- the Action Cards played, once all are revealed; support and conflict cards once
  revealed; every card discarded, advanced, taken from a discard pile or from the Advanced
  Technologies, or turned over in the Learning Game;
- which kind of decision each seat is facing, and every task's data (a conflict's target,
  its power and where it comes from), none of which is secret.

Secret:

- a player's hand and the cards they draw from the draw pile, and the cards dealt or passed
  to them in the Technology Draft: their own only;
- the Sector Tiles dealt to a player at setup until laid or pooled: their own only;
- the Action Card, the support and the conflict card a player chose until all are
  revealed; a draft pick until the round of picks ends: each seat its own only;
- the order of the draw pile and of the tile stack, and which tiles are out of the game;
- a seat's pending options;
- the game's seed and the random generator's state.
"""

from __future__ import annotations

PUBLIC_OPTIONS = ("players", "names", "layout", "homes", "modules")

# Event kind -> the fields only the event's seat may learn.
SECRET_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "tech_dealt": ("cards",),
    "tech_drawn": ("card",),
    "tiles_dealt": ("tiles",),
    "card_chosen": ("card",),
    "support_chosen": ("choice",),
    "conflict_card_chosen": ("choice",),
    "draft_dealt": ("cards",),
    "draft_passed": ("cards",),
    "draft_picked": ("card",),
}

# Event kind -> the fields that name Technology Cards or tiles in the open, and why they
# may: cards discarded, advanced, played, laid aside face up or turned over, tiles flipped
# or laid are shown to all. No other field of an event names one, save the secret fields.
PUBLIC_CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "tech_taken": ("card",),
    "tech_discarded": ("card",),
    "tech_advanced": ("card", "dropped"),
    "tech_inactive": ("card",),
    "inactive_returned": ("cards",),
    "tech_turned": ("card",),
    "conflict_cards": ("attack", "defence"),
    "tile_flipped": ("tile",),
    "tile_placed": ("tile",),
    "tiles_pooled": ("tiles",),
}

# Prompt kinds whose answer stays the deciding seat's own until the reveal: a log shows the
# others only that the seat decided.
SECRET_CHOICES = frozenset({"action_card", "support", "conflict_card", "draft_pick"})
