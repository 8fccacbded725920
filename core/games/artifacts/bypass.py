"""The Blockade bypass (R5, AA:778-784, AA:935-942): a card carrying Blockade tokens acts as
blank, unless its owner pays 1 credit a token to use its ability, each time it would be
used. The engine asks where the ability would be used, player and bot alike, with a
``bypass`` prompt (``bypass``, ``skip``; its context names the ``card``, its ``tokens``
and the ``use``): before a payment, for the blocked cards that would lower its cost,
raise its Assembly Limit or let another colour pay (a Settled planet, a ship that joined
the fleet, an ongoing technology); at the draw step for a bigger hand; once an attack for
its attack bonus (the attacker) and its defence (the defender); after a Trade for its
bonus; before production on a blocked planet; for a trigger; at the final scoring.

A question is asked only when paying is possible and leaves the use possible, and only
when skipping does too: a lone answer is given at once (core.machine), so a blocked card
that cannot be paid for, or that a payment cannot do without, costs no key. Cards used in
a list (an Offensive's ships, Gain Revenue's technologies, Mining's planets, an ACTION
or ADDITIONALLY card) are paid for when chosen instead (``pay``).

A task asking about several cards keeps two lists in its data: the blocked cards still to
ask about, and those paid for in this use (``bypassed``), which the modifiers' sums read
(``board.in_force``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from core.decisions import Prompt
from core.games.artifacts.board import (
    bypass_cost,
    cost_and_limit,
    find,
    payment_modifiers,
    produced,
    section,
)
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import Assembly, Cost, Wild
from core.games.artifacts.rules import Ctx
from core.games.artifacts.state import Player

# Whether a use can still happen with ``bypassed`` paid for, and some of ``rest`` that
# ``credits`` could pay for too.
Possible = Callable[[list[str], int, list[str]], bool]
# Whether a use can happen with these cards paid for and these credits left.
Test = Callable[[list[str], int], bool]


def always(bypassed: list[str], credits: int, rest: list[str]) -> bool:
    return True


def pay(ctx: Ctx, seat: int, card_id: str) -> None:
    """The owner pays to use a blocked card once."""
    player = ctx.state.players[seat]
    credits = bypass_cost(ctx.content, find(player, card_id))
    player.credits -= credits
    ctx.emit("bypassed", seat, card=card_id, credits=credits)


def affordable_sets(content: Content, player: Player, cards: list[str], credits: int
                    ) -> Iterator[tuple[list[str], int]]:
    """Every set of ``cards`` whose bypasses ``credits`` pay together, the largest first,
    with the credits left."""
    for n in range(len(cards), -1, -1):
        for chosen in combinations(cards, n):
            left = credits - sum(bypass_cost(content, find(player, c)) for c in chosen)
            if left >= 0:
                yield list(chosen), left


def some(content: Content, player: Player, test: Test) -> Possible:
    """A use possible when ``test`` holds for what is paid for and some affordable set of
    the cards not asked about yet."""
    def possible(bypassed: list[str], credits: int, rest: list[str]) -> bool:
        return any(test(bypassed + chosen, left)
                   for chosen, left in affordable_sets(content, player, rest, credits))

    return possible


def ask(ctx: Ctx, seat: int, use: str, blocked: list[str], bypassed: list[str],
        possible: Possible = always) -> list[Prompt] | None:
    """The ``bypass`` prompt for the first card of ``blocked`` that has a real question;
    the cards before it with only one answer are settled on the way. None once every card
    is settled."""
    player = ctx.state.players[seat]
    while blocked:
        card = find(player, blocked[0])
        credits, rest = player.credits, blocked[1:]
        price = bypass_cost(ctx.content, card)
        options = []
        if price <= credits and possible([*bypassed, card.id], credits - price, rest):
            options.append("bypass")
        if possible(bypassed, credits, rest):
            options.append("skip")
        if len(options) == 2:
            return [Prompt(seat, "bypass", options,
                           {"card": card.id, "tokens": card.tokens, "use": use})]
        answer(ctx, seat, blocked, bypassed, options[0] if options else "skip")
    return None


def answer(ctx: Ctx, seat: int, blocked: list[str], bypassed: list[str], choice: str) -> None:
    card_id = blocked.pop(0)
    if choice == "bypass":
        pay(ctx, seat, card_id)
        bypassed.append(card_id)


def helpers(content: Content, player: Player, action: str,
            wanted: tuple[type, ...] = (Cost, Assembly, Wild)) -> list[str]:
    """The blocked cards whose modifier (of a ``wanted`` kind) would change a payment for
    ``action``, in Empire order: a lower cost while there is one, a higher Assembly Limit
    when the player holds more cards that can pay than the limit, a colour the player
    holds."""
    if not any(card.tokens for card in player.empire):
        return []  # no card is blocked: the usual case, asked for every action of a turn
    cost, limit = cost_and_limit(content, player, action)
    colours = {s.colour for r in player.hand for s in content.resources[r].sections}
    colours |= {section(content, tucked).colour for tucked in produced(player)}
    found = []
    for card, args in payment_modifiers(content, player, action):
        if not card.tokens or not isinstance(args, wanted):
            continue
        if isinstance(args, Cost):
            matters = cost > 0
        elif isinstance(args, Assembly):
            matters = len(player.hand) + len(produced(player)) > limit
        else:
            matters = isinstance(args, Wild) and args.colour in colours
        if matters:
            found.append(card.id)
    return list(dict.fromkeys(found))
