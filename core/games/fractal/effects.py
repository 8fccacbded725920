"""The interpreter of the effect vocabulary (docs/effects.md).

An effect runs as a task "effect" whose data are ``steps`` (the list from the card data),
``i`` (the next step), ``here`` (a sector id or -1) and ``source`` (the component's id).
Steps that need choices push their own task; the effect resumes when it is done.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from core import rng
from core.decisions import DONE, Prompt, arg, int_arg
from core.games.fractal import board, counters, empire, passives
from core.games.fractal.content import Content, Step
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import (
    BASIC_ACTIONS,
    BLOOD_POOL,
    RESERVE,
    SCIENCE_TOKENS,
    State,
    Task,
    TechSlot,
    Unit,
)

PlainStep = Mapping[str, Any]

# Ops that hand over to a task of their own, with the fields it takes.
_DELEGATED = {
    "science": "place_science",
    "units": "place_units",
    "remove_units": "remove_units",
    "storm": "storm_move",
    "insight": "insight",
    "artifact": "draw_artifacts",
    "elite_tactic": "elite_tactic",
    "restore": "restore",
    "damage": "damage",
    "reveal": "reveal",
    "open_fracture": "open_fracture",  # The Fracture module
}


def plain(steps: Sequence[Step | PlainStep]) -> list[dict[str, Any]]:
    """Steps as the plain tables the effect task keeps in the state."""
    return [s.to_dict() if isinstance(s, Step) else dict(s) for s in steps]


def start(ctx: Ctx, seat: int, steps: Sequence[Step | PlainStep], source: str = "",
          here: int = -1) -> None:
    """Push an effect for the seat; it runs when the engine next steps."""
    if steps:
        ctx.push("effect", seat, steps=plain(steps), i=0, here=here, source=source)


def scale(state: State, content: Content, seat: int, step: PlainStep) -> int:
    """How many times a step's amounts count: its ``per`` counter, capped by ``max``."""
    per = step.get("per")
    if not per:
        return 1
    value = counters.count(state, content, seat, str(per))
    cap = step.get("max")
    return min(value, int(cap)) if cap is not None else value


def condition_holds(state: State, content: Content, seat: int, step: PlainStep) -> bool:
    cond = step.get("if")
    if not cond:
        return True
    return counters.count(state, content, seat, str(cond["counter"])) >= int(cond["at_least"])


def affordable(state: State, seat: int, effect: Sequence[Step | PlainStep]) -> bool:
    """Whether the seat can pay every ``pay`` step of an effect."""
    player = state.players[seat]
    credits = influence = 0
    for s in effect:
        # Read the fields in place: converting card steps to plain tables first (as the
        # effect task stores them) cost more than the whole question.
        if (s.op if isinstance(s, Step) else s.get("op")) == "pay":
            credits += int(s.get("credits", 0))
            influence += int(s.get("influence", 0))
    return player.credits >= credits and player.influence >= influence


@task("effect")
def _effect_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    steps: list[dict[str, Any]] = t.data["steps"]
    if t.data["i"] >= len(steps):
        ctx.finish(t)
        return None
    step = steps[t.data["i"]]
    t.data["i"] += 1
    if condition_holds(ctx.state, ctx.content, t.seat, step):
        _run_step(ctx, t, step)
    return None


