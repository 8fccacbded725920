"""The effect interpreter (docs/alien-artifacts-effects.md): an ``effect`` task runs a
card's steps in order, each step multiplied by its ``per`` and capped by its ``max``,
skipped unless its ``only_if`` holds. Steps that need a choice push the task that asks it.

``effect`` task data: ``ref`` (where the steps are: ``setup:<faction>``,
``faction:<faction>``, ``tech:<id>``, ``artifact:<id>``, ``row:<table>:<value>``,
``spoils:<Type>``), ``index``, ``rival`` (the defender in an attack table, else the seat a
``rival`` prompt picked, -1 before), ``ship`` (the attacking ship of a table row),
``twins`` (a ``complete`` trigger's counter) and ``setup`` (a faction's setup: R16).
"""

from __future__ import annotations

from core.decisions import Prompt, int_arg
from core.games.artifacts import bypass, payment
from core.games.artifacts.board import bypass_cost, capped, empire, holds, produced, times
from core.games.artifacts.cards import DECKS, card_deck, draw_artifact, draw_plan, draw_resources
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import (
    Act,
    Artifact,
    Attack,
    Blockade,
    Discard,
    Draw,
    Effect,
    Gain,
    Lose,
    Pay,
    Plan,
    Prepare,
    Produce,
    Spend,
    Steal,
    Step,
    Take,
    Unblock,
)
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Player, State, Task

GOLD = ("gold",)
NEEDS_RIVAL = (Blockade, Steal)


def effect_of(content: Content, ref: str) -> Effect:
    head, _, rest = ref.partition(":")
    if head == "setup":
        return content.factions[rest].setup
    if head == "faction":
        return content.factions[rest].action.effect
    if head == "end":
        return content.factions[rest].end
    if head == "tech":
        return content.technologies[rest].logistics.effect
    if head == "artifact":
        return content.artifacts[rest].ability.effect
    if head == "spoils":
        return content.skills[rest].spoils
    table_id, value = rest.rsplit(":", 1)
    table = (content.systems.get(table_id) or content.plans.get(table_id) or content.basic)
    return table.row(int(value)).effect


def usable(content: Content, state: State, seat: int, ref: str, credits: int | None = None
           ) -> bool:
    """Whether an ability can be used now with ``credits`` (the Bank, or what is left of it
    once the bypass of a blocked card is paid, R5): every cost met in full with what the
    earlier steps of the same use leave (a ``pay`` lowers the credits a later ``act`` or
    ship's bypass may use; a ``discard`` the cards a later one may), and every step that
    acts on something has something to act on."""
    player = state.players[seat]
    left = player.credits if credits is None else credits
    cards = len(player.hand) + len(produced(player))
    if left < 0:
        return False
    for step in effect_of(content, ref):
        args, factor = step.args, times(content, player, step, rivals=len(state.players) - 1)
        if isinstance(args, Pay):
            left -= capped(step, args.credits, factor)
            if left < 0:
                return False
        elif isinstance(args, Spend):
            need = {c: capped(step, args.amount, factor) for c in args.colours}
            limit = args.cards or content.rules.assembly
            if not payment.can_pay(content, player, need, GOLD, limit):
                return False
        elif isinstance(args, Discard):
            cards -= capped(step, args.count, factor)
            if cards < 0:
                return False
        elif isinstance(args, Draw):
            cards += capped(step, args.count, factor)
        elif not _can_act(content, state, player, args, left):
            return False
    return True


def _can_act(content: Content, state: State, player: Player, args: object, credits: int
             ) -> bool:
    from core.games.artifacts import actions, attack

    if isinstance(args, Act):
        return actions.offered(content, state, player, args.action, args.discount, credits)
    if isinstance(args, Attack) and args.ship:
        return bool(attack.ready_ships(content, player, credits))
    if isinstance(args, Produce) and args.planets == "one":
        return any(bypass_cost(content, c) <= credits
                   for c in empire(content, player, "planet", side="operational"))
    if isinstance(args, Prepare):
        return bool((player.hand or produced(player)) and player.construction)
    if isinstance(args, Take):
        kinds = DECKS if args.deck == "any" else (args.deck,)
        return any(card_deck(state, k) for k in kinds)
    if isinstance(args, NEEDS_RIVAL):
        return len(state.players) > 1
    return True


def run_effect(ctx: Ctx, seat: int, ref: str, rival: int = -1, ship: str = "",
               twins: int = 0, setup: bool = False) -> None:
    ctx.push("effect", seat, ref=ref, index=0, rival=rival, ship=ship, twins=twins,
             setup=setup)


@task("effect")
def effect_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content, data = ctx.state, ctx.content, t.data
    steps = effect_of(content, data["ref"])
    if data["index"] >= len(steps):
        ctx.finish(t)
        return None
    step = steps[data["index"]]
    you = t.seat
    if isinstance(step.args, NEEDS_RIVAL) and step.who == "you" and data["rival"] < 0:
        rivals = [p.seat for p in state.players if p.seat != you]
        return [Prompt(you, "rival", [f"seat:{s}" for s in rivals])]
    data["index"] += 1
    actor, other = (you, data["rival"]) if step.who == "you" else (data["rival"], you)
    player = state.players[actor]
    if not holds(content, player, step.only_if, data["twins"], len(state.players) - 1):
        return None
    apply_step(ctx, step, actor, other, data)
    return None


@chooser("effect")
def effect_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    t.data["rival"] = int_arg(choice)


