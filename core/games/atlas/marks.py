"""Which options of a prompt are final (core.machine.Machine.marks), task by task: what each
brings to light before the next decision, read from the state that built the prompt.

An option marked None leads to a decision of the same task with nothing shown on the way;
one left out ends the task's part, and what follows is found out by playing on. A prompt of
one option is never asked (the machine answers it), so a decision "comes next" only where
the next prompt has two options or more.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.decisions import DONE, Prompt, arg
from core.games.atlas import attack
from core.games.atlas.content import Content
from core.games.atlas.resolution import DISCARD, HIRE, KEEP
from core.games.atlas.rules import MACHINE, Ctx
from core.games.atlas.state import State, Task

Marks = Mapping[str, str | None]
TURNED = "place_turned"


def last_to_answer(ctx: Ctx, prompt: Prompt, shown: str) -> Marks:
    """A secret choice made by all at once: the last to answer shows them all."""
    why = shown if len(ctx.state.prompts) == 1 else None
    return dict.fromkeys(prompt.options, why)


@MACHINE.marker("choose_advisors")
def _advisors(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    return last_to_answer(ctx, prompt, "advisors_revealed")


@MACHINE.marker("round")
def _cards(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    return last_to_answer(ctx, prompt, "cards_revealed")


@MACHINE.marker("action")
def _action(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Explore turns the top Place of the Atlas over at once."""
    return {"action:explore": TURNED} if "action:explore" in prompt.options else {}


@MACHINE.marker("advisor")
def _advisor(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A Directive to explore turns a Place over at once, as the action does."""
    return {"directive:explore": TURNED} if "directive:explore" in prompt.options else {}


def drawing(state: State, content: Content, hand: int, discards: int) -> str | None:
    """What drawing back up to a full hand from ``hand`` cards shows first (decks.draw_up):
    a new deck shuffled from the discards (``discards`` of them then) when the deck runs
    out before the hand is full, else the cards drawn; None when nothing is drawn."""
    need = content.hand - hand
    if need <= 0:
        return None
    deck = len(state.deck)
    if deck < need and not state.ending and discards:
        return "deck_shuffled"
    return "drew" if deck else None


def known(found: dict[str, str | None]) -> Marks:
    """The options whose mark is known: those where something is shown (None elsewhere
    means nothing is, and what follows decides)."""
    return {choice: why for choice, why in found.items() if why is not None}


@MACHINE.marker("resolve")
def _resolve(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """After the move comes the hire (a two-suited Personality, the one card in hand) or
    the discard (a card in hand); the last step discards the played card and draws back
    up."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    stage = t.data["stage"]
    discards = len(state.discard) + bool(player.played)
    if stage == "move":
        if player.hand:
            return dict.fromkeys(prompt.options)
        return known(dict.fromkeys(prompt.options, drawing(state, content, 0, discards)))
    if stage == "hire":  # the old Advisor goes to the discards, the hand to the Advisor
        return {KEEP: None, **known({HIRE: drawing(state, content, 0, discards + 1)})}
    hand = len(player.hand)
    return known({KEEP: drawing(state, content, hand, discards),
                  DISCARD: drawing(state, content, hand - 1, discards + 1)})


def fighting(state: State, content: Content, t: Task, defenders: list[int], d: int) -> str | None:
    """What comes of the defenders from the ``d``-th on deciding (attack._defend): None when
    one of them may bring tokens (a decision), else the fight's first event: a new deck
    shuffled when the deck runs out of the cards turned over, else the fight."""
    p = t.data["place"]
    for seat in defenders[d:]:
        if attack.defence_options(state, content, seat, p, -1):
            return None
    deck = len(state.deck)
    if deck < len(defenders) + 1 and not state.ending and (deck or state.discard):
        return "deck_shuffled"  # the cards turned over are discarded, so they shuffle
    return "fight"


@MACHINE.marker("attack")
def _attack(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Naming the rivals, or the last defender done, leads to the fight unless a
    defender may still bring tokens."""
    state, content = ctx.state, ctx.content
    stage = t.data["stage"]
    if stage == "rivals":
        n = len(state.players)
        return {choice: fighting(state, content, t, sorted(
            (int(s) for s in arg(choice).split(":")), key=lambda s: (s - t.seat) % n), 0)
            for choice in prompt.options}
    if stage == "defend":
        return {DONE: fighting(state, content, t, t.data["defenders"], t.data["d"] + 1)}
    return {}
