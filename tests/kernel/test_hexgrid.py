"""The hex grid kernel: coordinates, vertices, storms, links and movement."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.hexgrid import (
    Grid,
    Hex,
    Vertex,
    Walk,
    adjacency_pairs,
    breaks,
    disc,
    distance,
    edge,
    edges_of_vertex,
    inner_vertices,
    is_vertex,
    mirror_columns,
    mirror_rows,
    neighbours,
    overlap,
    ring,
    rotate,
    screen_position,
    storm,
    storm_breaks,
    storm_edges,
    storm_moves,
    transform_storm,
    transform_vertex,
    vertex,
    vertex_neighbours,
    vertices_of,
)

coords = st.integers(min_value=-20, max_value=20)
hexes = st.tuples(coords, coords)
ORIGIN: Hex = (0, 0)
DISC2 = disc(ORIGIN, 2)


def bfs_steps(a: Hex, b: Hex) -> int:
    """Distance on the unbounded grid by brute force, to check `distance` against."""
    seen = {a: 0}
    todo = deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            return seen[h]
        for n in neighbours(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                todo.append(n)
    raise AssertionError


# --- hexes -------------------------------------------------------------------------------


def test_neighbours_of_origin() -> None:
    assert set(neighbours(ORIGIN)) == {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


def test_neighbours_are_distinct_and_one_away() -> None:
    h = (3, -7)
    ns = neighbours(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert (2, -6) in ns and (3, -5) not in ns


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [((0, 0), (0, 0), 0), ((0, 0), (2, -1), 2), ((0, 0), (2, 1), 3), ((-3, 1), (2, -3), 5),
     ((1, 1), (-1, -1), 4), ((0, -2), (0, 2), 4)],
)
def test_distance_examples(a: Hex, b: Hex, d: int) -> None:
    assert distance(a, b) == d == distance(b, a)


@given(hexes, hexes)
def test_distance_matches_brute_force(a: Hex, b: Hex) -> None:
    if distance(a, b) <= 6:
        assert distance(a, b) == bfs_steps(a, b)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_rings_and_discs(k: int) -> None:
    r = ring((1, 2), k)
    assert len(r) == len(set(r)) == max(1, 6 * k)
    assert all(distance((1, 2), h) == k for h in r)
    assert len(set(disc((1, 2), k))) == 1 + 3 * k * (k + 1)


@given(hexes, hexes)
def test_symmetries_preserve_distance(a: Hex, b: Hex) -> None:
    for f in (rotate, mirror_rows, mirror_columns):
        assert distance(f(a), f(b)) == distance(a, b)
    assert rotate(a, 6) == a
    assert mirror_rows(mirror_rows(a)) == a
    assert mirror_columns(mirror_columns(a)) == a
    assert mirror_rows(mirror_columns(a)) == rotate(a, 3)


def test_rotate_is_clockwise_on_screen_and_mirrors_are_horizontal_and_vertical() -> None:
    x0, y0 = screen_position((1, 0))
    x1, y1 = screen_position(rotate((1, 0)))
    # y grows downwards: clockwise on screen is a positive angle
    assert math.isclose(math.atan2(y1, x1) - math.atan2(y0, x0), math.pi / 3)
    for h in [(2, -1), (-3, 2), (1, 1)]:
        x, y = screen_position(h)
        assert all(map(math.isclose, screen_position(mirror_rows(h)), (x, -y)))
        assert all(map(math.isclose, screen_position(mirror_columns(h)), (-x, y)))


# --- vertices ----------------------------------------------------------------------------


def test_vertices_of_a_hex() -> None:
    vs = vertices_of((2, -1))
    assert len(set(vs)) == 6
    for v in vs:
        assert is_vertex(v)
        assert (2, -1) in v
        for h in v:  # a corner belongs to each of its three hexes
            assert v in vertices_of(h)


def test_vertex_canonical_form() -> None:
    v = vertex((1, 0), (0, 0), (1, -1))
    assert v == ((0, 0), (1, -1), (1, 0))
    assert vertex((1, -1), (1, 0), (0, 0)) == v
    assert is_vertex(v)
    assert not is_vertex(((1, 0), (0, 0), (1, -1)))  # not sorted
    assert not is_vertex(((0, 0), (1, 0), (2, 0)))
    with pytest.raises(ValueError):
        vertex((0, 0), (1, 0), (2, 0))
    with pytest.raises(ValueError):
        vertex((0, 0), (0, 1), (1, 1))  # (0, 0) and (1, 1) do not touch


def test_vertex_neighbours_are_one_edge_away() -> None:
    v = vertex((0, 0), (1, 0), (1, -1))
    ns = vertex_neighbours(v)
    assert set(ns) == {
        vertex((0, 0), (1, 0), (0, 1)),
        vertex((0, 0), (1, -1), (0, -1)),
        vertex((1, 0), (1, -1), (2, -1)),
    }
    for n in ns:
        shared = set(n) & set(v)
        assert len(shared) == 2  # the edge between the two corners
        assert v in vertex_neighbours(n)
    assert {tuple(sorted(set(n) & set(v))) for n in ns} == set(edges_of_vertex(v))


def test_edges_of_vertex() -> None:
    v = vertex((0, 0), (0, 1), (-1, 1))
    edges = edges_of_vertex(v)
    assert len(set(edges)) == 3
    assert all(edge(a, b) == (a, b) for a, b in edges)


@given(hexes, st.integers(min_value=0, max_value=5), st.integers(min_value=0, max_value=5))
def test_vertex_symmetries(h: Hex, i: int, k: int) -> None:
    v = vertices_of(h)[i]
    w = transform_vertex(v, lambda x: rotate(x, k))
    assert is_vertex(w)
    assert set(vertex_neighbours(w)) == {
        transform_vertex(n, lambda x: rotate(x, k)) for n in vertex_neighbours(v)
    }


def test_breaks_counts_map_adjacencies() -> None:
    hexes = set(DISC2)
    assert breaks(vertex((0, 0), (1, 0), (1, -1)), hexes) == 3
    assert breaks(vertex((2, 0), (2, -1), (3, -1)), hexes) == 1  # rim: two map hexes
    assert breaks(vertex((2, 0), (3, 0), (3, -1)), hexes) == 0  # one map hex
    assert breaks(vertex((5, 0), (6, 0), (6, -1)), hexes) == 0


# --- storms and links --------------------------------------------------------------------

CENTRE = vertex((0, 0), (1, 0), (1, -1))


def test_storm_cuts_off_one_hex_of_its_vertex() -> None:
    s = storm(CENTRE, (0, 0))
    calm = Grid(DISC2)
    stormy = Grid(DISC2, [s])
    assert storm_edges(s) == (((0, 0), (1, -1)), ((0, 0), (1, 0)))
    assert adjacency_pairs(calm) - adjacency_pairs(stormy) == set(storm_edges(s))
    assert stormy.broken_edges() == set(storm_edges(s))
    assert not stormy.are_adjacent((0, 0), (1, 0))
    assert not stormy.are_adjacent((1, -1), (0, 0))
    assert stormy.are_adjacent((1, 0), (1, -1))  # the edge between the other two stays open
    assert stormy.are_adjacent((0, 0), (0, 1))  # other edges of those hexes stand


def test_each_orientation_breaks_its_own_pair_of_edges() -> None:
    broken = [storm_breaks(storm(CENTRE, cut), set(DISC2)) for cut in CENTRE]
    assert all(len(b) == 2 for b in broken)
    assert len(set(broken)) == 3
    assert set().union(*broken) == set(edges_of_vertex(CENTRE))


def test_rim_storm_breaks_one_adjacency_or_none() -> None:
    v = vertex((2, 0), (2, -1), (3, -1))  # (3, -1) is off the map
    for cut in ((2, 0), (2, -1)):
        stormy = Grid(DISC2, [storm(v, cut)])
        assert adjacency_pairs(Grid(DISC2)) - adjacency_pairs(stormy) == {((2, -1), (2, 0))}
    assert storm_breaks(storm(v, (3, -1)), set(DISC2)) == frozenset()


def test_storm_given_unsorted_is_canonicalised() -> None:
    grid = Grid(DISC2, [([(1, -1), (1, 0), (0, 0)], (1, 0))])
    assert grid.storms == {(((0, 0), (1, -1), (1, 0)), (1, 0))}
    with pytest.raises(ValueError):
        Grid(DISC2, [([(0, 0), (1, 0), (2, 0)], (0, 0))])  # not a vertex
    with pytest.raises(ValueError):
        storm(CENTRE, (0, 1))  # not a hex of the vertex


def test_storms_overlap_on_one_vertex_or_along_one_edge() -> None:
    other_end = vertex((0, 0), (1, 0), (0, 1))  # the other end of the edge (0,0)-(1,0)
    assert overlap(storm(CENTRE, (0, 0)), storm(CENTRE, (1, 0)))
    assert overlap(storm(CENTRE, (0, 0)), storm(other_end, (1, 0)))  # both on (0,0)-(1,0)
    assert not overlap(storm(CENTRE, (1, -1)), storm(other_end, (0, 1)))


def test_links_add_adjacency_both_ways_and_storms_do_not_break_them() -> None:
    grid = Grid(DISC2, [storm(CENTRE, (0, 0))], {(0, 0): {(2, -2), (1, 0), (0, 0)}})
    assert grid.are_adjacent((0, 0), (2, -2)) and grid.are_adjacent((2, -2), (0, 0))
    assert (0, 0) in grid.adjacent((2, -2))
    assert grid.are_adjacent((1, 0), (0, 0))  # linked across the storm
    assert (0, 0) not in grid.adjacent((0, 0))
    assert grid.path_distance((2, -2), (-2, 2)) == 3
    assert grid.links == {((0, 0), (2, -2)), ((0, 0), (1, 0))}


def test_link_off_the_map_is_refused() -> None:
    with pytest.raises(ValueError):
        Grid(DISC2, links={(0, 0): [(9, 9)]})


def test_with_storms_keeps_links_and_move_storm_checks() -> None:
    v = storm(CENTRE, (0, 0))
    w = storm(vertex((0, 0), (1, 0), (0, 1)), (0, 0))
    grid = Grid(DISC2, [v], {(2, 0): [(-2, 0)]})
    moved = grid.move_storm(v, w)
    assert moved.storms == {w}
    assert moved.are_adjacent((2, 0), (-2, 0))
    assert moved.are_adjacent((1, -1), (0, 0)) and not moved.are_adjacent((0, 1), (0, 0))
    with pytest.raises(ValueError):
        grid.move_storm(w, v)  # no storm there
    apart = storm(vertex((0, 0), (1, 0), (0, 1)), (0, 1))
    with pytest.raises(ValueError):
        Grid(DISC2, [v, apart]).move_storm(apart, storm(CENTRE, (1, 0)))  # storms can't overlap
    assert grid.storms == {v}  # grids never change


def test_adjacency_outside_the_map() -> None:
    grid = Grid(DISC2)
    with pytest.raises(KeyError):
        grid.adjacent((5, 5))
    assert not grid.are_adjacent((5, 5), (4, 5))
    assert (0, 0) in grid and (5, 5) not in grid and len(grid) == 19


# --- distances and movement --------------------------------------------------------------

# A corridor: (0,0) (1,0) (2,0) (3,0) along row 0, and (0,1) (1,1) (2,1) below it.
CORRIDOR = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1)]
GATE = storm(vertex((1, 0), (2, 0), (1, 1)), (2, 0))  # (2,0) cut off from (1,0) and (1,1)


def test_path_distance_honours_storms() -> None:
    calm = Grid(CORRIDOR)
    assert calm.path_distance((0, 0), (3, 0)) == 3
    # cut (2,0) off from (1,0) and (1,1): the detour goes below
    cut = Grid(CORRIDOR, [GATE])
    assert cut.path_distance((0, 0), (3, 0)) == 4
    assert cut.distances_from((0, 0))[(2, 0)] == 4
    # and a second storm, cutting (2,1) off from (1,1) and (2,0), closes the last way round
    closed = Grid(CORRIDOR, [GATE, storm(vertex((2, 0), (2, 1), (1, 1)), (2, 1))])
    assert closed.path_distance((0, 0), (3, 0)) is None
    assert not closed.is_connected() and cut.is_connected()


def test_reachable_counts_fewest_steps() -> None:
    grid = Grid(DISC2)
    found = grid.reachable((0, 0), 1)
    assert found == {(0, 0): 0, **{n: 1 for n in neighbours((0, 0))}}
    assert grid.reachable((-2, 0), 2)[(0, 0)] == 2
    assert (1, 0) not in grid.reachable((-2, 0), 2)
    assert grid.reachable((-2, 0), 4).keys() == set(DISC2)
    assert grid.reachable((0, 0), 0) == {(0, 0): 0}


def test_reachable_with_storm() -> None:
    grid = Grid(CORRIDOR, [GATE])
    # (2,0) only by (2,1) or (3,0): 4 away, too far
    assert grid.reachable((0, 0), 3) == {(0, 0): 0, (1, 0): 1, (0, 1): 1, (1, 1): 2, (2, 1): 3}
    assert grid.reachable((0, 0), 4)[(2, 0)] == 4


def test_reachable_stops_on_entering_block_movement() -> None:
    grid = Grid(CORRIDOR)
    blocked = {(1, 0)}
    found = grid.reachable((0, 0), 3, stop_on_enter=blocked)
    assert found[(1, 0)] == 1  # may end there
    assert found[(2, 0)] == 3  # but not pass through: around by row 1
    only_row = Grid([(0, 0), (1, 0), (2, 0), (3, 0)])
    assert only_row.reachable((0, 0), 3, stop_on_enter=blocked) == {(0, 0): 0, (1, 0): 1}
    # a predicate works like a set
    assert only_row.reachable((0, 0), 3, stop_on_enter=lambda h: h == (1, 0)) == {
        (0, 0): 0, (1, 0): 1,
    }


def test_reachable_leaving_block_movement_moves_one() -> None:
    grid = Grid(DISC2)
    found = grid.reachable((0, 0), 3, blocked_exit={(0, 0)})
    assert found == {(0, 0): 0, **{n: 1 for n in neighbours((0, 0))}}
    # starting elsewhere, the block-movement sector is entered and ends the movement
    assert grid.reachable((-1, 0), 3, blocked_exit={(0, 0)})[(2, 0)] == 3
    assert grid.reachable((-1, 0), 3, stop_on_enter={(0, 0)})[(1, 0)] == 3  # round it


def test_paths_enumerate_every_sector_passed_through() -> None:
    grid = Grid(CORRIDOR, [GATE])
    paths = list(grid.paths((0, 0), 3))
    assert len(paths) == len(set(paths))
    for p in paths:
        assert p[0] == (0, 0) and 1 <= len(p) - 1 <= 3
        assert len(set(p)) == len(p)
        assert all(grid.are_adjacent(a, b) for a, b in itertools.pairwise(p))
    assert {p[-1] for p in paths} == set(grid.reachable((0, 0), 3)) - {(0, 0)}
    assert ((0, 0), (0, 1), (1, 1), (2, 1)) in paths
    assert ((0, 0), (1, 0), (2, 0)) not in paths  # the storm is in the way
    stopped = list(grid.paths((0, 0), 3, stop_on_enter={(1, 1)}))
    assert all((1, 1) not in p[1:-1] for p in stopped)
    assert list(grid.paths((0, 0), 3, blocked_exit={(0, 0)})) == [
        ((0, 0), n) for n in sorted(grid.adjacent((0, 0)))
    ]
    assert list(grid.paths((0, 0), 3)) == paths  # deterministic


def test_walk_step_by_step() -> None:
    grid = Grid(CORRIDOR)
    walk = grid.start_walk((0, 0), 2)
    assert walk == Walk(((0, 0),), 2) and walk.entered == ()
    assert grid.walk_options(walk) == grid.adjacent((0, 0))
    walk = grid.walk_to(walk, (1, 0))
    walk = grid.walk_to(walk, (2, 0))
    assert walk.finished and walk.position == (2, 0) and walk.entered == ((1, 0), (2, 0))
    assert grid.walk_options(walk) == frozenset()
    with pytest.raises(ValueError):
        grid.walk_to(walk, (3, 0))
    with pytest.raises(ValueError):
        grid.walk_to(grid.start_walk((0, 0), 2), (2, 0))  # not adjacent


def test_walk_stops_and_blocked_exit() -> None:
    grid = Grid(CORRIDOR)
    stopped = grid.walk_to(grid.start_walk((0, 0), 3), (1, 0), stop=True)
    assert stopped.finished and stopped.path == ((0, 0), (1, 0))
    slow = grid.start_walk((0, 0), 3, blocked_exit={(0, 0)})
    assert slow.steps_left == 1
    assert grid.walk_to(slow, (0, 1)).finished


# --- storm placement ---------------------------------------------------------------------


def test_inner_storm_goes_to_three_vertices_in_any_orientation() -> None:
    found = storm_moves(set(DISC2), storm(CENTRE, (0, 0)))
    assert {v for v, _ in found} == set(vertex_neighbours(CENTRE))
    assert len(found) == 9  # three intersections, three ways to turn on each


def test_placements_overlapping_another_storm_are_out() -> None:
    s = storm(CENTRE, (0, 0))
    taken = vertex((0, 0), (1, 0), (0, 1))
    other = storm(taken, (0, 1))  # lies along (0,0)-(0,1) and (0,1)-(1,0)
    found = storm_moves(set(DISC2), s, [other])
    assert taken not in {v for v, _ in found}
    assert len(found) == 6
    grid = Grid(DISC2, [s, other])
    assert grid.storm_candidates(s) == found
    # a storm at the far end of the edge (1,-1)-(2,-1), lying along it, rules out the two
    # turns that would lie along it from this end
    near = vertex((1, -1), (1, 0), (2, -1))
    far_end = storm(vertex((1, -1), (2, -2), (2, -1)), (2, -1))
    found = storm_moves(set(DISC2), s, [far_end])
    assert len(found) == 7
    assert storm(near, (1, 0)) in found
    assert storm(near, (1, -1)) not in found and storm(near, (2, -1)) not in found


def test_three_sector_intersections_come_first() -> None:
    # (2,-1),(2,0),(1,0) is inside; its neighbours: one inner, two on the rim
    s = storm(vertex((1, 0), (2, -1), (2, 0)), (1, 0))
    inner = [n for n in vertex_neighbours(s[0]) if breaks(n, set(DISC2)) == 3]
    assert len(inner) == 2
    assert {v for v, _ in storm_moves(set(DISC2), s)} == set(inner)
    # a rim storm: only the inner neighbour, in its three orientations
    rim = storm(vertex((2, -1), (2, 0), (3, -1)), (2, 0))
    inside = vertex((1, 0), (2, -1), (2, 0))
    assert storm_moves(set(DISC2), rim) == tuple(storm(inside, cut) for cut in inside)


def test_without_intersections_break_as_many_as_possible() -> None:
    rim = storm(vertex((2, -1), (2, 0), (3, -1)), (2, 0))
    inside = vertex((1, 0), (2, -1), (2, 0))
    others = [storm(inside, (1, 0))]  # its vertex taken; the rest touch one map hex each
    assert storm_moves(set(DISC2), rim, others) == ()
    # a line of hexes has no 3-sector intersections: a rim placement breaking the one edge
    # there wins; its two orientations that do so are one choice
    line = {(0, 0), (1, 0), (2, 0)}
    s = storm(vertex((0, 0), (1, 0), (1, -1)), (0, 0))
    below = vertex((0, 0), (0, 1), (1, 0))
    assert storm_moves(line, s) == (storm(below, (0, 0)),)
    assert storm_breaks(storm(below, (1, 0)), line) == storm_breaks(storm(below, (0, 0)), line)
    assert storm_moves(line, s, [storm(below, (0, 1))]) == ()


def test_candidates_are_sorted_and_stable() -> None:
    found = storm_moves(set(DISC2), storm(CENTRE, (1, 0)))
    assert list(found) == sorted(found)
    assert found == storm_moves(set(DISC2), storm(list(reversed(CENTRE)), (1, 0)))


def test_a_symmetry_carries_a_storm_with_its_orientation() -> None:
    s = storm(CENTRE, (0, 0))
    turned = transform_storm(s, lambda h: rotate(h, 3))
    assert turned == storm(vertex((0, 0), (-1, 0), (-1, 1)), (0, 0))
    assert Grid(DISC2, [turned]).broken_edges() == {
        tuple(sorted((rotate(a, 3), rotate(b, 3)))) for a, b in storm_edges(s)}


def test_inner_vertices_of_a_disc() -> None:
    # a radius-2 hexagon has 24 corners shared by three of its hexes
    assert len(inner_vertices(DISC2)) == 24
    assert all(breaks(v, set(DISC2)) == 3 for v in inner_vertices(DISC2))


def test_adjacency_is_symmetric_on_a_stormy_linked_map() -> None:
    storms = [storm(v, v[0]) for v in sorted(inner_vertices(DISC2))[::5]]
    grid = Grid(disc(ORIGIN, 3), storms, {(3, 0): [(-3, 0)]})
    for a in grid.hexes:
        for b in grid.adjacent(a):
            assert a in grid.adjacent(b)


@given(st.sets(st.sampled_from(sorted(inner_vertices(DISC2))), max_size=6),
       st.lists(st.tuples(st.sampled_from(DISC2), st.sampled_from(DISC2)), max_size=3))
def test_adjacency_is_the_edges_no_storm_breaks_and_the_links(
        vertices: set[Vertex], links: list[tuple[Hex, Hex]]) -> None:
    # Grids share the map's own adjacency and work out only the hexes a storm or a link
    # touches: every hex must still read as its definition says.
    storms = [storm(v, v[0]) for v in sorted(vertices)]
    linked: dict[Hex, list[Hex]] = {}
    for a, b in links:
        linked.setdefault(a, []).append(b)
    grid = Grid(DISC2, storms, linked)
    broken = {e for s in grid.storms for e in storm_edges(s)}
    pairs = {frozenset(pair) for pair in links if pair[0] != pair[1]}
    for h in DISC2:
        expected = {n for n in neighbours(h) if n in grid and edge(h, n) not in broken}
        expected |= {n for n in DISC2 if frozenset((h, n)) in pairs}
        assert grid.adjacent(h) == expected
