"""Recruit: units from the reserve onto sectors with your colonies, and redeployment."""

from __future__ import annotations

from collections.abc import Iterator

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.fractal import board, empire, passives
from core.games.fractal.content import Content
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import BLOOD_POOL, State, Task, Unit

BLOOD_POOL_RECRUITS = 2


def recruit_sectors(state: State, seat: int) -> list[int]:
    return [s.id for s in board.colony_sectors(state, seat)
            if not board.blockaded_for(state, s, seat)]


def unit_choices(state: State, content: Content, seat: int, choices: dict[str, int]) -> list[str]:
    """What a Recruit may bring, kind and count in one choice (``units:<count>:<kind>``,
    the most first): up to the track's count of a type, as many as the reserve holds or
    redeployment can bring."""
    options = []
    for kind, most in _most_units(state, content, seat, choices, recruit_sectors(state, seat)):
        options += [f"units:{n}:{kind}" for n in range(most, 0, -1)]
    return options


def _most_units(state: State, content: Content, seat: int, choices: dict[str, int],
                sectors: list[int]) -> Iterator[tuple[str, int]]:
    """Each unit type a Recruit may bring, with the most units of it (a generator: whether
    a Recruit can happen at all stops at the first)."""
    banned = ("infantry",) if passives.has_hook(state, content, seat, "txingur_no_infantry") else ()
    for kind, count in choices.items():
        if kind in banned or count <= 0:
            continue
        have = len(board.reserve(state, seat, kind))
        if have < count:  # redeployment only makes up for a short reserve
            have += len(_redeployable(state, seat, kind, sectors))
        if have:
            yield kind, min(count, have)


def _redeployable(state: State, seat: int, kind: str, sectors: list[int]) -> list[Unit]:
    # A unit may go to one of the sectors other than its own: any unit when there are two
    # of them, else one standing elsewhere.
    others = set(sectors)
    anywhere = len(others) > 1
    return [u for u in board.units_of(state, seat)
            if u.kind == kind and (anywhere or (others and u.where not in others))]


def can_recruit(state: State, content: Content, seat: int) -> bool:
    sectors = recruit_sectors(state, seat)
    if not sectors:
        return False
    choices = empire.recruit_options(state, content, seat)
    return next(_most_units(state, content, seat, choices, sectors), None) is not None


# Task "recruit" data: free, watcher (the watcher's free recruit of one unit, which is no
# Recruit action: no card bonus, no Blood Pool), choices (unit type -> count; default: the
# Recruit action's, empire.recruit_options), then unit (chosen type) and left (units still
# to deploy), placed (deployed so far).
# Units from the reserve go into the only sector without a question; with several sectors
# each is asked for, or all those left at once (``all:<sector>``). Redeployment, when the
# reserve runs short, is asked unit by unit.

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
    in_reserve = len(board.reserve(state, seat, kind))
    if t.data["left"] <= 0 or not sectors:
        _finish(ctx, t)
        return None
    if in_reserve and len(sectors) == 1:
        _recruit(ctx, t, sectors[0], min(in_reserve, t.data["left"]))
        return None
    if in_reserve:
        options = [f"sector:{s}" for s in sectors]
        if min(in_reserve, t.data["left"]) > 1:
            options += [f"all:{s}" for s in sectors]
    else:
        # Redeployment: only when the reserve runs short, units come from the board.
        options = [f"redeploy:{u.id}:{s}" for u in _redeployable(state, seat, kind, sectors)
                   for s in sectors if s != u.where]
        if not options:
            _finish(ctx, t)
            return None
    return [Prompt(seat, "deploy", options, {"unit": kind, "left": t.data["left"]})]


@chooser("recruit")
def _recruit_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    if "unit" not in t.data:
        _, count, kind = choice.split(":")
        t.data["unit"] = kind
        t.data["left"] = int(count)
        t.data["placed"] = 0
        return
    kind = str(t.data["unit"])
    if choice.startswith("redeploy:"):
        _, unit_id, sector = choice.split(":")
        unit = state.units[int(unit_id)]
        board.place(state, unit, int(sector))
        unit.damage = 0
        ctx.emit("unit_redeployed", seat, unit=kind, sector=int(sector))
        _placed(ctx, t, 1)
    elif choice.startswith("all:"):
        in_reserve = len(board.reserve(state, seat, kind))
        _recruit(ctx, t, int_arg(choice), min(in_reserve, t.data["left"]))
    else:
        _recruit(ctx, t, int_arg(choice), 1)


def _recruit(ctx: Ctx, t: Task, sector: int, count: int) -> None:
    """``count`` units of the chosen type from the reserve into the sector."""
    kind = str(t.data["unit"])
    for unit in board.reserve(ctx.state, t.seat, kind)[:count]:
        board.place(ctx.state, unit, sector)
        ctx.emit("unit_recruited", t.seat, unit=kind, sector=sector)
    _placed(ctx, t, count)


def _placed(ctx: Ctx, t: Task, count: int) -> None:
    t.data["left"] -= count
    t.data["placed"] += count
    if t.data["left"] <= 0:
        _finish(ctx, t)


def _finish(ctx: Ctx, t: Task) -> None:
    """The recruit is over; after a Recruit action the Saura raise up to two units from
    their blood pool."""
    ctx.finish(t)
    if not t.data.get("watcher") and passives.has_hook(ctx.state, ctx.content, t.seat,
                                                       "saura_blood_pool"):
        ctx.push("blood_pool", t.seat, left=BLOOD_POOL_RECRUITS, unit="")


def pooled(state: State, seat: int) -> list[Unit]:
    return [u for u in state.units if u.owner == seat and u.where == BLOOD_POOL]


# Task "blood_pool" data: left (units the Saura may still raise), unit (the kind chosen, ""
# before). Prompt "blood_pool": "kind:<kind>" (a unit of the pool, the kinds in the order of
# their first unit) or "done"; then, with the kind chosen, "sector:<id>" (where it goes).

@task("blood_pool")
def _pool_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, seat = ctx.state, t.seat
    sectors = recruit_sectors(state, seat)
    waiting = pooled(state, seat)
    kind = str(t.data["unit"])
    if not kind and (t.data["left"] <= 0 or not waiting or not sectors):
        ctx.finish(t)
        return None
    if not kind:
        kinds = list(dict.fromkeys(u.kind for u in waiting))
        return [Prompt(seat, "blood_pool", [*(f"kind:{k}" for k in kinds), DONE],
                       {"left": t.data["left"]})]
    if len(sectors) == 1:
        _raise(ctx, t, sectors[0])
        return None
    return [Prompt(seat, "blood_pool", [f"sector:{s}" for s in sectors],
                   {"left": t.data["left"], "unit": kind})]


@chooser("blood_pool")
def _pool_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
    elif choice.startswith("kind:"):
        t.data["unit"] = arg(choice)
    else:
        _raise(ctx, t, int_arg(choice))


def _raise(ctx: Ctx, t: Task, sector: int) -> None:
    unit = next(u for u in pooled(ctx.state, t.seat) if u.kind == t.data["unit"])
    board.place(ctx.state, unit, sector)
    ctx.state.players[t.seat].pool -= 1
    t.data["left"] -= 1
    t.data["unit"] = ""
    ctx.emit("unit_recruited", t.seat, unit=unit.kind, sector=sector, blood_pool=True)
