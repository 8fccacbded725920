"""Attacks (AA:640-715, R9, R10, R13-R15): an Offensive of several ships on one target, a
Mission's attack, a card's or a faction's attack with one ship or none.

``attack`` task data: ``mode`` (``offensive``, ``mission``, ``one``, ``none``), ``ship``
(a Mission's), ``bonus``, ``allowed`` (the targets a card allows), ``stage``, ``target``
(``system`` or ``player``), ``defender``, ``plan`` (the defender's secret choice, revealed
as the first ship's attack resolves), ``guarded`` and ``powered`` (the blocked cards whose
defence and attack bonus were paid for, once for the whole attack, R5), ``blocked`` (those
still to ask about), ``done`` (ships that attacked in it), ``last`` (the
latest strike's result, for the view: ``ship``, ``cards``, ``number``, ``value``,
``table``, ``row``).
``strike`` task data: one ship's (or no ship's) attack: ``ship``, ``bonus``, ``cards``
(revealed), ``number``, ``boost``, ``stage``.
"""

from __future__ import annotations

from typing import Any

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.artifacts import bypass, faces
from core.games.artifacts.board import (
    blocked_with,
    bypass_cost,
    empire,
    find,
    in_force,
    modifiers,
)
from core.games.artifacts.cards import reveal_resource, to_bottom
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import Guard, Power, Table
from core.games.artifacts.effects import effect_of, fire, run_effect
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Card, Player, Task


def ready_ships(content: Content, player: Player, credits: int | None = None) -> list[Card]:
    """Operational ships that have not attacked this turn (AA:687), a blocked one only if
    its owner can pay its bypass (R5) with ``credits`` (the Bank by default)."""
    credits = player.credits if credits is None else credits
    return [c for c in empire(content, player, "ship", side="operational")
            if c.id not in player.attacked and bypass_cost(content, c) <= credits]


def start_card_attack(ctx: Ctx, seat: int, ship: bool, bonus: int, allowed: str) -> None:
    ctx.push("attack", seat, mode="one" if ship else "none", ship="", bonus=bonus,
             allowed=allowed, stage="target")


def start_offensive(ctx: Ctx, seat: int) -> None:
    ctx.push("attack", seat, mode="offensive", ship="", bonus=0, allowed="any", stage="target")


@task("attack")
def attack_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content, data = ctx.state, ctx.content, t.data
    player = state.players[t.seat]
    stage = data["stage"]
    if stage == "target":
        options = []
        if data.get("allowed", "any") in ("any", "system"):
            options.append("system")
        if data.get("allowed", "any") in ("any", "player"):
            options += [f"seat:{p.seat}" for p in state.players if p.seat != t.seat]
        if data["mode"] == "mission":
            options.append("skip")
        return [Prompt(t.seat, "attack_target", options)]
    if stage == "plan":
        defender = state.players[data["defender"]]
        return [Prompt(defender.seat, "defense_plan",
                       ["basic", *(f"plan:{p}" for p in dict.fromkeys(defender.plans))])]
    if stage == "guard":
        asked = bypass.ask(ctx, data["defender"], "guard", data["blocked"], data["guarded"])
        if asked:
            return asked
        _to_power(content, player, data)
    if stage in ("guard", "power"):
        asked = bypass.ask(ctx, t.seat, "power", data["blocked"], data["powered"])
        if asked:
            return asked
        data["stage"] = stage = "ships"
    if stage == "ships":
        if data["mode"] == "none":
            data["stage"] = "end"
            _strike(ctx, t, "")
            return None
        if data["mode"] == "mission":
            data["stage"] = "end"
            _strike(ctx, t, data["ship"])
            return None
        ships = [f"ship:{c.id}" for c in ready_ships(content, player)
                 if c.id not in data["done"]]
        can_stop = data["mode"] == "offensive" and data["done"]
        if not ships or (data["mode"] == "one" and data["done"]):
            data["stage"] = "end"
            return None
        return [Prompt(t.seat, "ship_order", ships + ([DONE] if can_stop else []))]
    ctx.finish(t)
    _after(ctx, t)
    return None


@chooser("attack")
def attack_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state, data = ctx.state, t.data
    stage = data["stage"]
    if stage == "target":
        if choice == "skip":
            ctx.finish(t)
            return
        data.update(done=[], plan="basic", defender=-1, guarded=[], powered=[])
        if choice == "system":
            data["target"] = "system"
            _to_power(ctx.content, state.players[seat], data)
        else:
            data.update(target="player", defender=int_arg(choice), stage="plan")
        ctx.emit("attack_declared", seat, target=choice, system=state.system)
        return
    if stage == "plan":
        defender = state.players[seat]
        data.update(plan=choice, stage="guard",
                    blocked=blocked_with(ctx.content, defender, Guard))
        ctx.emit("plan_chosen", seat, plan=choice)
        return
    if stage == "guard":
        bypass.answer(ctx, seat, data["blocked"], data["guarded"], choice)
        return
    if stage == "power":
        bypass.answer(ctx, seat, data["blocked"], data["powered"], choice)
        return
    if choice == DONE:
        data["stage"] = "end"
        return
    ship = arg(choice)
    if find(state.players[seat], ship).tokens:
        bypass.pay(ctx, seat, ship)
    data["done"].append(ship)
    _strike(ctx, t, ship)


def _to_power(content: Content, player: Player, data: dict[str, Any]) -> None:
    """The attacker's blocked cards raising this attack's value: each asked once for the
    whole attack, an Offensive being one attack (AA:679-682, R5)."""
    blocked = [card.id for card, args in modifiers(content, player)
               if card.tokens and isinstance(args, Power) and args.target in ("any",
                                                                              data["target"])]
    data.update(stage="power", blocked=list(dict.fromkeys(blocked)))


