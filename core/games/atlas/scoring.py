"""Game end scoring: Fiefs, Disputed Places, and the highest Tower.

- A Fief is worth 1 VP for each suit on its card to its ruler.
- A Disputed Place goes to the ruler of its highest Tower (a stack of two or more); rulers
  of Towers tied for highest share its VP evenly. With no Tower there, nothing breaks the
  tie that left it Disputed: the players tied for the most influence there share it.
  Shares can be fractions.
- The highest Tower on the map gives its ruler 2 VP; between Towers of equal height the one
  with more free tokens wins; if that ties too (between different players), nobody scores.

The winner has the most VP; equal totals share the win. The same table is the running
score a view shows during the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.state import Place, State

TOWER_VP = 2


@dataclass(slots=True)
class Row:
    seat: int
    fiefs: int = 0
    disputed: Fraction | int = 0  # a Fraction once a tie splits a Place's VP
    tower: int = 0
    place: int = 0  # 1 = first; tied seats share it

    @property
    def total(self) -> Fraction | int:
        return self.fiefs + self.disputed + self.tower

    def plain(self) -> dict[str, Any]:
        return {"seat": self.seat, "place": self.place, "fiefs": self.fiefs,
                "disputed": as_number(self.disputed), "tower": self.tower,
                "vp": as_number(self.total)}


def as_number(value: Fraction | int) -> int | float:
    """An exact VP count as plain data: an int when whole, else a float to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


def place_vp(content: Content, place: Place) -> int:
    return len(content.suits(place.card))


def disputed_takers(place: Place, players: int) -> list[int]:
    """Who scores a Disputed Place: the rulers of its highest Tower; with no Tower there,
    the players tied for the most influence (the rules: "the player with the highest Tower
    there gets the VPs. If it is still a tie, the tied players split the VPs evenly")."""
    heights: dict[int, int] = {}
    for stack in place.stacks:
        if len(stack) > 1:
            heights[stack[-1]] = max(heights.get(stack[-1], 0), len(stack))
    if heights:
        best = max(heights.values())
        return sorted(seat for seat, h in heights.items() if h == best)
    counts = board.influence(place, players)
    most = max(counts, default=0)
    return [seat for seat, n in enumerate(counts) if n == most] if most else []


def highest_tower(state: State) -> int:
    """The seat whose Tower scores the bonus, or -1."""
    best: tuple[int, int] | None = None
    rulers: set[int] = set()
    for place in state.places:
        for stack in place.stacks:
            if len(stack) < 2:
                continue
            key = (len(stack), board.run(stack, (stack[-1],)))
            if best is None or key > best:
                best, rulers = key, {stack[-1]}
            elif key == best:
                rulers.add(stack[-1])
    return next(iter(rulers)) if len(rulers) == 1 else -1


def standings(state: State, content: Content) -> list[Row]:
    """Every seat's VP as the board stands, best first, with places."""
    n = len(state.players)
    rows = [Row(seat) for seat in range(n)]
    for place in state.places:
        vp = place_vp(content, place)
        ruler = board.controller(place, n)
        if ruler >= 0:
            rows[ruler].fiefs += vp
            continue
        takers = disputed_takers(place, n)
        # Fractions only where a tie splits the VP: the searching bots score thousands of
        # positions a decision, and most totals are whole.
        for seat in takers:
            rows[seat].disputed += vp if len(takers) == 1 else Fraction(vp, len(takers))
    tower = highest_tower(state)
    if tower >= 0:
        rows[tower].tower = TOWER_VP
    totals = [row.total for row in rows]
    ranked = sorted(rows, key=lambda r: (-totals[r.seat], r.seat))
    for i, row in enumerate(ranked):
        tied = i and totals[row.seat] == totals[ranked[i - 1].seat]
        row.place = ranked[i - 1].place if tied else i + 1
    return ranked


def winners(table: list[Row]) -> list[int]:
    return sorted(r.seat for r in table if r.place == 1)
