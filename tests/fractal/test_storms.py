"""Living storms: legal placements, the orientation chosen, no overlap, repeated moves,
movement honours them."""

from __future__ import annotations

import pytest

from core.errors import IllegalChoice
from core.games.fractal.storms import can_move_storm, destinations, parse_vertex, vertex_choice
from core.hexgrid import breaks, disc, storm, storm_moves, vertex, vertex_neighbours
from tests.fractal.movement_fixtures import (
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

CENTRE = vertex((0, 0), (1, -1), (1, 0))
CENTRE_STORM = ((0, 0), (1, -1), (1, 0))  # as the state keeps it: (0, 0) is cut off


def test_destinations_are_the_closest_three_sector_intersections() -> None:
    hexes = disc((0, 0), 2)
    state = board(hexes, storms_at=[CENTRE_STORM])
    found = destinations(state, content(), 0)
    assert set(found) <= set(vertex_neighbours(CENTRE))
    assert all(breaks(v, set(hexes)) == 3 for v in found)
    assert len(found) == 3  # deep inside the map, all three neighbours qualify


def test_a_moved_storm_is_turned_to_the_orientation_the_mover_chooses() -> None:
    # "rotating it to any orientation afterward": on a three-sector intersection each turn
    # cuts a different sector off, so the mover chooses which.
    state = board(disc((0, 0), 2), storms_at=[CENTRE_STORM])
    ctx = start(state, "storm_move", RED, count=1)
    choose(ctx, "storm:0")
    to = vertex((0, 0), (0, 1), (1, 0))
    choose(ctx, vertex_choice(to))
    assert prompt(ctx).kind == "storm_orientation"
    ids = {h: sector_at(state, h).id for h in to}
    assert options(ctx) == [f"sector:{ids[h]}" for h in sorted(to)]
    assert prompt(ctx).context == {"storm": "storm0", "index": 0,
                                   "vertex": [list(h) for h in to]}
    choose(ctx, f"sector:{ids[(0, 1)]}")
    assert idle(ctx)
    assert state.storms[0] == [[0, 1], [0, 0], [1, 0]]
    assert events(ctx, "storm_moved")[0]["cut"] == [0, 1]
    ship = unit(state, RED, "lightship", ids[(0, 0)])
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    # (0,1) is cut off from (0,0); the old storm's edges are open again
    assert f"to:{ids[(0, 1)]}" not in options(ctx)
    assert f"to:{ids[(1, 0)]}" in options(ctx)
    assert f"to:{sector_at(state, (1, -1)).id}" in options(ctx)


def test_storms_never_overlap() -> None:
    hexes = disc((0, 0), 2)
    neighbour = vertex_neighbours(CENTRE)[0]
    state = board(hexes, storms_at=[CENTRE_STORM, neighbour])
    found = destinations(state, content(), 0)
    assert neighbour not in found
    assert len(found) == 2


def test_on_the_rim_the_most_adjacencies_broken_and_one_choice_per_effect() -> None:
    # Three hexes in a triangle: the other corners of their edges are rim intersections,
    # where a storm breaks one adjacency at most, and either side along it does the same.
    hexes = [(0, 0), (1, 0), (0, 1)]
    state = board(hexes, storms_at=[((0, 0), (0, 1), (1, 0))])
    found = destinations(state, content(), 0)
    expected = storm_moves(set(hexes), storm(((0, 0), (0, 1), (1, 0)), (0, 0)))
    assert found == tuple(v for v, _ in expected)
    assert all(breaks(v, set(hexes)) == 1 for v in found)
    ctx = start(state, "storm_move", RED, count=1)
    choose(ctx, "storm:0", vertex_choice(found[0]))
    assert idle(ctx)  # no orientation to choose: it was placed as it breaks the edge


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
    choose(ctx, options(ctx)[0])  # turned the first way offered
    assert sorted(tuple(h) for h in state.storms[0]) == list(parse_vertex(first))
    choose(ctx, "storm:0")
    back = vertex_choice(CENTRE)
    assert back in options(ctx)  # a storm may move back where it came from
    choose(ctx, back)
    choose(ctx, options(ctx)[0])
    assert idle(ctx)
    moved = events(ctx, "storm_moved")
    assert [m["storm"] for m in moved] == ["storm0", "storm0"]
    assert moved[0]["from"] == [list(h) for h in CENTRE]
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
    assert f"to:{east}" not in options(ctx)
    state.stack.clear()
    state.prompts.clear()
    ctx = start(state, "storm_move", RED, count=1)
    choose(ctx, "storm:0")
    away = next(o for o in options(ctx) if (0, 0) not in parse_vertex(o))
    choose(ctx, away)
    choose(ctx, options(ctx)[0])
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert f"to:{east}" in options(ctx)


def test_no_storm_on_the_board_ends_the_task() -> None:
    state = board(line(3))
    assert not can_move_storm(state, content())
    assert idle(start(state, "storm_move", RED, count=1))
