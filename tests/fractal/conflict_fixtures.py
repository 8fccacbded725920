"""Hand-built states for the conflict, battle and siege tests.

Sector ids equal their index in ``state.sectors`` and unit ids their index in
``state.units``. Tasks run through ``rules.MACHINE.run`` and ``.apply`` so that every prompt
is exercised.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache

from core.decisions import Prompt
from core.events import Event
from core.games.fractal import battle as battle  # registers "battle" and "damage"
from core.games.fractal import conflict as conflict  # registers "conflict_phase"
from core.games.fractal import rules
from core.games.fractal import sieges as sieges  # registers "siege"
from core.games.fractal.board import forget
from core.games.fractal.content import Content, load_content
from core.games.fractal.state import ColonySpace, Options, Player, Sector, State, Unit
from core.hexgrid import Hex

COLOURS = ("red", "blue", "green", "yellow")
RED, BLUE, GREEN = 0, 1, 2


@cache
def content() -> Content:
    return load_content()


def line(n: int) -> list[Hex]:
    return [(q, 0) for q in range(n)]


def board(hexes: Iterable[Hex], players: int = 2) -> State:
    state = State(options=Options(players=players), rng=7,
                  players=[Player(seat=i, name=COLOURS[i].title(), colour=COLOURS[i])
                           for i in range(players)])
    for i, (q, r) in enumerate(hexes):
        state.sectors.append(Sector(id=i, q=q, r=r, tile=f"tile{i}", kind="non_habitable",
                                    spaces=[]))
    state.phase = "conflict"
    return state


def unit(state: State, owner: int, kind: str, sector: int) -> Unit:
    u = Unit(id=len(state.units), owner=owner, kind=kind, where=sector)
    state.units.append(u)
    forget(state)  # a unit made by hand: the units the state kept by place are out of date
    return u


def units(state: State, owner: int, kind: str, sector: int, count: int) -> list[Unit]:
    return [unit(state, owner, kind, sector) for _ in range(count)]


def colony(state: State, sector: int, owner: int, track: str = "military") -> int:
    """Add a colony space holding the owner's colony; returns the space index."""
    s = state.sectors[sector]
    s.kind = "productive"
    s.spaces.append(ColonySpace(accepts=[track], owner=owner, track=track))
    state.players[owner].taken[track] += 1
    return len(s.spaces) - 1


def hand(state: State, seat: int, *designs: str) -> list[str]:
    """Tactics in hand, by design id; "design+elite" for the elite side."""
    colour = state.players[seat].colour
    cards = [f"{colour}:{d}" for d in designs]
    state.players[seat].tactics = cards
    return cards


def galaxy(state: State, sector: int, galaxy_id: str) -> None:
    s = state.sectors[sector]
    s.event, s.event_kind, s.event_face_up = galaxy_id, "living_galaxy", True


def start(state: State, task_kind: str, seat: int = -1, **data: object) -> rules.Ctx:
    ctx = rules.MACHINE.context(state, content())
    ctx.push(task_kind, seat, **data)
    rules.MACHINE.run(ctx)
    return ctx


def fight(state: State, sector: int, medal: bool = True) -> rules.Ctx:
    if medal:
        state.sectors[sector].battle_medal = True
    return start(state, "battle", sector=sector, stage="start")


def prompt(state: State, seat: int) -> Prompt:
    for p in state.prompts:
        if p.seat == seat:
            return p
    raise AssertionError(f"no prompt for seat {seat}: {state.prompts}")


def answer(ctx: rules.Ctx, seat: int, choice: str) -> None:
    rules.MACHINE.apply(ctx, seat, choice)


def where(state: State, seat: int, sector: int, kind: str | None = None) -> int:
    return sum(1 for u in state.units
               if u.owner == seat and u.where == sector and (kind is None or u.kind == kind))


def events(ctx: rules.Ctx, kind: str) -> list[Event]:
    return [e for e in ctx.events if e.kind == kind]


Policy = Callable[[Prompt], str]


def random_policy(seed: int) -> Policy:
    rnd = random.Random(seed)
    return lambda p: rnd.choice(p.options)


def first_option(p: Prompt) -> str:
    return p.options[0]


def drive(ctx: rules.Ctx, policy: Policy = first_option, limit: int = 2000) -> int:
    """Answer every prompt with the policy until the stack is empty; returns decisions."""
    steps = 0
    while ctx.state.prompts:
        steps += 1
        assert steps <= limit, "the conflict did not end"
        p = ctx.state.prompts[0]
        rules.MACHINE.apply(ctx, p.seat, policy(p))
    assert not ctx.state.stack
    return steps
