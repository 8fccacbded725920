"""The Action Deck: drawing back up to a full hand, turning cards over in an attack, and
shuffling the discards into a new deck; and when an empty deck ends the game.

Before the last Place is explored, an empty deck is made again from the discards. After it
(``State.ending``), the deck is never made again: once it is empty the game ends with the
round (``State.last_round``), and a card that cannot be drawn is simply not drawn.
"""

from __future__ import annotations

from core import rng
from core.games.atlas.rules import Ctx


def reshuffle(ctx: Ctx) -> bool:
    """Shuffle the discards into the deck (the deck's own cards stay in); False if there
    was nothing to shuffle."""
    state = ctx.state
    if not state.discard:
        return False
    state.deck.extend(state.discard)
    state.discard.clear()
    rng.shuffle(state, state.deck)
    ctx.reveal("deck_shuffled", -1, cards=len(state.deck))
    return True


def _next_card(ctx: Ctx) -> str | None:
    state = ctx.state
    if not state.deck and (state.ending or not reshuffle(ctx)):
        if state.ending:
            state.last_round = True
        return None
    card = state.deck.pop()
    if state.ending and not state.deck:
        state.last_round = True
    return card


def draw_up(ctx: Ctx, seat: int) -> None:
    """Draw back up to a full hand, telling the seat alone which cards it drew."""
    player = ctx.state.players[seat]
    drawn = []
    while len(player.hand) < ctx.content.hand:
        card = _next_card(ctx)
        if card is None:
            break
        player.hand.append(card)
        drawn.append(card)
    if drawn:
        ctx.reveal("drew", seat, count=len(drawn), cards=drawn)


def turn_over(ctx: Ctx, seat: int) -> str | None:
    """Turn the top card over for all to see (an attack's draw); it goes to the discards.
    None when no card is left."""
    card = _next_card(ctx)
    if card is not None:
        ctx.state.discard.append(card)
    return card


def end_trigger(ctx: Ctx) -> None:
    """The last Place is explored: the discards join the deck, whose end ends the game."""
    state = ctx.state
    reshuffle(ctx)
    state.ending = True
    if not state.deck:
        state.last_round = True
    ctx.emit("atlas_complete", -1, deck=len(state.deck))
