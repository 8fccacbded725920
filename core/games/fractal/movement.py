"""Advance: movement orders, transport, events revealed on the way, pin-down, block movement.

Rulebook sections: Advance, Transporting units, Events, Pin-down, Adjacency, and the living
galaxy effects Block movement, Wormholes and Interference.

Task ``"advance"`` (seat = the mover). The caller pays the action's cost. Data:

- ``free`` (bool): ignored here.
- ``orders`` (int, optional): that many movement orders instead of the imperial track's
  (the watcher's single movement order in the conflict phase).

One movement order at a time, as a few small decisions:

1. ``advance_unit``: ``"unit:<id>"`` a space unit that can move (one per interchangeable
   group), whose cargo is asked next; ``"load:<id>"`` that unit with every ground unit of
   its sector that fits aboard (offered when which ones is not a choice); ``"stack:<id>"``
   every space unit of the seat in that sector together, one order each, carrying every ground unit
   that fits (offered for two or more, within the orders left, from a sector that pins none
   down); or ``"done"`` once at least one order was executed;
2. ``advance_cargo``: ``"unit:<id>"`` a ground unit to transport, or ``"done"``;
3. ``advance_step``: ``"to:<id>"`` a sector reached along a clear way (no event to reveal,
   no agreement to break, nothing that stops the move before it), where the order ends;
   ``"sector:<id>"`` one step into a neighbour, offered where going on from it may reveal
   something first; or ``"stop"`` after one step;
4. ``advance_swarm`` (Txingur swarm growth only): ``"place"`` 1 reserve infantry where the
   order ended, or ``"skip"`` (a stack asks once per order until skipped).

A stack moves as one: it stops in any sector where enemy space units would pin one of its
units down (each unit could have stopped there; single orders can go further).

Faction hooks (docs/effects.md): ``delverar_ruin_paths`` joins the seat's mystery and
Utopian sectors for its movement orders; ``txingur_swarm_growth`` as above.

Task ``"reveal"`` (data: ``count``): reveal a face-down event in a sector adjacent to one of
your units, ``count`` times (prompt ``reveal_sector``: ``"sector:<id>"``).

Events emitted: ``event_revealed`` (sector, event, event_kind), ``movement_order`` (unit,
cargo, path of sector ids), ``swarm_growth`` (unit, sector).
"""

from __future__ import annotations

from collections.abc import Iterator

from core.decisions import DONE, Prompt, int_arg
from core.games.fractal import board, empire, passives, units
from core.games.fractal.content import Content
from core.games.fractal.modules import diplomacy
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import GROUND, SPACE, Sector, State, Task, Unit
from core.hexgrid import Grid, Hex

STOP = "stop"
PLACE = "place"
SKIP = "skip"
ORDERS = empire.MOVEMENT_ORDERS  # imperial track: movement orders by colonies taken
RANGE = empire.MOVEMENT_RANGE  # scientific track: sectors per order by colonies taken
EVENT_KINDS = ("obstacle", "anomaly", "living_galaxy", "singularity")


# --- the numbers of an Advance -------------------------------------------------------------


def movement_orders(state: State, content: Content, seat: int) -> int:
    """Orders an Advance executes at most: imperial track plus modifiers (at least 1)."""
    taken = min(state.players[seat].taken["imperial"], len(ORDERS) - 1)
    total = ORDERS[taken] + passives.modifier(state, content, seat, "movement_orders")
    return max(1, total)


def movement_range(state: State, content: Content, seat: int, unit: str) -> int:
    """Sectors per movement order for a space unit of that type: scientific track plus
    modifiers (some only for one unit type), never below 0."""
    taken = min(state.players[seat].taken["scientific"], len(RANGE) - 1)
    return max(0, RANGE[taken] + passives.modifier(state, content, seat, "movement_range",
                                                   unit=unit))


def movement_ranges(state: State, content: Content, seat: int) -> dict[str, int]:
    return {kind: movement_range(state, content, seat, kind) for kind in SPACE}


# --- the map as movement sees it -----------------------------------------------------------

RUIN_PATHS = "delverar_ruin_paths"
SWARM_GROWTH = "txingur_swarm_growth"
SWARM_GROWTH_MAX = 3  # infantry per Advance action


