"""BUILD (the rulebook's BUILD Actions and Quantum Gates): any number of Bases and Units of
the card's kinds, one prompt at a time, until the player is done or can build no more.

- A Base goes on an open Location of its kind within range of one of the player's Bases or
  Units of that kind (Quantum Tunnel Lattice: any kind, for Complexes). A piece is in play
  the moment it is built, so every answer may open new Locations (chaining).
- An empty track means a Base is relocated instead: moved from anywhere (the Home too) to
  a Location in range of the player's other pieces, at the track's left-most cost.
- Agents and Fleets go where the player has an Embassy or an Outpost.
- A gate pair: one end with one of the player's Complexes, the other in a sector with an
  Industrial Location at most 2, 3 or 4 hexes away by Industrial tier, counted without
  gates. A pair on the map may be moved the same way at the same price.
- Transcendency Routine and Brane Manipulation relocate Embassies or Outposts for a price
  during a BUILD of their kind, whether or not the track is empty.
- Nobody builds in another player's Home.

Besides a Base at a time, ``fill:<sector>`` builds the card's Base on every open Location
of its kind in a sector in range, in order (an Outpost stack up to its capacity), each at
its own cost while the CAPs last: a BUILD of several pieces in one choice. It is offered
where it would build two or more; the prompt's context lists each fill's Bases and costs.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.decisions import DONE, Prompt, int_arg
from core.games.hegemonic import empire, pieces, technology
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.geometry import Geometry, geometry, within
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task

KIND_OF = {"complex": "industrial", "embassy": "political", "outpost": "martial"}
UNIT_KIND = {"agent": "political", "fleet": "martial"}
TRANSCEND_COST = 3  # Transcendency Routine, per Embassy
BRANE_COST = 2  # Brane Manipulation, per Outpost


def reach(state: State, content: Content, seat: int, kind: str, geo: Geometry,
          skip: int = -1) -> list[bool]:
    """Sectors where the seat may build a Base of ``kind``."""
    sources = pieces.range_sources(state, content, seat, kind, skip)
    if kind == "industrial" and technology.has(content, state.players[seat],
                                               "quantum_tunnel_lattice"):
        for other in KINDS[1:]:
            sources += pieces.range_sources(state, content, seat, other, skip)
    return within(geo, sources)


def base_cost(state: State, content: Content, seat: int, loc_id: int, geo: Geometry) -> int:
    player = state.players[seat]
    loc = state.locations[loc_id]
    cost = empire.next_cost(content, player, loc.kind)
    if loc.kind == "industrial" and technology.has(content, player, "nano_fabricants"):
        row = geo.dist[loc.sector]
        if any(o.kind == "industrial" and o.owner not in (-1, seat) and row[o.sector] <= 1
               for o in state.locations):
            cost -= 1
    if (loc.kind == "martial" and loc.owner == seat
            and technology.has(content, player, "self_replicating_drones")):
        cost -= 1
    return max(cost, 0)


def lowest_cost(state: State, content: Content, seat: int, kind: str) -> int:
    """The least a Base of ``kind`` may cost the seat now on any Location (``base_cost``
    with its discount wherever one could apply): above the CAPs, no Location is looked at."""
    player = state.players[seat]
    cost = empire.next_cost(content, player, kind)
    if ((kind == "industrial" and technology.has(content, player, "nano_fabricants"))
            or (kind == "martial"
                and technology.has(content, player, "self_replicating_drones"))):
        cost -= 1
    return max(cost, 0)


def base_sites(state: State, content: Content, seat: int, kind: str, geo: Geometry,
               skip: int = -1) -> list[int]:
    """Open Locations of ``kind`` in the seat's range (``skip``: a Base being moved)."""
    return list(_base_sites(state, content, seat, kind, geo, skip))


def _base_sites(state: State, content: Content, seat: int, kind: str, geo: Geometry,
                skip: int) -> Iterator[int]:
    reached = reach(state, content, seat, kind, geo, skip)
    for i, loc in enumerate(state.locations):
        if (loc.kind == kind and i != skip and reached[loc.sector]
                and pieces.open_for(state, i, seat)):
            yield i


def relocation_sites(state: State, content: Content, seat: int, src: int, mode: str
                     ) -> list[int]:
    """Where a Base on ``src`` may move: within range (``track``, ``brane``), or any open
    Political Location (``transcend``)."""
    return list(_relocation_sites(state, content, seat, src, mode))


def _can_relocate(state: State, content: Content, seat: int, src: int, mode: str) -> bool:
    return next(_relocation_sites(state, content, seat, src, mode), None) is not None


