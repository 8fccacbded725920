"""Research: science onto technology slots, then developing the cards whose cost is met."""

from __future__ import annotations

from core.decisions import DONE, Prompt
from core.games.fractal import effects, empire, passives
from core.games.fractal.content import Content
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task, TechSlot


def developable(state: State, content: Content, seat: int) -> list[str]:
    options = []
    discounts: dict[str, int] = {}  # by technology type: the seat's passives, asked once
    for kind, slots in state.tech.items():
        for i, slot in enumerate(slots):
            if slot.cards and slot.top_face_up:
                tech = content.technologies[slot.cards[-1]]
                if tech.type not in discounts:
                    discounts[tech.type] = passives.modifier(state, content, seat, "tech_cost",
                                                             tech=tech.type)
                cost = max(0, tech.cost + discounts[tech.type])
                if slot.science.get(seat, 0) >= cost:
                    options.append(f"develop:{kind}:{i}")
    return options


def can_research(state: State, content: Content, seat: int) -> bool:
    return effects.has_science_slot(state, content, seat) or bool(developable(state, content, seat))


def develop(ctx: Ctx, seat: int, kind: str, index: int) -> None:
    state = ctx.state
    slot = state.tech[kind][index]
    card = slot.cards.pop()
    slot.science.pop(seat, None)
    owned = state.players[seat].technologies
    # A second copy of a technology without the stackable symbol is developed (it counts
    # as a technology of its type) but benefits its owner in nothing, now or later.
    idle = passives.adds_nothing(ctx.content, owned, card)
    owned.append(card)
    ctx.emit("technology_developed", seat, technology=card, no_effect=idle)
    _uncover(slot)
    if passives.has_hook(state, ctx.content, seat, "vax_exclusive_tech"):
        _take_other_copies_out(ctx, card)
    if not idle:
        effects.start(ctx, seat, ctx.content.technologies[card].triggers.effect, source=card)


def _uncover(slot: TechSlot) -> None:
    """A slot's top card left: the next one waits face-down until the next cycle; when the
    slot is empty, everyone's science on it goes home."""
    if slot.cards:
        slot.top_face_up = False
    else:
        slot.science.clear()


def _take_other_copies_out(ctx: Ctx, card: str) -> None:
    """VAX117 keeps her inventions: every other copy in the slots or on the discard pile
    leaves the game, and science on a banished top card goes back to its owners."""
    for pile in ctx.state.tech_discard.values():
        for _ in range(pile.count(card)):
            pile.remove(card)
            ctx.emit("technology_banished", technology=card)
    for slots in ctx.state.tech.values():
        for slot in slots:
            if not slot.cards:
                continue
            top_banished = slot.cards[-1] == card
            kept = [c for c in slot.cards if c != card]
            for _ in range(len(slot.cards) - len(kept)):
                ctx.emit("technology_banished", technology=card)
            slot.cards = kept
            if top_banished:
                slot.science.clear()
                _uncover(slot)


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
        effects.lose_science(ctx, seat, t.data["left"])
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
