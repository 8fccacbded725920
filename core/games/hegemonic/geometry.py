"""The map as the rules measure it: sectors, adjacency, ranges and the costs of moving.

Sectors are every hex of the placed boards but the Center, which is out of play for all
purposes: nothing is measured through it. Empty hexes (no tile yet) are hexes like any
other for range and movement. Quantum Gates make their two sectors adjacent for everyone
and everything, except when a new pair is placed (its reach is measured without gates)
and for Agents, which never use them.

Distances are worked out once per map shape and gate network and kept in a small cache,
since bots clone a position thousands of times without changing either.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.games.hegemonic.state import State
from core.hexgrid import neighbours

FAR = 999  # farther than anything on a map
_CACHE_LIMIT = 512


@dataclass(frozen=True, slots=True)
class Shape:
    """A map's shape without gates: adjacency, plain distances and border crossings."""

    adjacent: tuple[tuple[int, ...], ...]
    plain: tuple[tuple[int, ...], ...]  # hexes between two sectors, gates ignored
    borders: tuple[tuple[int, ...], ...]  # fewest Galaxy Board borders an Agent crosses
    boards: tuple[int, ...]  # the boards the sectors are on, in order


@dataclass(frozen=True, slots=True)
class Geometry:
    shape: Shape
    dist: tuple[tuple[int, ...], ...]  # hexes between two sectors, through gates
    # (sector, distance) -> the sectors that near, in order: asked at every step of a turn
    balls: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, compare=False,
                                                          repr=False)

    @property
    def adjacent(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.adjacent

    @property
    def plain(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.plain

    @property
    def borders(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.borders

    def ball(self, sector: int, distance: int) -> tuple[int, ...]:
        """The sectors within ``distance`` of ``sector`` (through gates), in order."""
        found = self.balls.get((sector, distance))
        if found is None:
            found = self.balls[(sector, distance)] = tuple(
                t for t, d in enumerate(self.dist[sector]) if d <= distance)
        return found


_SHAPES: dict[str, Shape] = {}
_GEOMETRIES: dict[tuple[str, tuple[tuple[int, int], ...]], Geometry] = {}


def _bfs(adjacent: Sequence[Sequence[int]], start: int) -> tuple[int, ...]:
    """Breadth-first, a ring at a time (every new gate network asks it of every sector)."""
    found = [FAR] * len(adjacent)
    found[start] = 0
    ring = [start]
    distance = 0
    while ring:
        distance += 1
        outer = []
        for h in ring:
            for n in adjacent[h]:
                if found[n] == FAR:
                    found[n] = distance
                    outer.append(n)
        ring = outer
    return tuple(found)


def _crossings(adjacent: Sequence[Sequence[int]], boards: Sequence[int], start: int
               ) -> tuple[int, ...]:
    """0-1 breadth-first search: a step costs 1 when it leaves a board for another."""
    found = [FAR] * len(adjacent)
    found[start] = 0
    frontier = deque([start])
    while frontier:
        h = frontier.popleft()
        for n in adjacent[h]:
            step = 0 if boards[n] == boards[h] else 1
            if found[h] + step < found[n]:
                found[n] = found[h] + step
                if step:
                    frontier.append(n)
                else:
                    frontier.appendleft(n)
    return tuple(found)


def shape_of(state: State) -> Shape:
    shape = _SHAPES.get(state.map_key)
    if shape is None or not state.map_key:
        index = {(s.q, s.r): i for i, s in enumerate(state.sectors)}
        adjacent = tuple(tuple(index[n] for n in neighbours((s.q, s.r)) if n in index)
                         for s in state.sectors)
        boards = [s.board for s in state.sectors]
        shape = Shape(adjacent, tuple(_bfs(adjacent, i) for i in range(len(adjacent))),
                      tuple(_crossings(adjacent, boards, i) for i in range(len(adjacent))),
                      tuple(sorted(set(boards))))
        if state.map_key:
            if len(_SHAPES) > _CACHE_LIMIT:
                _SHAPES.clear()
            _SHAPES[state.map_key] = shape
    return shape


def links(state: State) -> tuple[tuple[int, int], ...]:
    """Every gate pair on the map, as sorted sector pairs, sorted."""
    built = [g for p in state.players for g in p.gates if g]
    if not built:  # the usual case, asked at every step of a turn
        return ()
    return tuple(sorted({(min(g), max(g)) for g in built}))


def geometry(state: State) -> Geometry:
    key = (state.map_key, links(state))
    found = _GEOMETRIES.get(key)
    if found is not None and state.map_key:
        return found
    shape = shape_of(state)
    found = Geometry(shape, _through(state.map_key, shape, key[1]))
    if state.map_key:
        if len(_GEOMETRIES) > _CACHE_LIMIT:
            _GEOMETRIES.clear()
        _GEOMETRIES[key] = found
    return found


def _through(map_key: str, shape: Shape, pairs: tuple[tuple[int, int], ...]
             ) -> tuple[tuple[int, ...], ...]:
    """The distances through the gate ``pairs``: from the network one pair smaller when it
    is kept (pairs are built one at a time), else from the map's, a pair at a time."""
    for i, (a, b) in enumerate(pairs):
        smaller = _GEOMETRIES.get((map_key, pairs[:i] + pairs[i + 1:])) if map_key else None
        if smaller is not None:
            return _joined(smaller.dist, a, b)
    dist = shape.plain
    for a, b in pairs:
        dist = _joined(dist, a, b)
    return dist


def _joined(dist: tuple[tuple[int, ...], ...], a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The distances once a pair makes ``a`` and ``b`` adjacent. A shortest path crosses the
    new link at most once; it shortens the way from a sector only if that sector is two
    hexes or more nearer one end than the other, and then only through the nearer end."""
    to_a, to_b = dist[a], dist[b]
    rows = []
    for row in dist:
        via_a, via_b = row[a] + 1, row[b] + 1
        if via_a < row[b]:
            rows.append(tuple(map(min, row, map(via_a.__add__, to_b))))
        elif via_b < row[a]:
            rows.append(tuple(map(min, row, map(via_b.__add__, to_a))))
        else:
            rows.append(row)
    return tuple(rows)


def within(geo: Geometry, sources: Sequence[tuple[int, int]]) -> list[bool]:
    """Which sectors lie within range of any of ``sources`` (sector, range)."""
    reach = [False] * len(geo.dist)
    for sector, rng in sources:
        for t in geo.ball(sector, rng):
            reach[t] = True
    return reach
