"""Income phase: credits from the productive track, exploitation areas, During-income
effects, and unexhausting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.fractal import board, effects, empire, passives
from core.fractal.engine import Ctx
from core.fractal.state import BLOOD_POOL, RESERVE, Sector


def exploitation_steps(ctx: Ctx, seat: int, sector: Sector) -> list[dict[str, Any]]:
    """What a controlled sector's face-up living galaxy yields, each area once."""
    state, content = ctx.state, ctx.content
    if sector.event_kind != "living_galaxy" or not sector.event_face_up:
        return []
    if not board.controls(state, sector, seat):
        return []
    here = board.units_in(state, sector.id, seat)
    steps: list[dict[str, Any]] = []
    for area in content.living_galaxies[sector.event].exploit:
        if all(sum(1 for u in here if u.kind == kind) >= int(n)
               for kind, n in area.units.items()):
            steps.extend(_gain_steps(area.gain))
    return steps


def _gain_steps(gain: Mapping[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    if "science" in gain:
        steps.append({"op": "science", "amount": int(gain["science"])})
    rest = {k: int(v) for k, v in gain.items() if k in ("credits", "influence")}
    if rest:
        steps.append({"op": "gain", **rest})
    return steps


def _return_blood_pool(ctx: Ctx, seat: int) -> None:
    """The Saura's pool goes back to the reserve: 1 credit per 2 units."""
    state = ctx.state
    pooled = [u for u in state.units if u.owner == seat and u.where == BLOOD_POOL]
    for unit in pooled:
        unit.where = RESERVE
    state.players[seat].pool = 0
    gained = empire.gain_credits(state.players[seat], len(pooled) // 2)
    if pooled:
        ctx.emit("blood_pool_returned", seat, units=len(pooled), credits=gained)


def bone_trade(ctx: Ctx, seat: int) -> int:
    """Gorias income: 1 credit per enemy colony where they have at least two units."""
    state = ctx.state
    return sum(sum(1 for s in sector.spaces if s.owner not in (-1, seat))
               for sector in state.sectors
               if len(board.units_in(state, sector.id, seat)) >= 2)


def income_phase(ctx: Ctx, order: list[int]) -> None:
    """Queue every seat's income; effects needing choices run in seat order."""
    state = ctx.state
    for seat in reversed(order):
        player = state.players[seat]
        hooks = passives.hooks(state, ctx.content, seat)
        if "saura_blood_pool" in hooks:
            _return_blood_pool(ctx, seat)
        if "gorias_bone_trade" in hooks:
            traded = empire.gain_credits(player, bone_trade(ctx, seat))
            ctx.emit("bone_trade", seat, credits=traded)
        steps: list[dict[str, Any]] = []
        for sector in state.sectors:
            steps.extend(exploitation_steps(ctx, seat, sector))
        steps.extend(effects.plain(passives.steps(state, ctx.content, seat, "income")))
        effects.start(ctx, seat, steps, source="income")
        gained = empire.gain_credits(player, empire.income(state, ctx.content, seat))
        player.exhausted.clear()
        ctx.emit("income", seat, credits=gained)
