"""Which options of a prompt are final (core.machine.Machine.marks), task by task: what each
brings to light before the next decision, read from the state that built the prompt.

An option marked None leads to a decision with nothing shown on the way; one left out ends
the task's part, and what follows is found out by playing on. Every prompt is asked here,
one option or more, so a decision comes next wherever a task prompts again.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.decisions import DONE, Prompt, int_arg
from core.games.fractal import (
    board,
    effects,
    empire,
    government,
    insight,
    movement,
    passives,
    research,
)
from core.games.fractal.content import Content
from core.games.fractal.rules import MACHINE, Ctx
from core.games.fractal.state import BASIC_ACTIONS, State, Task

Marks = Mapping[str, str | None]
EVENT = "event_revealed"
SEEN = "insight"  # what the seat saw, told to it alone (insight.learn)


@MACHINE.marker("advance")
def _advance(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A step into a sector with a face-down event turns it up. An order that ends leaves
    a decision when the swarm may grow or another order may follow; choosing a unit, its
    cargo or a step on asks the next step."""
    data, state = t.data, ctx.state
    then = turn_goes_on(ctx, t)  # the Advance over, a decision comes next
    if data["swarm"] >= 0:  # the swarm grows or not; then the next order is asked
        orders = then or (data["left"] > 0 and movement.can_advance(state, ctx.content, t.seat))
        return dict.fromkeys(prompt.options) if orders else {}
    if data["unit"] < 0:
        return {choice: None for choice in prompt.options if choice != DONE or then}
    if data["boarding"]:
        return dict.fromkeys(prompt.options)
    here = state.units[data["unit"]].where
    moving = {data["unit"], *data["stack"]}
    left = data["left"] - len(moving)
    # the sectors of the units that may give the next order, asked once
    starts = [u.where for u in movement.movable_units(state, ctx.content, t.seat)
              if u.id not in moving and u.where != here] if left > 0 else []
    found: dict[str, str | None] = {}
    for choice in prompt.options:
        where = here if choice == movement.STOP else int_arg(choice)
        if movement.face_down_event(state.sectors[where]):
            found[choice] = EVENT
        # a step on is offered only where the move may go on; an order that ends asks
        # for the next one, or for the swarm
        elif (then or choice.startswith("sector:") or any(s != where for s in starts)
              or swarms(ctx, t, where)):
            found[choice] = None
    return found


def turn_goes_on(ctx: Ctx, t: Task) -> bool:
    """Whether the end of an Advance taken as a turn's action leads to a decision with
    nothing shown on the way: the events the actor may resolve (obstacles.py), else the
    turn's second action or the next player's turn, where an action card can always be
    played while the pool holds one (actions.py). Not with the Fracture in play, whose
    sectors draw an artifact when first controlled after an action."""
    stack, state = ctx.state.stack, ctx.state
    return (len(stack) >= 3 and stack[-2].kind == "end_of_action" and stack[-3].kind == "turn"
            and stack[-1] is t and not state.fracture.entered and bool(state.action_pool))


def swarms(ctx: Ctx, t: Task, sector: int) -> bool:
    """Txingur swarm growth is asked where the order ends (movement._may_swarm)."""
    data = t.data
    return (data["grown"] < movement.SWARM_GROWTH_MAX
            and passives.has_hook(ctx.state, ctx.content, t.seat, movement.SWARM_GROWTH)
            and bool(board.reserve(ctx.state, t.seat, "infantry"))
            and all(s.owner in (-1, t.seat) for s in ctx.state.sectors[sector].spaces))