def apply_step(ctx: Ctx, step: Step, actor: int, other: int, data: dict[str, object]) -> None:
    from core.games.artifacts import actions, attack, produce, tokens

    state, content = ctx.state, ctx.content
    player = state.players[actor]
    args = step.args
    factor = times(content, player, step, int(str(data["twins"])), len(state.players) - 1)
    bank_max = content.rules.bank_max
    if isinstance(args, Gain):
        player.vp += capped(step, args.vp, factor)
        player.credits = min(player.credits + capped(step, args.credits, factor), bank_max)
        ctx.emit("gained", actor, vp=capped(step, args.vp, factor),
                 credits=capped(step, args.credits, factor))
    elif isinstance(args, Lose):
        vp = min(capped(step, args.vp, factor), player.vp)
        credits = min(capped(step, args.credits, factor), player.credits)
        player.vp, player.credits = player.vp - vp, player.credits - credits
        ctx.emit("lost", actor, vp=vp, credits=credits)
    elif isinstance(args, Pay):
        player.credits -= capped(step, args.credits, factor)
        ctx.emit("paid", actor, credits=capped(step, args.credits, factor))
    elif isinstance(args, Spend):
        need = {c: capped(step, args.amount, factor) for c in args.colours}
        payment.start_payment(ctx, actor, need, GOLD, args.cards or content.rules.assembly)
    elif isinstance(args, Draw):
        draw_resources(ctx, actor, capped(step, args.count, factor))
    elif isinstance(args, Discard):
        ctx.push("discard", actor, left=capped(step, args.count, factor), optional=False)
    elif isinstance(args, Artifact):
        for _ in range(capped(step, args.count, factor)):
            draw_artifact(ctx, actor)
    elif isinstance(args, Plan):
        for _ in range(capped(step, args.count, factor)):
            draw_plan(ctx, actor)
    elif isinstance(args, Produce):
        produce.start(ctx, actor, args.count, args.planets)
    elif isinstance(args, Take):
        ctx.push("take", actor, deck=args.deck, look=args.look, keep=args.keep,
                 type=args.type, to=args.to, side=args.side, cards=[],
                 prompt="setup_keep" if data["setup"] else "take_keep")
    elif isinstance(args, Act):
        actions.start(ctx, actor, args.action, args.discount)
    elif isinstance(args, Attack):
        attack.start_card_attack(ctx, actor, args.ship, args.bonus, args.target)
    elif isinstance(args, Blockade) and other >= 0:
        tokens.start_blockade(ctx, actor, other, capped(step, args.count, factor))
    elif isinstance(args, Unblock):
        ctx.push("unblock", actor, left=capped(step, args.count, factor))
    elif isinstance(args, Steal) and other >= 0:
        loser = state.players[other]
        amount = min(capped(step, args.credits, factor), loser.credits)
        loser.credits -= amount
        player.credits = min(player.credits + amount, bank_max)
        ctx.emit("stole", actor, rival=other, credits=amount)
    elif isinstance(args, Prepare):
        ctx.push("prepare", actor, row="any", left=capped(step, args.count, factor))
    elif step.op in ("destroyed", "damaged"):
        attack.ship_result(ctx, actor, step.op, str(data["ship"]))
    # a modifier in an attack artifact (``power``) is read by the attack itself


@task("triggers")
def triggers_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """The Deployed technologies of the seat whose trigger waits for this event, in Empire
    order; a blocked one asks for its bypass (R5)."""
    content, player, data = ctx.content, ctx.state.players[t.seat], t.data
    if data["left"] is None:
        data["left"] = [c.id for c in empire(content, player, "technology", side="logistics")
                        if _matches(content, c.id, data)]
    left: list[str] = data["left"]
    if not left:
        ctx.finish(t)
        return None
    card = next(c for c in player.empire if c.id == left[0])
    if card.tokens:
        price = bypass_cost(content, card)
        ref = f"tech:{card.id}"
        if price > player.credits or not usable(content, ctx.state, t.seat, ref,
                                                player.credits - price):
            left.pop(0)
            return None
        return [Prompt(t.seat, "bypass", ["bypass", "skip"],
                       {"card": card.id, "tokens": card.tokens, "use": "trigger"})]
    left.pop(0)
    run_effect(ctx, t.seat, f"tech:{card.id}", rival=data.get("rival", -1),
               twins=data.get("twins", 0))
    return None


@chooser("triggers")
def triggers_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    card_id = t.data["left"].pop(0)
    if choice == "bypass":
        bypass.pay(ctx, seat, card_id)
        run_effect(ctx, seat, f"tech:{card_id}", rival=t.data.get("rival", -1),
                   twins=t.data.get("twins", 0))


def _matches(content: Content, tech: str, data: dict[str, object]) -> bool:
    ability = content.technologies[tech].logistics
    on = ability.on
    if ability.mode != "trigger" or on is None or on.name != data["event"]:
        return False
    return (on.kind in ("any", data.get("kind")) and on.type in ("any", data.get("type"))
            and on.side in ("any", data.get("side"))
            and on.target in ("any", data.get("target")))


def fire(ctx: Ctx, seat: int, event: str, **facts: object) -> None:
    """Push the triggers of ``seat`` for an event."""
    ctx.push("triggers", seat, event=event, left=None, **facts)


def type_match(content: Content, resource: str, type_: str) -> bool:
    return any(s.type == type_ for s in content.resources[resource].sections)