def _run_step(ctx: Ctx, t: Task, step: PlainStep) -> None:
    state, seat = ctx.state, t.seat
    player = state.players[seat]
    op = str(step["op"])
    times = scale(state, ctx.content, seat, step)
    if op == "pay" and not affordable(state, seat, [step]):
        ctx.finish(t)  # a cost that cannot be paid stops the rest of the effect
        return
    if op in ("gain", "lose", "pay"):
        sign = 1 if op == "gain" else -1
        credits = empire.gain_credits(player, sign * int(step.get("credits", 0)) * times)
        influence = empire.gain_influence(player, sign * int(step.get("influence", 0)) * times)
        tokens = int(step.get("vp_tokens", 0)) * times if op == "gain" else 0
        tokens = min(tokens, empire.victory_tokens_left(state, ctx.content))
        player.vp_tokens += tokens
        if credits or influence or tokens:
            ctx.emit("resources", seat, credits=credits, influence=influence, vp_tokens=tokens,
                     source=t.data["source"])
    elif op == "vp":
        empire.gain_vp(ctx, seat, str(step["category"]), int(step["amount"]) * times)
    elif op == "extra_action_card":
        player.extra_cards += int(step.get("count", 1)) * times
    elif op in BASIC_ACTIONS:
        # A free action is the action without its cost: depleted, it cannot be performed
        # (Depletion, l. 666), whatever gives it.
        if player.markers[op].depleted:
            ctx.emit("free_action_depleted", seat, action=op, source=t.data["source"])
            return
        fields: dict[str, Any] = {"free": True}
        if op == "colonize" and step.get("where") == "here":
            fields["here"] = t.data["here"]
        ctx.push(op, seat, **fields)
    elif op in _DELEGATED:
        fields = {k: v for k, v in step.items() if k not in ("op", "per", "max", "if")}
        for key in ("amount", "count"):
            if key in fields:
                fields[key] = int(fields[key]) * times
        ctx.push(_DELEGATED[op], seat, here=t.data["here"], **fields)
    else:
        raise ValueError(f"unknown effect op {op!r} in {t.data['source']}")


# --- Science placement -----------------------------------------------------------------
# data: amount (science still to place), tech ("" or civil/military), one_slot (all of it
# goes on the first slot chosen: the second scientific colony's "2 science on any slot")

def science_slots(state: State, content: Content, seat: int, tech: str = "") -> list[str]:
    """Slots where one more of the seat's science may go, as choices "slot:civil:2".

    Research limits science by the card's cost only; "face-up" is asked of the card being
    developed, so a slot whose top card waits face-down takes science too."""
    return list(_science_slots(state, content, seat, tech))


def has_science_slot(state: State, content: Content, seat: int, tech: str = "") -> bool:
    return next(_science_slots(state, content, seat, tech), None) is not None


def _science_slots(state: State, content: Content, seat: int, tech: str) -> Iterator[str]:
    used = empire.science_tokens_used(state, seat)
    for kind, slots in state.tech.items():
        if tech and kind != tech:
            continue
        discount = passives.modifier(state, content, seat, "tech_cost", tech=kind)
        for i, slot in enumerate(slots):
            if not slot.cards:
                continue
            have = slot.science.get(seat, 0)
            # Below the last token one more science always fits: the count is asked only
            # when every token is out.
            if have < science_cap(content, slot, discount) and (
                    used < SCIENCE_TOKENS or empire.room_for_science(used, have)):
                yield f"slot:{kind}:{i}"


def science_cap(content: Content, slot: TechSlot, discount: int) -> int:
    """How much of one seat's science the slot's top card takes: its cost. A face-down
    card's cost is hidden; it takes the lowest cost printed on its stack (3 for "3-5"), so
    the card's cost is never exceeded and the choices offered tell nothing about it."""
    card = content.technologies[slot.cards[-1]]
    cost = card.cost if slot.top_face_up else int(card.stack.split("-")[0])
    return max(0, cost + discount)


def lose_science(ctx: Ctx, seat: int, amount: int) -> None:
    """Science gained with nowhere to go (no slot with room, no token left) is lost, and
    the log says so."""
    if amount > 0:
        ctx.emit("science_lost", seat, amount=amount)


def tech_cost(state: State, content: Content, seat: int, card: str) -> int:
    tech = content.technologies[card]
    return max(0, tech.cost + passives.modifier(state, content, seat, "tech_cost", tech=tech.type))


def add_science(state: State, seat: int, choice: str) -> None:
    _, kind, index = choice.split(":")
    slot = state.tech[kind][int(index)]
    slot.science[seat] = slot.science.get(seat, 0) + 1


@task("place_science")
def _science_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = science_slots(ctx.state, ctx.content, t.seat, t.data.get("tech", ""))
    if t.data.get("distinct"):  # Wartime innovation: each on a different technology
        options = [o for o in options if o not in t.data["used"]]
    if t.data["amount"] <= 0 or not options:
        lose_science(ctx, t.seat, t.data["amount"])
        ctx.finish(t)
        return None
    context: dict[str, Any] = {"left": t.data["amount"]}
    if t.data.get("one_slot"):
        context["one_slot"] = True
    if t.data.get("distinct"):
        context["distinct"] = True
    return [Prompt(t.seat, "place_science", options, context)]