def movement_grid(state: State, content: Content, seat: int = -1) -> Grid:
    """``board.grid`` as the seat's movement orders see it (with the Delverar's ruin paths
    when the seat has them), kept with the state for the same map and ruin sectors."""
    ruins = ruin_sectors(state) if seat >= 0 and passives.has_hook(
        state, content, seat, RUIN_PATHS) else ()
    if len(ruins) <= 1:
        return board.grid(state, content)
    found = state.derived.ruin_grid
    if found is not None and found[0] is content and found[1] == ruins:
        return found[2]
    grid = board.cached_grid((board.grid_key(state, content), ruins),
                             lambda: _with_ruin_paths(state, board.grid(state, content), ruins))
    state.derived.ruin_grid = (content, ruins, grid)
    return grid


def ruin_sectors(state: State) -> tuple[int, ...]:
    """Sectors the Delverar's ruin paths join: mystery sectors, the Utopian sector and
    sectors where an anomaly was resolved."""
    return tuple(s.id for s in state.sectors
                 if s.kind in ("mystery", "utopian") or s.anomaly_resolved)


def _with_ruin_paths(state: State, grid: Grid, ruins: tuple[int, ...]) -> Grid:
    links: dict[Hex, set[Hex]] = {}
    for a, b in grid.links:
        links.setdefault(a, set()).add(b)
    hexes = [board.hex_of(state.sectors[i]) for i in ruins]
    for h in hexes:
        links.setdefault(h, set()).update(o for o in hexes if o != h)
    return grid.with_links(links)


def neighbours(state: State, content: Content, sector: Sector, seat: int = -1) -> list[int]:
    """Ids of the sectors a unit of ``seat`` in ``sector`` can step into, sorted."""
    by_hex: dict[Hex, int] = {(s.q, s.r): s.id for s in state.sectors}
    grid = movement_grid(state, content, seat)
    return sorted(by_hex[h] for h in grid.adjacent((sector.q, sector.r)))


def blocks_movement(sector: Sector, content: Content) -> bool:
    return "block_movement" in board.living_galaxy_effects(sector, content)


# --- pin-down ------------------------------------------------------------------------------


def pin_down(state: State, content: Content, sector: Sector, seat: int) -> int:
    """How many of the seat's space units the sector pins down: the space units of the
    opponent with the most there (lightships do not count under interference)."""
    return _pin_down(content, sector, seat, board.units_in(state, sector.id))


def _pin_down(content: Content, sector: Sector, seat: int, here: list[Unit]) -> int:
    lightships = "interference" not in board.living_galaxy_effects(sector, content)
    counts: dict[int, int] = {}
    for u in here:
        if u.owner < 0 or u.owner == seat:
            continue
        if u.kind == "warship" or (lightships and u.kind == "lightship"):
            counts[u.owner] = counts.get(u.owner, 0) + 1
    return max(counts.values(), default=0)


def may_leave(state: State, content: Content, sector: Sector, seat: int) -> bool:
    """Whether one more of the seat's space units may leave or move through the sector:
    the seat chooses which are pinned, so one may go while enough stay behind."""
    here = board.units_in(state, sector.id)  # one scan of the units for both counts
    blocking = _pin_down(content, sector, seat, here)
    mine = sum(1 for u in here if u.owner == seat and u.kind in SPACE)
    return blocking == 0 or mine - 1 >= blocking


# --- who can move --------------------------------------------------------------------------


def _interchangeable(unit: Unit) -> tuple[int, str, int]:
    return (unit.where, unit.kind, unit.damage)


def movable_units(state: State, content: Content, seat: int) -> list[Unit]:
    """Space units of the seat that can start a movement order now, one per group of
    interchangeable units (same sector, type and damage), lowest id first."""
    return list(_movers(state, content, seat))


def can_advance(state: State, content: Content, seat: int) -> bool:
    """An Advance is offered only if at least one space unit can move."""
    return next(_movers(state, content, seat), None) is not None


