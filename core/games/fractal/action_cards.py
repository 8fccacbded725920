"""Action cards: the pool of four, face-up effects, face-down insight, and passing."""

from __future__ import annotations

from core.decisions import Prompt
from core.games.fractal import effects, empire
from core.games.fractal.content import Content
from core.games.fractal.feasible import can_carry_out
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task

POOL_SIZE = 4
FACE_DOWN = [{"op": "gain", "influence": 1}, {"op": "insight", "count": 1}]


def card_options(state: State, content: Content, seat: int) -> list[str]:
    """Every card of the pool face down; face up only when its cost can be paid and its
    effect can happen."""
    options = []
    for i, card in enumerate(state.action_pool):
        effect = content.actions[card].effect
        if effects.affordable(state, seat, effect) and can_carry_out(state, content, seat,
                                                                    effect):
            options.append(f"card:{i}:up")
        options.append(f"card:{i}:down")
    return options


def can_play_card(state: State, content: Content, seat: int) -> bool:
    return bool(state.action_pool) and not state.players[seat].passed


def refill_pool(ctx: Ctx) -> None:
    """Up to four face-up cards in the pool; the new cards are public at once."""
    pool = ctx.state.action_pool
    drawn = []
    while len(pool) < POOL_SIZE:
        card = effects.draw_card(ctx, "action")
        if card is None:
            break
        pool.append(card)
        drawn.append(card)
    if drawn:
        ctx.reveal("action_cards_drawn", cards=drawn)


@task("action_card")
def _card_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = card_options(ctx.state, ctx.content, t.seat)
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "action_card", options, {"pool": list(ctx.state.action_pool)})]


@chooser("action_card")
def _card_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    _, index, side = choice.split(":")
    card = state.action_pool.pop(int(index))
    state.players[seat].played_cards.append(card)
    ctx.emit("action_card_played", seat, card=card, face_up=side == "up")
    ctx.finish(t)
    # The rulebook's steps in order: the effect, then a new card for the pool (an insight
    # on the action deck may choose it); the card limit is looked at once the card is played.
    ctx.push("action_card_drawn", seat)
    steps = ctx.content.actions[card].effect if side == "up" else FACE_DOWN
    effects.start(ctx, seat, steps, source=card)


# Task "action_card_drawn" (no data): step 3 of playing a card, and passing at the limit.

@task("action_card_drawn")
def _drawn_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    ctx.finish(t)
    refill_pool(ctx)
    player = ctx.state.players[t.seat]
    if len(player.played_cards) >= empire.action_card_limit(ctx.state, ctx.content, t.seat):
        pass_now(ctx, t.seat)
    return None


def pass_now(ctx: Ctx, seat: int) -> None:
    """The card limit reached: the player passes; the first to pass becomes the watcher."""
    state = ctx.state
    player = state.players[seat]
    player.passed = True
    player.markers["action_card"].used = True
    if state.watcher < 0:
        state.watcher = seat
    ctx.emit("passed", seat, watcher=state.watcher == seat)
