"""Moving cards: the Resource deck (the clock: its reshuffles move the round marker and
its last card may trigger the end, R2-R3), the discard pile, and the Ship, Technology,
Planet, Defense Plan and Alien Artifact decks (R29)."""

from __future__ import annotations

from core.games.artifacts.rules import Ctx
from core.games.artifacts.state import State
from core.rng import shuffle

DECKS = {"ship": "ships", "technology": "technologies", "planet": "planets"}


def card_deck(state: State, kind: str) -> list[str]:
    deck: list[str] = getattr(state, DECKS[kind])
    return deck


def reveal_resource(ctx: Ctx) -> str | None:
    """The top Resource card, off the deck (reshuffling first if it is empty); None when
    the deck and the discard pile are both empty (R3)."""
    state = ctx.state
    if not state.deck:
        if not state.discard:
            return None
        state.deck, state.discard = state.discard, []
        shuffle(state, state.deck)
        state.marker = max(state.marker - 1, 1)
        state.passes += 1
        state.stats["reshuffles"] += 1
        ctx.reveal("reshuffled", -1, cards=len(state.deck), marker=state.marker)
    card = state.deck.pop()
    if not state.deck and state.marker == 1 and not state.ending:
        state.ending = True  # AA:857-861: the last card of the last pass is drawn
        ctx.emit("end_triggered", state.turn)
    return card


def draw_resources(ctx: Ctx, seat: int, n: int) -> list[str]:
    """Draw ``n`` Resource cards into a hand (fewer if both piles run out)."""
    drawn = []
    for _ in range(n):
        card = reveal_resource(ctx)
        if card is None:
            break
        drawn.append(card)
    ctx.state.players[seat].hand.extend(drawn)
    if drawn:
        ctx.reveal("drawn", seat, count=len(drawn), cards=drawn)
    return drawn


def discard_resources(ctx: Ctx, cards: list[str]) -> None:
    ctx.state.discard.extend(cards)


def draw_plan(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    if state.plans:
        plan = state.plans.pop()
        state.players[seat].plans.append(plan)
        ctx.reveal("plan_drawn", seat, plan=plan)


def draw_artifact(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    if not state.artifacts and state.artifact_pile:
        state.artifacts, state.artifact_pile = state.artifact_pile, []
        shuffle(state, state.artifacts)
        ctx.reveal("artifacts_reshuffled", -1, cards=len(state.artifacts))
    if state.artifacts:
        artifact = state.artifacts.pop()
        state.players[seat].artifacts.append(artifact)
        ctx.reveal("artifact_drawn", seat, artifact=artifact)


def to_bottom(deck: list[str], cards: list[str]) -> None:
    """Cards put under a deck one at a time in the order given, so the last ends lowest
    (R17, R30)."""
    deck[:0] = list(reversed(cards))
