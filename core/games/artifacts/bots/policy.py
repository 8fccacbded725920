"""How Alien Artifacts' bots pay, and how the searches play the prompts they do not judge.

The planner (``Model.plan``, a macro-move) answers two kinds of prompt outright:

- ``pay`` in a payment: the set of cards that meets the need and is worth least (a hand
  card by both its sections, gold above the rest, a card produced on a planet by the one
  section it shows), the fewer cards the better among equals. Searched card by card, a
  payment branches into orders and sets that differ by a symbol or two, and a random one
  throws away the gold and the big sections a later cost needs.
- ``produce_section``: the section of the planet's Type, which scores 1 VP (R20 offers
  it only when it is the one with more symbols or the sole choice).

The policy (``Model.policy``) plays the turns of settling and rollouts, where a random
answer says little of what a position is worth (it trades its hand away, discards cards at
the draw step, leaves cards half built): a completion while one can be paid for, then an
operational action, then Prepare or Buy; no discard at the draw step, the cheapest card
when a discard is owed; a bypass whenever it is offered; a Buy of one card; Gain Revenue
and Mining to the end. Every other prompt is left to chance.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from core.decisions import DONE, Prompt
from core.games.artifacts.board import section
from core.games.artifacts.content import Content
from core.games.artifacts.payment import WILD, add, sections_of, shortfall
from core.games.artifacts.state import Player
from core.rng import Rng

GOLD = 1.3  # a gold symbol's worth against a coloured one: it pays any basic cost
TUCKED = 0.8  # a produced section's: it pays but is no die and has one section
LARGEST = 9  # cards weighed in a payment, the most symbols first
# The actions the policy prefers, best first: any of the first group offered is taken.
ACTIONS = (("discover", "develop", "build"), ("revenue", "mine", "offensive"),
           ("prepare",), ("buy",))
FIXED = {"bypass": "bypass", "after": DONE}
FIRST = frozenset({"revenue_next", "mine_next", "ship_order"})
ARTIFACT = "artifact:"  # an Alien Artifact played at a decision of one's own turn


def plan(game: Any, prompt: Prompt) -> str | None:
    """The planner's answer to a payment or a production, None to any other prompt."""
    if prompt.kind == "produce_section":
        return _produce(game.content, prompt)
    if prompt.kind != "pay" or DONE in prompt.options:  # a Trade's pay is a choice
        return None
    task = next((t for t in reversed(game.state.stack) if t.kind == "pay"), None)
    if task is None or task.seat != prompt.seat:
        return None
    return cheapest_payment(game.content, game.state.players[prompt.seat], task.data,
                            prompt.options)


def policy(game: Any, prompt: Prompt, rng: Rng) -> str | None:
    options = prompt.options
    if prompt.kind == "action":
        for group in ACTIONS:
            found = [a for a in group if a in options]
            if found:
                return rng.choice(found)
        return None
    if prompt.kind == "discard":
        if DONE in options:
            return DONE
        player = game.state.players[prompt.seat]
        cards = [o for o in options if not o.startswith(ARTIFACT)]  # not the artifacts' window
        return min(cards, key=lambda o: _worth(game.content, player, o)) if cards else None
    if prompt.kind == "buy_deck":  # a deck by chance, no extra card
        return rng.choice([o for o in options if o.endswith(":0")])
    if prompt.kind in FIRST:
        return next((o for o in options if o != DONE), options[0])
    choice = FIXED.get(prompt.kind)
    return choice if choice in options else None


def card_worth(content: Content, resource: str) -> float:
    """A Resource card in hand: the symbols of both its sections, gold worth more."""
    return sum(s.symbols * (GOLD if s.colour == "gold" else 1.0)
               for s in content.resources[resource].sections)


def _worth(content: Content, player: Player, option: str) -> float:
    """What paying or discarding with an option's card loses."""
    head, _, rest = option.partition(":")
    resource = rest.split(":")[0]
    if head == "planet":
        tucked = next(u for c in player.empire for u in c.under if u.startswith(f"{resource}:"))
        return TUCKED * section(content, tucked).symbols
    return card_worth(content, resource)


def cheapest_payment(content: Content, player: Player, data: dict[str, Any],
                     options: list[str]) -> str | None:
    """The first card to pay of the set, at most the cards left, that meets the need and
    is worth least; None if no set does (the engine offers only payments that can)."""
    need: dict[str, int] = data["need"]
    paid: dict[str, int] = data["paid"]
    left = data["limit"] - data["used"]
    cards = []
    for _, halves in sections_of(content, player, (*need, *data["wild"])):
        halves = [h for h in halves if h[0] in options]
        if halves:
            cards.append((_worth(content, player, halves[0][0]), halves))
    cards.sort(key=lambda c: -max(s for _, _, s in c[1]))
    cards = cards[:LARGEST]
    best: tuple[float, int] | None = None
    found: str | None = None
    for n in range(1, min(left, len(cards)) + 1):
        for combo in combinations(cards, n):
            cost = (sum(w for w, _ in combo), n)
            if best is not None and cost >= best:
                continue
            for picks in product(*(halves for _, halves in combo)):
                trial = dict(paid)
                for _, colour, symbols in picks:
                    add(trial, need, colour, symbols)
                if shortfall(need, trial) == 0:
                    best, found = cost, max(picks, key=lambda p: _key_order(need, p))[0]
                    break
    return found


def _key_order(need: dict[str, int], pick: tuple[str, str, int]) -> tuple[bool, int]:
    """Pay the needed colour before the wild one, the bigger section first."""
    _, colour, symbols = pick
    return (colour in need and colour != WILD, symbols)


def _produce(content: Content, prompt: Prompt) -> str | None:
    planet, resource = prompt.context.get("planet"), prompt.context.get("card")
    if not planet or not resource:
        return None
    kind = content.planets[planet].type
    for half, sec in zip(("top", "bottom"), content.resources[resource].sections, strict=True):
        if sec.type == kind and half in prompt.options:
            return half
    return None
