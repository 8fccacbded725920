"""Waves: Explore or Migrate.

Explore turns over the top Place of the Atlas for everyone to see and puts it next to one
of the explorer's Outposts or Fiefs, beside at least one Place sharing a suit with it and
never beside a Place that forbids it (the End); two of the explorer's tokens go on it. A
Place that cannot go anywhere for this explorer goes to the bottom of the Atlas, still
face up in everyone's memory (``State.atlas_known``). The last Place explored starts the
end of the game (``decks.end_trigger``).

Migrate moves any number of the player's free tokens from one Place to an adjacent one, at
least one of the two showing a Wave; they arrive as Workers, each in a free slot.
"""

from __future__ import annotations

from core.decisions import DONE, Prompt
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.decks import end_trigger
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import Place, State, Task

Cell = tuple[int, int]


def can_explore(state: State, content: Content, seat: int) -> bool:
    return (bool(state.atlas) and state.players[seat].supply > 0
            and any(board.has_free(p, seat) for p in state.places))


def cells_for(state: State, content: Content, seat: int, card: str) -> list[Cell]:
    """Where ``seat`` may put ``card``: empty cells beside one of its Outposts or Fiefs,
    beside a Place sharing a suit, and beside no Place that forbids exploring next to it."""
    taken = {(p.x, p.y): p for p in state.places}
    suits = set(content.suits(card))
    found: set[Cell] = set()
    for place in state.places:
        if not board.has_free(place, seat):
            continue
        for dx, dy in board.STEPS:
            cell = (place.x + dx, place.y + dy)
            if cell not in taken and cell not in found and _fits(content, taken, cell, suits):
                found.add(cell)
    return sorted(found)


def _fits(content: Content, taken: dict[Cell, Place], cell: Cell, suits: set[str]) -> bool:
    shares = False
    for dx, dy in board.STEPS:
        near = taken.get((cell[0] + dx, cell[1] + dy))
        if near is None:
            continue
        if content.power(near.card).no_explore_adjacent:
            return False
        shares = shares or not suits.isdisjoint(content.suits(near.card))
    return shares


@task("explore")
def explore_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``card``: the Place turned over, once it is."""
    state, content = ctx.state, ctx.content
    card = t.data.get("card")
    if card is None:
        card = state.atlas.pop()
        state.atlas_known = min(state.atlas_known, len(state.atlas))
        t.data["card"] = card
        ctx.reveal("place_turned", t.seat, card=card)
    cells = cells_for(state, content, t.seat, card)
    if not cells:
        state.atlas.insert(0, card)
        state.atlas_known += 1
        state.stats["failed_explorations"] += 1
        ctx.emit("exploration_failed", t.seat, card=card)
        ctx.finish(t)
        return None
    return [Prompt(t.seat, "explore", [f"cell:{x}:{y}" for x, y in cells], {"card": card})]


@chooser("explore")
def explore_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state, content = ctx.state, ctx.content
    _, x, y = choice.split(":")
    card = t.data["card"]
    state.places.append(Place(card, int(x), int(y)))
    index = len(state.places) - 1
    tokens = min(content.explored_tokens, state.players[seat].supply)
    for _ in range(tokens):
        board.add_worker(state, index, seat)
    state.stats["explored"] += 1
    ctx.emit("explored", seat, card=card, place=index, x=int(x), y=int(y), tokens=tokens)
    ctx.finish(t)
    if not state.atlas:
        end_trigger(ctx)


# --- Migrate -----------------------------------------------------------------------------


def routes(state: State, content: Content, seat: int,
           first: bool = False) -> list[tuple[int, int]]:
    """Where ``seat`` may migrate from and to (``first``: stop at one)."""
    near = board.adjacency(state, content, seat)
    found = []
    for a, place in enumerate(state.places):
        if not board.has_free(place, seat):
            continue
        wave = "waves" in content.suits(place.card)
        for b in near[a]:
            there = state.places[b]
            if board.room(content, there) and (wave or "waves" in content.suits(there.card)):
                found.append((a, b))
                if first:
                    return found
    return found


def can_migrate(state: State, content: Content, seat: int) -> bool:
    return bool(routes(state, content, seat, first=True))


def movable(place: Place, seat: int) -> list[int]:
    """The stacks a free token of ``seat`` can leave, alike ones offered once."""
    return board.distinct(place, (i for i, s in enumerate(place.stacks) if s[-1] == seat))


@task("migrate")
def migrate_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``route``: [from, to] once chosen; ``moved``: tokens moved so far."""
    state, content = ctx.state, ctx.content
    route = t.data.get("route")
    if route is None:
        return [Prompt(t.seat, "migrate", [f"route:{a}:{b}"
                                           for a, b in routes(state, content, t.seat)])]
    a, b = route
    options = []
    if board.room(content, state.places[b]):
        options = [f"take:{a}:{i}" for i in movable(state.places[a], t.seat)]
    if not options:
        _migrated(ctx, t)
        return None
    if t.data["moved"]:
        options.append(DONE)
    return [Prompt(t.seat, "migrate_token", options, {"from": a, "to": b,
                                                      "moved": t.data["moved"]})]


def _migrated(ctx: Ctx, t: Task) -> None:
    a, b = t.data["route"]
    ctx.emit("migrated", t.seat, source=a, target=b, count=t.data["moved"])
    ctx.finish(t)


@chooser("migrate")
def migrate_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        _migrated(ctx, t)
        return
    head, a, b = choice.split(":")
    if head == "route":
        t.data["route"] = [int(a), int(b)]
        t.data["moved"] = 0
        return
    target = t.data["route"][1]
    state = ctx.state
    board.take_free(state.places[int(a)], int(b))
    state.places[target].stacks.append([seat])
    t.data["moved"] += 1
