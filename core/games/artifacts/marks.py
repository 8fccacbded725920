"""Which options of a prompt are final (core.machine.Machine.marks), task by task: what each
brings to light before the next decision, read from the state that built the prompt.

An option marked None leads to a decision with nothing shown on the way; one left out ends
the task's part, and what follows is found out by playing on (an Alien Artifact played
too). A prompt of one option is never asked (the machine answers it), so a decision
"comes next" only where the next prompt has two options or more.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import bypass, payment
from core.games.artifacts.actions import buy_cost, prepare_rows, remove_rows
from core.games.artifacts.board import (
    blocked_with,
    cost_and_limit,
    hand_size,
    produced,
    section,
)
from core.games.artifacts.cards import card_deck
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KIND_COLOUR, KINDS, Assembly, Hand
from core.games.artifacts.rules import MACHINE, Ctx
from core.games.artifacts.state import Player, State, Task

Marks = Mapping[str, str | None]


def drawing(state: State, n: int, discards: int) -> str | None:
    """What drawing ``n`` Resource cards shows first (cards.draw_resources): the discard
    pile (``discards`` cards then) shuffled into a new deck when the deck runs out first,
    else the cards drawn; None when none is drawn."""
    if n <= 0:
        return None
    deck = len(state.deck)
    if deck < n and discards:
        return "reshuffled"
    return "drawn" if deck else None


def refill(state: State, content: Content, player: Player, hand: int,
           discards: int) -> str | None:
    """What the draw step's refill shows first once the free discards leave ``hand`` cards
    in hand: the hand filled up to its size (turn.turn_step), when no blocked card raising
    the hand size asks for its bypass first. None when that is not known here."""
    blocked = blocked_with(content, player, Hand)
    if blocked and hand < hand_size(content, player, blocked):
        return None
    return drawing(state, hand_size(content, player) - hand, discards)


def known(found: dict[str, str | None]) -> Marks:
    """The options whose mark is known: those where something is shown."""
    return {choice: why for choice, why in found.items() if why is not None}


@MACHINE.marker("buy")
def _buy(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The deck chosen, its top cards are looked at (the offer never asks for more cards
    than the deck holds)."""
    if t.data["stage"] != "deck":
        return {}
    return dict.fromkeys(prompt.options, "looked")


@MACHINE.marker("take")
def _take(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A deck chosen is looked at (or searched for a Type) at once; a card kept asks for
    the next while cards are still to be kept from two or more."""
    data = t.data
    if data["deck"] == "any":
        if data["keep"] <= 0:
            return {}
        return dict.fromkeys(prompt.options, "looked" if data["type"] == "any" else "searched")
    if data["keep"] > 1 and len(data["cards"]) > 2:
        return dict.fromkeys(prompt.options)
    return {}


def buy_offer(state: State, content: Content, player: Player) -> str | None:
    """What a Buy chosen as the action brings before its next decision: None when the
    deck and the extra cards are a choice (a blocked card lowering the cost asks first,
    also a decision), the look at the deck when the offer is one deck and no extra card
    (the machine answers a lone option)."""
    if bypass.helpers(content, player, "buy"):
        return None
    cost = buy_cost(content, player, [], 0)
    offers = sum(max(0, min(player.credits - cost, len(card_deck(state, kind)) - 1) + 1)
                 for kind in KINDS)
    return None if offers >= 2 else "looked"


def first_question(state: State, content: Content, player: Player, action: str
                   ) -> str | None:
    """What a basic action chosen at the turn brings before its next decision (None:
    nothing), or "" when that is not known here: Trade asks the colour; Prepare and
    Remove Blockades ask the row when there is a choice of rows."""
    if action == "trade":
        return None
    if action == "buy":
        return buy_offer(state, content, player)
    if action == "prepare" and len(prepare_rows(content, player)) >= 2:
        return None
    if action == "remove" and len(remove_rows(content, player)) >= 2:
        return None
    return ""


@MACHINE.marker("turn")
def _turn(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The action: see first_question. Done after the action: the draw step's free
    discards are asked while the hand holds a card; from an empty hand the refill comes
    at once."""
    state = ctx.state
    if t.data["stage"] == "action":
        player = state.players[t.seat]
        found = {choice: first_question(state, ctx.content, player, choice)
                 for choice in prompt.options}
        return {choice: why for choice, why in found.items() if why != ""}
    if t.data["stage"] != "after" or DONE not in prompt.options:
        return {}
    player = state.players[t.seat]
    if player.hand:
        return {DONE: None}
    return known({DONE: refill(state, ctx.content, player, 0, len(state.discard))})


@MACHINE.marker("discard")
def _discard(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The draw step's free discards go on while the hand holds a card (keeping the rest
    is always offered), then the hand is refilled. A cost's discards go on while more are
    owed and two cards or more are left to choose from."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    left = t.data["left"]
    if not t.data["optional"]:
        held = [*player.hand, *(tucked.split(":")[0] for tucked in produced(player))]
        kinds = len(set(held))
        return {choice: None for choice in prompt.options
                if left > 1 and kinds - (held.count(arg(choice)) == 1) >= 2}
    hand = len(player.hand)
    discards = len(state.discard)
    discarded = [c for c in prompt.options if c != DONE]
    if min(left, hand) > 1:  # another discard is asked, with keeping the rest
        found: dict[str, str | None] = dict.fromkeys(discarded)
    else:
        found = dict(known(dict.fromkeys(
            discarded, refill(state, content, player, hand - 1, discards + 1))))
    return {**found, **known({DONE: refill(state, content, player, hand, discards)})}


@MACHINE.marker("trade")
def _trade(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The colour chosen, the cards that pay are asked (with done) when one can, no
    blocked card raising the Limit asking first; a card paid asks for the next while the
    Limit allows one more and another card can pay."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    stage = data["stage"]
    if stage == "start":
        if (bypass.helpers(content, player, "trade", (Assembly,))
                or cost_and_limit(content, player, "trade")[1] <= 0):
            return {}
        return {choice: None for choice in prompt.options
                if payment.sections_of(content, player, accepted(choice.split(":")[-1]))}
    if stage != "cards" or data["used"] + 1 >= data["limit"]:
        return {}
    paying = payment.sections_of(content, player, accepted(data["colour"]))
    return {choice: None for choice in prompt.options if choice != DONE and len(paying) >= 2}


def accepted(colour: str) -> tuple[str, ...]:
    """The colours a Trade of ``colour`` takes (actions.trade_step)."""
    return ("gold",) if colour == "gold" else (colour, "gold")


@MACHINE.marker("prepare")
def _prepare(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A card tucked under a row asks for the next while the Limit allows one more and
    another card can be tucked."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data.get("stage") != "attach" or data["row"] == "any" or data["left"] <= 1:
        return {}
    colours = (KIND_COLOUR[data["row"]], "gold")
    cards = sum(1 for rid in player.hand
                if any(sec.colour in colours for sec in content.resources[rid].sections))
    cards += sum(1 for tucked in produced(player) if section(content, tucked).colour in colours)
    return {choice: None for choice in prompt.options if choice != DONE and cards >= 2}