def _relocation_sites(state: State, content: Content, seat: int, src: int, mode: str
                      ) -> Iterator[int]:
    loc = state.locations[src]
    if mode == "transcend":
        return (i for i, other in enumerate(state.locations)
                if other.kind == "political" and i != src and pieces.open_for(state, i, seat))
    return _base_sites(state, content, seat, loc.kind, geometry(state), src)


def gate_reach(content: Content, state: State, seat: int, bonus: int = 0) -> int:
    """Hexes between a pair's ends (``bonus``: a Leader's)."""
    player = state.players[seat]
    extra = 1 if technology.has(content, player, "mass_translation_relay") else 0
    return content.units.gate_reach[empire.tier(content, player, "industrial") - 1] + extra + bonus


def gate_nears(state: State, content: Content, seat: int, bonus: int = 0) -> list[int]:
    """Sectors with one of the seat's Complexes from which a pair can reach somewhere."""
    return list(_gate_nears(state, content, seat, bonus))


def can_gate(state: State, content: Content, seat: int, bonus: int = 0) -> bool:
    """Whether :func:`gate_nears` would find one: stops at the first."""
    return next(_gate_nears(state, content, seat, bonus), None) is not None


def _gate_nears(state: State, content: Content, seat: int, bonus: int) -> Iterator[int]:
    for s in dict.fromkeys(state.locations[i].sector
                           for i in pieces.own_locations(state, seat, "industrial")):
        if next(_gate_fars(state, content, seat, s, bonus), None) is not None:
            yield s


def gate_fars(state: State, content: Content, seat: int, near: int, bonus: int = 0
              ) -> list[int]:
    return list(_gate_fars(state, content, seat, near, bonus))


def _gate_fars(state: State, content: Content, seat: int, near: int, bonus: int
               ) -> Iterator[int]:
    plain = geometry(state).plain[near]
    limit = gate_reach(content, state, seat, bonus)
    locations = state.locations
    return (i for i, sector in enumerate(state.sectors)
            if i != near and plain[i] <= limit and not pieces.foreign_home(state, i, seat)
            and any(locations[loc].kind == "industrial" for loc in sector.locations))


def fill_plan(state: State, content: Content, seat: int, kind: str, sector: int,
              free: int | None = None) -> list[tuple[int, int]]:
    """The Bases a fill of ``sector`` builds, as (Location, cost) in order: each open
    Location of ``kind`` there (a stack until full) while the supply and the CAPs last
    (``free``: a Leader's Bases left, at no cost). Worked out by building and undoing."""
    player = state.players[seat]
    geo = geometry(state)
    caps = player.caps
    locations = [i for i in state.sectors[sector].locations if state.locations[i].kind == kind]
    plan: list[tuple[int, int]] = []
    while empire.supply(content, player, kind) > 0 and (free is None or len(plan) < free):
        site = next((i for i in locations if pieces.open_for(state, i, seat)), None)
        if site is None:
            break
        cost = 0 if free is not None else base_cost(state, content, seat, site, geo)
        if cost > caps:
            break
        caps -= cost
        pieces.place_bases(state, seat, site)
        plan.append((site, cost))
    for site, _ in reversed(plan):
        pieces.remove_bases(state, site, 1)
    return plan


def _room(state: State, seat: int, kind: str, sector: int) -> int:
    """How many Bases of ``kind`` the seat could put in the sector, CAPs and supply aside:
    what a fill's plan can never exceed."""
    room = 0
    for i in state.sectors[sector].locations:
        loc = state.locations[i]
        if loc.kind == kind and pieces.open_for(state, i, seat):
            room += loc.power - loc.height if kind == "martial" else 1
    return room


def fills(state: State, content: Content, seat: int, builds: tuple[str, ...],
          found: list[str], free: int | None = None) -> dict[str, list[list[int]]]:
    """The fills worth offering beside a BUILD's options ``found``: every sector of its
    ``build:<loc>`` options where one would build two Bases or more, with its plan."""
    kind = next((KIND_OF[b] for b in builds if b in KIND_OF), "")
    sectors = dict.fromkeys(state.locations[int(o[6:])].sector for o in found
                            if o.startswith("build:"))
    offered = {}
    for sector in sectors:
        if _room(state, seat, kind, sector) < 2:  # a Base at most: no fill (the usual case)
            continue
        plan = fill_plan(state, content, seat, kind, sector, free)
        if len(plan) > 1:
            offered[str(sector)] = [list(p) for p in plan]
    return offered


