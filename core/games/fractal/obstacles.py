"""Obstacles and anomalies: resolved at the end of any action when their requirements are
met by the units you have in the sector."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.decisions import DONE, Prompt
from core.games.fractal import board, counters, effects, empire, passives, units
from core.games.fractal.content import Content, EventOption
from core.games.fractal.modules import fracture
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import (
    COLONIES_PER_TRACK,
    SCIENCE_TOKENS,
    TRACKS,
    Sector,
    State,
    Task,
    TechSlot,
    Unit,
)

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
    event is about to allow: the action not depleted, a colonizing unit and a colony space
    with a colony left."""
    player = state.players[seat]
    if player.markers["colonize"].depleted:
        return False
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
    """Resolve option ``index`` of the sector's event: spend what it asks, then let the
    player choose what it removes (task "event_cost"); the reward follows."""
    option = event_options(ctx.content, sector)[index]
    player = ctx.state.players[seat]
    cost: dict[str, Any] = {"sector": sector.id, "option": index, "units": {}, "science": 0,
                            "tech": "", "technologies": 0}
    for req in option.require:
        empire.gain_influence(player, -int(req.get("pay_influence", 0)))
        empire.gain_credits(player, -int(req.get("pay_credits", 0)))
        for kind, n in req.get("remove_units", {}).items():
            cost["units"][kind] = cost["units"].get(kind, 0) + int(n)
        cost["science"] += int(req.get("remove_science", 0))
        if "remove_technologies" in req:
            cost["tech"] = str(req["remove_technologies"]["tech"])
            cost["technologies"] += int(req["remove_technologies"]["count"])
    ctx.push("event_cost", seat, **cost)


# Task "event_cost": what an event's option removes, chosen one piece at a time. Data:
# sector, option (the option's index), units (unit type -> how many still to remove from the
# sector), science (science still to take back from the technology boards), tech (the type
# of technology removed: civil, military or any) and technologies (how many still to
# remove). A choice is asked only when the pieces differ; when every candidate must go,
# they go without asking. Prompts: cost_unit ("unit:<id>"), cost_science
# ("slot:<tech>:<index>"), cost_technology ("technology:<id>"); their context names the
# sector, the event and how many are left.

@task("event_cost")
def _cost_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    for kind, left in data["units"].items():
        if left > 0:
            return _cost_prompt(ctx, t, "cost_unit", _unit_candidates(ctx, t, kind), left,
                                kind=kind)
    if data["science"] > 0:
        return _cost_prompt(ctx, t, "cost_science", _science_candidates(ctx.state, t.seat),
                            data["science"])
    if data["technologies"] > 0:
        return _cost_prompt(ctx, t, "cost_technology", _technology_candidates(ctx, t),
                            data["technologies"], tech=data["tech"])
    ctx.finish(t)
    _resolved(ctx, t.seat, ctx.state.sectors[data["sector"]], int(data["option"]))
    return None


def _cost_prompt(ctx: Ctx, t: Task, asking: str, candidates: list[tuple[str, int]], left: int,
                 **facts: str) -> list[Prompt] | None:
    """Ask which piece goes next, unless it makes no difference: a single candidate, or
    so few pieces that all of them go. ``candidates`` pairs each choice with how many
    pieces it stands for."""
    if not candidates:
        _nothing_left(t, asking, facts.get("kind", ""))
        return None
    if len(candidates) == 1 or sum(n for _, n in candidates) <= left:
        _pay(ctx, t, candidates[0][0])
        return None
    context = {"sector": t.data["sector"], "event": ctx.state.sectors[t.data["sector"]].event,
               **facts, "left": left}
    return [Prompt(t.seat, asking, [c for c, _ in candidates], context)]


def _nothing_left(t: Task, asking: str, kind: str) -> None:
    """Nothing more of it to remove (tokens lost while making change): paid as far as it
    goes."""
    if asking == "cost_unit":
        t.data["units"][kind] = 0
    elif asking == "cost_science":
        t.data["science"] = 0
    else:
        t.data["technologies"] = 0


def _unit_candidates(ctx: Ctx, t: Task, kind: str) -> list[tuple[str, int]]:
    """The seat's units of that type in the sector, one choice per interchangeable group
    (same damage, moved this turn or not, black or of the seat's colour), with its size."""
    groups: dict[tuple[int, bool, bool], list[Unit]] = {}
    for u in board.units_in(ctx.state, t.data["sector"], t.seat):
        if u.kind == kind:
            groups.setdefault((u.damage, u.moved, u.black), []).append(u)
    found = sorted((min(g, key=lambda u: u.id).id, len(g)) for g in groups.values())
    return [(f"unit:{uid}", n) for uid, n in found]


