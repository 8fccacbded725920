"""The basic actions besides construction (AA:518-764): Buy (R17), Prepare, Trade (R18),
Remove Blockades (R19); which actions can happen now; and the small tasks they share:
looking at a deck's top cards (``take``) and discarding from the hand (``discard``)."""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import bypass, faces, payment
from core.games.artifacts.board import (
    CONSTRUCT,
    KIND_ACTION,
    OPERATIONAL,
    blocked_with,
    cost_and_limit,
    empire,
    in_force,
    kind_type,
    produced,
    section,
)
from core.games.artifacts.cards import card_deck, to_bottom
from core.games.artifacts.construct import GOLD, targets
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KIND_COLOUR, KINDS, Assembly
from core.games.artifacts.content.model import Trade as TradeBonus
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Card, Player, State, Task


def offered(content: Content, state: State, player: Player, action: str,
            discount: int = 0, credits: int | None = None) -> bool:
    """Whether ``action`` can happen now (an action is offered only then), with
    ``credits`` (the Bank unless a cost paid before it leaves less) for its credits and
    bypasses."""
    credits = player.credits if credits is None else credits
    if action in CONSTRUCT:
        return bool(targets(content, player, action, discount, credits))
    if action == "buy":
        return any(card_deck(state, k) for k in KINDS) and buy_possible(
            content, player, discount)([], credits, bypass.helpers(content, player, "buy"))
    if action == "prepare":
        return bool(prepare_rows(content, player))
    if action == "trade":
        return True
    if action == "remove":
        return bool(remove_rows(content, player))
    from core.games.artifacts.operations import operational_ready

    return operational_ready(content, player, action)


def start(ctx: Ctx, seat: int, action: str, discount: int = 0) -> None:
    if action in CONSTRUCT:
        ctx.push("construct", seat, action=action, discount=discount, stage="target")
    elif action in OPERATIONAL:
        ctx.push("operate", seat, action=action, stage="pay")
    else:
        ctx.push(action, seat, discount=discount, stage="start")


# Buy (R17)

def buy_cost(content: Content, player: Player, bypassed: list[str], discount: int) -> int:
    return max(cost_and_limit(content, player, "buy", bypassed)[0] - discount, 0)


def buy_possible(content: Content, player: Player, discount: int) -> bypass.Possible:
    """Whether the credits left pay the Buy with the cards bypassed (1 credit a token, R5)
    and some of the others."""
    return bypass.some(content, player, lambda paid, credits: buy_cost(
        content, player, paid, discount) <= credits)


@task("buy")
def buy_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """A ``bypass`` prompt per blocked card lowering the cost (a Settled Exploit planet,
    R5), then the deck and the extra cards as one choice (``deck:<kind>:<extra>``, the
    fewest extra cards first), then the look."""
    content, state, player, data = ctx.content, ctx.state, ctx.state.players[t.seat], t.data
    if data["stage"] == "start":
        data.update(stage="bypass", bypassed=[],
                    blocked=bypass.helpers(content, player, "buy"))
    if data["stage"] == "bypass":
        asked = bypass.ask(ctx, t.seat, "buy", data["blocked"], data["bypassed"],
                           buy_possible(content, player, data["discount"]))
        if asked:
            return asked
        data["stage"] = "deck"
    cost = buy_cost(content, player, data["bypassed"], data["discount"])
    if data["stage"] == "deck":
        rooms = {k: min(player.credits - cost, len(card_deck(state, k)) - 1) for k in KINDS}
        options = [f"deck:{k}:{n}" for n in range(max(rooms.values()) + 1) for k in KINDS
                   if n <= rooms[k]]
        return [Prompt(t.seat, "buy_deck", options, {"cost": cost})]
    ctx.finish(t)
    extra = int(data["extra"])
    player.credits -= cost + extra
    ctx.emit("bought", t.seat, deck=data["deck"], credits=cost + extra)
    ctx.push("take", t.seat, deck=data["deck"], look=1 + extra, keep=1, type="any",
             to="construction", side="any", cards=[], prompt="buy_keep")
    return None


@chooser("buy")
def buy_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data = t.data
    if data["stage"] == "bypass":
        bypass.answer(ctx, seat, data["blocked"], data["bypassed"], choice)
    else:
        _, deck, extra = choice.split(":")
        data.update(deck=deck, extra=extra, stage="take")


