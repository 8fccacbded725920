"""Dawn of the Galaxy: a second Age 1 objective, and objectives without specialization.

Setup reveals a second Age 1 card (``state.objectives[2]``). At the first transition a
row scores only when both Age 1 cards' conditions of that category hold at once (1 VP). The
Age 2 card is tucked under the second Age 1 card: its amount and extra requirement replace
that card's, while the first Age 1 card keeps its own; at the second transition all three
must hold (2 VP). Objective specialization is ignored (the module's clarification).
"""

from __future__ import annotations

from core import rng
from core.games.fractal.content import Condition, Content, Objective
from core.games.fractal.state import State


def set_up(state: State, content: Content) -> None:
    first = state.objectives[0]
    others = sorted(o.id for o in content.objectives_of_age(1) if o.id != first)
    state.objectives.append(others[rng.below(state, len(others))])


def second_card(state: State) -> str:
    """The second Age 1 card, or "" in a game without the module."""
    return state.objectives[2] if len(state.objectives) > 2 else ""


def conditions(first: Objective, second: Objective,
               age2: Objective | None) -> tuple[Condition, ...]:
    """One condition per category: the first Age 1 card's row as printed, with the second
    card's row, read through the Age 2 card once it is tucked under it."""
    found = []
    for row in first.rows:
        other = second.row(row.category)
        later: tuple[tuple[str, int], ...]
        if age2 is None:
            later = ((other.counter, other.amount),)
        else:
            tucked = age2.row(row.category)
            later = ((other.counter, tucked.amount), *tucked.also)
        found.append(Condition(row.category, ((row.counter, row.amount), *later)))
    return tuple(found)
