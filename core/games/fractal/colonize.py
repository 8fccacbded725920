"""Colonize and the colonization bonuses of the four colony tracks."""

from __future__ import annotations

from collections.abc import Iterator

from core.decisions import Prompt
from core.games.fractal import board, effects, empire, passives, units
from core.games.fractal.content import Content
from core.games.fractal.modules import fracture
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import COLONIES_PER_TRACK, TRACKS, Sector, State, Task, Unit


def take_colony(ctx: Ctx, seat: int, track: str, sector: Sector) -> None:
    """Move the leftmost colony of a track onto a free space of the sector, with its bonus."""
    player = ctx.state.players[seat]
    space = next(s for s in sector.spaces if s.owner < 0 and track in s.accepts)
    space.owner, space.track = seat, track
    player.taken[track] += 1
    ctx.emit("colony_placed", seat, track=track, sector=sector.id)
    bonus(ctx, seat, track, player.taken[track])
    if track == "scientific" and player.taken[track] == COLONIES_PER_TRACK:
        fracture.breakthrough(ctx, seat, space.accepts)


def bonus(ctx: Ctx, seat: int, track: str, taken: int) -> None:
    """The one-time bonus of the ``taken``-th colony of a track, gained any time a colony
    leaves that track (Colonization bonus), onto the map or elsewhere."""
    player = ctx.state.players[seat]
    if track == "imperial":
        gained = empire.gain_influence(player, (1, 2, 1)[taken - 1])
        ctx.emit("colony_bonus", seat, track=track, influence=gained)
    elif track == "productive" and taken >= 2:
        gained = empire.gain_credits(player, 1)
        ctx.emit("colony_bonus", seat, track=track, credits=gained)
    elif track == "scientific" and taken == 2:
        effects.start(ctx, seat, [{"op": "science", "amount": 2, "one_slot": True}],
                      source="scientific_track")
    elif track == "scientific" and taken == 3:
        effects.start(ctx, seat, [{"op": "artifact", "draw": 1, "keep": 1}],
                      source="scientific_track")
    elif track == "military" and taken == 2:
        effects.start(ctx, seat, [{"op": "elite_tactic", "count": 1}], source="military_track")
    elif track == "military" and taken == 3 and not player.mastery_elite:
        player.mastery_elite = True
        ctx.emit("mastery_elite", seat)


def return_colony(ctx: Ctx, sector: Sector, index: int) -> str:
    """Send a colony back to the rightmost covered space of its track."""
    space = sector.spaces[index]
    seat, track = space.owner, space.track
    ctx.state.players[seat].taken[track] -= 1
    space.owner, space.track = -1, ""
    ctx.emit("colony_removed", seat, track=track, sector=sector.id)
    return track


RESETTLE = "exodian_resettle"
RESETTLE_INFANTRY = 2


def resettled(ctx: Ctx, seat: int, sector: Sector) -> None:
    """Exodians who replace a colony (by resettling or by Invade) land two infantries."""
    if passives.has_hook(ctx.state, ctx.content, seat, RESETTLE):
        effects.start(ctx, seat, [{"op": "units", "unit": "infantry", "exact": True,
                                   "count": RESETTLE_INFANTRY, "where": "here"}],
                      source=RESETTLE, here=sector.id)


def _replacements(state: State, seat: int, sector: Sector) -> list[str]:
    player = state.players[seat]
    return [f"replace:{sector.id}:{i}:{track}"
            for i, space in enumerate(sector.spaces) if space.owner == seat
            for track in space.accepts
            if track != space.track and player.taken[track] < COLONIES_PER_TRACK]


def colonize_options(state: State, content: Content, seat: int, here: int = -1) -> list[str]:
    return list(_colonize_options(state, content, seat, here))


def can_colonize(state: State, content: Content, seat: int, here: int = -1) -> bool:
    return next(_colonize_options(state, content, seat, here), None) is not None


def _colonize_options(state: State, content: Content, seat: int, here: int) -> Iterator[str]:
    player = state.players[seat]
    resettle = passives.has_hook(state, content, seat, RESETTLE)
    settlers_in: dict[int, list[Unit]] = {}
    for unit in board.units_of(state, seat):
        settlers_in.setdefault(unit.where, []).append(unit)
    for sector_id in sorted(settlers_in):
        sector = state.sectors[sector_id]
        if here >= 0 and sector.id != here:
            continue
        if not sector.spaces or not (resettle or board.free_space(sector)):
            continue
        settlers = settlers_in[sector_id]
        if not board.controls(state, sector, seat):
            continue
        if not any(units.has(state, content, u, "colonize") for u in settlers):
            continue
        for track in TRACKS:
            if player.taken[track] < COLONIES_PER_TRACK and board.free_space(sector, track):
                yield f"colony:{sector.id}:{track}"
        if resettle:
            yield from _replacements(state, seat, sector)


# Task "colonize" data: free (bool), here (sector id or absent).

@task("colonize")
def _colonize_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = colonize_options(ctx.state, ctx.content, t.seat, int(t.data.get("here", -1)))
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "colonize", options)]


@chooser("colonize")
def _colonize_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.finish(t)
    if choice.startswith("replace:"):
        _, sector_id, index, track = choice.split(":")
        sector = ctx.state.sectors[int(sector_id)]
        return_colony(ctx, sector, int(index))
        take_colony(ctx, seat, track, sector)
        resettled(ctx, seat, sector)
        return
    _, sector_id, track = choice.split(":")
    take_colony(ctx, seat, track, ctx.state.sectors[int(sector_id)])
