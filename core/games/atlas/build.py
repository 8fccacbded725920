"""Suns: Build. One of the builder's Workers goes on top of another Worker or a Tower's
Noble in the same Place, making or raising a Tower that the builder now rules, with any
rival tokens under it as Prisoners. A Tower never goes onto another Tower, but the
builder's Noble may leave its Tower for another stack of the same Place. Nothing is built
where a Place forbids Towers (the Desert)."""

from __future__ import annotations

from core.decisions import Prompt
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import State, Task


def options(state: State, content: Content, seat: int) -> list[str]:
    found = []
    for p, place in enumerate(state.places):
        if content.power(place.card).no_towers or len(place.stacks) < 2:
            continue
        movers = board.distinct(place, (i for i, s in enumerate(place.stacks) if s[-1] == seat))
        for i in movers:
            others = board.distinct(place, (j for j in range(len(place.stacks)) if j != i))
            found += [f"build:{p}:{i}:{j}" for j in others]
    return found


def can_build(state: State, content: Content, seat: int) -> bool:
    """As ``options`` would find: a stack of the player's next to another one."""
    return any(len(p.stacks) > 1 and not content.power(p.card).no_towers
               and board.has_free(p, seat) for p in state.places)


@task("build")
def build_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    choices = options(ctx.state, ctx.content, t.seat)
    if not choices:
        ctx.emit("nothing_to_do", t.seat, action="build")
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "build", choices)]


@chooser("build")
def build_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    p, i, j = (int(x) for x in choice.split(":")[1:])
    place = ctx.state.places[p]
    before = len(place.stacks)
    token = board.take_free(place, i)
    if len(place.stacks) < before and i < j:
        j -= 1  # the mover's slot emptied and the stacks after it closed up
    place.stacks[j].append(token)
    ctx.emit("built", seat, place=p, height=len(place.stacks[j]))
    ctx.finish(t)
