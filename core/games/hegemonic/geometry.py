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
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Geometry:
    shape: Shape
    dist: tuple[tuple[int, ...], ...]  # hexes between two sectors, through gates

    @property
    def adjacent(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.adjacent

    @property
    def plain(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.plain

    @property
    def borders(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.borders


_SHAPES: dict[str, Shape] = {}
_GEOMETRIES: dict[tuple[str, tuple[tuple[int, int], ...]], Geometry] = {}


def _bfs(adjacent: Sequence[Sequence[int]], start: int) -> tuple[int, ...]:
    found = [FAR] * len(adjacent)
    found[start] = 0
    frontier = deque([start])
    while frontier:
        h = frontier.popleft()
        for n in adjacent[h]:
            if found[n] == FAR:
                found[n] = found[h] + 1
                frontier.append(n)
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
                      tuple(_crossings(adjacent, boards, i) for i in range(len(adjacent))))
        if state.map_key:
            if len(_SHAPES) > _CACHE_LIMIT:
                _SHAPES.clear()
            _SHAPES[state.map_key] = shape
    return shape


def links(state: State) -> tuple[tuple[int, int], ...]:
    """Every gate pair on the map, as sorted sector pairs, sorted."""
    pairs = {(min(g), max(g)) for p in state.players for g in p.gates if g}
    return tuple(sorted(pairs))


def geometry(state: State) -> Geometry:
    key = (state.map_key, links(state))
    found = _GEOMETRIES.get(key)
    if found is not None and state.map_key:
        return found
    shape = shape_of(state)
    if not key[1]:
        found = Geometry(shape, shape.plain)
    else:
        adjacent = [list(a) for a in shape.adjacent]
        for a, b in key[1]:
            adjacent[a].append(b)
            adjacent[b].append(a)
        found = Geometry(shape, tuple(_bfs(adjacent, i) for i in range(len(adjacent))))
    if state.map_key:
        if len(_GEOMETRIES) > _CACHE_LIMIT:
            _GEOMETRIES.clear()
        _GEOMETRIES[key] = found
    return found


def within(geo: Geometry, sources: Sequence[tuple[int, int]]) -> list[bool]:
    """Which sectors lie within range of any of ``sources`` (sector, range)."""
    reach = [False] * len(geo.dist)
    for sector, rng in sources:
        row = geo.dist[sector]
        for t, d in enumerate(row):
            if d <= rng:
                reach[t] = True
    return reach