def options(state: State, content: Content, seat: int, builds: tuple[str, ...],
            free: int | None = None) -> list[str]:
    """Everything the seat may build now with a card offering ``builds`` (``free``: Bases
    or Units a Leader builds at no cost, nothing else, and how many are left)."""
    return list(_options(state, content, seat, builds, free))


def can_build(state: State, content: Content, seat: int, builds: tuple[str, ...],
              free: int | None = None) -> bool:
    """Whether :func:`options` would offer something: stops at the first (asked for every
    action prompt)."""
    return next(_options(state, content, seat, builds, free), None) is not None


def _options(state: State, content: Content, seat: int, builds: tuple[str, ...],
             free: int | None) -> Iterator[str]:
    player = state.players[seat]
    if free is not None:
        for build in builds:
            if build in UNIT_KIND:
                yield from _unit_options(state, content, seat, build, free=True)
            elif empire.supply(content, player, KIND_OF[build]) > 0:
                for i in _base_sites(state, content, seat, KIND_OF[build], geometry(state),
                                     -1):
                    yield f"build:{i}"
        return
    for build in builds:
        kind = KIND_OF.get(build)
        if kind is not None:
            yield from _base_options(state, content, seat, kind)
        elif build in UNIT_KIND:
            yield from _unit_options(state, content, seat, build)
        else:
            yield from _gate_options(state, content, seat)
    if "embassy" in builds and technology.has(content, player, "transcendency_routine"):
        yield from _move_options(state, content, seat, "political", "transcend",
                                 TRANSCEND_COST)
    if "outpost" in builds and technology.has(content, player, "brane_manipulation"):
        yield from _move_options(state, content, seat, "martial", "brane", BRANE_COST)


def _base_options(state: State, content: Content, seat: int, kind: str) -> Iterator[str]:
    player = state.players[seat]
    if empire.supply(content, player, kind) > 0:
        if lowest_cost(state, content, seat, kind) > player.caps:
            return
        geo = geometry(state)
        for i in _base_sites(state, content, seat, kind, geo, -1):
            if base_cost(state, content, seat, i, geo) <= player.caps:
                yield f"build:{i}"
        return
    if content.tracks[kind].cost[0] > player.caps:
        return
    for i in _sources(state, seat, kind):
        if _can_relocate(state, content, seat, i, "track"):
            yield f"relocate:{i}"


def _sources(state: State, seat: int, kind: str) -> list[int]:
    return pieces.own_locations(state, seat, kind)


def _move_options(state: State, content: Content, seat: int, kind: str, mode: str,
                  cost: int) -> Iterator[str]:
    if state.players[seat].caps < cost:
        return
    for i in _sources(state, seat, kind):
        if _can_relocate(state, content, seat, i, mode):
            yield f"{mode}:{i}"


def _unit_options(state: State, content: Content, seat: int, unit: str, free: bool = False
                  ) -> list[str]:
    player = state.players[seat]
    units = player.agents if unit == "agent" else player.fleets
    if -1 not in units or (not free and unit_cost(content, unit) > player.caps):
        return []
    kind = UNIT_KIND[unit]
    sectors = dict.fromkeys(state.locations[i].sector
                            for i in pieces.own_locations(state, seat, kind))
    return [f"{unit}:{s}" for s in sorted(sectors)]


def unit_cost(content: Content, unit: str) -> int:
    return content.units.agent if unit == "agent" else content.units.fleet


def _gate_options(state: State, content: Content, seat: int) -> list[str]:
    player = state.players[seat]
    if content.units.gate > player.caps or not can_gate(state, content, seat):
        return []
    found = ["gate"] if any(not pair for pair in player.gates) else []
    return found + [f"regate:{i}" for i, pair in enumerate(player.gates) if pair]


@task("build")
def build_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``builds``: what the card lets the player build; ``count``: pieces built so far;
    ``free``, for a Leader's build: Bases or Units still to build at no cost."""
    state, content = ctx.state, ctx.content
    free = t.data.get("free")
    builds = tuple(t.data["builds"])
    found = [] if free == 0 else options(state, content, t.seat, builds, free)
    if not found:
        ctx.finish(t)
        return None
    context: dict[str, object] = {"builds": list(builds), "count": t.data["count"]}
    offered = fills(state, content, t.seat, builds, found, free)
    if offered:
        context["fills"] = offered
    return [Prompt(t.seat, "build", [*found, *(f"fill:{s}" for s in offered), DONE],
                   context)]


