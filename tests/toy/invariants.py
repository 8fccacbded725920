"""What must hold after every step of Stakes (core.rulesets.Invariants)."""

from __future__ import annotations

from typing import Any

from tests.toy.game import DECK, State


def check_state(state: State, content: object = None, start: State | None = None) -> list[str]:
    cards = [c for hand in state.hands for c in hand] + state.deck + list(state.played.values())
    cards += [c for r in state.revealed for c in r]
    problems = [] if sorted(cards) == list(DECK) else ["a card is lost or doubled"]
    if any(p < 0 for p in state.points):
        problems.append("negative points")
    return problems


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    problems = []
    for player in view["players"]:
        if player["seat"] != seat and player["hand"] is not None:
            problems.append(f"seat {seat} sees seat {player['seat']}'s hand")
    if seat >= 0 and view["mine"] not in (None, state.played.get(seat)):
        problems.append("a played card that is not the seat's own")
    if "deck" in view and not isinstance(view["deck"], int):
        problems.append("the deck's order is shown")
    return problems
