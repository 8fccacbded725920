"""Insight: look at three cards of a deck and put them back, a slot's face-down
technologies, or one face-down component. What is seen is told to the seat alone."""

from __future__ import annotations

from core.decisions import Prompt
from core.games.fractal import effects
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task

DECKS = ("action", "artifact")
ENDS = ("top", "bottom")


def _deck(state: State, name: str) -> list[str]:
    return state.action_deck if name == "action" else state.artifact_deck


def _discard(state: State, name: str) -> list[str]:
    return state.action_discard if name == "action" else state.artifact_discard


def insight_options(state: State) -> list[str]:
    # An empty deck with a discard pile can still be drawn from: the pile is reshuffled.
    options = [f"deck:{d}" for d in DECKS if _deck(state, d) or _discard(state, d)]
    for kind, slots in state.tech.items():
        for i, slot in enumerate(slots):
            hidden = len(slot.cards) - (1 if slot.top_face_up else 0)
            if hidden > 0:
                options.append(f"slot:{kind}:{i}")
    options += [f"event:{s.id}" for s in state.sectors if s.event and not s.event_face_up]
    if not state.age2_revealed:
        options.append("objective")
    return options


def can_gain_insight(state: State) -> bool:
    """Whether ``insight_options`` offers anything, without writing the options out (the
    action cards' checks ask at every turn)."""
    return (not state.age2_revealed
            or any(_deck(state, d) or _discard(state, d) for d in DECKS)
            or any(len(slot.cards) > (1 if slot.top_face_up else 0)
                   for slots in state.tech.values() for slot in slots)
            or any(s.event and not s.event_face_up for s in state.sectors))


def return_options(hand: list[str]) -> list[str]:
    """Each card still in hand, to the top or the bottom of its deck; identical cards are
    offered once (by their first position), as putting back either is the same."""
    first = {card: hand.index(card) for card in hand}
    return [f"{end}:{i}" for i, card in enumerate(hand) if first[card] == i for end in ENDS]


def learn(ctx: Ctx, seat: int, fact: str, shown: list[str]) -> None:
    player = ctx.state.players[seat]
    player.known.append(f"{fact}={','.join(shown)}")
    ctx.reveal("insight", seat, target=fact, seen=list(shown))


# Task "insight" data: count; while putting back a deck's cards: deck, hand (the cards drawn
# and not yet returned, in the order drawn).

@task("insight")
def _insight_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    hand = t.data.get("hand")
    if hand:
        return [Prompt(t.seat, "insight_return", return_options(hand),
                       {"deck": t.data["deck"], "cards": list(hand)})]
    options = insight_options(ctx.state)
    if t.data["count"] <= 0 or not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "insight", options)]


@chooser("insight")
def _insight_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    if t.data.get("hand"):
        _return_card(state, t, choice)
        return
    t.data["count"] -= 1
    kind, _, rest = choice.partition(":")
    if kind == "deck":
        hand = _draw_three(ctx, rest)
        t.data["deck"], t.data["hand"] = rest, hand
        learn(ctx, seat, choice, hand)
    elif kind == "slot":
        tech, index = rest.split(":")
        slot = state.tech[tech][int(index)]
        learn(ctx, seat, choice, slot.cards[:-1] if slot.top_face_up else list(slot.cards))
    elif kind == "event":
        learn(ctx, seat, choice, [state.sectors[int(rest)].event])
    else:
        learn(ctx, seat, choice, [state.objectives[1]])


def _draw_three(ctx: Ctx, name: str) -> list[str]:
    hand = []
    for _ in range(3):
        card = effects.draw_card(ctx, name)
        if card is not None:
            hand.append(card)
    return hand


def _return_card(state: State, t: Task, choice: str) -> None:
    end, _, index = choice.partition(":")
    card = t.data["hand"].pop(int(index))
    deck = _deck(state, t.data["deck"])
    if end == "top":
        deck.append(card)
    else:
        deck.insert(0, card)