# Looking at a deck's top cards, or searching it for a Type (R30)

@task("take")
def take_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, data = ctx.state, t.data
    if data["deck"] == "any":
        decks = [f"deck:{k}" for k in KINDS if card_deck(state, k)]
        if not decks:
            ctx.finish(t)
            return None
        return [Prompt(t.seat, "take_deck", decks)]
    deck = card_deck(state, data["deck"])
    if not data["cards"] and data["keep"] > 0:
        if data["type"] != "any":
            _search(ctx, t, deck)
            return None
        looked = [deck.pop() for _ in range(min(data["look"], len(deck)))]
        if not looked:
            ctx.finish(t)
            return None
        data["cards"] = looked
        faces.see(state, t.seat, looked)
        ctx.reveal("looked", t.seat, deck=data["deck"], count=len(looked), cards=list(looked))
    if data["keep"] > 0 and data["cards"]:
        return [Prompt(t.seat, data["prompt"], [f"card:{c}" for c in data["cards"]])]
    ctx.finish(t)
    to_bottom(deck, data["cards"])
    if data["cards"]:
        ctx.emit("to_bottom", t.seat, deck=data["deck"], count=len(data["cards"]))
    return None


def _search(ctx: Ctx, t: Task, deck: list[str]) -> None:
    """Turn cards over until one of the Type; the others go to the bottom in order."""
    data = t.data
    turned, found = [], ""
    while deck:
        card = deck.pop()
        if kind_type(ctx.content, data["deck"], card) == data["type"]:
            found = card
            break
        turned.append(card)
    to_bottom(deck, turned)
    if found:
        faces.see(ctx.state, t.seat, [found])
    ctx.reveal("searched", t.seat, deck=data["deck"], turned=turned, found=found)
    data["keep"] = 0
    if found:
        place(ctx, t.seat, data["deck"], found, data["to"], data["side"])


@chooser("take")
def take_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data = t.data
    if data["deck"] == "any":
        data["deck"] = arg(choice)
        return
    card = arg(choice)
    data["cards"].remove(card)
    data["keep"] -= 1
    place(ctx, seat, data["deck"], card, data["to"], data["side"])


def place(ctx: Ctx, seat: int, kind: str, card: str, to: str, side: str) -> None:
    """A card taken from a deck: Under Construction, or (a faction's setup) straight into
    the Empire on a side, without completing it (R16)."""
    player = ctx.state.players[seat]
    if to == "empire":
        player.empire.append(Card(card, kind, side if side != "any" else "logistics"))
        if side == "operational":
            faces.show(ctx.state, card)
    else:
        player.construction.append(Card(card, kind))
    ctx.emit("kept", seat, card=card, deck=kind, to=to, side=side)


# Prepare (AA:716-723, AA:753-758)

def prepare_rows(content: Content, player: Player) -> list[str]:
    """The rows of Under Construction cards some card can be prepared under."""
    rows = []
    for kind in KINDS:
        if any(c.kind == kind for c in player.construction) and _attachable(
                content, player, KIND_COLOUR[kind]):
            rows.append(kind)
    return rows


def _attachable(content: Content, player: Player, colour: str) -> list[tuple[str, str]]:
    """The sections that can be tucked under a card of ``colour``: a hand card's, and a
    card produced on a planet by the section it shows (as if in hand, AA:590-592)."""
    found = [(rid, half) for rid in player.hand
             for half, sec in zip(("top", "bottom"), content.resources[rid].sections,
                                  strict=True)
             if sec.colour in (colour, "gold")]
    return found + [(rid, half) for rid, half in (t.split(":") for t in produced(player))
                    if section(content, f"{rid}:{half}").colour in (colour, "gold")]


def _lift(player: Player, rid: str) -> None:
    """A Resource card off the hand, or off the planet it was produced on."""
    if rid in player.hand:
        player.hand.remove(rid)
        return
    for card in player.empire:
        for tucked in card.under:
            if tucked.split(":")[0] == rid:
                card.under.remove(tucked)
                return


