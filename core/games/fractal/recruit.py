"""Recruit: units from the reserve onto sectors with your colonies, and redeployment."""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.fractal import board, empire, passives
from core.games.fractal.content import Content
from core.games.fractal.engine import Ctx, chooser, task
from core.games.fractal.state import BLOOD_POOL, RESERVE, State, Task

BLOOD_POOL_RECRUITS = 2


def recruit_sectors(state: State, seat: int) -> list[int]:
    return [s.id for s in board.colony_sectors(state, seat)
            if not board.blockaded_for(state, s, seat)]


def unit_choices(state: State, content: Content, seat: int, choices: dict[str, int]) -> list[str]:
    """Unit types a Recruit may bring: some unit of that type in reserve or on the board."""
    banned = ("infantry",) if passives.has_hook(state, content, seat, "txingur_no_infantry") else ()
    available = {u.kind for u in state.units if u.owner == seat and u.where >= RESERVE}
    return [f"kind:{kind}" for kind, count in choices.items()
            if count > 0 and kind not in banned and kind in available]


def can_recruit(state: State, content: Content, seat: int) -> bool:
    if not recruit_sectors(state, seat):
        return False
    return bool(unit_choices(state, content, seat, empire.recruit_options(state, content, seat)))


# Task "recruit" data: free, choices (unit type -> count; default: the military track),
# then unit (chosen type) and left (units still to deploy), placed (deployed so far).

@task("recruit")
def _recruit_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, seat = ctx.state, t.seat
    sectors = recruit_sectors(state, seat)
    if "unit" not in t.data:
        choices = t.data.get("choices") or empire.recruit_options(state, ctx.content, seat)
        options = unit_choices(state, ctx.content, seat, choices)
        if not options or not sectors:
            ctx.finish(t)
            return None
        t.data["choices"] = choices
        return [Prompt(seat, "recruit_unit", options, {"choices": choices})]
    kind = str(t.data["unit"])
    in_reserve = board.reserve(state, seat, kind)
    if t.data["left"] <= 0 or not sectors:
        ctx.finish(t)
        return None
    options = [f"sector:{s}" for s in sectors]
    if not in_reserve:
        # Redeployment: only when the reserve runs short, units come from the board.
        options = [f"redeploy:{u.id}:{s}" for u in board.units_of(state, seat)
                   if u.kind == kind for s in sectors if s != u.where]
        if not options:
            ctx.finish(t)
            return None
    if t.data["placed"] >= 1:
        options.append(DONE)  # up to the count, at least one
    return [Prompt(seat, "deploy", options, {"unit": kind, "left": t.data["left"]})]


@chooser("recruit")
def _recruit_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    if "unit" not in t.data:
        t.data["unit"] = arg(choice)
        t.data["left"] = int(t.data["choices"][arg(choice)])
        t.data["placed"] = 0
        return
    if choice == DONE:
        ctx.finish(t)
        _recruit_from_pool(ctx, seat)
        return
    kind = str(t.data["unit"])
    if choice.startswith("redeploy:"):
        _, unit_id, sector = choice.split(":")
        unit = state.units[int(unit_id)]
        unit.where, unit.damage = int(sector), 0
        ctx.emit("unit_redeployed", seat, unit=kind, sector=int(sector))
    else:
        unit = board.reserve(state, seat, kind)[0]
        unit.where = int_arg(choice)
        ctx.emit("unit_recruited", seat, unit=kind, sector=unit.where)
    t.data["left"] -= 1
    t.data["placed"] += 1
    if t.data["left"] <= 0:
        ctx.finish(t)
        _recruit_from_pool(ctx, seat)


def _recruit_from_pool(ctx: Ctx, seat: int) -> None:
    """The Saura also raise up to two units from their blood pool."""
    state = ctx.state
    if not passives.has_hook(state, ctx.content, seat, "saura_blood_pool"):
        return
    sectors = recruit_sectors(state, seat)
    pooled = [u for u in state.units if u.owner == seat and u.where == BLOOD_POOL]
    for unit in pooled[:BLOOD_POOL_RECRUITS]:
        if not sectors:
            return
        unit.where = sectors[0]
        state.players[seat].pool -= 1
        ctx.emit("unit_recruited", seat, unit=unit.kind, sector=unit.where, blood_pool=True)

