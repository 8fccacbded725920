"""Transitions: objective scoring, the Age 2 card, and the winner at game end."""

from __future__ import annotations

from core.games.fractal import board, counters, effects, empire
from core.games.fractal.content import Condition, Content, combine_objectives
from core.games.fractal.modules import dawn
from core.games.fractal.rules import Ctx
from core.games.fractal.state import State


def conditions(state: State, content: Content) -> tuple[Condition, ...]:
    """The conditions in force: Age 1 rows, combined with the Age 2 card once revealed."""
    age1 = content.objectives[state.objectives[0]]
    age2 = content.objectives[state.objectives[1]] if state.age2_revealed else None
    second = dawn.second_card(state)
    if second:
        return dawn.conditions(age1, content.objectives[second], age2)
    return combine_objectives(age1, age2)


def times_met(state: State, content: Content, seat: int, condition: Condition) -> int:
    """0, 1, or 2 when the condition is met twice over (objective specialization, which
    Dawn of the Galaxy leaves out)."""
    factors = (1,) if dawn.second_card(state) else (2, 1)
    for factor in factors:
        if all(counters.count(state, content, seat, counter) >= amount * factor
               for counter, amount in condition.requirements):
            return factor
    return 0


def score(ctx: Ctx) -> None:
    state = ctx.state
    per_condition = 2 if state.age2_revealed else 1
    rows = conditions(state, ctx.content)
    for player in state.players:
        for condition in rows:
            met = times_met(state, ctx.content, player.seat, condition)
            if met:
                points = per_condition + (1 if met == 2 else 0)
                empire.gain_vp(ctx, player.seat, condition.category, points)


def reveal_age2(ctx: Ctx, order: list[int]) -> None:
    state = ctx.state
    state.age2_revealed = True
    card = ctx.content.objectives[state.objectives[1]]
    ctx.reveal("objective_revealed", objective=card.id)
    for seat in reversed(order):
        effects.start(ctx, seat, card.instructions, source=card.id)


# What ranks players, in order: VP, then the four tie-breakers.
RANKING = ("vp", "medals", "influence", "credits", "pieces")


def ranking_key(state: State, seat: int) -> tuple[int, int, int, int, int]:
    player = state.players[seat]
    on_board = sum(1 for _ in board.units_of(state, seat)) + board.colonies_on_board(state, seat)
    return (empire.total_vp(player), player.medals, player.influence, player.credits, on_board)


def standings(state: State) -> list[dict[str, int]]:
    """Every seat with what ranks it (:data:`RANKING`) and its place (1 = first; tied seats
    share a place), best first."""
    keys = {p.seat: ranking_key(state, p.seat) for p in state.players}
    order = sorted(keys, key=lambda seat: keys[seat], reverse=True)
    return [{"seat": seat, "place": 1 + sum(1 for k in keys.values() if k > keys[seat]),
             **dict(zip(RANKING, keys[seat], strict=True))} for seat in order]


def winners(state: State) -> list[int]:
    """Most VP, then the four tie-breakers; those still tied all win."""
    best = max(ranking_key(state, p.seat) for p in state.players)
    return [p.seat for p in state.players if ranking_key(state, p.seat) == best]
