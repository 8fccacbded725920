"""Read decktet.toml and places.toml, check them, and build a :class:`Content`.

The checks are those of the Decktet's structure (every suit once among the Aces, the
Crowns and each numbered rank; twice among the Pawns and among the Courts) and of the
rules' data (known cards, actions and suits). A problem raises :class:`ContentError`
naming the file and the record.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

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


class ContentError(ValueError):
    """Content that breaks a rule of the data: one line naming the file and the record."""


def _read(name: str, directory: Path) -> dict[str, Any]:
    path = directory / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(f"{name}: {error}") from None


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ContentError(f"{where}: expected a list of strings")
    return tuple(value)


def _cards(data: dict[str, Any]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for record in data.get("card", []):
        where = f"decktet.toml: card {record.get('id', '?')!r}"
        try:
            card = Card(id=record["id"], name=record["name"], rank=str(record["rank"]),
                        suits=_strings(record["suits"], where),
                        kinds=_strings(record["kinds"], where))
        except KeyError as missing:
            raise ContentError(f"{where}: missing field {missing}") from None
        if card.id in cards:
            raise ContentError(f"{where}: listed twice")
        if card.rank not in RANKS:
            raise ContentError(f"{where}: unknown rank {card.rank!r}")
        unknown = [s for s in card.suits if s not in SUITS] + [k for k in card.kinds
                                                                 if k not in KINDS]
        if unknown:
            raise ContentError(f"{where}: unknown suit or kind {unknown}")
        if list(card.suits) != sorted(set(card.suits), key=SUITS.index):
            raise ContentError(f"{where}: suits repeated or out of the deck's order")
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
    for record in data.get("place", []):
        where = f"places.toml: place {record.get('id', '?')!r}"
        known = {"id", "title", "bonus", "no_explore_adjacent", "waterways", "grue_spared_by",
                 "no_towers", "defense_towers", "defense_suits"}
        if set(record) - known:
            raise ContentError(f"{where}: unknown fields {sorted(set(record) - known)}")
        place_id = record.get("id", "")
        if place_id not in cards or not cards[place_id].is_location:
            raise ContentError(f"{where}: not a Location of the Decktet")
        power = Power(id=place_id, title=str(record.get("title", "")),
                      bonus=_strings(record.get("bonus", []), where),
                      no_explore_adjacent=bool(record.get("no_explore_adjacent", False)),
                      waterways=bool(record.get("waterways", False)),
                      grue_spared_by=str(record.get("grue_spared_by", "")),
                      no_towers=bool(record.get("no_towers", False)),
                      defense_towers=bool(record.get("defense_towers", False)),
                      defense_suits=_strings(record.get("defense_suits", []), where))
        if any(a not in ACTIONS for a in power.bonus):
            raise ContentError(f"{where}: unknown action in bonus {list(power.bonus)}")
        if any(s not in SUITS for s in (*power.defense_suits, *filter(None, [
                power.grue_spared_by]))):
            raise ContentError(f"{where}: unknown suit")
        powers[place_id] = power
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
    cards = _cards(_read("decktet.toml", directory))
    data = _read("places.toml", directory)
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
