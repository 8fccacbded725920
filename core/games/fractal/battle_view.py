"""The battle in progress as a view shows it: the ``battle`` record of docs/view.md.

What a player needs in front of them while a battle lasts, and only the engine can work out:
each side's forces and losses, every tactic of each hand with its initiative and, when it
may not be played, why (``battle.unplayable``), the tactic that would leave a side nothing
to play at the next turn, the cards of every turn and where a side's units would retreat.

It is built from the battle task's data as ``hidden.task_data_for`` gives it to the viewer,
so a tactic chosen but not yet revealed reaches its own seat only.
"""

from __future__ import annotations

import copy
from typing import Any

from core.games.fractal import battle, board, hidden, units
from core.games.fractal.content import Composition, Content
from core.games.fractal.state import RESERVE, Derived, State, Task, Unit

SHOWN_STAGES = ("turn", "choose", "resolve")


def battle_record(state: State, content: Content, viewer: int) -> dict[str, Any] | None:
    """The battle being fought, as ``viewer`` may see it; None between battles."""
    task = next((t for t in reversed(state.stack) if t.kind == "battle"), None)
    if task is None or task.data.get("stage") not in SHOWN_STAGES:
        return None
    data = hidden.task_data_for(task.kind, task.seat, task.data, viewer)
    seats = list(data["seats"])
    return {
        "sector": data["sector"],
        "stage": data["stage"],
        "turn": data["turn"],
        "seats": seats,
        "order": battle.turn_order(state, seats),
        "sides": [_side(state, content, task, data, seat) for seat in seats],
        "turns": _turns(state, content, data),
        "cards": [{"seat": c["seat"], "tactic": c["tactic"], "initiative": c["initiative"],
                   "composition": c["comp"], "target": c["target"], "status": c["status"]}
                  for c in data["cards"]],
        "groups": [list(g) for g in data["groups"]],
        "group": data["g"] if data["stage"] == "resolve" else -1,
    }


def _side(state: State, content: Content, task: Task, data: dict[str, Any],
          seat: int) -> dict[str, Any]:
    sector = int(data["sector"])
    here = board.units_in(state, sector, seat)
    now = battle.forces(state, sector, seat)
    toppled: dict[str, int] = {}
    for unit in here:
        if unit.damage:
            toppled[unit.kind] = toppled.get(unit.kind, 0) + 1
    hits = data.get("hits", [])
    taken: dict[str, int] = {}
    for hit in hits:
        if hit["seat"] == seat:
            taken[hit["outcome"]] = taken.get(hit["outcome"], 0) + 1
    side: dict[str, Any] = {
        "seat": seat,
        "units": now,
        "toppled": toppled,
        "start": dict(data.get("start", {}).get(str(seat), now)),
        "taken": taken,
        "dealt": sum(1 for hit in hits if hit["by"] == seat),
        "block": data["block"][seat],
        # Who has chosen is public (the tactic_chosen event says so); what, is not.
        "chosen": data["stage"] == "choose" and str(seat) in task.data["chosen"],
        "tactics": _tactics(state, content, data, seat),
        "retreat": battle.retreat_destinations(state, content, here[0]) if here else [],
    }
    own = data["chosen"].get(str(seat))
    if own is not None:
        side["choice"] = own
    return side


def _tactics(state: State, content: Content, data: dict[str, Any],
             seat: int) -> list[dict[str, Any]]:
    hand = state.players[seat].tactics
    reasons = {card: battle.unplayable(state, content, data, seat, card) for card in hand}
    playable = [card for card in hand if not reasons[card]]
    return [{"id": card, "reason": reasons[card], "playable": not reasons[card],
             "initiative": battle.initiative(state, content, content.tactic_cards[card], seat),
             "last": "" if reasons[card] else _leaves(state, content, data, seat, card,
                                                       playable)}
            for card in hand]


def _leaves(state: State, content: Content, data: dict[str, Any], seat: int, card: str,
            playable: list[str]) -> str:
    """What the seat is left with once ``card`` is played, even before any damage, when it
    is nothing to fight on with: ``tactics`` (no other tactic can be formed, so its units go
    missing in action at the next turn), ``units`` (the card's cost takes every unit it has
    there); "" otherwise."""
    sector = int(data["sector"])
    tactic = content.tactic_cards[card]
    options = [tactic.compositions[i]
               for i in battle.composition_options(state, content, tactic, sector, seat)]
    if any(not comp.remove for comp in options):
        others = [c for c in playable if c != card]
        return "" if others else "tactics"
    afters = [_after_cost(state, content, sector, seat, comp) for comp in options]
    if all(not board.units_in(after, sector, seat) for after in afters):
        return "units"
    for after in afters:
        if any(not battle.unplayable(after, content, data, seat, other)
               for other in playable if other != card):
            return ""
    return "tactics"


def _after_cost(state: State, content: Content, sector: int, seat: int,
                comp: Composition) -> State:
    """A copy of the state with the composition's unit cost paid the way that keeps the
    most: plain units before Veteran or Support ones (a Veteran pays for two)."""
    mine = board.units_in(state, sector, seat)

    def worth(unit: Unit) -> tuple[int, int, int]:
        return (units.has(state, content, unit, "veteran"),
                units.has(state, content, unit, "support"), unit.id)

    paid: set[int] = set()
    for kind, count in comp.remove.items():
        left = [u for u in mine if u.id not in paid]
        pool = [u for u in left if u.kind == kind] or [
            u for u in left if units.has(state, content, u, "support")]
        for unit in sorted(pool, key=worth):
            if count <= 0:
                break
            paid.add(unit.id)
            count -= 2 if units.has(state, content, unit, "veteran") else 1
    after = copy.copy(state)
    after.units = [_in_reserve(u) if u.id in paid else u for u in state.units]
    after.derived = Derived()  # its own units by place, not the state's
    return after


def _in_reserve(unit: Unit) -> Unit:
    gone = unit.copy()
    gone.where = RESERVE
    return gone


def _turns(state: State, content: Content, data: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The revealed cards of every turn so far, each turn in the order they resolve."""
    played: dict[str, list[str]] = data["played"]
    n = len(state.players)
    turns = []
    for i in range(max((len(cards) for cards in played.values()), default=0)):
        shown = sorted(((battle.initiative(state, content, content.tactic_cards[cards[i]],
                                           int(seat)), int(seat), cards[i])
                        for seat, cards in played.items() if i < len(cards)),
                       key=lambda c: (c[0], (c[1] - state.first_player) % n))
        turns.append([{"seat": seat, "tactic": card, "initiative": value}
                      for value, seat, card in shown])
    return turns
