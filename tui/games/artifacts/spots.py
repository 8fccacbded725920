"""The spots of Alien Artifacts' card table (tui.widgets.messages): one stable number for
every place a card can be seen, so that the decision's options (their ``spot``, set by the
game's words) and the table's cursor agree on what they are about.

The numbers are the words' (core/games/artifacts/words/spots.py, written in parallel with
this plug-in): 0 the Available Alien System; 1, 2, 3 the Ship, Technology and Planet
decks; 4 the Resource deck, 5 its discard pile, 6 the Defense Plan deck, 7 the Alien
Artifact deck, 8 the played Alien Artifacts; 10 + seat a player's board; a card keeps one
number wherever it is: ships 100 +, technologies 200 +, planets 300 + their place in the
content, Resource cards 1000 + their number (r07: 1007), so a section tucked under a card
is the spot of its Resource card.
"""

from __future__ import annotations

from functools import cache

from tui.games.artifacts.look import content

SYSTEM = 0
DECKS = {"ship": 1, "technology": 2, "planet": 3}
RESOURCE_DECK, DISCARD, PLAN_DECK, ARTIFACT_DECK, ARTIFACT_PILE = 4, 5, 6, 7, 8
SEAT_BASE = 10
RESOURCE_BASE = 1000


@cache
def _card_spots() -> dict[str, int]:
    c = content()
    spots = {}
    for base, ids in ((100, c.ships), (200, c.technologies), (300, c.planets)):
        spots.update({card_id: base + n for n, card_id in enumerate(ids)})
    return spots


def card_spot(card_id: str) -> int:
    """A ship's, technology's or planet's spot."""
    return _card_spots()[card_id]


def resource_spot(rid: str) -> int:
    return RESOURCE_BASE + int(rid.lstrip("r"))


def board_spot(seat: int) -> int:
    return SEAT_BASE + seat
