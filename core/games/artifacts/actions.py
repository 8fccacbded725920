"""The basic actions besides construction (AA:518-764): Buy (R17), Prepare, Trade (R18),
Remove Blockades (R19); which actions can happen now; and the small tasks they share:
looking at a deck's top cards (``take``) and discarding from the hand (``discard``)."""

from __future__ import annotations

from itertools import combinations

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import payment
from core.games.artifacts.board import (
    CONSTRUCT,
    KIND_ACTION,
    OPERATIONAL,
    cost_and_limit,
    empire,
    find,
    kind_type,
    unblocked,
)
from core.games.artifacts.cards import card_deck, to_bottom
from core.games.artifacts.construct import GOLD, blocked_helpers, targets
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KIND_COLOUR, KINDS
from core.games.artifacts.content.model import Trade as TradeBonus
from core.games.artifacts.engine import Ctx, chooser, task
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
        return any(card_deck(state, k) for k in KINDS) and buy_affordable(
            content, player, [], blocked_helpers(content, player, "buy"), credits, discount)
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


def buy_affordable(content: Content, player: Player, bypassed: list[str], rest: list[str],
                   credits: int, discount: int) -> bool:
    """Whether ``credits`` pay a Buy with the blocked helpers ``bypassed`` and some choice
    among ``rest`` (each bypass 1 credit a token, R5)."""
    for n in range(len(rest) + 1):
        for chosen in combinations(rest, n):
            tokens = sum(find(player, c).tokens for c in chosen)
            if tokens + buy_cost(content, player, [*bypassed, *chosen], discount) <= credits:
                return True
    return False


@task("buy")
def buy_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """A deck, then a ``bypass`` prompt per blocked card lowering the cost (a Settled
    Exploit planet, R5), then the extra cards, then the look."""
    content, state, player, data = ctx.content, ctx.state, ctx.state.players[t.seat], t.data
    if data["stage"] == "start":
        decks = [f"deck:{k}" for k in KINDS if card_deck(state, k)]
        cost = buy_cost(content, player, [], data["discount"])
        return [Prompt(t.seat, "buy_deck", decks, {"cost": cost})]
    if data["stage"] == "bypass":
        blocked: list[str] = data["blocked"]
        if not blocked:
            data["stage"] = "extra"
            return None
        helper, rest, credits = find(player, blocked[0]), blocked[1:], player.credits
        options = []
        if helper.tokens <= credits and buy_affordable(
                content, player, [*data["bypassed"], helper.id], rest, credits - helper.tokens,
                data["discount"]):
            options.append("bypass")
        if buy_affordable(content, player, data["bypassed"], rest, credits, data["discount"]):
            options.append("skip")
        return [Prompt(t.seat, "bypass", options, {"card": helper.id, "tokens": helper.tokens})]
    cost = buy_cost(content, player, data["bypassed"], data["discount"])
    if data["stage"] == "extra":
        room = min(player.credits - cost, len(card_deck(state, data["deck"])) - 1)
        return [Prompt(t.seat, "buy_extra", [f"extra:{n}" for n in range(room + 1)],
                       {"cost": cost})]
    ctx.finish(t)
    extra = int(data["extra"])
    player.credits -= cost + extra
    ctx.emit("bought", t.seat, deck=data["deck"], credits=cost + extra)
    ctx.push("take", t.seat, deck=data["deck"], look=1 + extra, keep=1, type="any",
             to="construction", side="any", cards=[], prompt="buy_keep")
    return None


@chooser("buy")
def buy_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data, player = t.data, ctx.state.players[seat]
    if data["stage"] == "start":
        data.update(deck=arg(choice), stage="bypass", bypassed=[],
                    blocked=blocked_helpers(ctx.content, player, "buy"))
    elif data["stage"] == "bypass":
        helper = find(player, data["blocked"].pop(0))
        if choice == "bypass":
            player.credits -= helper.tokens
            data["bypassed"].append(helper.id)
            ctx.emit("bypassed", seat, card=helper.id, credits=helper.tokens)
    else:
        data.update(extra=arg(choice), stage="take")


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
    else:
        player.construction.append(Card(card, kind))
    ctx.emit("kept", seat, card=card, deck=kind, to=to, side=side)


# Prepare (AA:716-723, AA:753-758)

