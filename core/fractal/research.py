"""Research: science onto technology slots, then developing the cards whose cost is met."""

from __future__ import annotations

from core.decisions import DONE, Prompt
from core.fractal import effects, empire, passives
from core.fractal.content import Content
from core.fractal.engine import Ctx, chooser, task
from core.fractal.state import State, Task


def developable(state: State, content: Content, seat: int) -> list[str]:
    options = []
    for kind, slots in state.tech.items():
        for i, slot in enumerate(slots):
            if slot.cards and slot.top_face_up:
                cost = effects.tech_cost(state, content, seat, slot.cards[-1])
                if slot.science.get(seat, 0) >= cost:
                    options.append(f"develop:{kind}:{i}")
    return options


def can_research(state: State, content: Content, seat: int) -> bool:
    return bool(effects.science_slots(state, content, seat) or developable(state, content, seat))


def develop(ctx: Ctx, seat: int, kind: str, index: int) -> None:
    state = ctx.state
    slot = state.tech[kind][index]
    card = slot.cards.pop()
    slot.science.pop(seat, None)
    state.players[seat].technologies.append(card)
    ctx.emit("technology_developed", seat, technology=card)
    if passives.has_hook(state, ctx.content, seat, "vax_exclusive_tech"):
        _take_other_copies_out(ctx, card)
    if not slot.cards:
        slot.science.clear()  # the last card taken: everyone's science goes home
    else:
        slot.top_face_up = False  # the next card waits until the next cycle
    effects.start(ctx, seat, ctx.content.technologies[card].triggers.effect, source=card)


def _take_other_copies_out(ctx: Ctx, card: str) -> None:
    """VAX117 keeps her inventions: other copies still in the slots leave the game."""
    for slots in ctx.state.tech.values():
        for slot in slots:
            hidden = slot.cards[:-1] if slot.top_face_up else slot.cards
            for copy in [c for c in hidden if c == card]:
                slot.cards.remove(copy)
                ctx.emit("technology_banished", technology=card)


# Task "research" data: free, left (science still to place; set on first step).

@task("research")
def _research_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, seat = ctx.state, t.seat
    if "left" not in t.data:
        t.data["left"] = empire.research_science(state, ctx.content, seat)
    if t.data["left"] > 0:
        options = effects.science_slots(state, ctx.content, seat)
        if options:
            return [Prompt(seat, "research_science", options, {"left": t.data["left"]})]
        t.data["left"] = 0
    options = developable(state, ctx.content, seat)
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(seat, "develop", [*options, DONE])]


@chooser("research")
def _research_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
    elif choice.startswith("slot:"):
        effects.add_science(ctx.state, seat, choice)
        t.data["left"] -= 1
        ctx.emit("science_placed", seat, slot=choice)
    else:
        _, kind, index = choice.split(":")
        develop(ctx, seat, kind, int(index))