@task("prepare")
def prepare_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Prepare: a row, then up to its Assembly Limit of cards from the hand or produced on
    planets (a Join ship of the row counts, R6; a blocked one for its bypass, R5) tucked
    under that row's cards. A card effect's ``prepare`` (``row`` any, ``left`` its count)
    tucks under any Under Construction card."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data.get("stage") == "start":
        return [Prompt(t.seat, "prepare_row", [f"row:{k}" for k in prepare_rows(content, player)])]
    if data.get("stage") == "bypass":
        asked = bypass.ask(ctx, t.seat, "prepare", data["blocked"], data["bypassed"])
        if asked:
            return asked
        _, limit = cost_and_limit(content, player, KIND_ACTION[data["row"]], data["bypassed"])
        data.update(stage="attach", left=limit)
    options = []
    if data["left"] > 0:
        for card in player.construction:
            if data["row"] in ("any", card.kind):
                for rid, half in _attachable(content, player, KIND_COLOUR[card.kind]):
                    options.append(f"attach:{rid}:{half}:{card.id}")
    if not options:
        ctx.finish(t)
        ctx.push("auto", t.seat)
        return None
    return [Prompt(t.seat, "prepare_attach", [*options, DONE])]


@chooser("prepare")
def prepare_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    content, player, data = ctx.content, ctx.state.players[seat], t.data
    if data.get("stage") == "start":
        row = arg(choice)
        blocked = bypass.helpers(content, player, KIND_ACTION[row], (Assembly,))
        data.update(stage="bypass", row=row, blocked=blocked, bypassed=[])
        return
    if data.get("stage") == "bypass":
        bypass.answer(ctx, seat, data["blocked"], data["bypassed"], choice)
        return
    if choice == DONE:
        data["left"] = 0
        return
    _, rid, half, card_id = choice.split(":")
    card = next(c for c in player.construction if c.id == card_id)
    _lift(player, rid)
    card.under.append(f"{rid}:{half}")
    data["left"] -= 1
    ctx.emit("prepared", seat, card=card_id, resource=rid, half=half)


# Trade (R18)

@task("trade")
def trade_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """The colour, the bypass of a blocked Exploit ship raising the Limit (R5, R6), the
    cards, then the credits: the symbols, and each Trade bonus in force (a blocked one's
    bypass asked once the symbols are in the Bank)."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    stage = data["stage"]
    if stage == "start":
        return [Prompt(t.seat, "pay_colour", ["colour:blue", "colour:green", "colour:red",
                                              "gold"])]
    if stage in ("bypass", "bonus"):
        asked = bypass.ask(ctx, t.seat, "trade", data["blocked"], data["bypassed"])
        if asked:
            return asked
        if stage == "bonus":
            _trade_bonus(ctx, t)
            return None
        data.update(stage="cards", limit=cost_and_limit(content, player, "trade",
                                                        data["bypassed"])[1])
    accepted = ("gold",) if data["colour"] == "gold" else (data["colour"], "gold")
    options = []
    if data["used"] < data["limit"]:
        options = [opt for _, opts in payment.sections_of(content, player, accepted)
                   for opt, _, _ in opts]
    if not options:
        _trade_done(ctx, t)
        return None
    return [Prompt(t.seat, "pay", [*options, DONE], {"trade": data["symbols"]})]


@chooser("trade")
def trade_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    content, player, data = ctx.content, ctx.state.players[seat], t.data
    if data["stage"] == "start":
        data.update(stage="bypass", colour=choice.split(":")[-1], used=0, symbols=0,
                    blocked=bypass.helpers(content, player, "trade", (Assembly,)), bypassed=[])
        return
    if data["stage"] in ("bypass", "bonus"):
        bypass.answer(ctx, seat, data["blocked"], data["bypassed"], choice)
        return
    if choice == DONE:
        data["limit"] = data["used"]
        return
    rid, sec = payment.take_payment_card(ctx, player, choice)
    data["used"] += 1
    data["symbols"] += sec[1]
    ctx.emit("spent", seat, card=rid, colour=sec[0], symbols=sec[1])


def _trade_done(ctx: Ctx, t: Task) -> None:
    """The symbols into the Bank (up to 15), then the bonuses of a Trade of some card."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    data["gained"] = _bank(content, player, data["symbols"])
    full = player.credits >= content.rules.bank_max
    blocked = blocked_with(content, player, TradeBonus) if data["used"] and not full else []
    data.update(stage="bonus", blocked=blocked, bypassed=[])