def _science_candidates(state: State, seat: int) -> list[tuple[str, int]]:
    return [(f"slot:{kind}:{i}", slot.science[seat])
            for kind, slots in state.tech.items() for i, slot in enumerate(slots)
            if slot.science.get(seat, 0)]


def _technology_candidates(ctx: Ctx, t: Task) -> list[tuple[str, int]]:
    owned = ctx.state.players[t.seat].technologies
    matching = [c for c in owned if t.data["tech"] in ("any", ctx.content.technologies[c].type)]
    return [(f"technology:{card}", matching.count(card)) for card in sorted(set(matching))]


@chooser("event_cost")
def _cost_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _pay(ctx, t, choice)


def _pay(ctx: Ctx, t: Task, choice: str) -> None:
    head, _, rest = choice.partition(":")
    if head == "unit":
        unit = ctx.state.units[int(rest)]
        t.data["units"][unit.kind] -= 1
        effects.remove_unit(ctx, unit.id)
    elif head == "slot":
        tech, index = rest.split(":")
        take_back_science(ctx, t.seat, ctx.state.tech[tech][int(index)])
        t.data["science"] -= 1
    else:
        remove_technology(ctx, t.seat, rest)
        t.data["technologies"] -= 1


def take_back_science(ctx: Ctx, seat: int, slot: TechSlot) -> None:
    """One science back from the slot. A flipped token (3) broken into change needs loose
    tokens; without them, what cannot be shown is lost too (only eight tokens exist)."""
    slot.science[seat] -= 1
    lost = 0
    while slot.science[seat] and empire.science_tokens_used(ctx.state, seat) > SCIENCE_TOKENS:
        slot.science[seat] -= 1
        lost += 1
    if slot.science[seat] == 0:
        del slot.science[seat]
    ctx.emit("science_returned", seat, slot=f"slot:{slot.type}:{_index(ctx.state, slot)}")
    effects.lose_science(ctx, seat, lost)


def _index(state: State, slot: TechSlot) -> int:
    return next(i for i, s in enumerate(state.tech[slot.type]) if s is slot)


def remove_technology(ctx: Ctx, seat: int, card: str) -> None:
    """A removed card goes to its discard pile; technologies have no slot to go back to
    (slots are dealt once), so they lie face-up on their type's discard pile."""
    ctx.state.players[seat].technologies.remove(card)
    ctx.state.tech_discard[ctx.content.technologies[card].type].append(card)
    ctx.emit("technology_removed", seat, technology=card)


def _resolved(ctx: Ctx, seat: int, sector: Sector, index: int) -> None:
    """The cost is paid: the card goes beside the empire board and the reward follows (a
    free Colonize here first, when the option asks for one)."""
    state, content = ctx.state, ctx.content
    option = event_options(content, sector)[index]
    card, kind = sector.event, sector.event_kind
    state.players[seat].resolved.append(card)
    sector.event, sector.event_kind, sector.event_face_up = "", "", False
    sector.anomaly_resolved = sector.anomaly_resolved or kind == "anomaly"
    board.map_changed(state)  # a living galaxy's wormhole goes with it; the ruin paths grow
    ctx.emit("event_resolved", seat, card=card, sector=sector.id, option=index)
    if kind == "anomaly" and passives.has_hook(state, content, seat, "delverar_ruin_paths"):
        ctx.push("insight", seat, count=1, here=sector.id)
    effects.start(ctx, seat, option.reward, source=card, here=sector.id)
    if any(req.get("colonize") for req in option.require):
        ctx.push("colonize", seat, free=True, here=sector.id)


# Task "end_of_action": after each action, the actor may resolve events, one at a time.

@task("end_of_action")
def _end_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = resolvable(ctx.state, ctx.content, t.seat)
    if not options:
        ctx.finish(t)
        fracture.claim(ctx)
        return None
    return [Prompt(t.seat, "resolve_event", [*options, DONE])]


@chooser("end_of_action")
def _end_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
        return
    _, sector, index = choice.split(":")
    resolve(ctx, seat, ctx.state.sectors[int(sector)], int(index))

