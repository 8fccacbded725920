"""Names: how Alien Artifacts' words call players, cards, Resource cards and the game's terms.

Everything here reads a view (docs/alien-artifacts.md, "The view") or the content, never a
state. A player is their seat's colour and their faction ("Red (Star Union)"), the reader
"You"; a ship, technology, planet, Alien Artifact, Defense Plan or Alien System by its name;
a Resource card, which has none, by its number in the deck ("R55", the one name every pane
and option gives it), with its two sections where it matters ("blue 3 Exterminate / gold 2
Exploit").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from core.games.artifacts.content import Content, load_content
from core.games.artifacts.content.model import Section
from core.games.artifacts.faces import stand_in
from core.words import ASCII_SEAT_MARKS, SEAT_COLOURS, SEAT_MARKS, Voice, called, count

View = dict[str, Any]


@cache
def content() -> Content:
    return load_content()


# --- the game's terms ----------------------------------------------------------------------

KIND_NAMES = {"ship": "Ship", "technology": "Technology", "planet": "Planet"}
TYPE_NAMES = {"explore": "Explore", "expand": "Expand", "exterminate": "Exterminate",
              "exploit": "Exploit"}
SIDE_NAMES = {"logistics": "Logistics", "operational": "operational"}
# What each side of a kind is called on its card (AA:322-363, AA:602-633).
SIDE_VERBS = {("planet", "logistics"): "Settled", ("planet", "operational"): "Exploited",
              ("technology", "logistics"): "Deployed", ("technology", "operational"): "Sold",
              ("ship", "logistics"): "joined to the fleet",
              ("ship", "operational"): "sent on a Mission"}
ACTION_NAMES = {"buy": "Buy", "discover": "Discover a Planet", "develop": "Develop a Technology",
                "build": "Build a Ship", "prepare": "Prepare", "trade": "Trade",
                "remove": "Remove Blockades", "offensive": "Start an Offensive",
                "revenue": "Gain Revenue", "mine": "Mine the Planets"}
# The kind each construction or operational action is about.
ACTION_KINDS = {"discover": "planet", "develop": "technology", "build": "ship",
                "offensive": "ship", "revenue": "technology", "mine": "planet"}


def kind_name(kind: str, n: int = 1) -> str:
    """"Ship", "2 Technologies"; "card" for any kind."""
    noun = KIND_NAMES.get(kind, "card")
    return noun if n == 1 else count(n, noun)


def deck_name(kind: str) -> str:
    return f"the {KIND_NAMES[kind]} deck"


def side_name(side: str) -> str:
    return SIDE_NAMES.get(side, side)


def action_name(action: str) -> str:
    return ACTION_NAMES[action]


# --- cards ---------------------------------------------------------------------------------


@cache
def _card_kinds() -> dict[str, str]:
    data = content()
    found = {}
    for kind, cards in (("ship", data.ships), ("technology", data.technologies),
                        ("planet", data.planets), ("artifact", data.artifacts),
                        ("plan", data.plans), ("system", data.systems),
                        ("faction", data.factions)):
        found.update(dict.fromkeys(cards, kind))
    found[data.basic.id] = "basic"
    return found


def face_of(card: str) -> str:
    """The face a card's public name shows (``ship.explore``, or an alias of it:
    ``ship.explore#2153``, core/games/artifacts/faces.py); "" for a content id."""
    head = card.split("#")[0]
    return head if head.split(".")[0] in KIND_NAMES and "." in head else ""


def card_kind(card: str) -> str:
    """A component's kind by its id (every id of the content is unique) or a face: ship,
    technology, planet, artifact, plan, system, faction, basic or resource."""
    if card in content().resources:
        return "resource"
    face = face_of(card)
    return face.split(".")[0] if face else _card_kinds()[card]


def card_name(card: str) -> str:
    """Any named component by its id; a Resource card by its number; a card known by its
    face only by its Type and kind ("Explore Ship")."""
    data = content()
    kind = card_kind(card)
    if face_of(card):
        return f"{card_type(card)} {KIND_NAMES[kind]}"
    if kind == "resource":
        return f"R{card_number(card)}"
    if kind == "basic":
        return data.basic.name
    table: dict[str, Mapping[str, Any]] = {
        "ship": data.ships, "technology": data.technologies, "planet": data.planets,
        "artifact": data.artifacts, "plan": data.plans, "system": data.systems,
        "faction": data.factions}
    return str(table[kind][card].name)


def card_type(card: str) -> str:
    """The Type of a ship, technology or planet (or of a face), as a word: "Explore"."""
    data = content()
    kind = card_kind(card)
    card = stand_in(data, card)
    found: dict[str, Mapping[str, Any]] = {
        "ship": data.ships, "technology": data.technologies, "planet": data.planets}
    return TYPE_NAMES[found[kind][card].type]


def card_title(card: str) -> str:
    """A ship, technology or planet with its Type and kind: "Calcine (Exterminate Planet)";
    a card known by its face only: "Explore Ship (its Logistics side)"."""
    if face_of(card):
        return f"{card_name(card)} (its Logistics side)"
    return f"{card_name(card)} ({card_type(card)} {KIND_NAMES[card_kind(card)]})"


def card_number(resource: str) -> int:
    """A Resource card's place in the deck's list, 1 to 83 (its id is r01 to r83)."""
    return int(resource.lstrip("r"))


def section_text(section: Section) -> str:
    """"blue 3 Exterminate"."""
    return f"{section.colour} {section.symbols} {TYPE_NAMES[section.type]}"


def resource_text(resource: str) -> str:
    """"R55 (1): blue 3 Exterminate / gold 2 Exploit": the combat number, then the top and
    bottom sections."""
    card = content().resources[resource]
    top, bottom = card.sections
    return f"{card_name(resource)} ({card.number}): {section_text(top)} / {section_text(bottom)}"


def half_section(resource: str, half: str) -> Section:
    top, bottom = content().resources[resource].sections
    return top if half == "top" else bottom


def tucked_text(tucked: str) -> str:
    """A tucked section ``<resource>:<half>``: "R55's blue 3 Exterminate"."""
    resource, half = tucked.split(":")
    return f"{card_name(resource)}'s {section_text(half_section(resource, half))}"


# --- players -------------------------------------------------------------------------------


def colour(seat: int) -> str:
    """A seat's colour: seats take core.words.SEAT_COLOURS in order."""
    return SEAT_COLOURS[seat]


def seat_name(view: View, seat: int) -> str:
    """"Red (Star Union)", "Ada (Red, Star Union)" for a player with a name of their own
    ("Blue" or "Ada (Blue)" before the factions are given); "nobody" for a seat the game
    has not."""
    players = view["players"]
    if not 0 <= seat < len(players):
        return "nobody"
    player = players[seat]
    faction = card_name(player["faction"]) if player["faction"] else ""
    return called(colour(seat), str(player["name"]), faction)


def mark(seat: int, ascii: bool = False) -> str:
    """A seat's mark, readable without colour."""
    if not 0 <= seat < len(SEAT_COLOURS):
        return "-" if ascii else "·"
    return (ASCII_SEAT_MARKS if ascii else SEAT_MARKS)[colour(seat)]


# The reader is "you", another player their name (core.words.Voice).
VOICE = Voice(seat_name)
is_me, who, whom, whose, their, says = (VOICE.is_me, VOICE.who, VOICE.whom, VOICE.whose,
                                        VOICE.their, VOICE.says)
