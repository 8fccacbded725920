"""The battle being fought, in words: the view's ``battle`` record (docs/view.md) as a
battle panel, a tactic's option or a plain-text page read it.

Every function reads the record and the view it came in, never a state: why a tactic may
not be played, what a side has and has lost, the turns' cards, where a retreat goes, and the
warning a tactic carries when it would leave its side nothing to play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.games.fractal.words.names import (
    View,
    card_name,
    content,
    says,
    sector_name,
    units,
    whom,
    whose,
)
from core.words import capital, count, listing

Record = dict[str, Any]

# Beside a tactic whose record has a ``last``: the option's warning says it in full.
LAST_NOTES = {"tactics": "leaves no other tactic", "units": "takes your last units"}


def battle_of(view: View) -> Record | None:
    """The battle being fought, or None (between battles, or a view without the record)."""
    record: Record | None = view.get("battle")
    return record


def side_of(record: Record, seat: int) -> Record | None:
    return next((side for side in record["sides"] if side["seat"] == seat), None)


def tactic_entry(record: Record, seat: int, card: str) -> Record | None:
    side = side_of(record, seat)
    if side is None:
        return None
    return next((t for t in side["tactics"] if t["id"] == card), None)


def takes_part(view: View, record: Record) -> bool:
    """Whether the battle concerns the reader: a seat fighting it, or any spectator."""
    return view["seat"] < 0 or view["seat"] in record["seats"]


# --- why a tactic may not be played --------------------------------------------------------


def reason(view: View, record: Record, seat: int, card: str) -> str:
    """Why the seat may not choose ``card`` now, as a sentence; "" when it may."""
    entry = tactic_entry(record, seat, card)
    why = entry["reason"] if entry else ""
    if why == "played":
        turn = next((i + 1 for i, cards in enumerate(record["turns"])
                     if any(c["seat"] == seat and c["tactic"] == card for c in cards)), 0)
        when = f" in turn {turn}" if turn else ""
        return f"Played{when}; out until the battle ends."
    if why == "discarded":
        return "Discarded by the hostile conditions here, for this battle."
    if why == "units":
        return _needs(card)
    return ""


def _needs(card: str) -> str:
    """"Needs 1 warship.", "Needs at least 1 infantry." (a card formed by 3 infantry or by
    1 needs 1: a way to form it that asks more of every kind than another is not named)."""
    ways = [comp.units for comp in content().tactic_cards[card].compositions]
    least = [way for way in ways if not any(other != way and _within(other, way)
                                            for other in ways)]
    more = " at least" if len(least) < len(ways) else ""
    return f"Needs{more} {', or '.join(units(way) for way in least)}."


def _within(fewer: Mapping[str, int], more: Mapping[str, int]) -> bool:
    """Whether every unit ``fewer`` asks for, ``more`` asks for too."""
    return all(more.get(kind, 0) >= n for kind, n in fewer.items())


# --- the warning on a tactic that leaves nothing to play -----------------------------------


def warning(view: View, seat: int, card: str) -> str:
    """The warning a tactic option carries when, once played, its side has nothing to fight
    on with at the next turn (docs/view.md, a tactic's ``last``); "" otherwise."""
    record = battle_of(view)
    entry = tactic_entry(record, seat, card) if record else None
    if record is None or entry is None or not entry["last"]:
        return ""
    place = sector_name(view, int(record["sector"]))
    if entry["last"] == "units":
        return (f"Last units: its unit cost takes every unit you have in {place}, which "
                f"leaves the battle to the others.")
    side = side_of(record, seat)
    others = [t for t in side["tactics"] if t["playable"] and t["id"] != card] if side else []
    why = ("its unit cost leaves no other tactic you can form" if others
           else "no other tactic of yours can be formed here")
    return (f"Last tactic: {why}. If the battle lasts another turn, your units in {place} go "
            f"missing in action.")


# --- the sides -----------------------------------------------------------------------------


def forces(side: Record) -> str:
    """"Forces: 2 infantry and 1 mech (1 toppled)", "Forces: none left"."""
    text = units(side["units"]) or "none left"
    toppled = sum(side["toppled"].values())
    return f"Forces: {text} ({toppled} toppled)" if toppled else f"Forces: {text}"


def unplayable_list(side: Record) -> str:
    """Another side's tactics it may not play, in one line: "Cannot play: Retreat (played),
    Shield Wall"; "" when it may play them all."""
    marks = {"played": " (played)", "discarded": " (discarded)"}
    out = [f"{card_name(t['id'])}{marks.get(t['reason'], '')}" for t in side["tactics"]
           if not t["playable"]]
    return f"Cannot play: {listing(out)}." if out else ""


def tactics_heading(side: Record) -> str:
    """"Tactics, 3 of 5 playable"."""
    playable = sum(1 for t in side["tactics"] if t["playable"])
    return f"Tactics, {playable} of {len(side['tactics'])} playable"


def started(side: Record) -> str:
    """The forces the side began with, "" while it has lost nothing."""
    if side["start"] == side["units"]:
        return ""
    return f"Began with {units(side['start'])}"


def losses(side: Record) -> str:
    """What the side's units took and what it dealt, "" before any damage."""
    taken = side["taken"]
    parts = [f"{taken[o]} {word}" for o, word in (("removed", "removed"),
                                                    ("retreat", "retreated"),
                                                    ("cut_off", "removed, nowhere to retreat"),
                                                    ("toppled", "toppled")) if taken.get(o)]
    lost = f"took {listing(parts)}" if parts else ""
    dealt = f"dealt {count(side['dealt'], 'hit')}" if side["dealt"] else ""
    return capital("; ".join(p for p in (lost, dealt) if p))


def retreat(view: View, record: Record, side: Record) -> str:
    """Where the side's units would go if forced to retreat."""
    places = [sector_name(view, s) for s in side["retreat"]]
    if not side["units"]:
        return ""
    if not places:
        return "Retreat: no safe sector next to it; a unit forced to retreat is removed."
    if len(places) == 1:
        return f"Retreat: to {places[0]}."
    return f"Retreat: to {listing(places, 'or')}, as the player dealing the damage picks."


def choosing(view: View, side: Record) -> str:
    """Where the side stands in the choice of this turn's card."""
    choice = side.get("choice")
    if choice:
        return (f"{says(view, side['seat'], 'have')} chosen {card_name(choice)}, hidden "
                f"until every side has chosen.")
    if side["chosen"]:
        return f"{says(view, side['seat'], 'have')} chosen a card."
    return ""


# --- the turns -----------------------------------------------------------------------------


def stage(view: View, record: Record) -> str:
    """The battle's heading: where, which turn, and what happens now."""
    place = sector_name(view, int(record["sector"]))
    turn = f", turn {record['turn']}" if record["turn"] else ""
    now = {"choose": "the tactics are being chosen",
           "resolve": "the cards resolve, lowest initiative first",
           "turn": "between two turns"}.get(record["stage"], "")
    return f"Battle in {place}{turn}: {now}"


def order(view: View, record: Record) -> str:
    """How the cards of a turn resolve."""
    seats = [whom(view, s) for s in record["order"]]
    return (f"Lowest initiative resolves first; equal ones at once, dealing damage in the "
            f"order {listing(seats)}.")


def turn_cards(view: View, record: Record, index: int) -> list[str]:
    """One turn's cards, in the order they resolve: "Red (Saura)'s Retreat (2)"."""
    shown = []
    for card in record["turns"][index]:
        name = f"{capital(whose(view, card['seat']))} {card_name(card['tactic'])}"
        shown.append(f"{name} ({card['initiative']})")
    return shown


def tactic_label(card: str, initiative: int) -> str:
    """A tactic with its initiative: "Retreat (2)"."""
    return f"{card_name(card)} ({initiative})"


def card_status(record: Record, index: int) -> str:
    """Where a card of the turn resolving stands."""
    if record["cards"][index]["status"] == "discarded":
        return "discarded: its units were gone"
    group = next(g for g, members in enumerate(record["groups"]) if index in members)
    if group == record["group"]:
        return "resolving now"
    return "resolved" if group < record["group"] else "waits for its initiative"
