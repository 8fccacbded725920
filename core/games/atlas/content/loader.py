"""Read decktet.toml and places.toml, check them, and build a :class:`Content`.

Types, defaults, unknown and missing keys and repeated ids are ``core.content_schema``'s;
this module checks the Decktet's structure (every suit once among the Aces, the Crowns and
each numbered rank; twice among the Pawns and among the Courts) and the rules' data (known
cards, actions and suits). A problem raises :class:`ContentError` naming the file and the
record.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.content_schema import ContentError, read_toml, records, require
from core.games.atlas.content.model import (
    ACTIONS,
    KINDS,
    RANKS,
    SUITS,
    Card,
    Content,
    Power,
)

CONTENT_DIR = Path(__file__).parent
RANK_CLASSES = ("ace", "crown", "number", "court", "pawn", "none")
# How many cards each rank has, and how many suits each of them shows.
RANK_SHAPES = {"ace": (6, 1), "crown": (6, 1), "pawn": (4, 3), "court": (4, 3), "none": (1, 0),
               **{str(n): (3, 2) for n in range(2, 10)}}


def _strings(value: Any, where: str) -> tuple[str, ...]:
    require(isinstance(value, list) and all(isinstance(v, str) for v in value),
            f"{where}: expected a list of strings")
    return tuple(value)


def _cards(data: dict[str, Any]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for card in records(Card, data.get("card", []), "decktet.toml: card"):
        where = f"decktet.toml: card {card.id!r}"
        require(card.rank in RANKS, f"{where}: unknown rank {card.rank!r}")
        unknown = [s for s in card.suits if s not in SUITS] + [k for k in card.kinds
                                                                 if k not in KINDS]
        require(not unknown, f"{where}: unknown suit or kind {unknown}")
        require(list(card.suits) == sorted(set(card.suits), key=SUITS.index),
                f"{where}: suits repeated or out of the deck's order")
        cards[card.id] = card
    _check_structure(cards)
    return cards


def _check_structure(cards: dict[str, Card]) -> None:
    """The Decktet's shape: each rank's count of cards and suits, and its suits spread."""
    by_rank: dict[str, list[Card]] = {}
    for card in cards.values():
        by_rank.setdefault(card.rank, []).append(card)
    for rank, (count, suits) in RANK_SHAPES.items():
        group = by_rank.get(rank, [])
        if len(group) != count or any(len(c.suits) != suits for c in group):
            raise ContentError(f"decktet.toml: rank {rank!r} needs {count} cards of "
                               f"{suits} suits each")
        if suits:
            spread = Counter(s for c in group for s in c.suits)
            each = count * suits // len(SUITS)
            if set(spread) != set(SUITS) or set(spread.values()) != {each}:
                raise ContentError(f"decktet.toml: rank {rank!r} must show every suit "
                                   f"{each} time(s)")


def _powers(data: dict[str, Any], cards: dict[str, Card]) -> dict[str, Power]:
    powers: dict[str, Power] = {}
    for power in records(Power, data.get("place", []), "places.toml: place"):
        where = f"places.toml: place {power.id!r}"
        require(power.id in cards and cards[power.id].is_location,
                f"{where}: not a Location of the Decktet")
        require(all(a in ACTIONS for a in power.bonus),
                f"{where}: unknown action in bonus {list(power.bonus)}")
        require(all(s in SUITS for s in (*power.defense_suits,
                                         *filter(None, [power.grue_spared_by]))),
                f"{where}: unknown suit")
        powers[power.id] = power
    return powers


def _number(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ContentError(f"places.toml: {key} must be a positive integer")
    return value


def _actions(data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    table = data.get("actions", {})
    actions = {suit: _strings(table.get(suit, []), f"places.toml: actions.{suit}")
               for suit in SUITS}
    offered = [a for listed in actions.values() for a in listed]
    if sorted(offered) != sorted(ACTIONS) or set(table) - set(SUITS):
        raise ContentError("places.toml: [actions] must give every action to exactly one suit")
    return actions


def build(directory: Path = CONTENT_DIR) -> Content:
    cards = _cards(read_toml(directory, "decktet.toml"))
    data = read_toml(directory, "places.toml")
    known_world = _strings(data.get("known_world"), "places.toml: known_world")
    starting = _strings(data.get("starting_places"), "places.toml: starting_places")
    if any(p not in cards or not cards[p].is_location for p in known_world):
        raise ContentError("places.toml: the Known World must be Locations")
    if not set(starting) <= set(known_world):
        raise ContentError("places.toml: starting places must be in the Known World")
    rank_order = _strings(data.get("rank_order"), "places.toml: rank_order")
    if sorted(rank_order) != sorted(RANK_CLASSES):
        raise ContentError(f"places.toml: rank_order must order {list(RANK_CLASSES)}")
    actions = _actions(data)
    suit_of_action = {a: suit for suit, listed in actions.items() for a in listed}
    card_actions = {c.id: (ACTIONS if c.rank == "none" else
                           tuple(a for a in ACTIONS if suit_of_action[a] in c.suits))
                    for c in cards.values()}
    classes = len(rank_order)
    rank_keys = {c.id: (classes - rank_order.index("number" if c.number else c.rank), c.number)
                 for c in cards.values()}
    return Content(
        cards=MappingProxyType(cards), powers=MappingProxyType(_powers(data, cards)),
        tokens=_number(data, "tokens"), slots=_number(data, "slots"), hand=_number(data, "hand"),
        hired_advisor_tokens=_number(data, "hired_advisor_tokens"),
        explored_tokens=_number(data, "explored_tokens"),
        advisors_dealt=_number(data, "advisors_dealt"),
        known_world=known_world, starting_places=starting, rank_order=rank_order,
        actions=MappingProxyType(actions), suit_of_action=MappingProxyType(suit_of_action),
        card_actions=MappingProxyType(card_actions), rank_keys=MappingProxyType(rank_keys),
        suit_sets=MappingProxyType({c.id: frozenset(c.suits) for c in cards.values()}))


@cache
def load_content() -> Content:
    return build()
