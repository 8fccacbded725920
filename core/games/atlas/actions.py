"""Taking an action: which actions a card offers and which can be taken now, the Places
that give their ruler a Worker before an action (the Mill, the Origin, the Forest, the
Mountain, the Market), then the action itself, in the module named after it.

An action that cannot be taken (no slot for its Worker, nothing to move, an empty supply...)
is not offered; a player whose card offers none takes no action.
"""

from __future__ import annotations

from collections.abc import Callable

from core.decisions import Prompt, arg
from core.games.atlas import attack, board, build, exploit, explore, magic, trade
from core.games.atlas.content import Content
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import State, Task

Available = Callable[[State, Content, int], bool]

AVAILABLE: dict[str, Available] = {
    "explore": explore.can_explore,
    "migrate": explore.can_migrate,
    "exploit": exploit.can_exploit,
    "trade": trade.can_trade,
    "build": build.can_build,
    "magic": magic.can_magic,
    "attack": attack.can_attack,
}


def available(state: State, content: Content, seat: int, actions: tuple[str, ...]) -> list[str]:
    return [a for a in actions if AVAILABLE[a](state, content, seat)]


def bonus(ctx: Ctx, seat: int, action: str) -> None:
    """A Place whose power names this action gives a Worker to its ruler before it, if the
    ruler has a token and the Place a slot."""
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    for i, place in enumerate(state.places):
        if action not in content.power(place.card).bonus:
            continue
        if (board.controller(place, len(state.players)) == seat and board.room(content, place)
                and player.supply > 0):
            board.add_worker(state, i, seat)
            ctx.emit("bonus_worker", seat, place=i, action=action)


@task("action")
def action_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``main``: the action of the played card (else the Advisor's Directive, whose
    ``action`` is already chosen); ``started``: the bonus was given and the action pushed."""
    state, content = ctx.state, ctx.content
    seat = t.seat
    if t.data.get("started"):
        ctx.finish(t)
        return None
    action = t.data.get("action")
    if action is None:
        player = state.players[seat]
        offered = content.actions_of(player.played) if player.played else ()
        choices = available(state, content, seat, offered)
        if not choices:
            ctx.emit("no_action", seat, card=player.played)
            ctx.finish(t)
            return None
        return [Prompt(seat, "action", [f"action:{a}" for a in choices],
                       {"card": player.played})]
    t.data["started"] = True
    ctx.emit("action", seat, action=action, directive=not t.data["main"])
    bonus(ctx, seat, action)
    ctx.push(action, seat)
    return None


@chooser("action")
def action_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    t.data["action"] = arg(choice)
    if t.data["main"]:
        ctx.state.players[seat].took = arg(choice)