def _trade_bonus(ctx: Ctx, t: Task) -> None:
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    ctx.finish(t)
    if data["used"]:
        data["gained"] += _bank(content, player, sum(
            a.amount for a in in_force(content, player, data["bypassed"])
            if isinstance(a, TradeBonus)))
    ctx.emit("traded", t.seat, cards=data["used"], credits=data["gained"])


def _bank(content: Content, player: Player, credits: int) -> int:
    """Credits into the Bank, which holds 15 (AA:202-204): those it took."""
    before = player.credits
    player.credits = min(before + credits, content.rules.bank_max)
    return player.credits - before


# Remove Blockades (R19)

def remove_rows(content: Content, player: Player) -> list[str]:
    rows = []
    for kind in KINDS:
        if any(c.tokens for c in empire(content, player, kind)):
            _, limit = cost_and_limit(content, player, "remove")
            need = {KIND_COLOUR[kind]: content.rules.remove_rate}
            if payment.can_pay(content, player, need, GOLD, limit):
                rows.append(kind)
    return rows


@task("remove")
def remove_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data["stage"] == "start":
        return [Prompt(t.seat, "remove_row", [f"row:{k}" for k in remove_rows(content, player)])]
    if data["stage"] == "bypass":
        asked = bypass.ask(ctx, t.seat, "remove", data["blocked"], data["bypassed"])
        if asked:
            return asked
        data["stage"] = "tokens"
    _, limit = cost_and_limit(content, player, "remove", data["bypassed"])
    colour = KIND_COLOUR[data["row"]]
    next_need = {colour: content.rules.remove_rate * (data["tokens"] + 1)}
    options = []
    if data["stage"] == "tokens" and payment.can_pay(content, player, next_need, GOLD, limit):
        options = [f"card:{c.id}" for c in empire(content, player, data["row"])
                   if c.tokens > data["chosen"].count(c.id)]
    if data["tokens"] and (data["stage"] == "pay" or not options):
        ctx.finish(t)
        for card_id in data["chosen"]:
            next(c for c in player.empire if c.id == card_id).tokens -= 1
        ctx.emit("removed", t.seat, cards=list(data["chosen"]))
        ctx.push("auto", t.seat)
        payment.start_payment(ctx, t.seat, {colour: content.rules.remove_rate * data["tokens"]},
                              GOLD, limit)
        return None
    return [Prompt(t.seat, "remove_token", options + ([DONE] if data["tokens"] else []))]


@chooser("remove")
def remove_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data = t.data
    if data["stage"] == "start":
        blocked = bypass.helpers(ctx.content, ctx.state.players[seat], "remove", (Assembly,))
        data.update(stage="bypass", row=arg(choice), tokens=0, chosen=[], blocked=blocked,
                    bypassed=[])
    elif data["stage"] == "bypass":
        bypass.answer(ctx, seat, data["blocked"], data["bypassed"], choice)
    elif choice == DONE:
        data["stage"] = "pay"
    else:
        data["chosen"].append(arg(choice))
        data["tokens"] += 1


# Discarding: an effect's cost (from the hand, or a card produced on a planet, as if in
# hand), or the draw step's free discards (the hand only: they make room in it)

def discardable(player: Player, optional: bool) -> list[str]:
    produce = [] if optional else [tucked.split(":")[0] for tucked in produced(player)]
    return list(dict.fromkeys([*player.hand, *produce]))


@task("discard")
def discard_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    cards = discardable(ctx.state.players[t.seat], t.data["optional"])
    if t.data["left"] <= 0 or not cards:
        ctx.finish(t)
        return None
    # The draw step's free discards offer keeping the rest first: most turns discard nothing.
    options = [f"resource:{r}" for r in cards]
    return [Prompt(t.seat, "discard", ([DONE] if t.data["optional"] else []) + options)]


@chooser("discard")
def discard_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["left"] = 0
        return
    card = arg(choice)
    _lift(ctx.state.players[seat], card)
    ctx.state.discard.append(card)
    t.data["left"] -= 1
    ctx.emit("discarded", seat, card=card)

