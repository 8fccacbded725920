"""Paying in Resource symbols (R7): at most the Assembly Limit of cards, from the hand and
from the sections produced on the payer's planets, one section a card; the sections
prepared under the card being completed count without counting against the limit. The
colours a payment needs are met by sections of those colours; its wild colours (gold in a
basic action or a card's effect, a ``wild`` modifier) fill any shortfall. The payment ends
the moment its need is met; symbols above it are lost.

The ``pay`` task's data: ``need`` (colour -> symbols), ``wild`` (colours that pay any
need), ``limit`` (cards), ``used`` (cards paid so far), ``paid`` (colour -> symbols paid,
``*`` for wild symbols). Every option it offers keeps the need reachable, so a payment
never strands its player.
"""

from __future__ import annotations

from itertools import combinations, product

from core.decisions import Prompt
from core.games.artifacts.board import section
from core.games.artifacts.content import Content
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Player, Task

WILD = "*"


def shortfall(need: dict[str, int], paid: dict[str, int]) -> int:
    """The symbols still missing once the wild ones are spread over the needs."""
    missing = sum(max(amount - paid.get(colour, 0), 0) for colour, amount in need.items())
    return max(missing - paid.get(WILD, 0), 0)


def add(paid: dict[str, int], need: dict[str, int], colour: str, symbols: int) -> None:
    key = colour if colour in need else WILD
    paid[key] = paid.get(key, 0) + symbols


def reachable(need: dict[str, int], paid: dict[str, int], limit: int,
              choices: list[list[tuple[str, int]]]) -> bool:
    """Whether at most ``limit`` more cards, one (colour, symbols) of each, meet the need."""
    if shortfall(need, paid) == 0:
        return True
    if limit <= 0 or not choices:
        return False
    if len(need) == 1:  # one colour: every symbol counts alike, the biggest cards win
        best = sorted((max(s for _, s in c) for c in choices), reverse=True)[:limit]
        return sum(best) >= shortfall(need, paid)
    for n in range(1, min(limit, len(choices)) + 1):
        for combo in combinations(choices, n):
            for picks in product(*combo):
                trial = dict(paid)
                for colour, symbols in picks:
                    add(trial, need, colour, symbols)
                if shortfall(need, trial) == 0:
                    return True
    return False


def sections_of(content: Content, player: Player, accepted: tuple[str, ...]
                ) -> list[tuple[str, list[tuple[str, str, int]]]]:
    """Each card that can pay: its key (a hand card's id, a produced card's ``id:half``)
    and its options with the colour and symbols each pays."""
    found: list[tuple[str, list[tuple[str, str, int]]]] = []
    for rid in player.hand:
        halves = [(f"hand:{rid}:{half}", sec.colour, sec.symbols)
                  for half, sec in zip(("top", "bottom"), content.resources[rid].sections,
                                       strict=True) if sec.colour in accepted]
        if halves:
            found.append((rid, halves))
    for card in player.empire:
        if card.kind != "planet":
            continue
        for tucked in card.under:
            sec = section(content, tucked)
            if sec.colour in accepted:
                option = f"planet:{tucked.split(':')[0]}"
                found.append((tucked, [(option, sec.colour, sec.symbols)]))
    return found


def can_pay(content: Content, player: Player, need: dict[str, int], wild: tuple[str, ...],
            limit: int, paid: dict[str, int] | None = None) -> bool:
    # What ``sections_of`` finds, without the option names: asked for every construction
    # and operational action at every turn.
    accepted = (*need, *wild)
    choices = []
    for rid in player.hand:
        halves = [(_key(need, sec.colour), sec.symbols) for sec in content.resources[rid].sections
                  if sec.colour in accepted]
        if halves:
            choices.append(halves)
    for card in player.empire:
        if card.kind != "planet":
            continue
        for tucked in card.under:
            sec = section(content, tucked)
            if sec.colour in accepted:
                choices.append([(_key(need, sec.colour), sec.symbols)])
    return reachable(need, dict(paid or {}), limit, choices)


def _key(need: dict[str, int], colour: str) -> str:
    return colour if colour in need else WILD


def prepared(content: Content, under: list[str], need: dict[str, int],
             wild: tuple[str, ...]) -> dict[str, int]:
    """What the sections prepared under a card pay toward ``need``."""
    paid: dict[str, int] = {}
    for tucked in under:
        sec = section(content, tucked)
        if sec.colour in need or sec.colour in wild:
            add(paid, need, sec.colour, sec.symbols)
    return paid


def start_payment(ctx: Ctx, seat: int, need: dict[str, int], wild: tuple[str, ...],
                  limit: int, paid: dict[str, int] | None = None) -> None:
    ctx.push("pay", seat, need=need, wild=list(wild), limit=limit, used=0,
             paid=dict(paid or {}))


@task("pay")
def pay_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    need: dict[str, int] = t.data["need"]
    paid: dict[str, int] = t.data["paid"]
    if shortfall(need, paid) == 0:
        ctx.finish(t)
        return None
    player = ctx.state.players[t.seat]
    wild = tuple(t.data["wild"])
    cards = sections_of(ctx.content, player, (*need, *wild))
    left = t.data["limit"] - t.data["used"]
    options = []
    for i, (_, opts) in enumerate(cards):
        rest = [[(_key(need, c), s) for _, c, s in o] for j, (_, o) in enumerate(cards) if j != i]
        for option, colour, symbols in opts:
            trial = dict(paid)
            add(trial, need, colour, symbols)
            if reachable(need, trial, left - 1, rest):
                options.append(option)
    return [Prompt(t.seat, "pay", options, {"need": need, "paid": paid})]


@chooser("pay")
def pay_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    rid, (colour, symbols) = take_payment_card(ctx, ctx.state.players[seat], choice)
    add(t.data["paid"], t.data["need"], colour, symbols)
    t.data["used"] += 1
    ctx.emit("spent", seat, card=rid, colour=colour, symbols=symbols)


def take_payment_card(ctx: Ctx, player: Player, choice: str) -> tuple[str, tuple[str, int]]:
    """Remove a paying card (``hand:<id>:<half>`` or ``planet:<id>``) to the discard
    pile; its colour and symbols."""
    head, rest = choice.split(":", 1)
    if head == "hand":
        rid, half = rest.split(":")
        player.hand.remove(rid)
        sec = ctx.content.resources[rid].sections[0 if half == "top" else 1]
    else:
        rid = rest
        planet = next(c for c in player.empire if any(u.startswith(f"{rid}:") for u in c.under))
        tucked = next(u for u in planet.under if u.startswith(f"{rid}:"))
        planet.under.remove(tucked)
        sec = section(ctx.content, tucked)
    ctx.state.discard.append(rid)
    return rid, (sec.colour, sec.symbols)
