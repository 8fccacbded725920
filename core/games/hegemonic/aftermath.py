"""Step 4's consequences and step 5 of a conflict (the rulebook's Determine Conflict
Outcome and Cleanup), as a queue of small steps kept in the conflict task's data:

- the attacker wins a DESTROY: the targeted Bases go back to their tracks, the Units are
  destroyed;
- the attacker wins a TAKEOVER: the same, and the attacker's Bases of the same kind take
  the empty Locations, from their track (a stack of the same height); short of Bases on the
  track, the attacker may move Bases of theirs from the map there, or leave them empty;
- the defender wins: an attacking Agent or Fleet is destroyed (Complexes are not);
- a draw: the attacking Agent or Fleet and the defending Units are destroyed;
- the winner may destroy the loser's gate pairs with an end in the Conflict Sector when
  the loser used Industrial power (a defender's gates there are the target already);
- the technologies that answer a loss: Predictive Algorithms (a gate end escapes for
  1 CAP), Psionic Ecology (3 CAPs an Embassy), Bio-Adaptive Hulls (one Outpost escapes
  for 1 CAP), Subliminal Telepathy and Phased Teleportation (a destroyed Agent or Fleet
  rebuilt at Home for 1 CAP), Stealth Field Emitter (a surviving attacking Agent moves to
  an Embassy of its owner's);
- clean-up: each side's card to their Inactive pile, or a draw and the card discarded.
"""

from __future__ import annotations

from typing import Any

from core.decisions import Prompt, int_arg
from core.games.hegemonic import build, empire, pieces, technology
from core.games.hegemonic.content import ATTACKER_KIND
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.rules import Ctx
from core.games.hegemonic.state import State, Task

PSIONIC_CAPS = 3  # Psionic Ecology, per Embassy lost
ESCAPE_COST = 1  # Predictive Algorithms per gate end, Bio-Adaptive Hulls, a rebuilt unit
UNIT_TECH = {"agent": "subliminal_telepathy", "fleet": "phased_teleportation"}

Item = dict[str, Any]


def plan(ctx: Ctx, data: dict[str, Any]) -> list[Item]:
    state, content = ctx.state, ctx.content
    attacker, defender = data["attacker"], data["target"]["defender"]
    target = data["target"]
    result = data["result"]
    queue: list[Item] = []
    doomed = list(target["gates"]) if result in ("attacker", "draw") else []
    if result != "draw":
        winner, loser = (attacker, defender) if result == "attacker" else (defender, attacker)
        uses = (ATTACKER_KIND[content.patterns[data["pattern"]].attacker] if loser == attacker
                else target["kind"])
        if uses == "industrial":
            spared = [p for p in pieces.gates_in(state.players[loser], target["sector"])
                      if not (loser == defender and p in doomed)]
            queue += [{"do": "gate_choice", "seat": winner, "owner": loser, "pair": p}
                      for p in spared]
    queue += [{"do": "gate", "owner": defender, "pair": p} for p in doomed]
    if result == "attacker" and target["locations"]:
        queue.append({"do": "bases"})
    queue.append({"do": "units"})
    if (result == "attacker" and data["piece"].startswith("agent:")
            and technology.has(content, state.players[attacker], "stealth_field_emitter")):
        queue.append({"do": "stealth"})
    queue += [{"do": "cleanup", "seat": attacker, "key": "atk_card"},
              {"do": "cleanup", "seat": defender, "key": "def_card"}]
    return queue


def step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    queue = t.data["queue"]
    while queue:
        item = queue[0]
        prompt = PROMPTS[item["do"]](ctx, t, item)
        if prompt is not None:
            return [prompt]
    ctx.emit("conflict_over", t.data["attacker"], result=t.data["result"])
    ctx.finish(t)
    return None


def choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    item = t.data["queue"].pop(0)
    CHOICES[item["do"]](ctx, t, item, seat, choice)


# --- gates ---------------------------------------------------------------------------------


