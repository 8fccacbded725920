"""Knots: Trade. A Worker from the supply goes to any Place showing a Knot or a Sun. If that
Place is then the trader's Fief, they may exchange a Worker of theirs there for a rival's
Worker next door, or a Worker of theirs next door for a rival's Worker there: the two
tokens change places, slot for slot."""

from __future__ import annotations

from core.decisions import Prompt, int_arg
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import Place, State, Task

SUITS = frozenset({"knots", "suns"})
NONE = "none"


def targets(state: State, content: Content, seat: int) -> list[int]:
    if state.players[seat].supply <= 0:
        return []
    return [i for i, p in enumerate(state.places)
            if board.room(content, p) and board.has_suit(content, p, SUITS)]


def can_trade(state: State, content: Content, seat: int) -> bool:
    return state.players[seat].supply > 0 and any(
        len(p.stacks) < content.slots and board.has_suit(content, p, SUITS)
        for p in state.places)


def _rival_workers(place: Place, seat: int) -> list[int]:
    return board.distinct(place, (i for i, s in enumerate(place.stacks)
                                  if len(s) == 1 and s[0] != seat))


def swaps(state: State, content: Content, seat: int, here: int) -> list[str]:
    """Every swap of a Worker of ``seat`` with a rival's Worker across ``here`` and a
    Place adjacent to it."""
    found = []
    place = state.places[here]
    mine = board.worker_stacks(place, seat)
    theirs = _rival_workers(place, seat)
    for near in board.adjacency(state, content, seat)[here]:
        other = state.places[near]
        found += [f"swap:{here}:{i}:{near}:{j}" for i in mine for j in _rival_workers(other, seat)]
        found += [f"swap:{here}:{i}:{near}:{j}" for i in theirs
                  for j in board.worker_stacks(other, seat)]
    return found


@task("trade")
def trade_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``place``: where the Worker went, once it did."""
    state, content = ctx.state, ctx.content
    here = t.data.get("place")
    if here is None:
        places = targets(state, content, t.seat)
        if not places:
            ctx.emit("nothing_to_do", t.seat, action="trade")
            ctx.finish(t)
            return None
        return [Prompt(t.seat, "trade", [f"place:{i}" for i in places])]
    options = []
    if board.controller(state.places[here], len(state.players)) == t.seat:
        options = swaps(state, content, t.seat, here)
    if not options:
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "trade_swap", [*options, NONE], {"place": here})]


@chooser("trade")
def trade_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    if choice.startswith("place:"):
        here = int_arg(choice)
        board.add_worker(state, here, seat)
        t.data["place"] = here
        ctx.emit("traded", seat, place=here)
        return
    if choice != NONE:
        a, i, b, j = (int(x) for x in choice.split(":")[1:])
        first, second = state.places[a].stacks[i], state.places[b].stacks[j]
        left, came = first[0], second[0]
        first[0], second[0] = came, left
        ctx.emit("workers_swapped", seat, place=a, other=b, left=left, came=came)
    ctx.finish(t)
