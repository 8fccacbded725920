"""Facts the words work out from a view: whose pieces are where, what a Base or a conflict
would cost, the conflict under way. The rules behind them are the engine's (``build.py``,
``targeting.py``, ``power.py``); tests/hegemonic/test_words_facts.py holds these readings
to the engine's own answers in real positions."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.build import BRANE_COST, TRANSCEND_COST
from core.games.hegemonic.words.names import View, content
from core.hexgrid import neighbours

# The engine's tasks a seat's steps belong to, as the action a screen names them by.
ACTION_TASKS = {"build": "Build", "basic": "Basic", "survey": "Survey",
                "research": "Research", "gift": "Gift", "leader_advance": "Leader",
                "leader_move": "Leader", "relocate": "Build", "gate": "Build"}
NANO_DISCOUNT = 1  # Nano-Fabricants, a Complex near another player's
DRONES_DISCOUNT = 1  # Self-Replicating Drones, an Outpost on an own stack
EFFICIENCY = 1  # Efficiency Paradigm, off a conflict's cost


def player(view: View, seat: int) -> dict[str, Any]:
    return dict(view["players"][seat])


def sector(view: View, sector_id: int) -> dict[str, Any]:
    return dict(view["sectors"][sector_id])


def location(view: View, loc: int) -> dict[str, Any]:
    return dict(view["locations"][loc])


def modules(view: View) -> list[str]:
    return list((view.get("options") or {}).get("modules") or [])


def has_tech(view: View, seat: int, tech: str) -> bool:
    """Whether a player has that technology advanced (public: Advanced Technologies lie
    face up)."""
    cards = content().cards
    return any(cards[c].tech == tech for c in view["players"][seat]["advanced"])


def unit_at(view: View, seat: int, unit: str, index: int) -> int:
    """The sector of a player's Agent or Fleet, -1 in the supply."""
    units = view["players"][seat]["agents" if unit == "agent" else "fleets"]
    return int(units[index]) if 0 <= index < len(units) else -1


def units_in(view: View, sector_id: int) -> list[tuple[int, str]]:
    """(seat, unit) of every Agent and Fleet in a sector, by seat."""
    return [(p["seat"], unit) for p in view["players"] for unit in ("agent", "fleet")
            for at in p["agents" if unit == "agent" else "fleets"] if at == sector_id]


def gate_ends(view: View, sector_id: int) -> list[tuple[int, int]]:
    """(seat, the other end's sector) of every gate pair with an end in a sector."""
    return [(p["seat"], pair[1] if pair[0] == sector_id else pair[0])
            for p in view["players"] for pair in p["gates"] if pair and sector_id in pair]


def bases_in(view: View, sector_id: int, seat: int, kind: str) -> list[int]:
    return [i for i in view["sectors"][sector_id]["locations"]
            if view["locations"][i]["owner"] == seat and view["locations"][i]["kind"] == kind]


def within_one(view: View, a: int, b: int) -> bool:
    """Whether two sectors are at most one hex apart: the same, next to each other, or
    joined by a gate pair (gates count as next to)."""
    if a == b:
        return True
    sa, sb = view["sectors"][a], view["sectors"][b]
    if (sb["q"], sb["r"]) in neighbours((sa["q"], sa["r"])):
        return True
    return any(sorted(pair) == sorted((a, b)) for p in view["players"] for pair in p["gates"])


def build_cost(view: View, seat: int, loc: int) -> int:
    """What a Base on a Location costs the seat now (``build.base_cost``)."""
    record = view["locations"][loc]
    kind = record["kind"]
    cost = int(view["players"][seat]["tracks"][kind]["next_cost"])
    if kind == "industrial" and has_tech(view, seat, "nano_fabricants") and any(
            o["kind"] == "industrial" and o["owner"] not in (-1, seat)
            and within_one(view, o["sector"], record["sector"]) for o in view["locations"]):
        cost -= NANO_DISCOUNT
    if kind == "martial" and record["owner"] == seat and has_tech(
            view, seat, "self_replicating_drones"):
        cost -= DRONES_DISCOUNT
    return max(cost, 0)


