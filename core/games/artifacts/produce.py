"""Production on planets (AA:560-592, R20) and the Type test of Sell and Gain Revenue
(AA:617-621, AA:815-819, R12).

``produce`` task data: ``planet``, ``left`` (cards still to produce), ``card`` (the one
revealed and waiting for its section, "" between cards).
"""

from __future__ import annotations

from core.decisions import Prompt, arg
from core.games.artifacts import bypass
from core.games.artifacts.board import bypass_cost, count, empire, find
from core.games.artifacts.cards import reveal_resource
from core.games.artifacts.effects import fire, type_match
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Task


def start(ctx: Ctx, seat: int, n: int, planets: str) -> None:
    """Produce ``n`` on each operational planet, or on one the player picks; a blocked
    planet only for its bypass (R5): asked for each in turn, or paid when picked."""
    content, player = ctx.content, ctx.state.players[seat]
    found = empire(content, player, "planet", side="operational")
    if planets == "one":
        choices = [c.id for c in found if bypass_cost(content, c) <= player.credits]
        if choices:
            ctx.push("produce_pick", seat, planets=choices, count=n)
        return
    blocked = [c.id for c in found if c.tokens]
    if blocked:
        ctx.push("produce_blocked", seat, blocked=blocked, bypassed=[], count=n)
    for planet in reversed([c.id for c in found if not c.tokens]):
        ctx.push("produce", seat, planet=planet, left=n, card="")


@task("produce_blocked")
def blocked_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``produce_blocked`` data: ``blocked`` (planets still to ask about), ``bypassed``,
    ``count``; each planet paid for produces at once."""
    asked = bypass.ask(ctx, t.seat, "produce", t.data["blocked"], t.data["bypassed"])
    if asked:
        return asked
    ctx.finish(t)
    for planet in reversed(t.data["bypassed"]):
        ctx.push("produce", t.seat, planet=planet, left=t.data["count"], card="")
    return None


@chooser("produce_blocked")
def blocked_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    bypass.answer(ctx, seat, t.data["blocked"], t.data["bypassed"], choice)


@task("produce_pick")
def pick_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    return [Prompt(t.seat, "produce_planet", [f"planet:{p}" for p in t.data["planets"]])]


@chooser("produce_pick")
def pick_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.finish(t)
    planet = arg(choice)
    if find(ctx.state.players[seat], planet).tokens:
        bypass.pay(ctx, seat, planet)
    ctx.push("produce", seat, planet=planet, left=t.data["count"], card="")


def sections_offered(ctx: Ctx, planet_type: str, resource: str) -> list[str]:
    """R20: the section of the planet's Type, and the one with fewer symbols (both when
    they tie); one option means no real choice."""
    top, bottom = ctx.content.resources[resource].sections
    offered = {half for half, sec in (("top", top), ("bottom", bottom)) if sec.type == planet_type}
    if top.symbols <= bottom.symbols:
        offered.add("top")
    if bottom.symbols <= top.symbols:
        offered.add("bottom")
    return [h for h in ("top", "bottom") if h in offered]


@task("produce")
def produce_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    player = ctx.state.players[t.seat]
    planet = next((c for c in player.empire if c.id == data["planet"]), None)
    if not data["card"]:
        if data["left"] <= 0 or planet is None:
            ctx.finish(t)
            return None
        card = reveal_resource(ctx)
        if card is None:
            ctx.finish(t)
            return None
        ctx.reveal("revealed", t.seat, card=card, why="produce")
        data["card"] = card
    planet_type = ctx.content.planets[data["planet"]].type
    return [Prompt(t.seat, "produce_section", sections_offered(ctx, planet_type, data["card"]),
                   {"planet": data["planet"], "card": data["card"]})]


@chooser("produce")
def produce_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    content, data = ctx.content, t.data
    player = ctx.state.players[seat]
    planet = next(c for c in player.empire if c.id == data["planet"])
    resource = data["card"]
    planet.under.append(f"{resource}:{choice}")
    sec = content.resources[resource].sections[0 if choice == "top" else 1]
    matched = sec.type == content.planets[planet.id].type
    if matched:
        player.vp += 1
    ctx.emit("produced", seat, planet=planet.id, card=resource, half=choice, vp=int(matched))
    data["card"], data["left"] = "", data["left"] - 1
    if matched:
        fire(ctx, seat, "produce")


def score_technology(ctx: Ctx, seat: int, tech: str) -> None:
    """Reveal one Resource card; on a Type match the technology scores its "during the
    game" value (R12, R15, R21). The card is discarded."""
    content = ctx.content
    player = ctx.state.players[seat]
    card = reveal_resource(ctx)
    if card is None:
        return
    ctx.state.discard.append(card)
    technology = content.technologies[tech]
    vp = 0
    if type_match(content, card, technology.type):
        row = technology.score.best(count(content, player, technology.score.count))
        vp = row[1] if row else 0
    player.vp += vp
    ctx.reveal("sold", seat, tech=tech, card=card, vp=vp)


@task("sell")
def sell_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    ctx.finish(t)
    score_technology(ctx, t.seat, t.data["tech"])
    return None


