"""The Government action: the government card's effect, once per influence requirement."""

from __future__ import annotations

from core.decisions import Prompt, int_arg
from core.games.fractal import effects
from core.games.fractal.content import Content
from core.games.fractal.feasible import can_carry_out
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task


def times(state: State, content: Content, seat: int) -> int:
    """You need the influence, you do not spend it; at least once."""
    player = state.players[seat]
    requirement = content.governments[player.government].requirement
    return max(1, player.influence // requirement)


def can_govern(state: State, content: Content, seat: int) -> bool:
    """Once per cycle, when its cost can be paid and its effect can happen."""
    player = state.players[seat]
    if not player.government or player.markers["government"].used:
        return False
    action = content.governments[player.government].action
    return effects.affordable(state, seat, action) and can_carry_out(state, content, seat, action)


# Task "government": the player picks how many times (up to the maximum) when it matters.

@task("government")
def _government_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    most = times(ctx.state, ctx.content, t.seat)
    if most == 1:
        _govern(ctx, t, 1)
        return None
    return [Prompt(t.seat, "government_times", [f"times:{n}" for n in range(most, 0, -1)])]


@chooser("government")
def _government_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _govern(ctx, t, int_arg(choice))


def _govern(ctx: Ctx, t: Task, n: int) -> None:
    player = ctx.state.players[t.seat]
    player.markers["government"].used = True  # adopted for the rest of the cycle
    card = ctx.content.governments[player.government]
    ctx.finish(t)
    ctx.emit("government_action", t.seat, government=card.id, times=n)
    for _ in range(n):
        effects.start(ctx, t.seat, card.action, source=card.id)
