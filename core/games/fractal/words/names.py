"""Names: how the words call players, sectors, units, cards and the game's terms.

Everything here reads a view (docs/view.md) or the content, never a state. Players are
named by colour and faction ("Red (Saura)"), the reader is "you"; sectors by their tile's
name and their number ("Amberfield 7", the number being the sector's id, as the choices
and the map use it); units by kind. Each owner and unit kind also has a symbol, so that a
screen or a plain-text map never tells players apart by colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.games.fractal.content import Content, load_content
from core.words import ASCII_SEAT_MARKS, SEAT_MARKS, Voice, called, capital, count, fit, listing

View = dict[str, Any]

# --- counting ------------------------------------------------------------------------------


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


# --- the game's terms ----------------------------------------------------------------------

ACTIONS = {"recruit": "Recruit", "advance": "Advance", "colonize": "Colonize",
           "research": "Research", "government": "Government", "action_card": "Action card"}
UNITS = ("infantry", "mech", "lightship", "warship")
SECTOR_KINDS = {"utopian": "Utopian", "starting": "starting", "non_habitable": "non-habitable",
                "productive": "productive", "mystery": "mystery", "biodiverse": "biodiverse",
                "arid": "arid", "fracture": "Fracture"}
EVENT_KINDS = {"obstacle": "obstacle", "anomaly": "anomaly", "living_galaxy": "living galaxy",
               "singularity": "singularity"}
PHASES = {"setup": "setup", "income": "income phase", "action": "action phase",
          "conflict": "conflict phase", "end_of_cycle": "end of cycle phase",
          "transition": "transition", "over": "end of the game"}
DECKS = {"action": "action deck", "artifact": "artifact deck"}


def action_name(action: str) -> str:
    return ACTIONS[action]


def unit(n: int, kind: str) -> str:
    """"1 lightship", "2 infantry"."""
    return count(n, kind)


def units(counts: Mapping[str, int]) -> str:
    """"2 infantry and 1 mech" from a unit table, in the table's order."""
    return listing([unit(n, kind) for kind, n in counts.items() if n])


def tech_slot(tech: str, index: int) -> str:
    """Slots are numbered from 1 for people, as a board shows them."""
    return f"{tech} slot {index + 1}"


# --- symbols -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Symbols:
    """Marks for a drawing: one per owner (by colour) and per unit kind, readable without
    colour; ``ascii`` sets are for terminals and files that only take plain ASCII."""

    owners: Mapping[str, str]
    units: Mapping[str, str]
    storm: str
    medal: str
    blockade: str
    none: str  # an empty colony space
    neutral: str  # the Fracture's neutral units
    ingress: str  # an ingress token of the Fracture
    egress: str  # a Fracture sector's egress
    link: str  # an adjacency that is not a shared border (a wormhole, the Fracture)
    seen: str  # a face-down event the reader looked at through insight


UNICODE = Symbols(owners=SEAT_MARKS,
                  units={"infantry": "i", "mech": "m", "lightship": "l", "warship": "w"},
                  storm="✶", medal="✪", blockade="⊘", none="○", neutral="✕", ingress="»",
                  egress="«", link="↔", seen="¿")
ASCII = Symbols(owners=ASCII_SEAT_MARKS,
                units=UNICODE.units, storm="*", medal="+", blockade="#",
                none="o", neutral="x", ingress=">", egress="<", link="@", seen="%")


def symbols(ascii: bool = False) -> Symbols:
    return ASCII if ascii else UNICODE


def seen(view: View, fact: str) -> list[str]:
    """What the reader saw through insight of ``fact`` ("event:7", "deck:action",
    "slot:military:0", "objective"): the cards, [] when they did not look. Only a seat's
    own view holds what it learned."""
    seat = view.get("seat", -1)
    players = view.get("players", [])
    known = players[seat].get("known", []) if 0 <= seat < len(players) else []
    for entry in reversed(known):  # the latest look
        looked, _, cards = str(entry).partition("=")
        if looked == fact:
            return [card for card in cards.split(",") if card]
    return []


