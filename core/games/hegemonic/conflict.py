"""A conflict in five steps (the rulebook's Conflicts).

1. Starting power (``power.py``): the attacker names the faction backing an attacking
   Agent or the stack backing an attacking Fleet, then the defender does the same for each
   Agent or Fleet defending alone.
2. Political support: every other player, all at once and in secret, may lend one power
   per sector where they have an Embassy of a faction a side uses, to a side using
   Political power (Empathy Transmitter closes the opponent's side).
3. Technology Cards: attacker and defender each choose a card of their hand at once and in
   secret and add its value of their kind of power (the Learning Game turns over the top
   of the draw pile instead, attacker first). A player who has just played their last
   card takes the Inactive pile back at once (H:1477-1483).
4. The higher power wins; a tie is a draw (Polymorphic Matter: a win for its owner, the
   attacker if both have it). Before that, a Leader of the conflict window may be used,
   the attacker's first (Leaders module). ``aftermath.py`` carries out the result.
5. Clean-up: each side puts the card played on their Inactive pile, or draws a card and
   discards it; a player whose hand is still empty then takes the Inactive pile back.
"""

from __future__ import annotations

from typing import Any

from core.decisions import Prompt, arg
from core.games.hegemonic import aftermath, leaders, power, technology
from core.games.hegemonic.content import ATTACKER_KIND
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task


def sides(data: dict[str, Any]) -> tuple[int, int]:
    return data["attacker"], data["target"]["defender"]


def atk_kind(ctx: Ctx, data: dict[str, Any]) -> str:
    return ATTACKER_KIND[ctx.content.patterns[data["pattern"]].attacker]


def units_alone(data: dict[str, Any]) -> list[int]:
    """The defending Agents or Fleets that defend without a Base (they draw backing)."""
    target = data["target"]
    return [] if target["locations"] else list(target["units"])


def faction_options(ctx: Ctx, seat: int) -> list[str]:
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    free = technology.has(content, player, "post_physical_array")
    return [f"faction:{f}" for f in power.factions_of(state, seat)
            if free or f"faction:{f}" not in player.backed]


def outpost_options(ctx: Ctx, seat: int, sector: int) -> list[str]:
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    free = technology.has(content, player, "synergized_logistics")
    return [f"outpost:{i}" for i in power.backing_outposts(state, seat, sector, geometry(state))
            if free or f"outpost:{i}" not in player.backed]