def relocation_cost(mode: str, kind: str) -> int:
    """A Base moved in a BUILD: the track's first space when it is empty, or the
    technology's price (``build.py``)."""
    if mode == "transcend":
        return TRANSCEND_COST
    if mode == "brane":
        return BRANE_COST
    return content().tracks[kind].cost[0]


def target_power(view: View, locations: list[int]) -> int:
    """The targeted Bases' power, which a conflict's cost is counted on: a Complex 1, an
    Embassy its Location's power, an Outpost stack its height."""
    total = 0
    for i in locations:
        record = view["locations"][i]
        total += record["height"] * (record["power"] if record["kind"] == "political" else 1)
    return total


def conflict_cost(view: View, seat: int, conflict: str, locations: list[int]) -> int:
    """What declaring a conflict on those Bases costs the seat (``targeting.cost``)."""
    rates = content().empire
    rate = rates.takeover_rate if conflict == "takeover" else rates.destroy_rate
    total = rate * target_power(view, locations)
    if has_tech(view, seat, "efficiency_paradigm"):
        total -= EFFICIENCY
    return max(total, 0)


def target_pieces(view: View, sector_id: int, defender: int, kind: str
                  ) -> tuple[list[int], int, int]:
    """What an attack on ``defender``'s pieces of ``kind`` in a sector targets: their
    Bases there, and their Agents or Fleets (or gate pairs) there."""
    locations = bases_in(view, sector_id, defender, kind)
    p = view["players"][defender]
    if kind == "industrial":
        return locations, 0, sum(1 for pair in p["gates"] if pair and sector_id in pair)
    units = p["agents"] if kind == "political" else p["fleets"]
    return locations, sum(1 for at in units if at == sector_id), 0


def in_faction(view: View, loc: int, faction: str) -> bool:
    """Whether an Embassy draws on a faction: its sector's, or every faction for a Home's
    Embassy when Homes are wild (``power.in_faction``)."""
    s = view["sectors"][view["locations"][loc]["sector"]]
    if s["home"] >= 0:
        return "wild_homes" in modules(view)
    return bool(s["faction"] == faction)


def embassy_power(view: View, loc: int) -> int:
    """An Embassy's power in conflicts: a Home's gives none unless Homes are wild."""
    record = view["locations"][loc]
    if view["sectors"][record["sector"]]["home"] >= 0:
        return 1 if "wild_homes" in modules(view) else 0
    return int(record["power"])


def faction_power(view: View, seat: int, faction: str) -> int:
    """The power a faction's Embassies of the seat lend an Agent (``power.faction_power``)."""
    return sum(embassy_power(view, i) for i, loc in enumerate(view["locations"])
               if loc["owner"] == seat and loc["kind"] == "political"
               and in_faction(view, i, faction))


def fleet_value(view: View, seat: int) -> int:
    """A Fleet's own power: its owner's Martial tier, one more with Hyper-Cannon
    Batteries."""
    bonus = 1 if has_tech(view, seat, "hyper_cannon_batteries") else 0
    return int(view["players"][seat]["tracks"]["martial"]["tier"]) + bonus


def conflict(view: View) -> dict[str, Any] | None:
    """The data of the conflict under way (the top-most), if any."""
    for task in reversed(view.get("stack") or []):
        if task["kind"] == "conflict":
            return dict(task["data"])
    return None


def action_of(view: View, seat: int) -> str:
    """The action the seat's current steps belong to ("Build", "Conflict"), "" outside
    one."""
    for task in reversed(view.get("stack") or []):
        if task["kind"] == "conflict":
            return "Conflict"
        if task["seat"] != seat:
            continue
        if task["kind"] == "attack":
            patterns = task["data"].get("patterns") or []
            conflict_kind = content().patterns[patterns[0]].conflict if patterns else ""
            return {"takeover": "Takeover", "destroy": "Destroy"}.get(conflict_kind, "Attack")
        if task["kind"] in ACTION_TASKS:
            return ACTION_TASKS[task["kind"]]
    return ""
