"""Sieges: Raze and Invade, and several colonies in one sector.

Rulebook sections: Sieges, Raze, Invade, Multiple colonies in a sector; the faction hooks
gorias_bone_trade (2 credits per Raze or Invade) and exodian_resettle (2 infantries after
an Invade) act here.

Task ``"siege"`` (seat -1 until the besieger is known). Data: ``sector``; ``besieger`` (the
seat with units there); ``used`` (ids of units that already besieged a colony). Each colony
needs two units (a Veteran counts as two); the besieger may stop at any time.

Prompt ``siege`` for the besieger: ``"raze:<space>"``, ``"invade:<space>"`` (a unit with
Invade takes part and a colony of that type is left on the besieger's empire board),
``"done"``.
"""

from __future__ import annotations

from core.decisions import DONE, Prompt, int_arg
from core.games.fractal import board, colonize, empire, passives, units
from core.games.fractal.content import Content
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import COLONIES_PER_TRACK, State, Task, Unit

UNITS_PER_COLONY = 2
RAZE_VP = 1
GORIAS_CREDITS = 2


def strength(state: State, content: Content, unit: Unit) -> int:
    return 2 if units.has(state, content, unit, "veteran") else 1


def enemy_colonies(state: State, sector: int, seat: int) -> list[int]:
    return [i for i, s in enumerate(state.sectors[sector].spaces)
            if s.owner >= 0 and s.owner != seat]


def besieger(state: State, content: Content, sector: int, used: list[int] | None = None
             ) -> int:
    """The seat able to besiege a colony in the sector now, or -1."""
    for seat in sorted({u.owner for u in board.units_in(state, sector) if u.owner >= 0}):
        free = _free_units(state, sector, seat, used or [])
        if (enemy_colonies(state, sector, seat)
                and sum(strength(state, content, u) for u in free) >= UNITS_PER_COLONY):
            return seat
    return -1


def _free_units(state: State, sector: int, seat: int, used: list[int]) -> list[Unit]:
    return [u for u in board.units_in(state, sector, seat) if u.id not in used]


def _invaders(state: State, content: Content, free: list[Unit]) -> list[Unit]:
    return [u for u in free if units.has(state, content, u, "invade")]


def _pick(state: State, content: Content, free: list[Unit], invade: bool) -> list[Unit]:
    """Units that besiege one colony: an invader first when invading; otherwise units
    without Invade first, so that later colonies can still be invaded."""
    picked: list[Unit] = []
    if invade:
        picked.append(max(_invaders(state, content, free),
                          key=lambda u: (strength(state, content, u), -u.id)))
    rest = sorted((u for u in free if u not in picked),
                  key=lambda u: (units.has(state, content, u, "invade") > 0,
                                 -strength(state, content, u), u.id))
    for unit in rest:
        if sum(strength(state, content, u) for u in picked) >= UNITS_PER_COLONY:
            break
        picked.append(unit)
    return picked


def siege_options(state: State, content: Content, sector: int, seat: int,
                  used: list[int]) -> list[str]:
    free = _free_units(state, sector, seat, used)
    if sum(strength(state, content, u) for u in free) < UNITS_PER_COLONY:
        return []
    player = state.players[seat]
    can_invade = bool(_invaders(state, content, free))
    options = []
    for i in enemy_colonies(state, sector, seat):
        options.append(f"raze:{i}")
        track = state.sectors[sector].spaces[i].track
        if can_invade and player.taken[track] < COLONIES_PER_TRACK:
            options.append(f"invade:{i}")
    return options


@task("siege")
def _siege_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, sector = ctx.state, int(t.data["sector"])
    t.data.setdefault("used", [])
    if "besieger" not in t.data:
        t.data["besieger"] = besieger(state, ctx.content, sector)
    seat = int(t.data["besieger"])
    options = siege_options(state, ctx.content, sector, seat, t.data["used"]) if seat >= 0 else []
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(seat, "siege", [*options, DONE], {"sector": sector})]


@chooser("siege")
def _siege_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
        return
    state, content = ctx.state, ctx.content
    sector = state.sectors[int(t.data["sector"])]
    invade = choice.startswith("invade:")
    free = _free_units(state, sector.id, seat, t.data["used"])
    t.data["used"].extend(u.id for u in _pick(state, content, free, invade))
    index = int_arg(choice)
    defender = sector.spaces[index].owner
    state.stats["sieges"] += 1
    track = colonize.return_colony(ctx, sector, index)
    ctx.emit("colony_razed" if not invade else "colony_invaded", seat, sector=sector.id,
             track=track, defender=defender)
    empire.gain_vp(ctx, seat, "military", RAZE_VP)
    if passives.has_hook(state, content, seat, "gorias_bone_trade"):
        gained = empire.gain_credits(state.players[seat], GORIAS_CREDITS)
        ctx.emit("resources", seat, credits=gained, influence=0, vp_tokens=0,
                 source="gorias_bone_trade")
    if invade:
        # Both may push tasks; they run before the next siege of this sector.
        colonize.take_colony(ctx, seat, track, sector)
        colonize.resettled(ctx, seat, sector)
