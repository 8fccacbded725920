"""Obstacles and anomalies: resolved at the end of any action when their requirements are
met by the units you have in the sector."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.decisions import DONE, Prompt
from core.fractal import board, counters, effects, empire, passives, units
from core.fractal.content import Content, EventOption
from core.fractal.engine import Ctx, chooser, task
from core.fractal.state import COLONIES_PER_TRACK, SCIENCE_TOKENS, TRACKS, Sector, State, Task

Requirement = Mapping[str, Any]


def event_options(content: Content, sector: Sector) -> Sequence[EventOption]:
    if sector.event_kind == "obstacle":
        return content.obstacles[sector.event].options
    return content.anomalies[sector.event].options


def _units_here(state: State, sector: Sector, seat: int, kind: str) -> int:
    return sum(1 for u in board.units_in(state, sector.id, seat) if u.kind == kind)


def meets(state: State, content: Content, seat: int, sector: Sector,
          require: Sequence[Requirement]) -> bool:
    player = state.players[seat]
    for req in require:
        if "pay_influence" in req and player.influence < int(req["pay_influence"]):
            return False
        if "pay_credits" in req and player.credits < int(req["pay_credits"]):
            return False
        for key in ("have_units", "remove_units"):
            for kind, n in req.get(key, {}).items():
                if _units_here(state, sector, seat, kind) < int(n):
                    return False
        if "remove_science" in req and (
                empire.science_on_boards(state, seat) < int(req["remove_science"])):
            return False
        for key in ("have_technologies", "remove_technologies"):
            if key in req:
                tech = str(req[key]["tech"])
                if counters.count(state, content, seat, f"technologies.{tech}") < int(
                        req[key]["count"]):
                    return False
        if "control" in req:
            need = req["control"]
            if counters.count(state, content, seat, f"controlled.{need['kind']}") < int(
                    need["count"]):
                return False
        if req.get("colonize") and not _could_colonize(state, content, seat, sector):
            return False
    return True


def _could_colonize(state: State, content: Content, seat: int, sector: Sector) -> bool:
    """A free Colonize here needs what Colonize needs, but for the control the resolved
    event is about to allow: a colonizing unit and a colony space with a colony left."""
    player = state.players[seat]
    return any(player.taken[t] < COLONIES_PER_TRACK and board.free_space(sector, t)
               for t in TRACKS) and any(
        units.has(state, content, u, "colonize") for u in board.units_in(state, sector.id, seat))


def resolvable(state: State, content: Content, seat: int) -> list[str]:
    options = []
    for sector in state.sectors:
        if not (board.has_unresolved_event(sector) and sector.event_face_up):
            continue
        if not board.units_in(state, sector.id, seat):
            continue
        for i, option in enumerate(event_options(content, sector)):
            if meets(state, content, seat, sector, option.require):
                options.append(f"resolve:{sector.id}:{i}")
    return options


def resolve(ctx: Ctx, seat: int, sector: Sector, index: int) -> None:
    state, content = ctx.state, ctx.content
    option = event_options(content, sector)[index]
    player = state.players[seat]
    colonize_here = False
    for req in option.require:
        empire.gain_influence(player, -int(req.get("pay_influence", 0)))
        empire.gain_credits(player, -int(req.get("pay_credits", 0)))
        for kind, n in req.get("remove_units", {}).items():
            mine = [u for u in board.units_in(state, sector.id, seat) if u.kind == kind]
            for unit in mine[: int(n)]:
                effects.remove_unit(ctx, unit.id)
        _take_back_science(state, seat, int(req.get("remove_science", 0)))
        if "remove_technologies" in req:
            _discard_technologies(state, content, seat, req["remove_technologies"])
        colonize_here = colonize_here or bool(req.get("colonize"))
    card, kind = sector.event, sector.event_kind
    player.resolved.append(card)
    sector.event, sector.event_kind, sector.event_face_up = "", "", False
    sector.anomaly_resolved = sector.anomaly_resolved or kind == "anomaly"
    ctx.emit("event_resolved", seat, card=card, sector=sector.id, option=index)
    if kind == "anomaly" and passives.has_hook(state, content, seat, "delverar_ruin_paths"):
        ctx.push("insight", seat, count=1, here=sector.id)
    effects.start(ctx, seat, option.reward, source=card, here=sector.id)
    if colonize_here:
        ctx.push("colonize", seat, free=True, here=sector.id)


def _take_back_science(state: State, seat: int, amount: int) -> None:
    """Taken first where a token comes free (a value that is not a flipped 3), largest
    first. Breaking a flipped token needs two loose ones; without them, the science that
    cannot be shown is lost too, as no more than eight tokens exist."""
    for _ in range(amount):
        slots = [s for kind in state.tech.values() for s in kind if s.science.get(seat, 0)]
        if not slots:
            return
        slot = max(slots, key=lambda s: (s.science[seat] % 3 != 0, s.science[seat]))
        slot.science[seat] -= 1
        while slot.science[seat] and empire.science_tokens_used(state, seat) > SCIENCE_TOKENS:
            slot.science[seat] -= 1
        if slot.science[seat] == 0:
            del slot.science[seat]


def _discard_technologies(state: State, content: Content, seat: int,
                          req: Mapping[str, Any]) -> None:
    """The cheapest matching technologies go first."""
    techs = state.players[seat].technologies
    matching = sorted((t for t in techs if req["tech"] in ("any", content.technologies[t].type)),
                      key=lambda t: content.technologies[t].cost)
    for card in matching[: int(req["count"])]:
        techs.remove(card)


# Task "end_of_action": after each action, the actor may resolve events, one at a time.

@task("end_of_action")
def _end_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = resolvable(ctx.state, ctx.content, t.seat)
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "resolve_event", [*options, DONE])]


@chooser("end_of_action")
def _end_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
        return
    _, sector, index = choice.split(":")
    resolve(ctx, seat, ctx.state.sectors[int(sector)], int(index))

