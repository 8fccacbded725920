"""The Leaders module (the rulebook's Optional: Leaders, H:1594-1623), with twelve Leaders
of our own (``content/leaders.toml``; docs/hegemonic.md, "Leaders").

One Leader is dealt to each player at random. At every Collection its card shows one more
level, up to 3. Its owner may use any level showing, once, in the Leader's window: their
own action prompt in an Action Phase (like a gift; no action is spent), or a conflict they
are in, once both cards are revealed and before the outcome (the attacker, then the
defender). A conflict Leader has a turn ability too (``turn_effect``), so that its card is
used as often as a turn Leader's, not only in the conflicts its owner happens to be in.
The card then goes back to level 0. A level is offered only when it can do something.
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, int_arg
from core.games.hegemonic import build, galaxy, movement, technology
from core.games.hegemonic.content import Content, Leader
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task

MAX_LEVEL = 3
ANY = 99  # a value that lifts the limit: any distance, any tier, no cost
# The builders' effects and the piece each builds free; a level of value 0 builds nothing
# (the card waits for its next level).
PIECES = {"complexes": "complex", "embassies": "embassy", "outposts": "outpost",
          "fleets": "fleet", "agents": "agent"}


def deal(ctx: Ctx) -> None:
    state = ctx.state
    leaders = list(ctx.content.leaders)
    rng.shuffle(state, leaders)
    for player in state.players:
        player.leader = leaders.pop()
        ctx.reveal("leader_dealt", player.seat, leader=player.leader)


def level_up(ctx: Ctx) -> None:
    for player in ctx.state.players:
        if player.leader and player.level < MAX_LEVEL:
            player.level += 1
            ctx.emit("leader_level", player.seat, level=player.level)


def leader_of(state: State, content: Content, seat: int) -> Leader | None:
    player = state.players[seat]
    return content.leaders[player.leader] if player.leader else None


def _units_that_move(state: State, seat: int, unit: str, reach: int) -> list[int]:
    player = state.players[seat]
    units = player.agents if unit == "agent" else player.fleets
    return [i for i, at in enumerate(units)
            if at >= 0 and movement.free_moves(state, seat, unit, i, reach)]


def turn_ability(leader: Leader) -> tuple[str, tuple[int, int, int]] | None:
    """The effect and values a Leader has at the action prompt, if any."""
    if leader.window == "turn":
        return leader.effect, leader.values
    return (leader.turn_effect, leader.turn_values) if leader.turn_effect else None


def can_use(state: State, content: Content, seat: int, effect: str, value: int) -> bool:
    """Whether a level of a turn ability would do something now."""
    player = state.players[seat]
    if effect in PIECES:
        return value > 0 and build.can_build(state, content, seat, (PIECES[effect],),
                                             free=value)
    if effect == "survey":
        return bool((state.draw or state.pool) and galaxy.empty_hexes(state))
    if effect == "advance":
        return bool(technology.advance_options(content, player, player.hand, value,
                                               value >= ANY))
    if effect in ("fleet_move", "agent_move"):
        return bool(_units_that_move(state, seat, effect.split("_")[0], value))
    if effect == "gate":
        return build.can_gate(state, content, seat, value)
    return effect in ("caps", "vp")


def turn_options(state: State, content: Content, seat: int) -> list[str]:
    """``leader:<level>`` for each level showing that can be used at the action prompt."""
    leader = leader_of(state, content, seat)
    ability = turn_ability(leader) if leader else None
    if ability is None:
        return []
    effect, values = ability
    level = state.players[seat].level
    return [f"leader:{n}" for n in range(1, level + 1)
            if can_use(state, content, seat, effect, values[n - 1])]


def conflict_options(state: State, content: Content, seat: int) -> list[str]:
    leader = leader_of(state, content, seat)
    if leader is None or leader.window != "conflict":
        return []
    return [f"leader:{n}" for n in range(1, state.players[seat].level + 1)]


def spend(ctx: Ctx, seat: int, level: int, effect: str, value: int) -> None:
    """Put the card back to 0 and say which ability was used."""
    player = ctx.state.players[seat]
    player.level = 0
    ctx.emit("leader_used", seat, leader=player.leader, level=level, effect=effect,
             value=value)


def use_in_conflict(ctx: Ctx, seat: int, level: int) -> tuple[str, int]:
    """The effect and value of a conflict Leader's level, the card spent."""
    leader = ctx.content.leaders[ctx.state.players[seat].leader]
    value = leader.values[level - 1]
    spend(ctx, seat, level, leader.effect, value)
    return leader.effect, value


def use_in_turn(ctx: Ctx, seat: int, level: int) -> None:
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    ability = turn_ability(content.leaders[player.leader])
    assert ability is not None  # offered only to a Leader with a turn ability
    effect, value = ability[0], ability[1][level - 1]
    spend(ctx, seat, level, effect, value)
    if effect == "caps":
        player.caps += value
    elif effect == "vp":
        player.vp += value
    elif effect in PIECES:
        ctx.push("build", seat, builds=[PIECES[effect]], count=0, free=value)
    elif effect == "survey":
        for _ in range(value):
            ctx.push("survey", seat, step="flip")
    elif effect == "advance":
        ctx.push("leader_advance", seat, discount=value)
    elif effect in ("fleet_move", "agent_move"):
        ctx.push("leader_move", seat, unit=effect.split("_")[0], reach=value, index=-1)
    else:  # a new pair while one is left, else the player picks the pair to move
        pair = next((i for i, p in enumerate(player.gates) if not p), -1)
        ctx.push("gate", seat, pair=pair, near=-1, bonus=value)


@task("leader_advance")
def advance_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``discount``: CAPs off (``ANY``: free, and the tier requirement waived)."""
    player = ctx.state.players[t.seat]
    discount = t.data["discount"]
    options = technology.advance_options(ctx.content, player, player.hand, discount,
                                         discount >= ANY)
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "leader_advance", options, {"discount": discount})]


@chooser("leader_advance")
def advance_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    parts = choice.split(":")
    technology.advance(ctx, seat, parts[1], parts[2] if len(parts) > 2 else "",
                       t.data["discount"])
    ctx.finish(t)


@task("leader_move")
def move_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``unit``: agent or fleet; ``reach``; ``index``: the unit once chosen."""
    state = ctx.state
    unit, reach = t.data["unit"], t.data["reach"]
    if t.data["index"] < 0:
        units = _units_that_move(state, t.seat, unit, reach)
        if not units:
            ctx.finish(t)
            return None
        return [Prompt(t.seat, "leader_unit", [f"{unit}:{i}" for i in units])]
    sites = movement.free_moves(state, t.seat, unit, t.data["index"], reach)
    return [Prompt(t.seat, "move_to", [f"sector:{s}" for s in sites],
                   {"piece": f"{unit}:{t.data['index']}"})]


@chooser("leader_move")
def move_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if t.data["index"] < 0:
        t.data["index"] = int(choice.split(":")[1])
        return
    player = ctx.state.players[seat]
    unit, index = t.data["unit"], t.data["index"]
    units = player.agents if unit == "agent" else player.fleets
    start = units[index]
    units[index] = int_arg(choice)
    ctx.emit("unit_moved", seat, unit=unit, index=index, sector=start, to=units[index], cost=0)
    ctx.finish(t)

