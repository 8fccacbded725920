"""What the words read from a view (docs/view.md): small lookups, no rules.

A view is plain data; these functions only find things in it (a unit by id, a seat's
units in a sector, the task in progress), so that the sentences read as sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from core.games.fractal.words.names import UNITS, View, action_name, hex_sectors

Record = dict[str, Any]

RESERVE = -1  # docs/view.md: a unit's `where` in its owner's reserve
BLOOD_POOL = -3


def me(view: View) -> int:
    return int(view["seat"])


def player(view: View, seat: int) -> Record:
    found: Record = view["players"][seat]
    return found


def unit(view: View, unit_id: int) -> Record:
    found: Record = view["units"][unit_id]
    return found


def sector(view: View, sector_id: int) -> Record:
    found: Record = view["sectors"][sector_id]
    return found


def units_at(view: View, where: int, seat: int | None = None) -> list[Record]:
    return [u for u in view["units"]
            if u["where"] == where and (seat is None or u["owner"] == seat)]


def kinds(units: Iterable[Record]) -> dict[str, int]:
    """How many units of each kind, in the usual order, kinds absent left out."""
    found = {kind: 0 for kind in UNITS}
    for u in units:
        found[u["kind"]] += 1
    return {kind: n for kind, n in found.items() if n}


def owners_at(view: View, where: int) -> list[int]:
    """Seats with units or colonies in the sector, in seat order."""
    seats = {u["owner"] for u in units_at(view, where) if u["owner"] >= 0}
    seats.update(s["owner"] for s in sector(view, where)["spaces"] if s["owner"] >= 0)
    return sorted(seats)


def slot(view: View, tech: str, index: int) -> Record:
    found: Record = view["tech"][tech][index]
    return found


def top_card(view: View, tech: str, index: int) -> str:
    """The face-up technology of a slot, "" when it is face down or empty."""
    return str(slot(view, tech, index)["top"] or "")


def science_on(view: View, tech: str, index: int, seat: int) -> int:
    return int(slot(view, tech, index)["science"].get(str(seat), 0))


def task(view: View, kind: str) -> Record | None:
    """The topmost task of a kind in progress."""
    for t in reversed(view["stack"]):
        if t["kind"] == kind:
            found: Record = t
            return found
    return None


_ACTION_TASKS = ("recruit", "advance", "colonize", "research", "government", "action_card")


def current_action(view: View) -> str:
    """The action the pending steps belong to, by name ("Recruit"), "" outside one: the
    topmost action in progress, else the turn's latest action while its end (resolving
    events) runs."""
    for t in reversed(view["stack"]):
        if t["kind"] in _ACTION_TASKS:
            return action_name(t["kind"])
        if t["kind"] == "turn":
            break
    turn = task(view, "turn")
    if turn is None or view["stack"][-1] is turn:
        return ""
    done = turn["data"].get("done") or []
    return action_name(done[-1]) if done else ""


def vertex_sectors(view: View, vertex: Sequence[Sequence[int]]) -> list[int]:
    """The sectors meeting at a storm's corner (hexes off the map left out)."""
    by_hex = hex_sectors(view)
    return [by_hex[(h[0], h[1])] for h in vertex if (h[0], h[1]) in by_hex]
