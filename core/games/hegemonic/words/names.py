"""Names: how Hegemonic's words call players, sectors, Locations, pieces and components.

Everything here reads a view (docs/hegemonic.md, "The view") or the content, never a
state. Players are named by their House's colour and House ("Red (Bushido)"), the reader
is "You"; sectors by their tile's name and their number ("Cinder Belt 12", the number
being the sector's index in the view, as the choices use it); a Technology Card by its
technology and its three powers ("Nano-Fabricants 2/1/2"), since copies differ only there.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.hegemonic.content import Content, load_content
from core.words import (
    ASCII_SEAT_MARKS,
    SEAT_MARKS,
    Voice,
    article,
    called,
    capital,
    count,
    fit,
    listing,
)

View = dict[str, Any]

# --- the game's terms ----------------------------------------------------------------------

KIND_NAMES = {"industrial": "Industrial", "political": "Political", "martial": "Martial"}
KIND_LETTERS = {"industrial": "I", "political": "P", "martial": "M"}
BASE_NAMES = {"industrial": "Complex", "political": "Embassy", "martial": "Outpost"}
BASE_LETTERS = {"industrial": "C", "political": "E", "martial": "O"}
UNIT_NAMES = {"agent": "Agent", "fleet": "Fleet"}
UNIT_KINDS = {"agent": "political", "fleet": "martial"}
BUILD_NAMES = {"complex": "Complexes", "gate": "gate pairs", "embassy": "Embassies",
               "agent": "Agents", "outpost": "Outposts", "fleet": "Fleets"}
ACTION_NAMES = {"build": "BUILD", "takeover": "TAKEOVER", "destroy": "DESTROY",
                "basic": "BASIC", "capitalize": "CAPITALIZE", "survey": "SURVEY",
                "research": "RESEARCH"}
PHASES = {"setup": "setup", "collection": "Collection", "expansion": "Expansion",
          "action1": "Action Phase 1", "action2": "Action Phase 2",
          "action3": "Action Phase 3", "arbitration": "Arbitration", "over": "the end"}
FACTION_NAMES = {"orange": "Orange", "purple": "Purple", "green": "Green"}
FACTION_LETTERS = {"orange": "o", "purple": "p", "green": "g"}


def base_name(kind: str, n: int = 1) -> str:
    """"Complex", "2 Embassies" (``n`` > 1 or 0 gives the count)."""
    return BASE_NAMES[kind] if n == 1 else count(n, BASE_NAMES[kind])


def faction_name(faction: str) -> str:
    return f"the {FACTION_NAMES[faction]} faction"


def phase_name(phase: str) -> str:
    return PHASES.get(phase, phase)


# --- players -------------------------------------------------------------------------------


def colour(view: View, seat: int) -> str:
    return capital(str(view["players"][seat]["colour"]))


def house_name(house: str) -> str:
    """A House by its own name: "Bushido"."""
    return next(h.name for h in content().homes if h.id == house).removeprefix("House ")


def seat_name(view: View, seat: int) -> str:
    """"Red (Bushido)", "Ada (Red, Bushido)" for a player with a name of their own;
    "nobody" for a seat the game has not."""
    players = view["players"]
    if not 0 <= seat < len(players):
        return "nobody"
    player = players[seat]
    return called(str(player["colour"]), str(player.get("name", "")),
                  house_name(player["house"]))


def mark(view: View, seat: int, ascii: bool = False) -> str:
    """A seat's mark, readable without colour."""
    players = view["players"]
    if not 0 <= seat < len(players):
        return "-" if ascii else "·"
    return (ASCII_SEAT_MARKS if ascii else SEAT_MARKS)[players[seat]["colour"]]


# The reader is "you", another player their name (core.words.Voice).
VOICE = Voice(seat_name)
is_me, who, whom, whose, their, says = (VOICE.is_me, VOICE.who, VOICE.whom, VOICE.whose,
                                        VOICE.their, VOICE.says)


# --- sectors and Locations -----------------------------------------------------------------


def sector_name(view: View, sector: int) -> str:
    """"Cinder Belt 12", "Bushido Home 7", "Empty hex 5"."""
    sectors = view["sectors"]
    if not 0 <= sector < len(sectors):
        return "off the map"
    s = sectors[sector]
    if s["home"] >= 0:
        return f"{house_name(s['tile'])} Home {sector}"
    if s["tile"]:
        return f"{content().tiles[s['tile']].name} {sector}"
    return f"Empty hex {sector}"


def sector_label(view: View, sector: int, width: int) -> str:
    """The sector's name in at most ``width`` columns: the name gives way first, so the
    number always shows."""
    name = sector_name(view, sector)
    if len(name) <= width:
        return name
    number = f" {sector}"
    return fit(name[: -len(number)], width - len(number)) + number


