"""Living storms: moving a storm to one of the three closest intersections.

Rulebook section: Living storms (action phase). A storm sits on a vertex (three hexes) and
breaks every adjacency there; its orientation is cosmetic, so it is not modelled. Where a
storm may go is ``core.hexgrid``'s rule: the three closest intersections, never onto
another storm, three-sector intersections when possible, else those breaking the most
adjacencies.

Task ``"storm_move"`` (seat = who moves; data: ``count``), repeated ``count`` times:

1. ``storm_choose``: ``"storm:<index>"`` (index into ``state.storms``; the context gives
   each storm's token id and vertex);
2. ``storm_destination``: ``"vertex:q1,r1,q2,r2,q3,r3"`` (a canonical vertex).

Event emitted: ``storm_moved`` (storm = token id, index, from, to as lists of [q, r]).
A storm with nowhere to go is not offered; with no storm to move the task ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.decisions import Prompt, arg, int_arg
from core.fractal.content import Content
from core.fractal.engine import Ctx, chooser, task
from core.fractal.movement import movement_grid
from core.fractal.state import State, Task
from core.hexgrid import Hex, Vertex, vertex


def storm_vertex(state: State, index: int) -> Vertex:
    a, b, c = (tuple(h) for h in state.storms[index])
    return vertex((a[0], a[1]), (b[0], b[1]), (c[0], c[1]))


def destinations(state: State, content: Content, index: int) -> tuple[Vertex, ...]:
    """Where the storm at ``index`` may move."""
    return movement_grid(state, content).storm_candidates(storm_vertex(state, index))


def movable_storms(state: State, content: Content) -> list[int]:
    return [i for i in range(len(state.storms)) if destinations(state, content, i)]


def can_move_storm(state: State, content: Content) -> bool:
    return bool(movable_storms(state, content))


def vertex_choice(v: Sequence[Hex]) -> str:
    return "vertex:" + ",".join(f"{q},{r}" for q, r in v)


def parse_vertex(choice: str) -> Vertex:
    n = [int(x) for x in arg(choice).split(",")]
    return vertex((n[0], n[1]), (n[2], n[3]), (n[4], n[5]))


def _plain(v: Vertex) -> list[list[int]]:
    return [[q, r] for q, r in v]


@task("storm_move")
def storm_move_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    index = int(t.data.get("storm", -1))
    if index >= 0:
        options = [vertex_choice(v) for v in destinations(state, ctx.content, index)]
        return [Prompt(t.seat, "storm_destination", options,
                       {"storm": _storm_id(state, index),
                        "index": index, "from": _plain(storm_vertex(state, index))})]
    storms = movable_storms(state, ctx.content) if int(t.data.get("count", 1)) > 0 else []
    if not storms:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "storm_choose", [f"storm:{i}" for i in storms],
                   {"count": t.data.get("count", 1),
                    "storms": [{"index": i, "id": _storm_id(state, i),
                                "vertex": _plain(storm_vertex(state, i))} for i in storms]})]


def _storm_id(state: State, index: int) -> str:
    return state.storm_ids[index] if index < len(state.storm_ids) else ""


@chooser("storm_move")
def storm_move_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice.startswith("storm:"):
        t.data["storm"] = int_arg(choice)
        return
    state = ctx.state
    index = int(t.data["storm"])
    old = storm_vertex(state, index)
    new = parse_vertex(choice)
    state.storms[index] = _plain(new)
    t.data["storm"] = -1
    t.data["count"] = int(t.data.get("count", 1)) - 1
    ctx.emit("storm_moved", seat, storm=_storm_id(state, index), index=index,
             **{"from": _plain(old), "to": _plain(new)})