def _movers(state: State, content: Content, seat: int) -> Iterator[Unit]:
    ranges: dict[str, int] = {}
    seen: set[tuple[int, str, int]] = set()
    verdict: dict[int, bool] = {}
    grid: Grid | None = None
    for u in board.units_owned(state).get(seat, ()):
        if u.moved or u.where < 0 or u.kind not in SPACE:
            continue
        key = _interchangeable(u)
        if key in seen:
            continue
        seen.add(key)
        if u.kind not in ranges:
            ranges[u.kind] = movement_range(state, content, seat, u.kind)
        if ranges[u.kind] <= 0:
            continue
        ok = verdict.get(u.where)
        if ok is None:
            sector = state.sectors[u.where]
            ok = may_leave(state, content, sector, seat)
            if ok:
                grid = grid or movement_grid(state, content, seat)
                ok = bool(grid.adjacent((sector.q, sector.r)))
            verdict[u.where] = ok
        if ok:
            yield u


def cargo_options(state: State, mover: Unit, cargo: list[int]) -> list[Unit]:
    """Ground units that may board the mover: the seat's, in its sector, not moved this
    turn and not aboard yet; one per group of interchangeable units."""
    seen: set[tuple[int, str, int]] = set()
    out: list[Unit] = []
    for u in _riders(state, mover.owner, mover.where):
        key = _interchangeable(u)
        if u.id not in cargo and key not in seen:
            seen.add(key)
            out.append(u)
    return out


def _riders(state: State, seat: int, sector: int) -> list[Unit]:
    return [u for u in board.units_in(state, sector, seat) if not u.moved and u.kind in GROUND]


def full_load(state: State, seat: int, sector: int, capacity: int) -> list[int] | None:
    """The ground units of the sector that board when "every unit that fits" does: all of
    them, or as many as fit when they are all alike; None when which ones would be a
    choice."""
    riders = _riders(state, seat, sector)
    if len(riders) > capacity and len({_interchangeable(u) for u in riders}) > 1:
        return None
    return [u.id for u in riders[:capacity]]


def stack_units(state: State, content: Content, seat: int, sector: Sector,
                orders: int) -> list[Unit]:
    """The space units that move together as a stack from the sector, or [] when a stack
    is not offered there: two or more, no more than the orders left, none pinned down."""
    ranges: dict[str, int] = {}  # by unit type, asked once
    ships = []
    for u in board.units_in(state, sector.id, seat):
        if u.moved or u.kind not in SPACE:
            continue
        if u.kind not in ranges:
            ranges[u.kind] = movement_range(state, content, seat, u.kind)
        if ranges[u.kind] > 0:
            ships.append(u)
    if not 2 <= len(ships) <= orders or pin_down(state, content, sector, seat):
        return []
    return ships


def clear_moved(state: State, seat: int | None = None) -> None:
    """The units of ``seat`` (or everyone's) may move again. "Moved" lasts for one turn;
    a move outside any turn (the watcher's order, an effect at the end of a cycle) must
    not follow the units into their owner's next turn."""
    for unit in state.units:
        if seat is None or unit.owner == seat:
            unit.moved = False


# --- events --------------------------------------------------------------------------------


def face_down_event(sector: Sector) -> bool:
    return bool(sector.event) and sector.event_kind in EVENT_KINDS and not sector.event_face_up


def reveal_event(ctx: Ctx, sector: Sector, seat: int) -> None:
    """Turn the sector's event face up; it is public from now on."""
    sector.event_face_up = True
    board.map_changed(ctx.state)  # a wormhole links sectors once face up
    ctx.reveal("event_revealed", seat, sector=sector.id, event=sector.event,
             event_kind=sector.event_kind)


# --- the Advance task ----------------------------------------------------------------------


def _start(ctx: Ctx, t: Task) -> None:
    data = t.data
    orders = data.get("orders")
    data["left"] = int(orders) if orders is not None else movement_orders(
        ctx.state, ctx.content, t.seat)
    data["executed"] = 0
    data["grown"] = 0
    data["swarm"] = -1
    data["swarm_left"] = 0
    _clear_order(data)


def _clear_order(data: dict[str, object]) -> None:
    data["unit"] = -1
    data["stack"] = []
    data["cargo"] = []
    data["path"] = []
    data["steps"] = 0
    data["boarding"] = False