def _strike(ctx: Ctx, t: Task, ship: str) -> None:
    data = t.data
    if ship:
        ctx.state.players[t.seat].attacked.append(ship)
    ctx.push("strike", t.seat, ship=ship, bonus=data["bonus"], target=data["target"],
             defender=data["defender"], plan=data["plan"], cards=[], number=0, boost=0,
             stage="reveal")


def _after(ctx: Ctx, t: Task) -> None:
    """One attack for every effect, however many ships took part (AA:679-682): triggers,
    the plan shown, the Alien System replaced once (R13)."""
    state, data = ctx.state, t.data
    if "target" not in data:
        return
    state.stats["attacks"] += 1
    if data["target"] == "system":
        to_bottom(state.systems, [state.system])
        state.system = state.systems.pop()
        ctx.emit("system_replaced", -1, system=state.system)
    else:
        ctx.emit("plan_revealed", data["defender"], plan=data["plan"])
        fire(ctx, data["defender"], "defend", rival=t.seat)
    fire(ctx, t.seat, "attack", target=data["target"], rival=data["defender"])


@task("strike")
def strike_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content, data = ctx.state, ctx.content, t.data
    player = state.players[t.seat]
    ship_type = content.ships[data["ship"]].type if data["ship"] else ""
    skill = content.skills[ship_type] if ship_type else None
    if data["stage"] == "reveal":
        for _ in range(skill.reveal if skill else 1):
            card = reveal_resource(ctx)
            if card is not None:
                data["cards"].append(card)
                ctx.reveal("revealed", t.seat, card=card, why="attack")
        data["stage"] = "pick"
    if data["stage"] == "pick":
        if len(data["cards"]) > 1:
            return [Prompt(t.seat, "reveal_pick", [f"resource:{c}" for c in data["cards"]])]
        data["number"] = content.resources[data["cards"][0]].number if data["cards"] else 0
        data["stage"] = "boost"
    if data["stage"] == "boost":
        boosts = [f"artifact:{a}" for a in dict.fromkeys(player.artifacts)
                  if content.artifacts[a].ability.mode == "attack"]
        if boosts:
            return [Prompt(t.seat, "boost", [*boosts, "go"])]
    ctx.finish(t)
    _resolve(ctx, t, skill.extra if skill and skill.versus in ("any", data["target"]) else 0)
    return None


@chooser("strike")
def strike_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    content, data = ctx.content, t.data
    if data["stage"] == "pick":
        data["number"] = content.resources[arg(choice)].number
        data["stage"] = "boost"
        return
    if choice == "go":
        data["stage"] = "go"
        return
    artifact = arg(choice)
    player = ctx.state.players[seat]
    player.artifacts.remove(artifact)
    ctx.state.artifact_pile.append(artifact)
    ctx.emit("artifact_played", seat, artifact=artifact)
    for step in effect_of(content, f"artifact:{artifact}"):
        if isinstance(step.args, Power):
            data["boost"] += step.args.amount
    run_effect(ctx, seat, f"artifact:{artifact}")  # its other steps (a draw...)


def _resolve(ctx: Ctx, t: Task, skill_extra: int) -> None:
    state, content, data = ctx.state, ctx.content, t.data
    player = state.players[t.seat]
    attack = next(a for a in reversed(state.stack) if a.kind == "attack")
    ship = data["ship"]
    value = data["number"] + data["bonus"] + data["boost"] + skill_extra
    if ship:
        value += content.ships[ship].bonus
    value += sum(a.amount for a in in_force(content, player, attack.data["powered"])
                 if isinstance(a, Power) and a.target in ("any", data["target"]))
    if data["target"] == "player":
        defender = state.players[data["defender"]]
        value -= sum(a.amount for a in in_force(content, defender, attack.data["guarded"])
                     if isinstance(a, Guard))
        table = data["plan"].split(":")[-1] if data["plan"] != "basic" else content.basic.id
    else:
        table = state.system
    state.discard.extend(data["cards"])
    row = _table(content, table).row(value)
    attack.data["last"] = {"ship": ship, "cards": list(data["cards"]), "number": data["number"],
                           "value": value, "table": table, "row": row.value}
    ctx.emit("attack_resolved", t.seat, ship=ship, value=value, table=table, row=row.value)
    if ship and content.ships[ship].type in content.skills:
        spoils = content.skills[content.ships[ship].type].spoils
        if spoils:
            run_effect(ctx, t.seat, f"spoils:{content.ships[ship].type}")
    run_effect(ctx, t.seat, f"row:{table}:{row.value}", rival=data["defender"], ship=ship)


def _table(content: Content, table: str) -> Table:
    return content.systems.get(table) or content.plans.get(table) or content.basic


def ship_result(ctx: Ctx, seat: int, op: str, ship: str) -> None:
    """Destroyed and Damaged hit the attacking ship (R9); a Bulwark is only damaged."""
    if not ship:
        return
    content, player = ctx.content, ctx.state.players[seat]
    card = next((c for c in player.empire if c.id == ship), None)
    if card is None:
        return
    if op == "destroyed" and content.skills[content.ships[ship].type].armour:
        op = "damaged"
    faces.show(ctx.state, ship)  # an operational ship: everyone has seen it
    player.empire.remove(card)
    if op == "destroyed":
        to_bottom(ctx.state.ships, [ship])
    else:
        player.construction.append(Card(ship, "ship"))
    ctx.emit(op, seat, ship=ship)