@chooser("build")
def build_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    if choice == DONE:
        ctx.finish(t)
        return
    head, _, rest = choice.partition(":")
    if head == "fill":
        kind = next(KIND_OF[b] for b in t.data["builds"] if b in KIND_OF)
        for loc, _ in fill_plan(state, content, seat, kind, int(rest), t.data.get("free")):
            _build_base(ctx, t, seat, loc)
        return
    if head == "build":
        _build_base(ctx, t, seat, int(rest))
        return
    t.data["count"] += 1
    state.stats["built"] += 1
    if head in ("relocate", "transcend", "brane"):
        mode = "track" if head == "relocate" else head
        cost = {"track": content.tracks[state.locations[int(rest)].kind].cost[0],
                "transcend": TRANSCEND_COST, "brane": BRANE_COST}[mode]
        ctx.push("relocate", seat, src=int(rest), mode=mode, cost=cost)
    elif head in UNIT_KIND:
        cost = unit_cost(content, head)
        if "free" in t.data:
            t.data["free"] -= 1
            cost = 0
        units = player.agents if head == "agent" else player.fleets
        index = units.index(-1)
        units[index] = int(rest)
        player.caps -= cost
        ctx.emit("unit_built", seat, unit=head, index=index, sector=int(rest), cost=cost)
    else:
        pair = int(rest) if rest else next(i for i, p in enumerate(player.gates) if not p)
        ctx.push("gate", seat, pair=pair, near=-1)


def _build_base(ctx: Ctx, t: Task, seat: int, loc: int) -> None:
    state = ctx.state
    t.data["count"] += 1
    state.stats["built"] += 1
    if "free" in t.data:
        t.data["free"] -= 1
        cost = 0
    else:
        cost = base_cost(state, ctx.content, seat, loc, geometry(state))
    state.players[seat].caps -= cost
    pieces.place_bases(state, seat, loc)
    ctx.emit("built", seat, piece=state.locations[loc].kind, location=loc,
             sector=state.locations[loc].sector, cost=cost)


@task("relocate")
def relocate_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Where the Base on ``src`` goes (``mode``: track, transcend or brane; ``cost``)."""
    sites = relocation_sites(ctx.state, ctx.content, t.seat, t.data["src"], t.data["mode"])
    return [Prompt(t.seat, "relocate_to", [f"loc:{i}" for i in sites],
                   {"from": t.data["src"], "mode": t.data["mode"]})]


@chooser("relocate")
def relocate_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    src, dest = t.data["src"], int_arg(choice)
    state.players[seat].caps -= t.data["cost"]
    move_base(state, seat, src, dest)
    ctx.emit("relocated", seat, piece=state.locations[dest].kind, location=src, to=dest,
             sector=state.locations[dest].sector, cost=t.data["cost"], mode=t.data["mode"])
    ctx.finish(t)


def move_base(state: State, seat: int, src: int, dest: int) -> None:
    """One Base (the top Outpost of a stack) from one Location to another."""
    pieces.remove_bases(state, src, 1)
    pieces.place_bases(state, seat, dest)


@task("gate")
def gate_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``pair``: the pair placed (new, or moved; -1 until the player picks the one a
    Leader moves); ``near``: its first end once chosen;
    ``bonus``, for a Leader's gate: hexes of reach more, and no cost."""
    state, content = ctx.state, ctx.content
    bonus = t.data.get("bonus", 0)
    if t.data["pair"] < 0:
        return [Prompt(t.seat, "gate_pair", [f"regate:{i}" for i in range(len(
            state.players[t.seat].gates))])]
    if t.data["near"] < 0:
        nears = gate_nears(state, content, t.seat, bonus)
        return [Prompt(t.seat, "gate_near", [f"sector:{s}" for s in nears],
                       {"pair": t.data["pair"]})]
    fars = gate_fars(state, content, t.seat, t.data["near"], bonus)
    return [Prompt(t.seat, "gate_far", [f"sector:{s}" for s in fars],
                   {"pair": t.data["pair"], "near": t.data["near"]})]


@chooser("gate")
def gate_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state, content = ctx.state, ctx.content
    if t.data["pair"] < 0:
        t.data["pair"] = int_arg(choice)
        return
    if t.data["near"] < 0:
        t.data["near"] = int_arg(choice)
        return
    player = state.players[seat]
    pair = t.data["pair"]
    moved = bool(player.gates[pair])
    player.gates[pair] = [t.data["near"], int_arg(choice)]
    cost = 0 if "bonus" in t.data else content.units.gate
    player.caps -= cost
    state.stats["gates"] += 1
    ctx.emit("gate_built", seat, pair=pair, sectors=list(player.gates[pair]), cost=cost,
             moved=moved)
    ctx.finish(t)