@task("conflict")
def conflict_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``pattern``, ``piece``, ``target`` (``targeting.Target.plain``); ``stage``: backing,
    support, cards, outcome, aftermath; ``atk_backing`` (a faction or ``outpost:<loc>``),
    ``def_backing`` (one per unit defending alone); ``atk_parts``, ``def_parts``: the
    power and its sources; ``atk_card``, ``def_card``; ``result``: attacker, defender or
    draw; ``queue``: the aftermath still to carry out."""
    stage = t.data["stage"]
    if stage == "backing":
        return _backing(ctx, t)
    if stage == "support":
        return _support(ctx, t)
    if stage == "cards":
        return _cards(ctx, t)
    if stage == "leaders":
        return _leaders(ctx, t)
    if stage == "outcome":
        _outcome(ctx, t)
        return None
    return aftermath.step(ctx, t)


@chooser("conflict")
def conflict_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    stage = t.data["stage"]
    state = ctx.state
    if stage == "backing":
        value = "" if choice == "none" else choice
        if seat == t.seat and "atk_backing" not in t.data:
            t.data["atk_backing"] = value
        else:
            t.data.setdefault("def_backing", []).append(value)
        if value:
            state.players[seat].backed.append(value)
    elif stage == "leaders":
        t.data["led"].append(seat)
        if choice != "pass":
            _use_leader(ctx, t, seat, int(arg(choice)))
    elif stage in ("support", "cards"):
        state.chosen[seat] = choice
        ctx.emit("support_chosen" if stage == "support" else "conflict_card_chosen", seat,
                 choice=choice)
    else:
        aftermath.choose(ctx, t, seat, choice)


# --- step 1 --------------------------------------------------------------------------------


def _backing(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    data = t.data
    attacker, defender = sides(data)
    head, _, index = data["piece"].partition(":")
    if "atk_backing" not in data and head in ("agent", "fleet"):
        player = state.players[attacker]
        if head == "agent":
            options = faction_options(ctx, attacker)
            kind = "agent_faction"
        else:
            options = outpost_options(ctx, attacker, player.fleets[int(index)])
            kind = "fleet_outpost"
        return [Prompt(attacker, kind, [*options, "none"], {"piece": data["piece"]})]
    alone = units_alone(data)
    done = len(data.get("def_backing", []))
    if done < len(alone) and data["target"]["kind"] in ("political", "martial"):
        unit = alone[done]
        if data["target"]["kind"] == "political":
            kind, options = "agent_faction", faction_options(ctx, defender)
        else:
            kind = "fleet_outpost"
            options = outpost_options(ctx, defender, data["target"]["sector"])
        return [Prompt(defender, kind, [*options, "none"], {"unit": unit, "defending": True})]
    data["atk_parts"] = _attack_parts(ctx, data)
    data["def_parts"] = _defence_parts(ctx, data)
    ctx.emit("conflict_power", attacker, defender=defender, attack=list(data["atk_parts"]),
             defence=list(data["def_parts"]))
    data["stage"] = "support"
    return None


def _attack_parts(ctx: Ctx, data: dict[str, Any]) -> list[power.Part]:
    state, content = ctx.state, ctx.content
    attacker = data["attacker"]
    head, _, index = data["piece"].partition(":")
    geo = geometry(state)
    if head == "group":
        return power.complexes(state, attacker, int(index), geo, content)
    backing = data.get("atk_backing", "")
    if head == "agent":
        return power.agent(state, content, attacker, backing.partition(":")[2])
    loc = int(backing.partition(":")[2]) if backing else -1
    return power.fleet(state, content, attacker, int(index), loc, geo)


def _defence_parts(ctx: Ctx, data: dict[str, Any]) -> list[power.Part]:
    state, content = ctx.state, ctx.content
    target = data["target"]
    defender, sector, locs = target["defender"], target["sector"], target["locations"]
    geo = geometry(state)
    kind = target["kind"]
    if kind == "industrial":
        if locs:
            return power.complexes(state, defender, sector, geo, content)
        return power.gates_alone(state, defender, sector, geo)
    if locs:
        if kind == "political":
            return power.embassies(state, content, defender, sector, locs)
        return power.outposts(state, content, defender, locs, geo)
    parts: list[power.Part] = []
    for unit, backing in zip(target["units"], data.get("def_backing", []), strict=True):
        if kind == "political":
            parts += power.agent(state, content, defender, backing.partition(":")[2])
        else:
            loc = int(backing.partition(":")[2]) if backing else -1
            parts += power.fleet(state, content, defender, unit, loc, geo)
    return parts


# --- step 2 --------------------------------------------------------------------------------


def side_factions(ctx: Ctx, data: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The factions each side draws Political power from ([] if it uses none)."""
    state = ctx.state
    attack: list[str] = []
    if atk_kind(ctx, data) == "political" and data.get("atk_backing"):
        attack = [data["atk_backing"].partition(":")[2]]
    defence: list[str] = []
    target = data["target"]
    if target["kind"] == "political":
        if target["locations"]:
            defence = [state.sectors[target["sector"]].faction]
        else:
            defence = [b.partition(":")[2] for b in data.get("def_backing", []) if b]
    return attack, defence


def support_offers(ctx: Ctx, data: dict[str, Any], seat: int) -> dict[str, int]:
    """What ``seat`` could lend each side: ``{"attacker": n, "defender": n}``, open sides
    with something to lend only."""
    state, content = ctx.state, ctx.content
    attacker, defender = sides(data)
    attack, defence = side_factions(ctx, data)
    offers = {}
    if attack and not technology.has(content, state.players[defender], "empathy_transmitter"):
        offers["attacker"] = power.support(state, seat, attack)
    if defence and not technology.has(content, state.players[attacker], "empathy_transmitter"):
        offers["defender"] = power.support(state, seat, defence)
    return {side: n for side, n in offers.items() if n > 0}