def location_code(view: View, loc: int) -> str:
    """A Location in a few characters: "I", "P2", "M3" (its kind, and an Embassy's power
    or a stack's room)."""
    record = view["locations"][loc]
    letter = KIND_LETTERS[record["kind"]]
    return letter if record["kind"] == "industrial" else f"{letter}{record['power']}"


def location_name(view: View, loc: int) -> str:
    """"the Political Location (power 2) of Fen Court 14", "the Industrial Location #2 of
    Foundry Drift 12"."""
    record = view["locations"][loc]
    kind = record["kind"]
    what = {"industrial": "", "political": f" (power {record['power']})",
            "martial": f" (room for {record['power']})"}[kind]
    twin = location_twin(view, loc)
    which = f" #{twin}" if twin else ""
    return (f"the {KIND_NAMES[kind]} Location{which}{what} of "
            f"{sector_name(view, record['sector'])}")


# --- components ----------------------------------------------------------------------------


@cache
def content() -> Content:
    return load_content()


def powers(card: str) -> str:
    """A Technology Card's powers in Industrial, Political and Martial conflicts: "3/2/1"."""
    return "/".join(str(n) for n in content().cards[card].power)


def tech_name(card: str) -> str:
    """The technology a card is a copy of: "Nano-Fabricants"."""
    return content().tech_of(card).name


@cache  # a card's name never changes, and logs name cards often
def card_name(card: str) -> str:
    """A Technology Card, told apart from the other copies: "Nano-Fabricants 2/1/2"."""
    return f"{tech_name(card)} {powers(card)}"


def power_in(card: str, kind: str) -> int:
    """What the card adds in a conflict fought with ``kind`` power."""
    return content().power(card, kind)


def tile_name(tile: str) -> str:
    return content().tiles[tile].name


def tile_locations(tile: str) -> str:
    """What a tile brings, in words: "2 Industrial Locations, a Political Location of power
    2 (Orange faction) and a Martial Location with room for 3"."""
    t = content().tiles[tile]
    faction = f" ({FACTION_NAMES[t.faction]} faction)" if t.faction else ""
    groups = [("Industrial Location", "", n) for n in [1] * t.industrial]
    groups += [("Political Location", f" of power {p}{faction}", p) for p in t.political]
    groups += [("Martial Location", f" with room for {m}", m) for m in t.martial]
    parts = []
    for key in dict.fromkeys(groups):  # like Locations together, in the tile's order
        n = groups.count(key)
        noun, what, _ = key
        parts.append(f"{article(noun)}{what}" if n == 1
                     else f"{n} {noun}s{what}")
    return listing(parts) or "no Locations (deep space)"


def tile_code(tile: str) -> str:
    """A tile's Locations in a few characters: "I2 P2o M3" (2 Industrial, an Orange
    Political of power 2, a Martial with room for 3); "-" for deep space."""
    t = content().tiles[tile]
    parts = [f"I{t.industrial}"] if t.industrial else []
    letter = FACTION_LETTERS.get(t.faction, "")
    parts += [f"P{p}{letter}" for p in t.political]
    parts += [f"M{m}" for m in t.martial]
    return " ".join(parts) or "-"


def action_card_name(card: str) -> str:
    return content().action_cards[card].name


def pattern_name(pattern: str) -> str:
    return content().patterns[pattern].name


ATTACKER_NAMES = {"complexes": "a group of Complexes", "agent": "an Agent", "fleet": "a Fleet"}
TARGET_NAMES = {"industrial": "Complexes and gates", "political": "Embassies and Agents",
                "martial": "Outposts and Fleets"}


def pattern_text(pattern: str) -> str:
    """"Acquire: a group of Complexes takes over Embassies and Agents"."""
    p = content().patterns[pattern]
    verb = "takes over" if p.conflict == "takeover" else "destroys"
    return f"{p.name}: {ATTACKER_NAMES[p.attacker]} {verb} {TARGET_NAMES[p.target]}"


def leader_name(leader: str) -> str:
    return content().leaders[leader].name


def location_twin(view: View, loc: int) -> int:
    """0, or which of the sector's like Locations (same kind and power) this is, from 1,
    when the sector has more than one."""
    record = view["locations"][loc]
    like = [i for i in view["sectors"][record["sector"]]["locations"]
            if view["locations"][i]["kind"] == record["kind"]
            and view["locations"][i]["power"] == record["power"]]
    return like.index(loc) + 1 if len(like) > 1 else 0


def location_label(view: View, loc: int, width: int, before: str = "") -> str:
    """``before``, the Location's code and its sector, in at most ``width`` columns:
    "Embassy P2 in Fen Court 14", "Complex #2 in Foundry Drift 12" (the second of two like
    Locations there); the sector's name gives way first."""
    record = view["locations"][loc]
    code = "" if record["kind"] == "industrial" else location_code(view, loc)
    twin = location_twin(view, loc)
    head = " ".join(part for part in (before.strip(), code, f"#{twin}" if twin else "") if part)
    head = f"{head} in " if head else ""
    return head + sector_label(view, record["sector"], width - len(head))
