"""Counters: the numbers that objectives, obstacle requirements and scaled effects read.

One name, one meaning, everywhere: ``colonies.scientific`` is the seat's scientific
colonies on the board whether an objective, an anomaly or an action card asks.
"""

from __future__ import annotations

from core.games.fractal import board, empire
from core.games.fractal.content import Content
from core.games.fractal.state import State


def count(state: State, content: Content, seat: int, counter: str) -> int:
    head, _, tail = counter.partition(".")
    player = state.players[seat]
    if head == "colonies":
        return board.colonies_on_board(state, seat, None if tail == "any" else tail)
    if head == "units":
        return sum(1 for u in board.units_of(state, seat) if tail in ("any", u.kind))
    if head == "technologies":
        return sum(1 for t in player.technologies
                   if tail == "any" or content.technologies[t].type == tail)
    if head == "controlled":
        return sum(1 for s in state.sectors
                   if _matches(s.kind, s.event_kind, tail) and board.controls(state, s, seat))
    if head == "science":
        return empire.science_on_boards(state, seat)
    if head == "obstacles":
        return sum(1 for e in player.resolved if e in content.obstacles)
    if head == "anomalies":
        return sum(1 for e in player.resolved if e in content.anomalies)
    simple = {
        "influence": player.influence,
        "credits": player.credits,
        "medals": player.medals,
        "artifacts": len(player.artifacts),
    }
    if head in simple:
        return simple[head]
    raise ValueError(f"unknown counter {counter!r}")


def _matches(kind: str, event_kind: str, wanted: str) -> bool:
    if wanted == "any":
        return True
    if wanted == "living_galaxy":
        # A face-down token is a living galaxy too: setup puts one face down on every
        # non-habitable sector; its face hides which one, not that it is there.
        return event_kind == "living_galaxy"
    return kind == wanted
