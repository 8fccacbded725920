"""How Alien Artifacts' bots pay, and how the searches play the prompts they do not judge.

The planner (``Model.plan``, a macro-move) answers three kinds of prompt outright:

- ``pay`` in a payment: the set of cards that meets the need and is worth least (a hand
  card by both its sections, gold above the rest, a card produced on a planet by the one
  section it shows), the fewer cards the better among equals. Searched card by card, a
  payment branches into orders and sets that differ by a symbol or two, and a random one
  throws away the gold and the big sections a later cost needs.
- ``produce_section``: the section of the planet's Type, which scores 1 VP (R20 offers
  it only when it is the one with more symbols or the sole choice).
- the draw step of the last pass, when the end would not leave the seat behind: discards
  (the cards worth least) until its draw takes the deck's last cards, or as many as its
  hand size lets it.

The policy (``Model.policy``) plays the turns of settling and rollouts, where a random
answer says little of what a position is worth (it trades its hand away, discards cards at
the draw step, leaves cards half built): a completion while one can be paid for, then an
operational action, then Prepare or Buy; no discard at the draw step, the cheapest card
when a discard is owed; a bypass whenever it is offered; a Buy of one card; Gain Revenue
and Mining to the end. The steps of one's own action as one who means it (``STEPS``): the
card whose completion adds most (the judgement's ``completed``), the side that scores more
at the end, the Prepare row the hand brings nearest to completion and its biggest sections
while the card still needs some, the Trade colour and cards worth most credits, the card
kept from a look (a Buy, a take, a setup) whose completion adds most. Every other prompt,
and a tie, is left to chance.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from core.decisions import DONE, Prompt, arg
from core.games.artifacts.board import KIND_ACTION, cost_and_limit, hand_size, section
from core.games.artifacts.bots.value import completed, pays_toward, turns_left
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KIND_COLOUR
from core.games.artifacts.payment import WILD, add, sections_of, shortfall
from core.games.artifacts.scoring import end_parts
from core.games.artifacts.state import Card, Player
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
    """The planner's answer to a payment, a production or a draw step that can end the
    game, None to any other prompt."""
    if prompt.kind == "produce_section":
        return _produce(game.content, prompt)
    if prompt.kind == "discard" and DONE in prompt.options:
        return _draw_the_deck_out(game, prompt)
    if prompt.kind != "pay" or DONE in prompt.options:  # a Trade's pay is a choice
        return None
    task = next((t for t in reversed(game.state.stack) if t.kind == "pay"), None)
    if task is None or task.seat != prompt.seat:
        return None
    return cheapest_payment(game.content, game.state.players[prompt.seat], task.data,
                            prompt.options)


def _draw_the_deck_out(game: Any, prompt: Prompt) -> str | None:
    """At the draw step of the last pass (the round marker on 1), a seat that the end
    would not leave behind discards until its draw takes the deck's last cards, which
    ends the game, or, when its hand size cannot reach that far, as many as it can. No
    single discard looks worth its card, so without this two seats that kept their hands
    and took actions that changed nothing played on past 3,000 decisions; and where only
    the seat behind could draw the deck out in one go, past 50,000."""
    state, content = game.state, game.content
    if state.marker != 1 or state.ending or not state.deck:
        return None
    player = state.players[prompt.seat]
    size = hand_size(content, player)
    scores = [sum(end_parts(content, p, []).values()) for p in state.players]
    if scores[prompt.seat] < max(scores):
        return None
    cards = [o for o in prompt.options if o != DONE and not o.startswith(ARTIFACT)]
    if len(player.hand) <= max(size - len(state.deck), 0) or not cards:
        return DONE
    return min(cards, key=lambda o: _worth(content, player, o))


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
    steps = STEPS.get(prompt.kind)
    if steps is not None:
        return steps(game, prompt)
    choice = FIXED.get(prompt.kind)
    return choice if choice in options else None


# The steps of one's own action, played as a player who means it would: answered at random,
# a search's play-outs undervalue every action of several steps (a Prepare tucking the
# wrong colours, a completion on its worse side) against one of a single step.

def _target(game: Any, prompt: Prompt) -> str | None:
    """The card whose completion adds most (the judgement's worth of a completed card)."""
    content, state = game.content, game.state
    player = state.players[prompt.seat]
    left = turns_left(state, content)
    cards = {f"card:{c.id}": c for c in player.construction}
    return _best(prompt.options, lambda o: completed(content, player, cards[o], left)
                 if o in cards else None)


def _side(game: Any, prompt: Prompt) -> str | None:
    """The side that scores more at the end; a tie left to chance."""
    content, player = game.content, game.state.players[prompt.seat]
    card = str(prompt.context.get("card", ""))
    kind = _kind(content, card)
    if kind is None:
        return None

    def scored(side: str) -> float:
        player.empire.append(Card(card, kind, side))  # weighed, then taken back
        try:
            return float(sum(end_parts(content, player, []).values()))
        finally:
            player.empire.pop()

    return _best(prompt.options, scored)


def _prepare_row(game: Any, prompt: Prompt) -> str | None:
    """The row whose nearest card the hand brings nearest to completion."""
    content, player = game.content, game.state.players[prompt.seat]

    def shortfall_after(option: str) -> float:
        kind = arg(option)
        action = KIND_ACTION[kind]
        _, limit = cost_and_limit(content, player, action, [])
        colour = KIND_COLOUR[kind]
        have = sorted((pays_toward(content, rid, colour) for rid in player.hand),
                      reverse=True)[:limit]
        need = min(_need(content, player, c) for c in player.construction if c.kind == kind)
        return float(-max(need - sum(have), 0))

    return _best(prompt.options, shortfall_after)


def _prepare_attach(game: Any, prompt: Prompt) -> str | None:
    """The biggest section under the card nearest completion that still needs some; done
    when no card of the row needs more."""
    content, player = game.content, game.state.players[prompt.seat]
    needs = {c.id: _need(content, player, c) for c in player.construction}
    attach = [o for o in prompt.options if o != DONE and needs.get(o.split(":")[3], 0) > 0]
    if not attach:
        return DONE if DONE in prompt.options else None
    return max(attach, key=lambda o: (-needs[o.split(":")[3]],
                                      _symbols(content, player, o), -_worth(content, player, o)))


def _trade_colour(game: Any, prompt: Prompt) -> str | None:
    """The colour the hand trades the most symbols of (gold counts with any)."""
    content, player = game.content, game.state.players[prompt.seat]
    _, limit = cost_and_limit(content, player, "trade", [])

    def credits(option: str) -> float:
        colours = ("gold",) if option == "gold" else (arg(option), "gold")
        best = [max((s.symbols for s in content.resources[rid].sections if s.colour in colours),
                    default=0) for rid in player.hand]
        return sum(sorted(best, reverse=True)[:limit])

    return _best(prompt.options, credits)


def _trade_cards(game: Any, prompt: Prompt) -> str | None:
    """A Trade's cards (its ``pay`` with ``done``): the biggest section, the card worth
    least among equals, up to the Limit. A payment's ``pay`` is the planner's."""
    if DONE not in prompt.options:
        return None
    content, player = game.content, game.state.players[prompt.seat]
    cards = [o for o in prompt.options if o != DONE]
    if not cards:
        return DONE
    return max(cards, key=lambda o: (_symbols(content, player, o), -_worth(content, player, o)))


def _keep(game: Any, prompt: Prompt) -> str | None:
    """The card kept from a look (a Buy, a take, a setup): the one whose completion adds
    most."""
    content, state = game.content, game.state
    player = state.players[prompt.seat]
    left = turns_left(state, content)

    def worth(option: str) -> float | None:
        card = arg(option)
        kind = _kind(content, card)
        return None if kind is None else completed(content, player, Card(card, kind), left)

    return _best(prompt.options, worth)


STEPS = {"target": _target, "side": _side, "prepare_row": _prepare_row,
         "prepare_attach": _prepare_attach, "pay_colour": _trade_colour, "pay": _trade_cards,
         "buy_keep": _keep, "take_keep": _keep, "setup_keep": _keep}


def _best(options: list[str], score: Any) -> str | None:
    """The option of the highest score; None (chance) on a tie or when none is scored."""
    scored = [(s, o) for o in options if (s := score(o)) is not None]
    if not scored:
        return None
    top = max(s for s, _ in scored)
    best = [o for s, o in scored if s == top]
    return best[0] if len(best) == 1 else None


def _kind(content: Content, card: str) -> str | None:
    for kind, cards in (("ship", content.ships), ("technology", content.technologies),
                        ("planet", content.planets)):
        if card in cards:
            return kind
    return None


def _need(content: Content, player: Player, card: Card) -> int:
    """The symbols an Under Construction card still needs to be completed."""
    cost, _ = cost_and_limit(content, player, KIND_ACTION[card.kind], [])
    colour = KIND_COLOUR[card.kind]
    paid = sum(s.symbols for s in (section(content, u) for u in card.under)
               if s.colour in (colour, "gold"))
    return max(cost - paid, 0)


def _symbols(content: Content, player: Player, option: str) -> int:
    """The symbols of the section an option tucks or pays with."""
    head, _, rest = option.partition(":")
    parts = rest.split(":")
    if head == "planet":
        tucked = next(u for c in player.empire for u in c.under if u.startswith(f"{parts[0]}:"))
        return section(content, tucked).symbols
    return section(content, f"{parts[0]}:{parts[1]}").symbols


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
