"""The structure of the game: four cycles of income, action, conflict and end of cycle
phases, a transition after cycles 2 and 4, and the end of the game."""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.fractal import (
    action_cards,
    board,
    effects,
    empire,
    income,
    movement,
    passives,
    scoring,
)
from core.games.fractal.modules import diplomacy
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import BASIC_ACTIONS, State, Task

CYCLES = 4
PHASES = ("income", "action", "conflict", "end_of_cycle")


def seat_order(state: State) -> list[int]:
    n = len(state.players)
    return [(state.first_player + i) % n for i in range(n)]


# Task "game": the sequencer. data: none; it reads state.phase and state.cycle.

@task("game")
def _game_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    if state.phase == "setup":
        _begin(ctx, "income")
    elif state.phase == "income":
        _begin(ctx, "action")
    elif state.phase == "action":
        _begin(ctx, "conflict")
    elif state.phase == "conflict":
        _begin(ctx, "end_of_cycle")
    elif state.phase == "end_of_cycle":
        _next_cycle(ctx)
    elif state.phase == "transition":
        _begin(ctx, "income")
    else:
        ctx.finish(t)
    return None


def _begin(ctx: Ctx, phase: str) -> None:
    state = ctx.state
    state.phase = phase
    ctx.emit("phase", phase=phase, cycle=state.cycle)
    if phase == "income":
        income.income_phase(ctx, seat_order(state))
    elif phase == "action":
        state.turn = -1
        ctx.push("action_phase")
    elif phase == "conflict":
        ctx.push("conflict_phase")
    else:
        ctx.push("end_of_cycle")


def _next_cycle(ctx: Ctx) -> None:
    state = ctx.state
    finished = state.cycle
    if finished % 2 == 0:
        scoring.score(ctx)
        ctx.emit("transition", age=finished // 2)
        if finished == CYCLES:
            _end_game(ctx)
            return
        scoring.reveal_age2(ctx, seat_order(state))
        state.cycle += 1
        state.phase = "transition"  # the Age 2 card's instructions run before the income
        return
    state.cycle += 1
    _begin(ctx, "income")


def _end_game(ctx: Ctx) -> None:
    state = ctx.state
    state.winners = scoring.winners(state)
    state.phase = "over"
    state.stack.clear()
    state.prompts = []
    ctx.emit("game_over", winners=list(state.winners))


# Task "end_of_cycle" data: stage (the next step of the phase to run).

END_STAGES = ("effects", "agreements", "prestige", "utopian", "cleanup", "upkeep",
              "first_player", "done")


@task("end_of_cycle")
def _end_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    stage = t.data.setdefault("stage", "effects")
    t.data["stage"] = END_STAGES[END_STAGES.index(stage) + 1] if stage != "done" else "done"
    order = seat_order(state)
    if stage == "effects":
        for seat in reversed(order):
            steps = passives.steps(state, ctx.content, seat, "cycle_end")
            effects.start(ctx, seat, steps, source="cycle_end")
    elif stage == "agreements":
        diplomacy.resolve(ctx, order)
    elif stage == "prestige":
        prestige(ctx)
    elif stage == "utopian":
        _utopian_reward(ctx)
    elif stage == "cleanup":
        cleanup(ctx)
    elif stage == "upkeep":
        for seat in reversed(order):
            ctx.push("upkeep", seat)
    elif stage == "first_player":
        ctx.push("choose_first_player", state.watcher if state.watcher >= 0 else state.first_player)
    else:
        ctx.finish(t)
    return None


def prestige(ctx: Ctx) -> None:
    """One influence per player with fewer battle medals."""
    state = ctx.state
    medals = [p.medals for p in state.players]
    for player in state.players:
        fewer = sum(1 for m in medals if m < player.medals)
        if fewer:
            bonus = passives.modifier(state, ctx.content, player.seat, "prestige_influence")
            gained = empire.gain_influence(player, fewer + bonus)
            ctx.emit("prestige", player.seat, influence=gained)


def _utopian_reward(ctx: Ctx) -> None:
    state = ctx.state
    for sector in state.sectors:
        if sector.kind != "utopian" or sector.event_kind != "singularity":
            continue
        seat = board.controller(state, sector)
        if seat < 0:
            continue
        face_down = not sector.event_face_up
        sector.event_face_up = True
        board.map_changed(state)
        card = ctx.content.singularities[sector.event]
        (ctx.reveal if face_down else ctx.emit)("utopian_reward", seat, singularity=card.id,
                                                sector=sector.id)
        effects.start(ctx, seat, card.reward, source=card.id, here=sector.id)


def cleanup(ctx: Ctx) -> None:
    state = ctx.state
    turned = []
    for kind, slots in state.tech.items():
        for i, slot in enumerate(slots):
            if slot.cards and not slot.top_face_up:
                turned.append({"tech": kind, "slot": i, "technology": slot.cards[-1]})
            slot.top_face_up = True
    if turned:
        ctx.reveal("technologies_revealed", slots=turned)
    for player in state.players:
        state.action_discard.extend(player.played_cards)
        player.played_cards.clear()
        player.extra_cards = 0
        player.passed = False
        player.markers["government"].used = False
        player.markers["action_card"].used = False
    state.action_discard.extend(state.action_pool)
    state.action_pool.clear()
    action_cards.refill_pool(ctx)
    for unit in state.units:
        unit.damage = 0  # toppled units stand up again
    movement.clear_moved(state)  # moves made by end-of-cycle effects belong to no turn
    for sector in state.sectors:
        sector.blockade_medal = board.blockaded(state, sector)
    ctx.emit("cleanup")


# Task "upkeep": pay influence to flip depleted markers; when short, choose, lose the rest.
# Each marker costs the depletion value as the seat's components set it now, at the upkeep
# (not as they set it when the action was depleted).

@task("upkeep")
def _upkeep_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    player = ctx.state.players[t.seat]
    depleted = [a for a in BASIC_ACTIONS if player.markers[a].depleted]
    cost = empire.depletion_value(ctx.state, ctx.content, t.seat)
    total = cost * len(depleted)
    if not depleted:
        ctx.finish(t)
        return None
    if total <= player.influence:
        for action in depleted:
            _restore(ctx, t.seat, action)
        ctx.finish(t)
        return None
    options = [f"restore:{a}" for a in depleted] if cost <= player.influence else []
    if not options:
        lost = player.influence
        player.influence = 0
        ctx.emit("influence_lost", t.seat, influence=lost)
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "upkeep", [*options, DONE], {"needed": total})]


@chooser("upkeep")
def _upkeep_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        player = ctx.state.players[seat]
        ctx.emit("influence_lost", seat, influence=player.influence)
        player.influence = 0
        ctx.finish(t)
        return
    _restore(ctx, seat, arg(choice))


def _restore(ctx: Ctx, seat: int, action: str) -> None:
    player = ctx.state.players[seat]
    cost = empire.depletion_value(ctx.state, ctx.content, seat)
    player.influence -= cost
    player.markers[action].depleted = False
    ctx.emit("action_restored", seat, action=action, influence=cost)


# Task "choose_first_player": the watcher hands the first player token to another player.

@task("choose_first_player")
def _first_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    others = [f"seat:{p.seat}" for p in ctx.state.players if p.seat != t.seat]
    return [Prompt(t.seat, "first_player", others)]


@chooser("choose_first_player")
def _first_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    state.first_player = int_arg(choice)
    state.watcher = -1
    ctx.emit("first_player", seat, first=state.first_player)
    ctx.finish(t)