def owner_symbol(view: View, seat: int, ascii: bool = False) -> str:
    if not 0 <= seat < len(view["players"]):
        return "-"
    return symbols(ascii).owners.get(view["players"][seat]["colour"], "?")


# --- players -------------------------------------------------------------------------------


def colour(view: View, seat: int) -> str:
    return capital(view["players"][seat]["colour"])


def seat_name(view: View, seat: int) -> str:
    """"Red (Saura)" once the faction is chosen, "Red" before; "Ada (Red, Saura)" for a
    player with a name of their own."""
    if not 0 <= seat < len(view["players"]):
        return "nobody"
    player = view["players"][seat]
    faction = player["faction"]
    return called(player["colour"], str(player.get("name", "")),
                  content().factions[faction].name if faction else "")


# The reader is "you", another player their name (core.words.Voice).
VOICE = Voice(seat_name)
is_me, who, whom, whose, their, says = (VOICE.is_me, VOICE.who, VOICE.whom, VOICE.whose,
                                        VOICE.their, VOICE.says)


def seats_named(view: View, seats: list[int]) -> str:
    return listing([whom(view, s) for s in seats])


# --- sectors -------------------------------------------------------------------------------


def sector_name(view: View, sector: int) -> str:
    """The tile's name and the sector's number; "Sector 5" for a starting sector whose
    tile waits for its faction."""
    sectors = view["sectors"]
    if not 0 <= sector < len(sectors):
        return "off the map"
    tile = sectors[sector]["tile"]
    return f"{content().sectors[tile].name} {sector}" if tile else f"Sector {sector}"


def sector_label(view: View, sector: int, width: int) -> str:
    """The sector's name in at most ``width`` columns: the tile's name gives way first, so
    the number always shows."""
    name = sector_name(view, sector)
    if len(name) <= width:
        return name
    number = f" {sector}"
    return fit(name[: -len(number)], width - len(number)) + number


def hex_sectors(view: View) -> dict[tuple[int, int], int]:
    """Sector ids by their (q, r) hex."""
    return {(s["q"], s["r"]): s["id"] for s in view["sectors"]}


# --- cards ---------------------------------------------------------------------------------


@cache
def content() -> Content:
    return load_content()


def _tables(data: Content) -> dict[str, Mapping[str, Any]]:
    return {"sector": data.sectors, "faction": data.factions, "government": data.governments,
            "mastery": data.masteries, "tactic": data.tactic_cards, "action": data.actions,
            "technology": data.technologies, "objective": data.objectives,
            "obstacle": data.obstacles, "anomaly": data.anomalies, "artifact": data.artifacts,
            "singularity": data.singularities, "living_galaxy": data.living_galaxies,
            "living_storm": data.living_storms}


@cache
def _kinds_of_ids() -> dict[str, str]:
    """Every content id with its kind (ids are unique across kinds)."""
    return {card_id: kind for kind, table in _tables(content()).items() for card_id in table}


def kind_of(card_id: str) -> str:
    """The kind of a content id, "" when it is none."""
    return _kinds_of_ids().get(card_id, "")


def table(kind: str) -> Mapping[str, Any]:
    """The content of one kind by id (tactics by card id)."""
    return _tables(content())[kind]


def record(kind: str, card_id: str) -> Any:
    return table(kind)[card_id]


def card_name(card_id: str) -> str:
    """Any content id by its name; a tactic card says when it shows its elite side."""
    kind = kind_of(card_id)
    name = str(record(kind, card_id).name)
    return f"{name} (elite)" if kind == "tactic" and card_id.endswith("+elite") else name


# Where a gain or a loss comes from when no card says: the engine's sources, as phrases.
_SOURCES = {"income": "during the income phase", "cycle_end": "at the end of the cycle",
            "scientific_track": "from the scientific track",
            "military_track": "from the military track",
            "gorias_bone_trade": "from Bone Trade", "exodian_resettle": "from Resettlement"}


def source_phrase(source: str) -> str:
    """What caused a gain, as a phrase: "from Silicon Throne", "during the income phase"."""
    if kind_of(source):
        return f"from {card_name(source)}"
    return _SOURCES.get(source, "")