@chooser("place_science")
def _science_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    add_science(ctx.state, seat, choice)
    t.data["amount"] -= 1
    ctx.emit("science_placed", seat, slot=choice)
    if t.data.get("one_slot"):
        _fill_slot(ctx, t, choice)
    if t.data.get("distinct"):
        t.data["used"].append(choice)


def _fill_slot(ctx: Ctx, t: Task, choice: str) -> None:
    """The rest goes on the same slot while it has room; what does not fit is lost."""
    while t.data["amount"] > 0 and choice in science_slots(ctx.state, ctx.content, t.seat):
        add_science(ctx.state, t.seat, choice)
        t.data["amount"] -= 1
        ctx.emit("science_placed", t.seat, slot=choice)
    lose_science(ctx, t.seat, t.data["amount"])
    t.data["amount"] = 0


# --- Units placed and removed ----------------------------------------------------------
# place_units data: unit, count, where (colony, here, starting), black, here, exact. The
# effect op places "up to" its count: the player places them one at a time, choosing the
# sector, and may stop (``done``) at any time. ``exact`` (the Exodians' resettlement, whose
# text places its units outright) places them all, asking only where.

def placement_sectors(state: State, content: Content, seat: int, where: str,
                      here: int) -> list[int]:
    if where == "here":
        return [here] if here >= 0 else []
    if where == "starting":
        from core.games.fractal.setup import start_sector

        return [start_sector(state, seat).id]
    return [s.id for s in board.colony_sectors(state, seat)
            if not board.blockaded_for(state, s, seat)]


def supply(state: State, seat: int, kind: str, black: bool) -> list[int]:
    """Ids of the units an effect may place: the seat's reserve, or the black supply."""
    if black:
        return [u.id for u in state.units
                if u.black and u.owner == -1 and u.where == RESERVE and u.kind == kind]
    return [u.id for u in board.reserve(state, seat, kind)]


@task("place_units")
def _place_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    kind, black = str(t.data["unit"]), bool(t.data.get("black", False))
    sectors = placement_sectors(ctx.state, ctx.content, t.seat, str(t.data["where"]),
                                int(t.data["here"]))
    if t.data["count"] <= 0 or not sectors or not supply(ctx.state, t.seat, kind, black):
        ctx.finish(t)
        return None
    exact = bool(t.data.get("exact"))
    if exact and len(sectors) == 1:
        _place_one(ctx, t, sectors[0])
        return None
    options = [f"sector:{s}" for s in sectors] + ([] if exact else [DONE])
    return [Prompt(t.seat, "place_unit", options,
                   {"unit": kind, "left": t.data["count"], "black": black})]


@chooser("place_units")
def _place_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
        return
    _place_one(ctx, t, int_arg(choice))


def _place_one(ctx: Ctx, t: Task, sector: int) -> None:
    kind, black = str(t.data["unit"]), bool(t.data.get("black", False))
    unit = ctx.state.units[supply(ctx.state, t.seat, kind, black)[0]]
    board.place(ctx.state, unit, sector, owner=t.seat)
    t.data["count"] -= 1
    ctx.emit("unit_placed", t.seat, unit=kind, sector=sector)


# remove_units data: unit, count, where (here, any), here. The player chooses which units
# go, one at a time, among groups of interchangeable units (sector, damage, moved, black);
# nothing is asked when they are all alike or all must go.

def removable_units(state: State, seat: int, kind: str, where: int | None) -> list[Unit]:
    """One unit per interchangeable group of the seat's units of that kind (in ``where``,
    or anywhere), lowest id first."""
    seen: dict[tuple[int, int, bool, bool], Unit] = {}
    for unit in sorted(board.units_of(state, seat), key=lambda u: u.id):
        if unit.kind == kind and (where is None or unit.where == where):
            seen.setdefault((unit.where, unit.damage, unit.moved, unit.black), unit)
    return list(seen.values())


@task("remove_units")
def _remove_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    kind = str(t.data["unit"])
    where = int(t.data["here"]) if t.data.get("where") == "here" else None
    candidates = removable_units(ctx.state, t.seat, kind, where)
    if t.data["count"] <= 0 or not candidates:
        ctx.finish(t)
        return None
    every = sum(1 for u in board.units_of(ctx.state, t.seat)
                if u.kind == kind and (where is None or u.where == where))
    if len(candidates) == 1 or every <= t.data["count"]:
        _remove_one(ctx, t, candidates[0])
        return None
    return [Prompt(t.seat, "remove_unit", [f"unit:{u.id}" for u in candidates],
                   {"unit": kind, "left": t.data["count"]})]


