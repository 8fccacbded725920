"""Moons: Magic. The player picks one of their tokens on a Place showing a Moon and may
switch it with a rival's token in that Place or an adjacent one: each takes the other's
position, in a slot or inside a Tower. Prisoners may be switched; Nobles never are."""

from __future__ import annotations

from core.decisions import Prompt
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import Place, State, Task

NONE = "none"
Token = tuple[int, int, int]  # place, stack, level (0 = bottom)


def _tokens(place: Place, p: int, mine: bool, seat: int) -> list[Token]:
    """Tokens that magic may move (no Noble), one of each alike kind of position."""
    found = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for s, stack in enumerate(place.stacks):
        top = len(stack) - 1 if len(stack) > 1 else len(stack)  # a Tower's top is its Noble
        for level in range(min(top, len(stack))):
            if (stack[level] == seat) == mine and (tuple(stack), level) not in seen:
                seen.add((tuple(stack), level))
                found.append((p, s, level))
    return found


def sources(state: State, content: Content, seat: int, first: bool = False) -> list[Token]:
    """The player's tokens magic may switch (``first``: stop at one)."""
    near = board.adjacency(state, content, seat)
    found = []
    for p, place in enumerate(state.places):
        if "moons" not in content.suits(place.card):
            continue
        mine = _tokens(place, p, True, seat)
        if mine and any(_tokens(state.places[q], q, False, seat) for q in (p, *near[p])):
            found += mine
            if first:
                break
    return found


def targets(state: State, content: Content, seat: int, p: int) -> list[Token]:
    near = board.adjacency(state, content, seat)
    return [t for q in (p, *near[p]) for t in _tokens(state.places[q], q, False, seat)]


def can_magic(state: State, content: Content, seat: int) -> bool:
    return bool(sources(state, content, seat, first=True))


def _form(token: Token) -> str:
    return "token:{}:{}:{}".format(*token)


@task("magic")
def magic_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``token``: [place, stack, level] of the player's token, once picked."""
    state, content = ctx.state, ctx.content
    mine = t.data.get("token")
    if mine is None:
        found = sources(state, content, t.seat)
        if not found:
            ctx.emit("nothing_to_do", t.seat, action="magic")
            ctx.finish(t)
            return None
        return [Prompt(t.seat, "magic", [_form(x) for x in found])]
    options = [_form(x) for x in targets(state, content, t.seat, mine[0])]
    return [Prompt(t.seat, "magic_target", [*options, NONE], {"token": list(mine)})]


@chooser("magic")
def magic_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if "token" not in t.data:
        t.data["token"] = [int(x) for x in choice.split(":")[1:]]
        return
    if choice != NONE:
        p, s, level = t.data["token"]
        q, u, other = (int(x) for x in choice.split(":")[1:])
        places = ctx.state.places
        rival = places[q].stacks[u][other]
        places[p].stacks[s][level] = rival
        places[q].stacks[u][other] = seat
        ctx.emit("switched", seat, place=p, other=q, rival=rival)
    ctx.finish(t)