@task("advance")
def advance_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    if "left" not in data:
        _start(ctx, t)
    if data["swarm"] >= 0:
        return [Prompt(t.seat, "advance_swarm", [PLACE, SKIP],
                       {"sector": data["swarm"], "placed": data["grown"]})]
    if data["unit"] < 0:
        return _unit_prompt(ctx, t)
    if data["boarding"]:
        return _cargo_prompt(ctx, t)
    return _step_prompt(ctx, t)


def _unit_prompt(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data, state = t.data, ctx.state
    movers = movable_units(state, ctx.content, t.seat) if data["left"] > 0 else []
    if not movers:
        ctx.finish(t)
        return None
    options = []
    loads: dict[str, dict[str, list[int]]] = {}  # what a load or a stack takes along
    last_of_sector = {u.where: i for i, u in enumerate(movers)}
    for i, u in enumerate(movers):
        options.append(f"unit:{u.id}")
        cargo = full_load(state, t.seat, u.where, units.has(state, ctx.content, u, "transport"))
        if cargo:
            options.append(f"load:{u.id}")
            loads[options[-1]] = {"ships": [u.id], "cargo": cargo}
        last = last_of_sector[u.where] == i
        found = _stack_load(ctx, t, state.sectors[u.where]) if last else None
        if found is not None:
            options.append(f"stack:{u.where}")
            loads[options[-1]] = {"ships": [s.id for s in found[0]], "cargo": found[1]}
    if data["executed"] >= 1:
        options.append(DONE)
    return [Prompt(t.seat, "advance_unit", options,
                   {"orders_left": data["left"], "executed": data["executed"],
                    "range": movement_ranges(state, ctx.content, t.seat), "loads": loads})]


def _stack_load(ctx: Ctx, t: Task, sector: Sector) -> tuple[list[Unit], list[int]] | None:
    """The ships and cargo of a stack from the sector, None when none is offered."""
    ships = stack_units(ctx.state, ctx.content, t.seat, sector, t.data["left"])
    if not ships:
        return None
    capacity = sum(units.has(ctx.state, ctx.content, u, "transport") for u in ships)
    cargo = full_load(ctx.state, t.seat, sector.id, capacity)
    return None if cargo is None else (ships, cargo)


def _cargo_prompt(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    mover = ctx.state.units[data["unit"]]
    capacity = units.has(ctx.state, ctx.content, mover, "transport")
    riders = cargo_options(ctx.state, mover, data["cargo"]) if len(data["cargo"]) < capacity else []
    if not riders:
        data["boarding"] = False
        return None
    options = [f"unit:{u.id}" for u in riders] + [DONE]
    return [Prompt(t.seat, "advance_cargo", options,
                   {"unit": mover.id, "cargo": list(data["cargo"]), "capacity": capacity})]


def _step_prompt(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    state = ctx.state
    mover = state.units[data["unit"]]
    here = state.sectors[mover.where]
    steps = data["steps"]
    way = Way(ctx, t.seat, len(data["stack"]) > 0) if steps > 0 else None
    if way is None or not way.grid.adjacent((here.q, here.r)):
        _end_order(ctx, t)
        return None
    options = [f"to:{i}" for i in way.destinations(here.id, steps)]
    options += [f"sector:{i}" for i in way.steps_worth_asking(here.id, steps)]
    if len(data["path"]) > 1:
        options.append(STOP)
    return [Prompt(t.seat, "advance_step", options,
                   {"unit": mover.id, "stack": list(data["stack"]), "cargo": list(data["cargo"]),
                    "path": list(data["path"]), "steps_left": steps})]


class Way:
    """The sectors a moving unit (or stack) of ``seat`` can reach from where it stands."""

    def __init__(self, ctx: Ctx, seat: int, stack: bool) -> None:
        self.state, self.content, self.seat, self.stack = ctx.state, ctx.content, seat, stack
        self.grid = movement_grid(ctx.state, ctx.content, seat)
        self.by_hex: dict[Hex, int] = {(s.q, s.r): s.id for s in ctx.state.sectors}
        self.paths: dict[int, list[int]] = {}

    def neighbours(self, sector: int) -> list[int]:
        s = self.state.sectors[sector]
        return sorted(self.by_hex[h] for h in self.grid.adjacent((s.q, s.r)))

    def eventful(self, sector: int) -> bool:
        """Entering brings something about: an event revealed, an agreement broken."""
        s = self.state.sectors[sector]
        return face_down_event(s) or diplomacy.would_break(self.state, self.seat, sector)

    def goes_on(self, sector: int, steps_after: int) -> bool:
        """Whether the move may go on after entering the sector with ``steps_after`` left."""
        s = self.state.sectors[sector]
        if steps_after <= 0 or blocks_movement(s, self.content):
            return False
        blocking = pin_down(self.state, self.content, s, self.seat)
        if self.stack or not blocking:
            return not blocking
        mine = sum(1 for u in board.units_in(self.state, sector, self.seat) if u.kind in SPACE)
        return mine >= blocking  # the mover joins them: one more than may stay pinned

    def destinations(self, start: int, steps: int) -> list[int]:
        """Sectors within ``steps`` reached through clear sectors only (any sector may be
        the last), nearest first; their ways are kept in ``paths``."""
        self.paths = {start: []}
        frontier = [start]
        for step in range(1, steps + 1):
            after: list[int] = []
            for sector in frontier:
                for n in self.neighbours(sector):
                    if n not in self.paths:
                        self.paths[n] = [*self.paths[sector], n]
                        if not self.eventful(n) and self.goes_on(n, steps - step):
                            after.append(n)
            frontier = after
        del self.paths[start]
        return list(self.paths)

    def steps_worth_asking(self, start: int, steps: int) -> list[int]:
        """Neighbours to step into one at a time: those after which the move may go on
        and where something may come about before it ends (an ``to:`` ends at the first)."""
        return [n for n in self.neighbours(start)
                if self.goes_on(n, steps - 1) and self._worth(n, steps - 1, {start})]

    def _worth(self, sector: int, steps: int, seen: set[int]) -> bool:
        if self.eventful(sector):
            return True
        seen = seen | {sector}
        return any(self.goes_on(n, steps - 1) and self._worth(n, steps - 1, seen)
                   for n in self.neighbours(sector) if n not in seen)


@chooser("advance")
def advance_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    data = t.data
    if data["swarm"] >= 0:
        data["swarm_left"] -= 1
        if choice == PLACE:
            _swarm_growth(ctx, t)
        if choice == SKIP or data["swarm_left"] <= 0 or not _may_swarm(
                ctx, t, ctx.state.sectors[data["swarm"]]):
            data["swarm"] = -1
    elif data["unit"] < 0:
        if choice == DONE:
            ctx.finish(t)
        else:
            _choose_mover(ctx, t, choice)
    elif data["boarding"]:
        if choice == DONE:
            data["boarding"] = False
        else:
            data["cargo"] = [*data["cargo"], int_arg(choice)]
    elif choice == STOP:
        _end_order(ctx, t)
    elif choice.startswith("to:"):
        _go_to(ctx, t, int_arg(choice))
    else:
        _enter(ctx, t, ctx.state.sectors[int_arg(choice)])


def _choose_mover(ctx: Ctx, t: Task, choice: str) -> None:
    data, state = t.data, ctx.state
    if choice.startswith("stack:"):
        start = state.sectors[int_arg(choice)]
        found = _stack_load(ctx, t, start)
        assert found is not None, choice  # offered only when there is one
        ships, cargo = found
    else:
        mover = state.units[int_arg(choice)]
        start = state.sectors[mover.where]
        ships, cargo = [mover], []
    if choice.startswith("load:"):
        capacity = units.has(state, ctx.content, mover, "transport")
        cargo = full_load(state, t.seat, start.id, capacity) or []
    steps = min(movement_range(state, ctx.content, t.seat, u.kind) for u in ships)
    if blocks_movement(start, ctx.content):
        steps = min(steps, 1)
    data["unit"] = ships[0].id
    data["stack"] = [u.id for u in ships[1:]]
    data["cargo"] = cargo
    data["path"] = [start.id]
    data["steps"] = steps
    data["boarding"] = choice.startswith("unit:")


def _enter(ctx: Ctx, t: Task, sector: Sector) -> None:
    """One step of the order: the mover (or stack) and its cargo enter ``sector``."""
    data = t.data
    state = ctx.state
    for uid in (data["unit"], *data["stack"], *data["cargo"]):
        unit = state.units[uid]
        board.place(state, unit, sector.id)
        unit.moved = True
    data["path"] = [*data["path"], sector.id]
    data["steps"] -= 1
    diplomacy.entered(ctx, t.seat, sector.id)
    if face_down_event(sector):
        reveal_event(ctx, sector, t.seat)
    if blocks_movement(sector, ctx.content) or not _may_go_on(ctx, t, sector):
        data["steps"] = 0


def _may_go_on(ctx: Ctx, t: Task, sector: Sector) -> bool:
    if t.data["stack"]:  # a stack stops wherever one of its units would be pinned down
        return not pin_down(ctx.state, ctx.content, sector, t.seat)
    return may_leave(ctx.state, ctx.content, sector, t.seat)


def _go_to(ctx: Ctx, t: Task, destination: int) -> None:
    """The order goes to the destination along its clear way and ends there."""
    here = ctx.state.units[t.data["unit"]].where
    way = Way(ctx, t.seat, len(t.data["stack"]) > 0)
    way.destinations(here, t.data["steps"])
    for sector in way.paths[destination]:
        _enter(ctx, t, ctx.state.sectors[sector])
    _end_order(ctx, t)


def _end_order(ctx: Ctx, t: Task) -> None:
    data = t.data
    if len(data["path"]) > 1:
        ships = [data["unit"], *data["stack"]]
        data["left"] -= len(ships)
        data["executed"] += len(ships)
        for ship, cargo in _aboard(ctx, ships, data["cargo"]):
            ctx.emit("movement_order", t.seat, unit=ship, cargo=cargo, path=list(data["path"]))
        if _may_swarm(ctx, t, ctx.state.sectors[data["path"][-1]]):
            data["swarm"] = data["path"][-1]
            data["swarm_left"] = len(ships)
    _clear_order(data)


def _aboard(ctx: Ctx, ships: list[int], cargo: list[int]) -> list[tuple[int, list[int]]]:
    """Each ship of an order with the cargo it carried, filled in order."""
    out, left = [], list(cargo)
    for ship in ships:
        room = units.has(ctx.state, ctx.content, ctx.state.units[ship], "transport")
        out.append((ship, left[:room]))
        left = left[room:]
    return out


def _may_swarm(ctx: Ctx, t: Task, sector: Sector) -> bool:
    """Txingur swarm growth: an order ending where no enemy has a colony may leave 1
    infantry from the reserve behind, at most 3 per Advance."""
    state = ctx.state
    return (t.data["grown"] < SWARM_GROWTH_MAX
            and passives.has_hook(state, ctx.content, t.seat, SWARM_GROWTH)
            and bool(board.reserve(state, t.seat, "infantry"))
            and all(s.owner in (-1, t.seat) for s in sector.spaces))


def _swarm_growth(ctx: Ctx, t: Task) -> None:
    infantry = board.reserve(ctx.state, t.seat, "infantry")[0]
    board.place(ctx.state, infantry, t.data["swarm"])
    t.data["grown"] += 1
    ctx.emit("swarm_growth", t.seat, unit=infantry.id, sector=infantry.where)


# --- the reveal effect ---------------------------------------------------------------------


def revealable_sectors(state: State, content: Content, seat: int) -> list[int]:
    """Sectors with a face-down event adjacent to one of the seat's units (a unit's own
    sector counts: components in the same sector are adjacent)."""
    occupied = {u.where for u in board.units_of(state, seat)}
    if not occupied:
        return []
    grid = movement_grid(state, content)
    by_hex: dict[Hex, Sector] = {(s.q, s.r): s for s in state.sectors}
    near: set[int] = set()
    for sid in occupied:
        sector = state.sectors[sid]
        near.add(sid)
        near.update(by_hex[h].id for h in grid.adjacent((sector.q, sector.r)))
    return sorted(i for i in near if face_down_event(state.sectors[i]))


@task("reveal")
def reveal_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    count = int(t.data.get("count", 1))
    targets = revealable_sectors(ctx.state, ctx.content, t.seat) if count > 0 else []
    if not targets:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "reveal_sector", [f"sector:{i}" for i in targets],
                   {"count": count})]


@chooser("reveal")
def reveal_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    reveal_event(ctx, ctx.state.sectors[int_arg(choice)], seat)
    t.data["count"] = int(t.data.get("count", 1)) - 1