def _support(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    data = t.data
    if "learning" not in state.modules and "offers" not in data:
        data["offers"] = {}
        for player in state.players:
            if player.seat in sides(data):
                continue
            offers = support_offers(ctx, data, player.seat)
            if offers:
                data["offers"][str(player.seat)] = offers
    offers = data.get("offers", {})
    waiting = [int(s) for s in offers if int(s) not in state.chosen]
    if waiting:
        return [Prompt(s, "support", [*(f"support:{side}" for side in offers[str(s)]), "none"],
                       {"attacker": data["attacker"], "defender": data["target"]["defender"],
                        "offers": dict(offers[str(s)])})
                for s in waiting]
    if offers:
        given = {str(s): state.chosen.pop(int(s)) for s in offers}
        for seat, choice in given.items():
            if choice != "none":
                side = arg(choice)
                parts = data["atk_parts"] if side == "attacker" else data["def_parts"]
                parts.append([f"support:{seat}", offers[seat][side]])
        ctx.reveal("support_revealed", -1, choices=given)
    data["stage"] = "cards"
    return None


# --- step 3 --------------------------------------------------------------------------------


def _cards(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content = ctx.state, ctx.content
    data = t.data
    attacker, defender = sides(data)
    kinds = {attacker: atk_kind(ctx, data), defender: data["target"]["kind"]}
    if "learning" in state.modules:
        for seat, key in ((attacker, "atk"), (defender, "def")):
            card = technology.turn_over(ctx)
            data[f"{key}_card"] = card or ""
            if card:
                data[f"{key}_parts"].append(["card", content.power(card, kinds[seat])])
        data["stage"] = "leaders"
        return None
    for seat in (attacker, defender):
        if not state.players[seat].hand:  # nothing to play: the Inactive pile comes back
            technology.recover_inactive(ctx, seat)
    playing = [s for s in (attacker, defender) if state.players[s].hand]
    waiting = [s for s in playing if s not in state.chosen]
    if waiting:
        return [Prompt(s, "conflict_card",
                       [f"card:{c}" for c in dict.fromkeys(state.players[s].hand)],
                       {"kind": kinds[s], "attacker": attacker, "defender": defender})
                for s in waiting]
    for seat, key in ((attacker, "atk"), (defender, "def")):
        card = arg(state.chosen.pop(seat)) if seat in playing else ""
        data[f"{key}_card"] = card
        if card:
            state.players[seat].hand.remove(card)
            data[f"{key}_parts"].append(["card", content.power(card, kinds[seat])])
    ctx.reveal("conflict_cards", attacker, defender=defender, attack=data["atk_card"],
               defence=data["def_card"])
    for seat in playing:  # the last card played brings the Inactive pile back (H:1481)
        if not state.players[seat].hand:
            technology.recover_inactive(ctx, seat)
    data["stage"] = "leaders"
    return None


def _leaders(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Each side in turn, the attacker first, may use a Leader of the conflict window."""
    state = ctx.state
    done = t.data.setdefault("led", [])
    for seat in sides(t.data):
        if seat not in done:
            options = leaders.conflict_options(state, ctx.content, seat)
            if options:
                return [Prompt(seat, "leader", [*options, "pass"],
                               {"attack": power.total(t.data["atk_parts"]),
                                "defence": power.total(t.data["def_parts"])})]
            done.append(seat)
    t.data["stage"] = "outcome"
    return None


def _use_leader(ctx: Ctx, t: Task, seat: int, level: int) -> None:
    effect, value = leaders.use_in_conflict(ctx, seat, level)
    mine, theirs = ("atk_parts", "def_parts") if seat == t.data["attacker"] else (
        "def_parts", "atk_parts")
    if effect == "power":
        t.data[mine].append(["leader", value])
    else:
        t.data[theirs].append(["leader", -min(value, power.total(t.data[theirs]))])


# --- step 4 --------------------------------------------------------------------------------


def _outcome(ctx: Ctx, t: Task) -> None:
    state, content = ctx.state, ctx.content
    data = t.data
    attacker, defender = sides(data)
    attack, defence = power.total(data["atk_parts"]), power.total(data["def_parts"])
    if attack > defence:
        result = "attacker"
    elif defence > attack:
        result = "defender"
    else:
        atk_pm = technology.has(content, state.players[attacker], "polymorphic_matter")
        def_pm = technology.has(content, state.players[defender], "polymorphic_matter")
        result = "attacker" if atk_pm else "defender" if def_pm else "draw"
    data["result"] = result
    state.stats[{"attacker": "attacker_wins", "defender": "defender_wins",
                 "draw": "draws"}[result]] += 1
    ctx.emit("conflict_resolved", attacker, defender=defender, attack=attack, defence=defence,
             result=result, sector=data["target"]["sector"])
    data["queue"] = aftermath.plan(ctx, data)
    data["stage"] = "aftermath"


def cards_in_play(state: State) -> list[str]:
    """Technology Cards played in conflicts under way (for the invariants)."""
    return [t.data[key] for t in state.stack if t.kind == "conflict"
            for key in ("atk_card", "def_card") if t.data.get(key)]