def _gate_choice(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    return Prompt(item["seat"], "gate_destroy", ["destroy", "spare"],
                  {"owner": item["owner"], "pair": item["pair"]})


def _gate_choice_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    if choice == "destroy":
        t.data["queue"].insert(0, {"do": "gate", "owner": item["owner"], "pair": item["pair"]})


def rescue_sites(state: State, content: Any, seat: int, pair: int, threatened: int) -> list[int]:
    """Where Predictive Algorithms may move the threatened end of a pair: the pair must be
    legal again, one end with an own Complex, the other in a sector with an Industrial
    Location within reach (measured without gates)."""
    ends = state.players[seat].gates[pair]
    other = ends[1] if ends[0] == threatened else ends[0]
    limit = build.gate_reach(content, state, seat)
    plain = geometry(state).plain[other]

    def industrial(s: int) -> bool:
        return any(state.locations[i].kind == "industrial" for i in state.sectors[s].locations)

    own_other = pieces.complexes_in(state, other, seat) > 0
    return [s for s in range(len(state.sectors))
            if s not in (threatened, other) and plain[s] <= limit
            and not pieces.foreign_home(state, s, seat)
            and ((own_other and industrial(s))
                 or (pieces.complexes_in(state, s, seat) > 0 and industrial(other)))]


def _gate(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state, content = ctx.state, ctx.content
    owner, pair = item["owner"], item["pair"]
    player = state.players[owner]
    if not player.gates[pair]:
        t.data["queue"].pop(0)
        return None
    sector = t.data["target"]["sector"]
    if technology.has(content, player, "predictive_algorithms") and player.caps >= ESCAPE_COST:
        sites = rescue_sites(state, content, owner, pair, sector)
        if sites:
            return Prompt(owner, "gate_rescue", [*(f"sector:{s}" for s in sites), "none"],
                          {"pair": pair, "sector": sector})
    t.data["queue"].pop(0)
    pieces.remove_gate(ctx, owner, pair, "conflict")
    return None


def _gate_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    owner, pair = item["owner"], item["pair"]
    if choice == "none":
        pieces.remove_gate(ctx, owner, pair, "conflict")
        return
    player = ctx.state.players[owner]
    sector = t.data["target"]["sector"]
    ends = player.gates[pair]
    ends[ends.index(sector)] = int_arg(choice)
    player.caps -= ESCAPE_COST
    ctx.emit("gate_rescued", owner, pair=pair, sector=sector, to=int_arg(choice),
             cost=ESCAPE_COST)


# --- Bases ---------------------------------------------------------------------------------


def _bases(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state, content = ctx.state, ctx.content
    data = t.data
    queue = data["queue"]
    queue.pop(0)
    attacker, defender = data["attacker"], data["target"]["defender"]
    loser = state.players[defender]
    takeover = content.patterns[data["pattern"]].conflict == "takeover"
    later: list[Item] = []
    for loc_id in data["target"]["locations"]:
        loc = state.locations[loc_id]
        height, kind = loc.height, loc.kind
        pieces.remove_bases(state, loc_id, height)
        ctx.emit("bases_lost", defender, location=loc_id, sector=loc.sector, count=height,
                 piece=kind, takeover=takeover)
        if kind == "political" and technology.has(content, loser, "psionic_ecology"):
            loser.caps += PSIONIC_CAPS
            ctx.emit("psionic_ecology", defender, caps=PSIONIC_CAPS)
        if takeover:
            later += _replace(ctx, attacker, loc_id, kind, height)
        if (kind == "martial" and height > 1 and loser.caps >= ESCAPE_COST
                and technology.has(content, loser, "bio_adaptive_hulls")):
            later.append({"do": "hulls", "seat": defender, "location": loc_id,
                          "reach": height - 1})
    queue[0:0] = later
    return None


def _replace(ctx: Ctx, attacker: int, loc_id: int, kind: str, count: int) -> list[Item]:
    """The attacker's Bases take the Location: from the track, then (short of Bases) a
    choice per Base missing."""
    state = ctx.state
    placed = min(count, empire.supply(ctx.content, state.players[attacker], kind))
    if placed:
        pieces.place_bases(state, attacker, loc_id, placed)
        ctx.emit("bases_taken", attacker, location=loc_id, sector=state.locations[loc_id].sector,
                 count=placed, piece=kind)
    return [{"do": "fill", "location": loc_id} for _ in range(count - placed)]


def fill_sources(state: State, seat: int, loc_id: int) -> list[int]:
    """The attacker's Bases that may move into a Location taken over: any of that kind
    outside the Conflict Sector."""
    loc = state.locations[loc_id]
    return [i for i in pieces.own_locations(state, seat, loc.kind)
            if state.locations[i].sector != loc.sector]


def _fill(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state = ctx.state
    seat = t.data["attacker"]
    sources = fill_sources(state, seat, item["location"])
    if not sources or state.locations[item["location"]].owner not in (-1, seat):
        t.data["queue"].pop(0)
        return None
    return Prompt(seat, "takeover_fill", [*(f"loc:{i}" for i in sources), "empty"],
                  {"location": item["location"]})


def _fill_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    state = ctx.state
    loc_id = item["location"]
    if choice == "empty":
        t.data["queue"] = [i for i in t.data["queue"]
                           if not (i["do"] == "fill" and i["location"] == loc_id)]
        ctx.emit("left_empty", seat, location=loc_id)
        return
    src = int_arg(choice)
    build.move_base(state, seat, src, loc_id)
    ctx.emit("relocated", seat, piece=state.locations[loc_id].kind, location=src, to=loc_id,
             sector=state.locations[loc_id].sector, cost=0, mode="takeover")


def hull_sites(state: State, seat: int, loc_id: int, reach: int) -> list[int]:
    sector = state.locations[loc_id].sector
    row = geometry(state).dist[sector]
    return [i for i, loc in enumerate(state.locations)
            if loc.kind == "martial" and i != loc_id and row[loc.sector] <= reach
            and pieces.open_for(state, i, seat)]


def _hulls(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state = ctx.state
    sites = hull_sites(state, item["seat"], item["location"], item["reach"])
    if not sites or state.players[item["seat"]].caps < ESCAPE_COST:
        t.data["queue"].pop(0)
        return None
    return Prompt(item["seat"], "hulls", [*(f"loc:{i}" for i in sites), "none"],
                  {"location": item["location"]})


def _hulls_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    if choice == "none":
        return
    state = ctx.state
    dest = int_arg(choice)
    state.players[seat].caps -= ESCAPE_COST
    pieces.place_bases(state, seat, dest)
    ctx.emit("hull_escaped", seat, location=item["location"], to=dest,
             sector=state.locations[dest].sector, cost=ESCAPE_COST)


# --- Units ---------------------------------------------------------------------------------


def _units(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state, content = ctx.state, ctx.content
    data = t.data
    data["queue"].pop(0)
    result, target = data["result"], data["target"]
    lost: list[tuple[int, str, int]] = []
    if result in ("attacker", "draw") and target["kind"] in ("political", "martial"):
        lost += [(target["defender"], target["kind"], i) for i in target["units"]]
    head, _, index = data["piece"].partition(":")
    if result in ("defender", "draw") and head in ("agent", "fleet"):
        lost.append((data["attacker"], "political" if head == "agent" else "martial",
                     int(index)))
    later: list[Item] = []
    for seat, kind, index_ in lost:
        player = state.players[seat]
        unit = "agent" if kind == "political" else "fleet"
        pieces.remove_unit(ctx, seat, kind, index_, "conflict")
        if player.caps >= ESCAPE_COST and technology.has(content, player, UNIT_TECH[unit]):
            later.append({"do": "rebuild", "seat": seat, "unit": unit, "index": index_})
    data["queue"][0:0] = later
    return None


def _rebuild(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    if ctx.state.players[item["seat"]].caps < ESCAPE_COST:
        t.data["queue"].pop(0)
        return None
    return Prompt(item["seat"], "rebuild", ["rebuild", "none"],
                  {"unit": item["unit"], "index": item["index"]})


def _rebuild_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    if choice == "none":
        return
    state = ctx.state
    player = state.players[seat]
    units = player.agents if item["unit"] == "agent" else player.fleets
    home = pieces.home_of(state, seat)
    units[item["index"]] = home
    player.caps -= ESCAPE_COST
    ctx.emit("unit_built", seat, unit=item["unit"], index=item["index"], sector=home,
             cost=ESCAPE_COST)


def stealth_sites(state: State, seat: int, at: int) -> list[int]:
    return sorted({state.locations[i].sector for i in pieces.own_locations(state, seat,
                                                                           "political")}
                  - {at})


def _stealth(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state = ctx.state
    seat = t.data["attacker"]
    index = int(t.data["piece"].partition(":")[2])
    at = state.players[seat].agents[index]
    sites = stealth_sites(state, seat, at) if at >= 0 else []
    if not sites:
        t.data["queue"].pop(0)
        return None
    return Prompt(seat, "stealth", [*(f"sector:{s}" for s in sites), "stay"], {"index": index})


def _stealth_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    if choice == "stay":
        return
    player = ctx.state.players[seat]
    index = int(t.data["piece"].partition(":")[2])
    start = player.agents[index]
    player.agents[index] = int_arg(choice)
    ctx.emit("unit_moved", seat, unit="agent", index=index, sector=start, to=int_arg(choice),
             cost=0)


# --- step 5 --------------------------------------------------------------------------------


def _cleanup(ctx: Ctx, t: Task, item: Item) -> Prompt | None:
    state = ctx.state
    card, seat = t.data.get(item["key"], ""), item["seat"]
    if card and "learning" in state.modules:
        technology.discard(ctx, seat, card, "conflict")
        t.data[item["key"]] = card = ""
    if not card:
        t.data["queue"].pop(0)
        return None
    options = ["inactive", *technology.sources(state, state.players[seat])]
    return Prompt(seat, "cleanup", options, {"card": card})


def _cleanup_answer(ctx: Ctx, t: Task, item: Item, seat: int, choice: str) -> None:
    player = ctx.state.players[seat]
    card = t.data[item["key"]]
    t.data[item["key"]] = ""
    if choice == "inactive":
        player.inactive.append(card)
        ctx.emit("tech_inactive", seat, card=card)
    else:
        technology.draw(ctx, seat, choice)
        technology.discard(ctx, seat, card, "conflict")
    if not player.hand:
        technology.recover_inactive(ctx, seat)


PROMPTS = {"gate_choice": _gate_choice, "gate": _gate, "bases": _bases, "fill": _fill,
           "hulls": _hulls, "units": _units, "rebuild": _rebuild, "stealth": _stealth,
           "cleanup": _cleanup}
CHOICES = {"gate_choice": _gate_choice_answer, "gate": _gate_answer, "fill": _fill_answer,
           "hulls": _hulls_answer, "rebuild": _rebuild_answer, "stealth": _stealth_answer,
           "cleanup": _cleanup_answer}
