"""Living storms: moving a storm to one of the three closest intersections, then turning it.

Rulebook section: Living storms (action phase). A storm token is an angle: its vertex sits
on an intersection and its two sides lie along two of the three edges meeting there, so it
cuts one of the three sectors off from the other two, which stay adjacent (docs/fractal-maps.md
says why we read the token so). Moving it takes its vertex to one of the three closest
intersections, then it may be turned to any orientation. Where it may go is
``core.hexgrid.storm_moves``: never overlapping another storm, three-sector intersections
when possible, else the placements breaking the most adjacencies.

Task ``"storm_move"`` (seat = who moves; data: ``count``, then ``storm`` the index being
moved and ``to`` the vertex chosen), repeated ``count`` times:

1. ``storm_choose``: ``"storm:<index>"`` (index into ``state.storms``; the context gives
   each storm's token id, vertex and the sector it cuts off);
2. ``storm_destination``: ``"vertex:q1,r1,q2,r2,q3,r3"`` (a canonical vertex);
3. ``storm_orientation``: ``"sector:<id>"``, the sector the storm cuts off there; asked
   only when the orientations left change something.

Event emitted: ``storm_moved`` (storm = token id, index, from and to as the vertices' lists
of [q, r], cut = the [q, r] of the sector cut off now). A storm with nowhere to go is not
offered; with no storm to move the task ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.decisions import Prompt, arg, int_arg
from core.games.fractal import board
from core.games.fractal.content import Content
from core.games.fractal.movement import movement_grid
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task
from core.hexgrid import Hex, Storm, Vertex, vertex


def storm_at(state: State, index: int) -> Storm:
    return board.storm_of(state.storms[index])


def placements(state: State, content: Content, index: int) -> tuple[Storm, ...]:
    """Where the storm at ``index`` may go, each with the sector it would cut off."""
    return movement_grid(state, content).storm_candidates(storm_at(state, index))


def destinations(state: State, content: Content, index: int) -> tuple[Vertex, ...]:
    """The intersections the storm at ``index`` may move to."""
    return tuple(sorted({v for v, _ in placements(state, content, index)}))


def movable_storms(state: State, content: Content) -> list[int]:
    grid = movement_grid(state, content)  # once for every storm: the grid is the same
    return [i for i in range(len(state.storms)) if grid.storm_candidates(storm_at(state, i))]


def can_move_storm(state: State, content: Content) -> bool:
    grid = movement_grid(state, content)
    return any(grid.storm_candidates(storm_at(state, i)) for i in range(len(state.storms)))


def vertex_choice(v: Sequence[Hex]) -> str:
    return "vertex:" + ",".join(f"{q},{r}" for q, r in v)


def parse_vertex(choice: str) -> Vertex:
    n = [int(x) for x in arg(choice).split(",")]
    return vertex((n[0], n[1]), (n[2], n[3]), (n[4], n[5]))


def _plain(v: Sequence[Hex]) -> list[list[int]]:
    return [[q, r] for q, r in v]


@task("storm_move")
def storm_move_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    index = int(t.data.get("storm", -1))
    if index >= 0 and "to" in t.data:
        return _orientation_prompt(ctx, t, index)
    if index >= 0:
        options = [vertex_choice(v) for v in destinations(state, ctx.content, index)]
        v, cut = storm_at(state, index)
        return [Prompt(t.seat, "storm_destination", options,
                       {"storm": _storm_id(state, index), "index": index,
                        "from": _plain(v), "cut": list(cut)})]
    storms = movable_storms(state, ctx.content) if int(t.data.get("count", 1)) > 0 else []
    if not storms:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "storm_choose", [f"storm:{i}" for i in storms],
                   {"count": t.data.get("count", 1),
                    "storms": [{"index": i, "id": _storm_id(state, i),
                                "vertex": _plain(storm_at(state, i)[0]),
                                "cut": list(storm_at(state, i)[1])} for i in storms]})]


def _orientation_prompt(ctx: Ctx, t: Task, index: int) -> list[Prompt] | None:
    """The sectors the storm may cut off on the intersection chosen; with one way to turn
    it (or several that break the same adjacencies), it is placed without asking."""
    to = _destination(t)
    cuts = [cut for v, cut in placements(ctx.state, ctx.content, index) if v == to]
    if len(cuts) == 1:
        _place(ctx, t, index, (to, cuts[0]))
        return None
    by_hex = board.sector_by_hex(ctx.state)
    return [Prompt(t.seat, "storm_orientation", [f"sector:{by_hex[c].id}" for c in cuts],
                   {"storm": _storm_id(ctx.state, index), "index": index,
                    "vertex": _plain(to)})]


def _storm_id(state: State, index: int) -> str:
    return state.storm_ids[index] if index < len(state.storm_ids) else ""


@chooser("storm_move")
def storm_move_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice.startswith("storm:"):
        t.data["storm"] = int_arg(choice)
    elif choice.startswith("vertex:"):
        t.data["to"] = _plain(parse_vertex(choice))
    else:
        sector = ctx.state.sectors[int_arg(choice)]
        _place(ctx, t, int(t.data["storm"]), (_destination(t), board.hex_of(sector)))


def _destination(t: Task) -> Vertex:
    a, b, c = ((q, r) for q, r in t.data["to"])
    return vertex(a, b, c)


def _place(ctx: Ctx, t: Task, index: int, new: Storm) -> None:
    state = ctx.state
    old = storm_at(state, index)
    state.storms[index] = board.plain_storm(new)
    board.map_changed(state)
    t.data["storm"] = -1
    t.data.pop("to", None)
    t.data["count"] = int(t.data.get("count", 1)) - 1
    ctx.emit("storm_moved", t.seat, storm=_storm_id(state, index), index=index,
             cut=list(new[1]), **{"from": _plain(old[0]), "to": _plain(new[0])})
