"""Helpers for the rules tests: a real game after setup, then a position arranged by hand.

A test builds a game with :func:`new_game` (fixed factions, governments answered), edits
``game.state`` to put pieces where it needs them, then either answers the game's own
prompts with :func:`play` or pushes one task with :func:`start` and answers it with
:func:`choose`. Sector ids equal their index in ``state.sectors``, unit ids their index
in ``state.units``, as in every game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from typing import Any

from core.decisions import Prompt
from core.games.fractal import board, rules
from core.games.fractal.content import Content, load_content
from core.games.fractal.game import Game
from core.games.fractal.state import RESERVE, ColonySpace, Options, Sector, State, Unit

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
# Factions and governments whose passive effects stay out of most tests' way.
PLAIN = {"gorias": "bone_guild", "borroka": "iron_horde", "exodians": "homeward_council",
         "vax117": "silicon_throne"}


@cache
def content() -> Content:
    return load_content()


def new_game(players: int = 2, seed: int = 1, factions: Iterable[str] = (),
             governments: dict[str, str] | None = None, modules: Iterable[str] = ()) -> Game:
    """A game after setup: seat i plays ``factions[i]`` (default: the PLAIN ones), with the
    advanced ``modules`` given."""
    wanted = list(factions) or list(PLAIN)[:players]
    extra = [f for f in sorted(content().factions) if f not in wanted]
    offer = wanted + extra[: players + 2 - len(wanted)]
    game = Game.new(Options(players=players, seed=seed, factions=offer, modules=list(modules)))
    chosen = {**PLAIN, **(governments or {})}
    while game.pending() and game.pending()[0].kind in ("faction", "government"):
        prompt = game.pending()[0]
        faction = wanted[prompt.seat]
        if prompt.kind == "faction":
            game.apply(prompt.seat, f"faction:{faction}")
        else:
            default = content().factions[faction].governments[0]
            game.apply(prompt.seat, f"government:{chosen.get(faction, default)}")
    return game


def ctx_of(game: Game) -> rules.Ctx:
    return rules.MACHINE.context(game.state, game.content, game.history)


def clear(game: Game) -> rules.Ctx:
    """Drop every task and prompt: the position is now whatever the test arranges."""
    game.state.stack.clear()
    game.state.prompts = []
    return ctx_of(game)


def start(game: Game, kind: str, seat: int = -1, **data: Any) -> rules.Ctx:
    """Push one task on an empty stack and run until its first decision."""
    ctx = clear(game)
    ctx.push(kind, seat, **data)
    rules.MACHINE.run(ctx)
    return ctx


def start_turn(game: Game, seat: int, done: Iterable[str] = ()) -> rules.Ctx:
    """The seat's turn of the action phase, with the actions already ``done``."""
    state = game.state
    ctx = clear(game)
    state.phase = "action"
    state.turn = seat
    ctx.push("action_phase")
    ctx.push("turn", seat, done=list(done))
    rules.MACHINE.run(ctx)
    return ctx


def prompt(game: Game) -> Prompt:
    pending = game.pending()
    assert len(pending) == 1, pending
    return pending[0]


def options(game: Game) -> list[str]:
    return prompt(game).options


def choose(game: Game, *choices: str) -> None:
    """Answer the single pending prompt with each choice in turn (logged, as in play)."""
    for choice in choices:
        game.apply(prompt(game).seat, choice)


def idle(game: Game) -> bool:
    return not game.state.stack and not game.state.prompts


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data, seat=e.seat) for e in game.history if e.kind == kind]


# --- arranging pieces ---------------------------------------------------------------------

def sector_of_kind(state: State, kind: str, nth: int = 0) -> Sector:
    return [s for s in state.sectors if s.kind == kind][nth]


def empty_sector(state: State, nth: int = 0) -> Sector:
    """A sector without pieces, colonies nor events, turned into a free productive one."""
    free = [s for s in state.sectors
            if s.kind not in ("starting", "utopian") and not s.event_kind
            and not any(u.where == s.id for u in state.units)]
    sector = free[nth]
    sector.spaces = [ColonySpace(accepts=["imperial", "productive", "scientific",
                                          "military"])]
    return sector


def place(state: State, seat: int, kind: str, sector: int, count: int = 1) -> list[Unit]:
    """Take ``count`` units of the seat's reserve onto the sector."""
    units = [u for u in state.units if u.owner == seat and u.kind == kind and u.where == RESERVE]
    assert len(units) >= count, (seat, kind, count)
    for unit in units[:count]:
        board.place(state, unit, sector)
    return units[:count]


def clear_board(state: State) -> None:
    """Every unit back to its reserve and every colony off the board (tracks unchanged)."""
    for unit in state.units:
        board.place(state, unit, RESERVE, owner=-1 if unit.black else None)
    for sector in state.sectors:
        for space in sector.spaces:
            space.owner, space.track = -1, ""


def colony(state: State, seat: int, sector: Sector, track: str) -> None:
    """Put a colony of the seat on the sector (the track count is the test's business)."""
    sector.spaces.append(ColonySpace(accepts=[track], owner=seat, track=track))


# --- random play ----------------------------------------------------------------------------

def random_playout(game: Game, rnd: random.Random, steps: int | None = None) -> int:
    """Random legal choices until the game ends (or ``steps`` decisions); returns the count."""
    n = 0
    while not game.over and (steps is None or n < steps):
        prompt_ = game.pending()[0]
        game.apply(prompt_.seat, rnd.choice(prompt_.options))
        n += 1
    return n