def prepare_rows(content: Content, player: Player) -> list[str]:
    """The rows of Under Construction cards some hand card can be prepared under."""
    rows = []
    for kind in KINDS:
        if any(c.kind == kind for c in player.construction) and _attachable(
                content, player, KIND_COLOUR[kind]):
            rows.append(kind)
    return rows


def _attachable(content: Content, player: Player, colour: str) -> list[tuple[str, str]]:
    return [(rid, half) for rid in player.hand
            for half, sec in zip(("top", "bottom"), content.resources[rid].sections, strict=True)
            if sec.colour in (colour, "gold")]


@task("prepare")
def prepare_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Prepare: a row, then up to its Assembly Limit of hand cards (a Join ship of the row
    counts, R6) tucked under that row's cards. A card effect's ``prepare`` (``row`` any,
    ``left`` its count) tucks under any Under Construction card."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data.get("stage") == "start":
        return [Prompt(t.seat, "prepare_row", [f"row:{k}" for k in prepare_rows(content, player)])]
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
        _, limit = cost_and_limit(content, player, KIND_ACTION[row], [])
        data.update(stage="attach", row=row, left=limit)
        return
    if choice == DONE:
        data["left"] = 0
        return
    _, rid, half, card_id = choice.split(":")
    card = next(c for c in player.construction if c.id == card_id)
    player.hand.remove(rid)
    card.under.append(f"{rid}:{half}")
    data["left"] -= 1
    ctx.emit("prepared", seat, card=card_id, resource=rid, half=half)


# Trade (R18)

@task("trade")
def trade_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data["stage"] == "start":
        return [Prompt(t.seat, "pay_colour", ["colour:blue", "colour:green", "colour:red",
                                              "gold"])]
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
        _, limit = cost_and_limit(content, player, "trade", [])
        data.update(stage="cards", colour=choice.split(":")[-1], used=0, symbols=0, limit=limit)
        return
    if choice == DONE:
        data["limit"] = data["used"]
        return
    rid, sec = payment.take_payment_card(ctx, player, choice)
    data["used"] += 1
    data["symbols"] += sec[1]
    ctx.emit("spent", seat, card=rid, colour=sec[0], symbols=sec[1])


def _trade_done(ctx: Ctx, t: Task) -> None:
    player, data = ctx.state.players[t.seat], t.data
    ctx.finish(t)
    gained = data["symbols"]
    if data["used"]:
        gained += sum(a.amount for a in unblocked(ctx.content, player)
                      if isinstance(a, TradeBonus))
    before = player.credits
    player.credits = min(player.credits + gained, ctx.content.rules.bank_max)
    ctx.emit("traded", t.seat, cards=data["used"], credits=player.credits - before)


# Remove Blockades (R19)

def remove_rows(content: Content, player: Player) -> list[str]:
    rows = []
    for kind in KINDS:
        if any(c.tokens for c in empire(content, player, kind)):
            _, limit = cost_and_limit(content, player, "remove", [])
            need = {KIND_COLOUR[kind]: content.rules.remove_rate}
            if payment.can_pay(content, player, need, GOLD, limit):
                rows.append(kind)
    return rows


@task("remove")
def remove_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data["stage"] == "start":
        return [Prompt(t.seat, "remove_row", [f"row:{k}" for k in remove_rows(content, player)])]
    _, limit = cost_and_limit(content, player, "remove", [])
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
        data.update(stage="tokens", row=arg(choice), tokens=0, chosen=[])
    elif choice == DONE:
        data["stage"] = "pay"
    else:
        data["chosen"].append(arg(choice))
        data["tokens"] += 1


# Discarding from the hand: an effect's cost, or the draw step's free discards

@task("discard")
def discard_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    player = ctx.state.players[t.seat]
    if t.data["left"] <= 0 or not player.hand:
        ctx.finish(t)
        return None
    options = [f"resource:{r}" for r in dict.fromkeys(player.hand)]
    return [Prompt(t.seat, "discard", options + ([DONE] if t.data["optional"] else []))]


@chooser("discard")
def discard_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["left"] = 0
        return
    card = arg(choice)
    ctx.state.players[seat].hand.remove(card)
    ctx.state.discard.append(card)
    t.data["left"] -= 1
    ctx.emit("discarded", seat, card=card)

