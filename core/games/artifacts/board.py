"""Queries on one player's board: the sections of tucked cards, the counters of the effect
vocabulary, the lasting modifiers in force and what each action costs. Nothing here
changes the state."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from core.games.artifacts.content import Content
from core.games.artifacts.content.model import (
    JOIN_ACTION,
    KIND_COLOUR,
    SETTLE_ACTION,
    Args,
    Assembly,
    Condition,
    Cost,
    Counter,
    Hand,
    Section,
    Step,
    Wild,
)
from core.games.artifacts.state import Card, Player

CONSTRUCT = {"discover": "planet", "develop": "technology", "build": "ship"}
KIND_ACTION = {kind: action for action, kind in CONSTRUCT.items()}
OPERATIONAL = {"offensive": "ship", "revenue": "technology", "mine": "planet"}


def section(content: Content, tucked: str) -> Section:
    """The section a tucked card shows: ``<resource>:<top|bottom>``."""
    rid, half = tucked.split(":")
    resource = content.resources[rid]
    return resource.sections[0 if half == "top" else 1]


def find(player: Player, card_id: str) -> Card:
    for card in (*player.empire, *player.construction):
        if card.id == card_id:
            return card
    raise KeyError(card_id)


def type_of(content: Content, card: Card) -> str:
    return kind_type(content, card.kind, card.id)


def kind_type(content: Content, kind: str, card_id: str) -> str:
    """The Type of a ship, technology or planet."""
    if kind == "ship":
        return content.ships[card_id].type
    if kind == "planet":
        return content.planets[card_id].type
    return content.technologies[card_id].type


def empire(content: Content, player: Player, kind: str = "any", type_: str = "any",
           side: str = "any") -> list[Card]:
    return [c for c in player.empire
            if (kind == "any" or kind == c.kind) and (side == "any" or side == c.side)
            and (type_ == "any" or type_ == type_of(content, c))]


def count(content: Content, player: Player, counter: Counter, twins: int = 0,
          rivals: int = 0) -> int:
    """A counter's value for ``player`` (docs/alien-artifacts-effects.md, "Counters");
    blocked cards count (AA:780-781). ``twins`` and ``rivals`` are known only where the
    loader allows them (a ``complete`` trigger; a faction's setup and action)."""
    name = counter.name
    if name == "cards":
        return len(empire(content, player, counter.kind, counter.type, counter.side))
    if name == "types":
        cards = empire(content, player, counter.kind, "any", counter.side)
        return len({type_of(content, c) for c in cards})
    if name == "construction":
        return sum(1 for c in player.construction if counter.kind in ("any", c.kind))
    if name == "produced":
        return sum(len(c.under) for c in player.empire if c.kind == "planet")
    if name == "blockades":
        return sum(c.tokens for c in player.empire)
    simple = {"credits": player.credits, "artifacts": len(player.artifacts),
              "plans": len(player.plans), "twins": twins, "rivals": rivals}
    return simple[name]


def holds(content: Content, player: Player, condition: Condition | None, twins: int = 0,
          rivals: int = 0) -> bool:
    if condition is None:
        return True
    value = count(content, player, condition.counter, twins, rivals)
    return value >= condition.value if condition.at_least else value <= condition.value


def times(content: Content, player: Player, step: Step, twins: int = 0, rivals: int = 0) -> int:
    """How many times a step's amounts count: its ``per``, ``every`` and ``max``."""
    if step.per is None:
        return 1
    return count(content, player, step.per, twins, rivals) // step.every


def capped(step: Step, amount: int, factor: int) -> int:
    total = amount * factor
    return min(total, step.max) if step.max else total


def modifiers(content: Content, player: Player) -> Iterator[tuple[Card, Args]]:
    """Every lasting modifier of the player's Empire with the card it comes from: Settled
    planets, ships that joined the fleet and Deployed technologies' ongoing effects."""
    for card in player.empire:
        if card.side != "logistics":
            continue
        for args in _modifiers_of(content, card.kind, card.id):
            yield card, args


def _modifiers_of(content: Content, kind: str, card_id: str) -> tuple[Args, ...]:
    """The lasting modifiers of one card on its logistics side, made once per content:
    asked for every card of an Empire at every question of a turn."""
    table = _MODIFIERS.get(id(content))
    if table is None or table[0] is not content:
        table = _MODIFIERS[id(content)] = (content, {})
    found = table[1].get((kind, card_id))
    if found is None:
        found = table[1][(kind, card_id)] = tuple(_make_modifiers(content, kind, card_id))
    return found


# By content (kept with its table, so its id cannot be reused while the table lives), then
# by card.
_MODIFIERS: dict[int, tuple[Content, dict[tuple[str, str], tuple[Args, ...]]]] = {}


def _make_modifiers(content: Content, kind: str, card_id: str) -> Iterator[Args]:
    rules = content.rules
    if kind == "planet":
        yield Cost(SETTLE_ACTION[content.planets[card_id].type], -rules.settle_discount)
    elif kind == "ship":
        yield Assembly(JOIN_ACTION[content.ships[card_id].type], rules.join_assembly)
    else:
        ability = content.technologies[card_id].logistics
        if ability.mode == "ongoing":
            for step in ability.effect:
                yield step.args


def payment_modifiers(content: Content, player: Player, action: str) -> list[tuple[Card, Args]]:
    """The modifiers that change what ``action`` costs, how many cards pay it, or which
    colours do."""
    return [(card, args) for card, args in modifiers(content, player)
            if isinstance(args, Cost | Assembly | Wild) and args.action == action]


def in_force(content: Content, player: Player, bypassed: Iterable[str] = ()
             ) -> Iterator[Args]:
    """The modifiers that apply: those of unblocked cards, and of the blocked ones whose
    bypass was paid for this use (``bypassed``, R5)."""
    paid = set(bypassed)
    for card, args in modifiers(content, player):
        if card.tokens == 0 or card.id in paid:
            yield args


def blocked_with(content: Content, player: Player, wanted: type) -> list[str]:
    """The blocked cards with a modifier of the ``wanted`` kind, in Empire order: those
    whose bypass a use of that modifier asks about (R5)."""
    found = [card.id for card, args in modifiers(content, player)
             if card.tokens and isinstance(args, wanted)]
    return list(dict.fromkeys(found))


def bypass_cost(content: Content, card: Card) -> int:
    """R5 (AA:783-784): what one use of a blocked card's ability costs its owner."""
    return content.rules.bypass * card.tokens


def base_cost(content: Content, player: Player, action: str) -> int:
    """An action's printed cost before any modifier: 5 plus 1 per card of the kind for a
    construction (AA:555, AA:605, AA:636), 5 for an operational action or a Buy."""
    rules = content.rules
    if action in CONSTRUCT:
        return rules.base_cost + len(empire(content, player, CONSTRUCT[action]))
    if action == "buy":
        return rules.buy_cost
    return rules.operational_cost


def cost_and_limit(content: Content, player: Player, action: str,
                   bypassed: Iterable[str] = ()) -> tuple[int, int]:
    """What ``action`` costs and the Assembly Limit for it, with the modifiers of unblocked
    cards and of the blocked ones in ``bypassed``; a cost never falls below 0 (R7)."""
    cost, limit = base_cost(content, player, action), content.rules.assembly
    paid = set(bypassed)
    for card, args in payment_modifiers(content, player, action):
        if card.tokens and card.id not in paid:
            continue
        if isinstance(args, Cost):
            cost += args.amount
        elif isinstance(args, Assembly):
            limit += args.amount
    return max(cost, 0), limit


def colours_for(content: Content, player: Player, action: str, colour: str,
                gold: bool, bypassed: Iterable[str] = ()) -> tuple[str, ...]:
    """The colours that may pay: the action's own, gold where it is wild (R7), and any a
    ``wild`` modifier in force adds."""
    found = [colour]
    if gold:
        found.append("gold")
    for args in in_force(content, player, bypassed):
        if isinstance(args, Wild) and args.action == action:
            found.append(args.colour)
    return tuple(dict.fromkeys(found))


def action_colour(action: str) -> str:
    return KIND_COLOUR[CONSTRUCT.get(action) or OPERATIONAL[action]]


def hand_size(content: Content, player: Player, bypassed: Iterable[str] = ()) -> int:
    """The hand the draw step fills to (R23), with the ``hand`` modifiers in force."""
    extra = sum(a.amount for a in in_force(content, player, bypassed) if isinstance(a, Hand))
    return content.rules.hand + extra


def produced(player: Player) -> list[str]:
    """The sections produced on the player's planets (``<resource>:<half>``): usable as if
    in hand (AA:590-592, AA:827-831), the section showing only."""
    return [tucked for card in player.empire if card.kind == "planet" for tucked in card.under]
