"""Income phase: credits from the productive track, exploitation areas, During-income
effects, and unexhausting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.games.fractal import board, effects, empire, passives
from core.games.fractal.content import Content
from core.games.fractal.modules import diplomacy
from core.games.fractal.rules import Ctx
from core.games.fractal.state import BLOOD_POOL, RESERVE, Sector, State


def exploitation_steps(state: State, content: Content, seat: int,
                       sector: Sector) -> list[dict[str, Any]]:
    """What a controlled sector's face-up living galaxy yields, each area once."""
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


def _income_steps(state: State, content: Content, seat: int) -> list[dict[str, Any]]:
    """The effects an income phase runs for the seat: exploitation areas, then "during
    income" effects of its components."""
    steps: list[dict[str, Any]] = []
    for sector in state.sectors:
        steps.extend(exploitation_steps(state, content, seat, sector))
    steps.extend(effects.plain(passives.steps(state, content, seat, "income")))
    return steps


def income_preview(state: State, content: Content, seat: int) -> dict[str, int]:
    """The credits, influence and science the next income phase would bring the seat if
    the board stayed as it is (effects of other kinds are left out)."""
    credits = empire.income(state, content, seat)
    hooks = passives.hooks(state, content, seat)
    if "gorias_bone_trade" in hooks:
        credits += bone_trade(state, seat)
    if "saura_blood_pool" in hooks:
        credits += sum(1 for u in state.units if u.owner == seat and u.where == BLOOD_POOL) // 2
    preview = {"credits": credits, "influence": 0, "science": 0}
    for step in _income_steps(state, content, seat):
        if step["op"] == "gain":
            preview["credits"] += int(step.get("credits", 0))
            preview["influence"] += int(step.get("influence", 0))
        elif step["op"] == "science":
            preview["science"] += int(step.get("amount", 0))
    return preview


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
        board.place(state, unit, RESERVE)
    state.players[seat].pool = 0
    gained = empire.gain_credits(state.players[seat], len(pooled) // 2)
    if pooled:
        ctx.emit("blood_pool_returned", seat, units=len(pooled), credits=gained)


def bone_trade(state: State, seat: int) -> int:
    """Gorias income: 1 credit per enemy colony where they have at least two units."""
    return sum(sum(1 for s in sector.spaces if s.owner not in (-1, seat))
               for sector in state.sectors
               if len(board.units_in(state, sector.id, seat)) >= 2)


def income_phase(ctx: Ctx, order: list[int]) -> None:
    """Queue every seat's income; effects needing choices run in seat order. Diplomacy's
    negotiation is queued under them: it starts once every income is in."""
    state = ctx.state
    diplomacy.start(ctx, order)
    for seat in reversed(order):
        player = state.players[seat]
        hooks = passives.hooks(state, ctx.content, seat)
        if "saura_blood_pool" in hooks:
            _return_blood_pool(ctx, seat)
        if "gorias_bone_trade" in hooks:
            traded = empire.gain_credits(player, bone_trade(state, seat))
            ctx.emit("bone_trade", seat, credits=traded)
        effects.start(ctx, seat, _income_steps(state, ctx.content, seat), source="income")
        gained = empire.gain_credits(player, empire.income(state, ctx.content, seat))
        player.exhausted.clear()
        ctx.emit("income", seat, credits=gained)