@MACHINE.marker("reveal")
def _reveal(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    return dict.fromkeys(prompt.options, EVENT)


def deck_insight(state: State, deck: str) -> str:
    """Three cards drawn to look at: the discard pile shuffled into the deck first when the
    deck runs out before the third (effects.draw_card), else the insight."""
    cards = len(state.action_deck if deck == "action" else state.artifact_deck)
    discards = state.action_discard if deck == "action" else state.artifact_discard
    return "deck_reshuffled" if cards < 3 and discards else "insight"


@MACHINE.marker("insight")
def _insight(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Every insight tells the seat what it sees. A card put back asks for the next while
    cards are in hand, then the next insight while any is left."""
    state = ctx.state
    hand = t.data.get("hand")
    if hand:
        # the card put back leaves its deck something to look at for the next insight
        more = len(hand) > 1 or t.data["count"] > 0
        return dict.fromkeys(prompt.options) if more else {}
    return {choice: deck_insight(state, choice.partition(":")[2])
            if choice.startswith("deck:") else SEEN for choice in prompt.options}


@MACHINE.marker("battle")
def _battle(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The tactics, chosen in secret by all: the last to choose turns them all up."""
    if t.data["asking"] != "tactic":
        return {}
    why = "tactics_revealed" if len(ctx.state.prompts) == 1 else None
    return dict.fromkeys(prompt.options, why)


def first_step_asks(state: State, content: Content, seat: int, action: str) -> bool:
    """Whether an action chosen at a turn (actions.py) asks its first question before
    anything else happens: what it offers is what the turn offered it for (paying a
    credit changes none of it), but Research with no science to place and nothing to
    develop, and a Government carried out at once."""
    if action == "research":
        return bool((empire.research_science(state, content, seat) > 0
                     and effects.science_slots(state, content, seat))
                    or research.developable(state, content, seat))
    if action == "government":
        return government.times(state, content, seat) > 1
    return True


@MACHINE.marker("turn")
def _turn(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    return {choice: None for choice in prompt.options
            if first_step_asks(ctx.state, ctx.content, t.seat, choice.partition(":")[2])}


@MACHINE.marker("action_card")
def _action_card(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A card played face down gains 1 influence, then asks for an insight when one can
    be had (the card leaving the pool changes none)."""
    if not insight.insight_options(ctx.state):
        return {}
    return {choice: None for choice in prompt.options if choice.endswith(":down")}


def room_after(state: State, content: Content, seat: int, choice: str, tech: str = "",
               barred: tuple[str, ...] = ()) -> bool:
    """Whether, one more of the seat's science on the slot ``choice``, a slot (of ``tech``
    if given, not one of ``barred``) still takes one more (effects.science_slots)."""
    _, kind, index = choice.split(":")
    placed = state.tech[kind][int(index)]
    before = placed.science.get(seat, 0)
    used = (empire.science_tokens_used(state, seat) - empire.tokens_for(before)
            + empire.tokens_for(before + 1))
    for name, slots in state.tech.items():
        if tech and name != tech:
            continue
        discount = passives.modifier(state, content, seat, "tech_cost", tech=name)
        for i, slot in enumerate(slots):
            have = slot.science.get(seat, 0) + (slot is placed)
            if (slot.cards and f"slot:{name}:{i}" not in barred
                    and have < effects.science_cap(content, slot, discount)
                    and empire.room_for_science(used, have)):
                return True
    return False


def developable_after(state: State, content: Content, seat: int, choice: str) -> bool:
    """Whether something is developable once one more science is on the slot ``choice``:
    something already is, or that slot's face-up card then is (research.developable)."""
    if research.developable(state, content, seat):
        return True
    _, kind, index = choice.split(":")
    slot = state.tech[kind][int(index)]
    if not (slot.cards and slot.top_face_up):
        return False
    tech = content.technologies[slot.cards[-1]]
    cost = tech.cost + passives.modifier(state, content, seat, "tech_cost", tech=tech.type)
    return slot.science.get(seat, 0) + 1 >= max(0, cost)


@MACHINE.marker("research")
def _research(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Science placed asks where the next goes while some is left and a slot takes it,
    else what to develop when something is developable. Done, or science placed with
    neither, ends the action."""
    state, content = ctx.state, ctx.content
    then = turn_goes_on(ctx, t)
    found: dict[str, str | None] = {DONE: None} if then else {}
    if "left" not in t.data:
        return found
    more = t.data["left"] > 1
    for choice in prompt.options:
        if choice.startswith("slot:") and (
                then or (more and room_after(state, content, t.seat, choice))
                or developable_after(state, content, t.seat, choice)):
            found[choice] = None
    return found


@MACHINE.marker("place_science")
def _place_science(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Science placed asks where the next goes while some is left and a slot takes it
    (on another technology, under Wartime innovation)."""
    data = t.data
    if data["amount"] <= 1 or data.get("one_slot"):
        return {}
    barred = tuple(data["used"]) if data.get("distinct") else ()
    return {choice: None for choice in prompt.options
            if room_after(ctx.state, ctx.content, t.seat, choice, data.get("tech", ""),
                          (*barred, choice) if data.get("distinct") else barred)}


@MACHINE.marker("upkeep")
def _upkeep(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """An action restored asks for the next while the rest cannot all be paid for and one
    still can."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    cost = empire.depletion_value(state, content, t.seat)
    left = sum(1 for a in BASIC_ACTIONS if player.markers[a].depleted) - 1
    influence = player.influence - cost
    if left > 0 and cost * left > influence >= cost:
        return {choice: None for choice in prompt.options if choice != DONE}
    return {}
