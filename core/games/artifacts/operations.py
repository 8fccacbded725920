"""The operational actions (AA:800-831, R4, R21, R22): Start an Offensive (5 red), Gain
Revenue (5 blue), Mine the Planets (5 green), gold only where a card makes it wild.

``operate`` task data: ``action``, ``stage``, ``blocked`` and ``bypassed`` (R5);
``revenue`` and ``mine`` data: ``left`` (the cards not yet used)."""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import bypass, payment
from core.games.artifacts.attack import ready_ships, start_offensive
from core.games.artifacts.board import (
    OPERATIONAL,
    action_colour,
    bypass_cost,
    colours_for,
    cost_and_limit,
    empire,
)
from core.games.artifacts.content import Content
from core.games.artifacts.produce import score_technology
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Player, Task


def _payment(content: Content, player: Player, action: str, bypassed: list[str]
             ) -> tuple[dict[str, int], tuple[str, ...], int]:
    cost, limit = cost_and_limit(content, player, action, bypassed)
    colour = action_colour(action)
    wild = tuple(c for c in colours_for(content, player, action, colour, False, bypassed)
                 if c != colour)
    return {colour: cost}, wild, limit


def _payable(content: Content, player: Player, action: str) -> bypass.Possible:
    def test(paid: list[str], credits: int) -> bool:
        need, wild, limit = _payment(content, player, action, paid)
        return payment.can_pay(content, player, need, wild, limit)

    return bypass.some(content, player, test)


def operational_ready(content: Content, player: Player, action: str) -> bool:
    if action == "offensive":
        cards = bool(ready_ships(content, player))
    else:
        cards = bool(empire(content, player, OPERATIONAL[action], side="operational"))
    return cards and _payable(content, player, action)(
        [], player.credits, bypass.helpers(content, player, action))


@task("operate")
def operate_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """The bypasses of the blocked cards helping the payment (R5), the payment, then the
    action."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    action = data["action"]
    if data["stage"] == "pay":
        data.update(stage="bypass", blocked=bypass.helpers(content, player, action),
                    bypassed=[])
    if data["stage"] == "bypass":
        asked = bypass.ask(ctx, t.seat, action, data["blocked"], data["bypassed"],
                           _payable(content, player, action))
        if asked:
            return asked
        data["stage"] = "act"
        need, wild, limit = _payment(content, player, action, data["bypassed"])
        payment.start_payment(ctx, t.seat, need, wild, limit)
        return None
    ctx.finish(t)
    if action == "offensive":
        start_offensive(ctx, t.seat)
    else:
        cards = [c.id for c in empire(content, player, OPERATIONAL[action], side="operational")]
        ctx.push(action, t.seat, left=cards)
    return None


@chooser("operate")
def operate_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    bypass.answer(ctx, seat, t.data["blocked"], t.data["bypassed"], choice)


def _usable(content: Content, player: Player, card_id: str) -> bool:
    card = next(c for c in player.empire if c.id == card_id)
    return bypass_cost(content, card) <= player.credits


def _bypass(ctx: Ctx, player: Player, card_id: str) -> None:
    card = next(c for c in player.empire if c.id == card_id)
    if card.tokens:
        bypass.pay(ctx, player.seat, card_id)


@task("revenue")
def revenue_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """R21: one technology at a time, a reveal for each; the player may stop early. A
    blocked one is tested for its bypass (R5)."""
    player = ctx.state.players[t.seat]
    options = [f"tech:{c}" for c in t.data["left"] if _usable(ctx.content, player, c)]
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "revenue_next", [*options, DONE])]


@chooser("revenue")
def revenue_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["left"] = []
        return
    tech = arg(choice)
    t.data["left"].remove(tech)
    _bypass(ctx, ctx.state.players[seat], tech)
    score_technology(ctx, seat, tech)


@task("mine")
def mine_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """R22: each operational planet produces 1, in the order the player picks; a blocked
    one only for its bypass, so the player may leave the blocked ones out."""
    player = ctx.state.players[t.seat]
    options = [f"planet:{c}" for c in t.data["left"] if _usable(ctx.content, player, c)]
    if not options:
        ctx.finish(t)
        return None
    free = any(next(c for c in player.empire if c.id == p).tokens == 0 for p in t.data["left"])
    return [Prompt(t.seat, "mine_next", options + ([] if free else [DONE]))]


@chooser("mine")
def mine_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["left"] = []
        return
    planet = arg(choice)
    t.data["left"].remove(planet)
    _bypass(ctx, ctx.state.players[seat], planet)
    ctx.push("produce", seat, planet=planet, left=1, card="")
