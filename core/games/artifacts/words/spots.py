"""Spots: one stable number for every place a card can be seen on the table, so that an
option, a log line and the client's main pane agree on what a cursor or a click is about
(docs/alien-artifacts.md, "Spots").

A face-up card keeps its number wherever it goes (the content's order, by kind), since
each physical card is in one place at a time: a ship Under Construction and the same ship
in an Empire are the same spot. The shared places and the players' faction boards have
small fixed numbers.
"""

from __future__ import annotations

from core.games.artifacts.faces import place_of
from core.games.artifacts.words.names import View, card_kind, card_name, content, face_of, seat_name

SYSTEM = 0  # the Available Alien System
DECKS = {"ship": 1, "technology": 2, "planet": 3}  # the three card decks, top card shown
RESOURCE_DECK, DISCARD, PLAN_DECK, ARTIFACT_DECK, ARTIFACT_PILE = 4, 5, 6, 7, 8
SEAT_BASE = 10  # a player's faction board (Bank, VP, faction card): 10 + seat
# The first spot of each kind of card; a card's spot is its base plus its index in the
# content (ships 100-139, technologies 200-239, planets 300-339, Defense Plans 400-409,
# Alien Artifacts 500-515, Resource cards 1001-1083 by their number).
CARD_BASE = {"ship": 100, "technology": 200, "planet": 300, "plan": 400, "artifact": 500}
RESOURCE_BASE = 1000

_PLACES = {SYSTEM: "the Alien System", RESOURCE_DECK: "the Resource deck",
           DISCARD: "the discard pile", PLAN_DECK: "the Defense Plan deck",
           ARTIFACT_DECK: "the Alien Artifact deck", ARTIFACT_PILE: "the played Alien Artifacts"}


def _ids(kind: str) -> list[str]:
    data = content()
    table = {"ship": data.ships, "technology": data.technologies, "planet": data.planets,
             "plan": data.plans, "artifact": data.artifacts}[kind]
    return list(table)


def card_spot(card: str) -> int | None:
    """The spot of a ship, technology, planet, Defense Plan, Alien Artifact or Resource
    card; None for a component without one (an Alien System is the one spot SYSTEM)."""
    kind = card_kind(card)
    if kind == "resource":
        return RESOURCE_BASE + int(card.lstrip("r"))
    if face_of(card):  # a card known by its face: the spot of its place, if named by it
        return int(card.split("#")[1]) if "#" in card else None
    if kind in CARD_BASE:
        return CARD_BASE[kind] + _ids(kind).index(card)
    return None


def deck_spot(kind: str) -> int:
    return DECKS[kind]


def seat_spot(seat: int) -> int:
    return SEAT_BASE + seat


def spot_card(spot: int) -> str | None:
    """The card a card spot stands for, None for another spot."""
    if RESOURCE_BASE < spot <= RESOURCE_BASE + len(content().resources):
        return f"r{spot - RESOURCE_BASE:02d}"
    for kind, base in CARD_BASE.items():
        ids = _ids(kind)
        if base <= spot < base + len(ids):
            return ids[spot - base]
    return None


def spot_name(view: View, spot: int) -> str:
    """A spot by the name of what lies there: "Calcine", "the Ship deck", "Red (Star
    Union)'s board"; "nowhere" for a number that is no spot."""
    if spot in _PLACES:
        if spot == SYSTEM and view.get("system"):
            return f"the Alien System {card_name(view['system'])}"
        return _PLACES[spot]
    for kind, number in DECKS.items():
        if spot == number:
            return f"the {kind.capitalize()} deck"
    seat = spot - SEAT_BASE
    if 0 <= seat < len(view["players"]):
        return f"{seat_name(view, seat)}'s board"
    if place_of(spot) is not None:  # a card the reader knows by its face only
        found = [c["id"] for p in view["players"] for column in ("construction", "empire")
                 for c in p[column] if c["id"].endswith(f"#{spot}")]
        return card_name(found[0]) if found else "nowhere"
    card = spot_card(spot)
    return card_name(card) if card else "nowhere"
