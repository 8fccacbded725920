"""Small hand-built boards for the movement and storm tests.

Sector ids equal their index in ``state.sectors`` and unit ids their index in
``state.units``, as in a real game. Tasks are driven through ``rules.MACHINE.run``
and ``rules.MACHINE.apply`` so that every prompt is exercised.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from core.decisions import Prompt
from core.games.fractal import movement as movement  # registers "advance" and "reveal"
from core.games.fractal import rules
from core.games.fractal import storms as storms  # registers "storm_move"
from core.games.fractal.board import forget
from core.games.fractal.content import Content, load_content
from core.games.fractal.state import ColonySpace, Options, Player, Sector, State, Unit
from core.hexgrid import Hex

COLOURS = ("red", "blue", "green", "yellow")
RED, BLUE = 0, 1


@cache
def content() -> Content:
    return load_content()


def line(n: int) -> list[Hex]:
    """``n`` hexes in a row: (0, 0), (1, 0), ... each touching the next only."""
    return [(q, 0) for q in range(n)]


def board(hexes: Iterable[Hex], players: int = 2,
          storms_at: Iterable[tuple[Hex, Hex, Hex]] = ()) -> State:
    """A state with one empty non-habitable sector per hex and ``players`` players."""
    state = State(options=Options(players=players), rng=1,
                  players=[Player(seat=i, name=COLOURS[i].title(), colour=COLOURS[i])
                           for i in range(players)])
    for i, (q, r) in enumerate(hexes):
        state.sectors.append(Sector(id=i, q=q, r=r, tile=f"tile{i}", kind="non_habitable",
                                    spaces=[]))
    state.storms = [[list(h) for h in v] for v in storms_at]
    state.storm_ids = [f"storm{i}" for i in range(len(state.storms))]
    state.phase = "action"
    return state


def sector_at(state: State, h: Hex) -> Sector:
    sector = state.sector_at(*h)
    assert sector is not None, h
    return sector


def unit(state: State, owner: int, kind: str, sector: int, moved: bool = False) -> Unit:
    u = Unit(id=len(state.units), owner=owner, kind=kind, where=sector, moved=moved)
    state.units.append(u)
    forget(state)  # a unit made by hand: the units the state kept by place are out of date
    return u


def units(state: State, owner: int, kind: str, sector: int, count: int) -> list[Unit]:
    return [unit(state, owner, kind, sector) for _ in range(count)]


def event(state: State, sector: int, kind: str, event_id: str, face_up: bool = False) -> None:
    s = state.sectors[sector]
    s.event, s.event_kind, s.event_face_up = event_id, kind, face_up


def colony_type(state: State, sector: int, track: str) -> None:
    """Give the sector a free colony space of that type (a wormhole target)."""
    s = state.sectors[sector]
    s.kind = "productive"
    s.spaces = [ColonySpace(accepts=[track])]


def start(state: State, kind: str, seat: int, **data: object) -> rules.Ctx:
    """Push a task and run until its first decision."""
    ctx = rules.MACHINE.context(state, content())
    ctx.push(kind, seat, **data)
    rules.MACHINE.run(ctx)
    return ctx


def prompt(ctx: rules.Ctx) -> Prompt:
    assert len(ctx.state.prompts) == 1, ctx.state.prompts
    return ctx.state.prompts[0]


def options(ctx: rules.Ctx) -> list[str]:
    return prompt(ctx).options


def choose(ctx: rules.Ctx, *choices: str) -> None:
    for choice in choices:
        rules.MACHINE.apply(ctx, prompt(ctx).seat, choice)


def idle(ctx: rules.Ctx) -> bool:
    """The task finished: nothing left on the stack, nothing to decide."""
    return not ctx.state.stack and not ctx.state.prompts


def events(ctx: rules.Ctx, kind: str) -> list[dict[str, object]]:
    return [e.data for e in ctx.events if e.kind == kind]
