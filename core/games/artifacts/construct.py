"""Discover a Planet, Develop a Technology, Build a Ship (AA:549-639), completion with the
side chosen (R15), automatic construction (R8) and the triggers a completion sets off.

``construct`` task data: ``action``, ``discount`` (an effect's), ``stage``, ``target``,
``blocked`` (blocked cards whose modifier the payment may use, still to ask about, R5)
and ``bypassed`` (those paid for).
"""

from __future__ import annotations

from core.decisions import Prompt, arg
from core.games.artifacts import bypass, faces, payment
from core.games.artifacts.board import (
    CONSTRUCT,
    KIND_ACTION,
    action_colour,
    colours_for,
    cost_and_limit,
    find,
    type_of,
)
from core.games.artifacts.cards import draw_plan
from core.games.artifacts.content import Content
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Card, Player, Task

GOLD = ("gold",)  # gold is wild in the basic actions and in card effects (R7)


def terms(content: Content, player: Player, action: str, discount: int,
          bypassed: list[str]) -> tuple[dict[str, int], tuple[str, ...], int]:
    """A construction's need, the colours wild in it (gold, R7, and any ``wild``
    modifier) and its Assembly Limit, with the blocked helpers ``bypassed``."""
    cost, limit = cost_and_limit(content, player, action, bypassed)
    colour = action_colour(action)
    wild = tuple(c for c in colours_for(content, player, action, colour, True, bypassed)
                 if c != colour)
    return {colour: max(cost - discount, 0)}, wild, limit


def payable(content: Content, player: Player, card: Card, discount: int,
            bypassed: list[str]) -> bool:
    return _payable(content, player, card,
                    terms(content, player, KIND_ACTION[card.kind], discount, bypassed))


def _payable(content: Content, player: Player, card: Card,
             found: tuple[dict[str, int], tuple[str, ...], int]) -> bool:
    need, wild, limit = found
    paid = payment.prepared(content, card.under, need, wild)
    return payment.can_pay(content, player, need, wild, limit, paid)


def targets(content: Content, player: Player, action: str, discount: int = 0,
            credits: int | None = None) -> list[str]:
    """The Under Construction cards the action can complete, with some set of the
    bypasses the player can afford with ``credits`` (the Bank by default)."""
    kind = CONSTRUCT[action]
    credits = player.credits if credits is None else credits
    cards = [c for c in player.construction if c.kind == kind]
    if not cards:
        return []
    # The terms of each affordable set, worked out once for all the cards.
    sets = [terms(content, player, action, discount, paid) for paid, _ in
            bypass.affordable_sets(content, player, bypass.helpers(content, player, action),
                                   credits)]
    return [c.id for c in cards if any(_payable(content, player, c, s) for s in sets)]


@task("construct")
def construct_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    content, player = ctx.content, ctx.state.players[t.seat]
    data = t.data
    action, discount = data["action"], data["discount"]
    if data["stage"] == "target":
        return [Prompt(t.seat, "target", [f"card:{c}" for c in targets(content, player, action,
                                                                         discount)])]
    card = find(player, data["target"])
    if data["stage"] == "bypass":
        possible = bypass.some(content, player,
                               lambda paid, _: payable(content, player, card, discount, paid))
        asked = bypass.ask(ctx, t.seat, action, data["blocked"], data["bypassed"], possible)
        if asked:
            return asked
        data["stage"] = "pay"
        return None
    if data["stage"] == "pay":
        need, wild, limit = terms(content, player, action, discount, data["bypassed"])
        data["stage"] = "complete"
        payment.start_payment(ctx, t.seat, need, wild, limit,
                              payment.prepared(content, card.under, need, wild))
        return None
    ctx.finish(t)
    start_completion(ctx, t.seat, card.id)
    return None


@chooser("construct")
def construct_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data, player = t.data, ctx.state.players[seat]
    if data["stage"] == "target":
        data["target"] = arg(choice)
        data["blocked"] = bypass.helpers(ctx.content, player, data["action"])
        data["bypassed"] = []
        data["stage"] = "bypass"
        return
    bypass.answer(ctx, seat, data["blocked"], data["bypassed"], choice)


def start_completion(ctx: Ctx, seat: int, card_id: str) -> None:
    ctx.push("auto", seat)
    ctx.push("complete", seat, card=card_id, stage="side")


@task("complete")
def complete_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    if t.data["stage"] == "side":
        return [Prompt(t.seat, "side", ["logistics", "operational"], {"card": t.data["card"]})]
    ctx.finish(t)
    return None


@chooser("complete")
def complete_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    """The card enters the Empire on the chosen side; its prepared cards are discarded,
    and what the side does on arrival follows (R15), then the triggers."""
    content, player = ctx.content, ctx.state.players[seat]
    card = find(player, t.data["card"])
    player.construction.remove(card)
    ctx.state.discard.extend(u.split(":")[0] for u in card.under)
    card.under, card.side = [], choice
    player.empire.append(card)
    if choice == "operational":
        faces.show(ctx.state, card.id)
    ctx.state.stats["completed"] += 1
    ctx.emit("completed", seat, card=card.id, row=card.kind, side=choice)
    t.data["stage"] = "done"
    type_ = type_of(content, card)
    twins = sum(1 for c in player.empire if c.kind == card.kind and type_of(content, c) == type_)
    ctx.push("triggers", seat, event="complete", kind=card.kind, type=type_, side=choice,
             target="any", twins=twins, left=None)
    arrival(ctx, seat, card)


def arrival(ctx: Ctx, seat: int, card: Card) -> None:
    """What a side does as it enters (R15): Sell, production, a Mission, a Defense Plan."""
    content = ctx.content
    type_ = type_of(content, card)
    if card.kind == "technology" and card.side == "operational":
        ctx.push("sell", seat, tech=card.id)
    elif card.kind == "planet" and card.side == "operational":
        ctx.push("produce", seat, planet=card.id, left=content.rules.exploit_produce, card="")
    elif card.kind == "ship" and card.side == "operational":
        ctx.push("attack", seat, mode="mission", ship=card.id, bonus=0, stage="target")
    elif card.kind == "ship" and type_ == "exploit":
        draw_plan(ctx, seat)


@task("auto")
def auto_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """R8: every Under Construction card whose cost its prepared symbols meet completes,
    one at a time in the player's order, the check running again after each. Only the
    modifiers in force count: a blocked card's discount is used (and its bypass asked)
    when the player pays for the card with an action."""
    content, player = ctx.content, ctx.state.players[t.seat]
    ready = []
    for card in player.construction:
        need, wild, _ = terms(content, player, KIND_ACTION[card.kind], 0, [])
        if payment.shortfall(need, payment.prepared(content, card.under, need, wild)) == 0:
            ready.append(card.id)
    if not ready:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "auto_order", [f"card:{c}" for c in ready])]


@chooser("auto")
def auto_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.emit("automatic", seat, card=arg(choice))
    start_completion(ctx, seat, arg(choice))
