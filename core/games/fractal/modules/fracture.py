"""The Fracture: a group of sectors beyond the map's edge that tears open mid-game.

Entry: when a player's third scientific colony lands on a sector for the first time
(Fractal's breakthrough) they roll a ten-sided die, and on a 1 or a 10 the Fracture enters
play; the action card Rift Expedition opens it too. It enters once a game, and each player
rolls at most once (``Fracture.rolled``).

On entry its five tiles (``kind = "fracture"`` in sectors.toml) are laid beside the map's
east edge, one empty hex away, so no tile of it touches a sector of the map (the notes make
its place of no consequence, and in Fractal touching sectors are adjacent); its tiles touch
each other as laid. The black units its tiles show come from the black supply onto them as
neutral units (owner -1), as many as the supply still holds.

Ingress tokens: the player who opened it places them on sectors of the main map, one at a
time: after a roll, three for each colony type the space of their third scientific colony
accepts; after a card, one for each of the four types. A sector qualifies for a type when
one of its colony spaces accepts it; a sector holds at most one ingress; the Utopian sector
is never chosen, as the last ingress always goes there. Fewer qualifying sectors: as many as
there are. Every ingress is adjacent to every egress (``board.grid`` links them), and the
tokens link no ingress to an ingress and no egress to an egress.

Neutral units hold their sector: it has no controller while one is there. They fight with a
fixed behaviour, a skirmish at the start of the conflict phase (before battle medals) in
every Fracture sector where a player has units beside them, the players in turn order:
the neutrals strike first, each neutral infantry removing one of the player's units there and
each neutral mech two, the player choosing which (asked when the units differ and not all
must go); then each surviving unit of the player removes one neutral unit, infantry first;
this repeats until one side is gone. Removed neutral units go back to the black supply.

The first player to control a Fracture sector draws an artifact (draw one, keep it); control
is looked at after every action and at the end of the conflict phase.

Tasks: ``"fracture_ingress"`` (the opener; data ``tracks``: the colony types still to serve,
``per``: ingress tokens per type, ``left``: those left for the first type) with the prompt
``fracture_ingress`` (``sector:<id>``, context ``track``, ``left``); ``"open_fracture"`` (the
effect op of the same name); ``"skirmish"`` (below).
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, int_arg
from core.games.fractal import board, effects
from core.games.fractal.content import Content
from core.games.fractal.content import Sector as Tile
from core.games.fractal.modules import FRACTURE, on
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import RESERVE, TRACKS, ColonySpace, Sector, State, Task, Unit
from core.hexgrid import distance

DIE = 10
OPENING_ROLLS = (1, 10)
INGRESS_AFTER_ROLL = 3  # per colony type of the breakthrough
INGRESS_AFTER_EFFECT = 1  # per colony type, all four
STRIKE = {"infantry": 1, "mech": 2}  # units a neutral unit removes when it strikes
CHEAPEST_FIRST = ("infantry", "lightship", "mech", "warship")


def tiles(content: Content) -> list[Tile]:
    return sorted((t for t in content.sectors.values() if t.kind == "fracture"),
                  key=lambda t: t.id)


def is_egress(sector: Sector, content: Content) -> bool:
    return sector.kind == "fracture" and content.sectors[sector.tile].egress


def neutral_units(state: State, sector: int) -> list[Unit]:
    return [u for u in board.units_in(state, sector) if u.owner < 0]


# --- entry ---------------------------------------------------------------------------------


def breakthrough(ctx: Ctx, seat: int, accepts: list[str]) -> None:
    """A third scientific colony was placed on a space accepting ``accepts``: the first
    time for this seat, roll. The notes give a player one roll, when they gain their
    breakthrough; a third scientific colony placed again after one was lost is no new
    breakthrough."""
    state = ctx.state
    if not on(state, FRACTURE) or state.fracture.entered or seat in state.fracture.rolled:
        return
    state.fracture.rolled.append(seat)
    roll = rng.below(state, DIE) + 1
    ctx.reveal("fracture_roll", seat, roll=roll)
    if roll in OPENING_ROLLS:
        enter(ctx, seat, [t for t in TRACKS if t in accepts], INGRESS_AFTER_ROLL)


def enter(ctx: Ctx, seat: int, tracks: list[str], per: int) -> None:
    state = ctx.state
    state.fracture.entered = state.cycle
    placed = _lay_out(state, ctx.content)
    ctx.emit("fracture_entered", seat, sectors=[s.id for s in placed])
    ctx.push("fracture_ingress", seat, tracks=tracks, per=per, left=per)


def _offset(state: State, shape: list[tuple[int, int]]) -> tuple[int, int]:
    """Where the group goes: east of the map, on its middle row, one empty hex away."""
    taken = [(s.q, s.r) for s in state.sectors]
    rows = [r for _, r in taken]
    dr = (min(rows) + max(rows)) // 2
    dq = min(q for q, _ in taken)
    while any(distance((q + dq, r + dr), h) < 2 for q, r in shape for h in taken):
        dq += 1
    return dq, dr


def _lay_out(state: State, content: Content) -> list[Sector]:
    group = tiles(content)
    dq, dr = _offset(state, [t.at for t in group if t.at is not None])
    placed = []
    for tile in group:
        assert tile.at is not None
        sector = Sector(id=len(state.sectors), q=tile.at[0] + dq, r=tile.at[1] + dr,
                        tile=tile.id, kind=tile.kind,
                        spaces=[ColonySpace(accepts=list(space)) for space in tile.colony])
        state.sectors.append(sector)
        placed.append(sector)
        for kind, count in tile.neutral:
            supply = [u for u in state.units
                      if u.owner < 0 and u.black and u.where == RESERVE and u.kind == kind]
            for unit in supply[:count]:
                board.place(state, unit, sector.id)
    board.map_changed(state)
    return placed


def ingress_options(state: State, track: str) -> list[int]:
    return [s.id for s in state.sectors
            if s.kind not in ("fracture", "utopian") and s.id not in state.fracture.ingress
            and any(track in space.accepts for space in s.spaces)]


@task("fracture_ingress")
def _ingress_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data, state = t.data, ctx.state
    while data["tracks"]:
        track = data["tracks"][0]
        options = ingress_options(state, track) if data["left"] > 0 else []
        if options:
            return [Prompt(t.seat, "fracture_ingress", [f"sector:{i}" for i in options],
                           {"track": track, "left": data["left"]})]
        data["tracks"].pop(0)
        data["left"] = data["per"]
    ctx.finish(t)
    for sector in state.sectors:
        if sector.kind == "utopian" and sector.id not in state.fracture.ingress:
            _place_ingress(ctx, t.seat, sector.id)
    return None


@chooser("fracture_ingress")
def _ingress_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    t.data["left"] -= 1
    _place_ingress(ctx, seat, int_arg(choice))


def _place_ingress(ctx: Ctx, seat: int, sector: int) -> None:
    ctx.state.fracture.ingress.append(sector)
    board.map_changed(ctx.state)  # an ingress links to every egress
    ctx.emit("ingress_placed", seat, sector=sector)


@task("open_fracture")
def _open_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """The effect op: the Fracture enters, if it is not in play yet."""
    ctx.finish(t)
    if on(ctx.state, FRACTURE) and not ctx.state.fracture.entered:
        enter(ctx, t.seat, list(TRACKS), INGRESS_AFTER_EFFECT)
    return None


# --- neutral units and first control -------------------------------------------------------


def start_skirmishes(ctx: Ctx, order: list[int]) -> None:
    """Every Fracture sector where players' units stand beside neutral units fights, the
    players in ``order``."""
    sectors = [s.id for s in ctx.state.sectors if s.kind == "fracture"]
    if sectors:
        ctx.push("skirmish", -1, order=list(order), sectors=sectors, s=0, p=0, strikes=-1,
                 lost=0, destroyed=0, seat=-1)


def loss_candidates(state: State, sector: int, seat: int) -> list[Unit]:
    """The seat's units there, one per interchangeable group (type, damage, black), the
    cheapest first (infantry, lightship, mech, warship), the lowest id first."""
    seen: dict[tuple[str, int, bool], Unit] = {}
    for unit in sorted(board.units_in(state, sector, seat),
                       key=lambda u: (CHEAPEST_FIRST.index(u.kind), u.id)):
        seen.setdefault((unit.kind, unit.damage, unit.black), unit)
    return list(seen.values())


# Task "skirmish" (seat -1). Data: order (seats), sectors (Fracture sector ids), s and p
# (the sector and the seat in order being fought), seat (the player fighting now, -1
# between fights), strikes (units the player still loses this round, -1 before the
# neutrals strike), lost and destroyed (this fight's totals). Prompt ``skirmish_loss`` for
# the player: "unit:<id>", the next unit to lose (context sector, left).

@task("skirmish")
def _skirmish_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data, state = t.data, ctx.state
    while data["s"] < len(data["sectors"]):
        sector = data["sectors"][data["s"]]
        if data["p"] >= len(data["order"]):
            data["s"] += 1
            data["p"] = 0
            continue
        seat = data["order"][data["p"]]
        mine = board.units_in(state, sector, seat)
        if data["strikes"] < 0:
            neutrals = neutral_units(state, sector)
            if not neutrals or not mine:
                _end_fight(ctx, t, sector)
                continue
            data["seat"] = seat
            data["strikes"] = min(sum(STRIKE[u.kind] for u in neutrals), len(mine))
        if data["strikes"] > 0:
            candidates = loss_candidates(state, sector, seat)
            if len(candidates) > 1 and len(mine) > data["strikes"]:
                return [Prompt(seat, "skirmish_loss", [f"unit:{u.id}" for u in candidates],
                               {"sector": sector, "left": data["strikes"]})]
            _lose(ctx, t, candidates[0])
            continue
        _strike_back(ctx, t, sector, seat)
    ctx.finish(t)
    return None


@chooser("skirmish")
def _skirmish_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _lose(ctx, t, ctx.state.units[int_arg(choice)])


def _lose(ctx: Ctx, t: Task, unit: Unit) -> None:
    effects.remove_unit(ctx, unit.id)
    t.data["lost"] += 1
    t.data["strikes"] -= 1


def _strike_back(ctx: Ctx, t: Task, sector: int, seat: int) -> None:
    """Each surviving unit of the player removes one neutral unit, infantry first; then
    the neutrals strike again."""
    survivors = len(board.units_in(ctx.state, sector, seat))
    neutrals = sorted(neutral_units(ctx.state, sector), key=lambda u: (u.kind != "infantry", u.id))
    for unit in neutrals[:survivors]:
        effects.remove_unit(ctx, unit.id)
        t.data["destroyed"] += 1
    t.data["strikes"] = -1


def _end_fight(ctx: Ctx, t: Task, sector: int) -> None:
    """One side is gone: the fight is told, and the next player in order is looked at."""
    data = t.data
    if data["seat"] >= 0:
        ctx.emit("skirmish", data["seat"], sector=sector, lost=data["lost"],
                 destroyed=data["destroyed"])
    data.update(p=data["p"] + 1, seat=-1, strikes=-1, lost=0, destroyed=0)


def claim(ctx: Ctx) -> None:
    """A Fracture sector controlled for the first time gives its controller an artifact."""
    state = ctx.state
    if not state.fracture.entered:
        return
    for sector in state.sectors:
        if sector.kind != "fracture" or sector.id in state.fracture.claimed:
            continue
        seat = board.controller(state, sector)
        if seat >= 0:
            state.fracture.claimed.append(sector.id)
            ctx.emit("fracture_claimed", seat, sector=sector.id)
            ctx.push("draw_artifacts", seat, draw=1, keep=1)