@chooser("remove_units")
def _remove_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _remove_one(ctx, t, ctx.state.units[int_arg(choice)])


def _remove_one(ctx: Ctx, t: Task, unit: Unit) -> None:
    remove_unit(ctx, unit.id)
    t.data["count"] -= 1


def remove_unit(ctx: Ctx, unit_id: int) -> None:
    """Return a unit to its reserve (black units go back to the black supply; a Saura unit
    to its blood pool)."""
    state = ctx.state
    unit = state.units[unit_id]
    sector, owner = unit.where, unit.owner
    unit.damage, unit.moved = 0, False
    if not unit.black and passives.has_hook(state, ctx.content, owner, "saura_blood_pool"):
        board.place(state, unit, BLOOD_POOL)
        state.players[owner].pool += 1
    else:
        board.place(state, unit, RESERVE, owner=-1 if unit.black else None)
    ctx.emit("unit_removed", owner, unit=unit.kind, sector=sector)


# --- Artifacts, elite tactics, restored actions ----------------------------------------

def draw_card(ctx: Ctx, deck_name: str) -> str | None:
    """Draw the top card of the action or artifact deck, reshuffling its discard pile when
    the deck is empty."""
    state = ctx.state
    deck, discard = ((state.action_deck, state.action_discard) if deck_name == "action"
                     else (state.artifact_deck, state.artifact_discard))
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(state, deck)
        ctx.reveal("deck_reshuffled", deck=deck_name, cards=len(deck))
    return deck.pop() if deck else None


@task("draw_artifacts")
def _artifacts_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    if "drawn" not in t.data:
        drawn = []
        for _ in range(int(t.data.get("draw", 1))):
            card = draw_card(ctx, "artifact")
            if card is not None:
                drawn.append(card)
        t.data["drawn"] = drawn
        t.data["keep"] = min(int(t.data.get("keep", 1)), len(drawn))
        ctx.reveal("artifacts_drawn", t.seat, count=len(drawn), cards=list(drawn))
    if t.data["keep"] <= 0 or not t.data["drawn"]:
        state.artifact_discard.extend(t.data["drawn"])
        ctx.finish(t)
        return None
    if len(t.data["drawn"]) == t.data["keep"] == 1:
        _keep_artifact(ctx, t, t.data["drawn"][0])
        return None
    return [Prompt(t.seat, "keep_artifact", [f"artifact:{a}" for a in t.data["drawn"]])]


@chooser("draw_artifacts")
def _artifacts_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _keep_artifact(ctx, t, arg(choice))


def _keep_artifact(ctx: Ctx, t: Task, card: str) -> None:
    t.data["drawn"].remove(card)
    t.data["keep"] -= 1
    ctx.state.players[t.seat].artifacts.append(card)
    ctx.emit("artifact_gained", t.seat, artifact=card)
    artifact = ctx.content.artifacts[card]
    start(ctx, t.seat, artifact.triggers.effect, source=card)


@task("elite_tactic")
def _elite_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    hand = ctx.state.players[t.seat].tactics
    options = [f"tactic:{c}" for c in hand if not c.endswith("+elite")]
    if t.data["count"] <= 0 or not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "elite_tactic", options)]


@chooser("elite_tactic")
def _elite_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    upgrade_tactic(ctx, seat, arg(choice))
    t.data["count"] -= 1


def upgrade_tactic(ctx: Ctx, seat: int, card: str) -> None:
    hand = ctx.state.players[seat].tactics
    hand[hand.index(card)] = card + "+elite"
    ctx.emit("tactic_upgraded", seat, tactic=card)


@task("restore")
def _restore_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    markers = ctx.state.players[t.seat].markers
    options = [f"restore:{a}" for a in BASIC_ACTIONS if markers[a].depleted]
    if t.data["count"] <= 0 or not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "restore", options)]


@chooser("restore")
def _restore_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.state.players[seat].markers[arg(choice)].depleted = False
    t.data["count"] -= 1
    ctx.emit("action_restored", seat, action=arg(choice))
