"""The battle as a player sees it: the view's ``battle`` record (forces, every tactic with
why it may not be played, the turns, the damage, where a retreat goes), its words, the
warning on a tactic that leaves no other, and the panel the client draws from them."""

from __future__ import annotations

from typing import Any

from core.events import for_viewer
from core.games.fractal import words
from core.games.fractal.state import State
from core.games.fractal.view import view_of
from tests.fractal.conflict_fixtures import (
    BLUE,
    RED,
    colony,
    content,
    events,
    line,
    start,
    unit,
    units,
)
from tests.fractal.conflict_fixtures import board as bare_board


def board(sectors: int, players: int = 2) -> State:
    """A line of sectors with real tiles, so that words can name them."""
    state = bare_board(line(sectors), players)
    for sector, tile in zip(state.sectors, content().sectors, strict=False):
        sector.tile = tile
    return state


def view(state: State, seat: int) -> dict[str, Any]:
    return view_of(state, content(), seat)


def test_a_unit_with_nowhere_to_retreat_is_said_to_be_removed_for_it() -> None:
    state = board(3)
    units(state, BLUE, "infantry", 1, 1)
    unit(state, RED, "infantry", 1)
    units(state, BLUE, "lightship", 0, 1)  # enemy units in 0
    colony(state, 2, BLUE)  # an enemy colony in 2
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    hit = for_viewer(events(ctx, "unit_damaged")[0], RED)
    text = words.event(view(state, RED), hit).text
    assert text.startswith("Your infantry in ")
    assert text.endswith("must retreat, but no sector next to it is safe: it is removed.")
