"""The action phase: turns of two different actions until every player has passed.

A turn offers only the actions the player can carry out. Basic actions cost one credit
or are depleted; the Government action is once per cycle; action cards may repeat, and
reaching the card limit passes the player at once.
"""

from __future__ import annotations

from collections.abc import Callable

from core.decisions import Prompt
from core.games.fractal import (
    action_cards,
    colonize,
    empire,
    government,
    movement,
    recruit,
    research,
)
from core.games.fractal.content import Content
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import BASIC_ACTIONS, State, Task

ACTIONS_PER_TURN = 2

CAN: dict[str, Callable[[State, Content, int], bool]] = {
    "recruit": recruit.can_recruit,
    "advance": movement.can_advance,
    "colonize": colonize.can_colonize,
    "research": research.can_research,
    "government": government.can_govern,
    "action_card": action_cards.can_play_card,
}


def action_options(state: State, content: Content, seat: int, done: list[str]) -> list[str]:
    player = state.players[seat]
    cost = empire.basic_action_cost(state, content, seat)
    options = []
    for action in BASIC_ACTIONS:
        marker = player.markers[action]
        if action in done or marker.depleted or not CAN[action](state, content, seat):
            continue
        if player.credits >= cost:
            options.append(f"pay:{action}")
        options.append(f"deplete:{action}")
    if "government" not in done and CAN["government"](state, content, seat):
        options.append("action:government")
    if CAN["action_card"](state, content, seat):
        options.append("action:action_card")
    return options


# Task "action_phase": runs turns in order until everyone has passed.

@task("action_phase")
def _phase_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    n = len(state.players)
    if all(p.passed for p in state.players):
        ctx.finish(t)
        return None
    if state.turn < 0:
        state.turn = state.first_player
    else:
        state.turn = (state.turn + 1) % n
    while state.players[state.turn].passed:
        state.turn = (state.turn + 1) % n
    ctx.push("turn", state.turn, done=[])
    return None


# Task "turn" data: done (actions taken this turn, action cards included).

@task("turn")
def _turn_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, seat = ctx.state, t.seat
    player = state.players[seat]
    options = [] if player.passed or len(t.data["done"]) >= ACTIONS_PER_TURN else (
        action_options(state, ctx.content, seat, t.data["done"]))
    if not options:
        if not t.data["done"] and not player.passed:
            action_cards.pass_now(ctx, seat)  # nothing at all can be done: pass
        _end_turn(ctx, t)
        return None
    return [Prompt(seat, "action", options, {"done": list(t.data["done"])})]


@chooser("turn")
def _turn_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    player = state.players[seat]
    head, action = choice.split(":")
    payment = head if head in ("pay", "deplete") else ""
    t.data["done"].append(action)
    ctx.push("end_of_action", seat)
    if action in BASIC_ACTIONS:
        marker = player.markers[action]
        marker.used = True
        if payment == "pay":
            empire.gain_credits(player, -empire.basic_action_cost(state, ctx.content, seat))
        else:
            marker.depleted = True
    ctx.emit("action_chosen", seat, action=action, payment=payment)
    ctx.push(action, seat, free=False)


def _end_turn(ctx: Ctx, t: Task) -> None:
    state, seat = ctx.state, t.seat
    player = state.players[seat]
    for action in BASIC_ACTIONS:
        player.markers[action].used = False
    movement.clear_moved(state, seat)
    ctx.finish(t)
