"""Wartime innovation: a battle medal traded for science on two different technologies.

When a player collects battle medals at the end of the conflict phase after winning the
battles of their sectors (each one won in its own battle: a battle gives at most one medal
here), they may return each of them to the supply, and for each returned medal place one
science on each of two different technology slots. Only medals of battles fought and won
count (``conflict.won_medals``): a medal collected where a single player's units faced
only colonies was won in no battle. Science so placed waits for a Research action
like any other (the clarification: reaching a card's cost does not develop it).

Task ``"wartime_innovation"`` (the collecting seat). Data: ``medals`` (medals collected
this conflict phase not yet decided on). Prompt ``wartime_innovation``: ``trade`` or
``decline`` (context ``left``); a trade pushes ``place_science`` with ``distinct`` set.
"""

from __future__ import annotations

from core.decisions import Prompt
from core.games.fractal import effects
from core.games.fractal.modules import WARTIME_INNOVATION, on
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import Task

SCIENCE_PER_MEDAL = 2


def offer(ctx: Ctx, claimed: dict[int, int], order: list[int]) -> None:
    """Ask every seat that collected medals, in seat order."""
    if not on(ctx.state, WARTIME_INNOVATION):
        return
    for seat in reversed(order):
        if claimed.get(seat):
            ctx.push("wartime_innovation", seat, medals=claimed[seat])


def can_trade(ctx: Ctx, seat: int) -> bool:
    """A trade needs a medal in hand and two different slots that take science: returning
    a medal for less than the rule gives is not offered."""
    if ctx.state.players[seat].medals <= 0:
        return False
    return len(effects.science_slots(ctx.state, ctx.content, seat)) >= SCIENCE_PER_MEDAL


@task("wartime_innovation")
def _wartime_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    if t.data["medals"] <= 0 or not can_trade(ctx, t.seat):
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "wartime_innovation", ["trade", "decline"],
                   {"left": t.data["medals"]})]


@chooser("wartime_innovation")
def _wartime_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == "decline":
        ctx.finish(t)
        return
    t.data["medals"] -= 1
    ctx.state.players[seat].medals -= 1
    ctx.emit("medal_traded", seat, science=SCIENCE_PER_MEDAL)
    ctx.push("place_science", seat, amount=SCIENCE_PER_MEDAL, distinct=True, used=[])
