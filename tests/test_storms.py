"""Living storms: legal destinations, no overlap, repeated moves, movement honours them."""

from __future__ import annotations

import pytest

from core.errors import IllegalChoice
from core.fractal.storms import can_move_storm, destinations, parse_vertex, vertex_choice
from core.hexgrid import breaks, disc, storm_vertex_candidates, vertex, vertex_neighbours
from tests.movement_fixtures import (
    RED,
    board,
    choose,
    content,
    events,
    idle,
    line,
    options,
    prompt,
    sector_at,
    start,
    unit,
)

CENTRE_STORM = ((0, 0), (1, -1), (1, 0))


def test_destinations_are_the_closest_three_sector_intersections() -> None:
    hexes = disc((0, 0), 2)
    state = board(hexes, storms_at=[CENTRE_STORM])
    found = destinations(state, content(), 0)
    assert set(found) <= set(vertex_neighbours(vertex(*CENTRE_STORM)))
    assert all(breaks(v, set(hexes)) == 3 for v in found)
    assert len(found) == 3  # deep inside the map, all three neighbours qualify


def test_storms_never_overlap() -> None:
    hexes = disc((0, 0), 2)
    neighbour = vertex_neighbours(vertex(*CENTRE_STORM))[0]
    state = board(hexes, storms_at=[CENTRE_STORM, neighbour])
    found = destinations(state, content(), 0)
    assert neighbour not in found
    assert len(found) == 2


def test_on_the_rim_the_most_adjacencies_broken() -> None:
    # Three hexes in a row: the only three-hex corners need a hex off the map, so a storm
    # between two of them may only go where it still breaks one adjacency.
    hexes = [(0, 0), (1, 0), (0, 1)]
    state = board(hexes, storms_at=[((0, 0), (0, 1), (1, 0))])
    found = destinations(state, content(), 0)
    expected = storm_vertex_candidates(set(hexes), ((0, 0), (0, 1), (1, 0)))
    assert found == expected
    assert all(breaks(v, set(hexes)) == 1 for v in found)


def test_storm_move_task_moves_count_times_and_emits() -> None:
    hexes = disc((0, 0), 2)
    state = board(hexes, storms_at=[CENTRE_STORM])
    ctx = start(state, "storm_move", RED, count=2)
    assert prompt(ctx).kind == "storm_choose"
    assert options(ctx) == ["storm:0"]
    choose(ctx, "storm:0")
    assert prompt(ctx).kind == "storm_destination"
    first = options(ctx)[0]
    choose(ctx, first)
    assert [tuple(h) for h in state.storms[0]] == list(parse_vertex(first))
    choose(ctx, "storm:0")
    back = vertex_choice(vertex(*CENTRE_STORM))
    assert back in options(ctx)  # a storm may move back where it came from
    choose(ctx, back)
    assert idle(ctx)
    moved = events(ctx, "storm_moved")
    assert [m["storm"] for m in moved] == ["storm0", "storm0"]
    assert moved[0]["from"] == [list(h) for h in vertex(*CENTRE_STORM)]
    assert moved[1]["to"] == moved[0]["from"]


def test_illegal_destination_is_refused() -> None:
    state = board(disc((0, 0), 2), storms_at=[CENTRE_STORM])
    ctx = start(state, "storm_move", RED, count=1)
    choose(ctx, "storm:0")
    far = vertex((1, 1), (2, 0), (2, 1))
    with pytest.raises(IllegalChoice):
        choose(ctx, vertex_choice(far))
    assert state.storms[0] == [list(h) for h in CENTRE_STORM]


def test_moving_a_storm_changes_movement() -> None:
    hexes = disc((0, 0), 2)
    state = board(hexes, storms_at=[CENTRE_STORM])
    ship = unit(state, RED, "lightship", sector_at(state, (0, 0)).id)
    east = sector_at(state, (1, 0)).id
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert f"sector:{east}" not in options(ctx)
    state.stack.clear()
    state.prompts.clear()
    ctx = start(state, "storm_move", RED, count=1)
    choose(ctx, "storm:0")
    away = next(o for o in options(ctx) if (0, 0) not in parse_vertex(o))
    choose(ctx, away)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert f"sector:{east}" in options(ctx)


def test_no_storm_on_the_board_ends_the_task() -> None:
    state = board(line(3))
    assert not can_move_storm(state, content())
    assert idle(start(state, "storm_move", RED, count=1))
