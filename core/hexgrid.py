"""Hex grid kernel: axial coordinates, vertices, and a map's adjacency.

Pure and ruleset-free. A map is a set of hexes (sectors); a *storm* is an angle whose
vertex sits on a vertex of the grid and whose two sides lie along two of the three edges
meeting there: it cuts one of the three hexes off from the other two, which stay adjacent
(`Storm`); *links* add adjacency between hexes that share no edge (wormholes, gates).
`Grid` precomputes adjacency once, so the hot queries (`adjacent`, `are_adjacent`) are a
dictionary lookup; a Grid is immutable, and a moved storm means a new Grid
(`Grid.with_storms`).

Coordinates are axial `(q, r)` with `s = -q - r`, pointy-top hexes: `r` is the row
(downwards on screen), `q` grows to the right along a row.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

# Hexes, vertices and edges are typed as tuples of any length although they have two,
# three and two items: compiled (``make native``), a tuple of fixed length is kept unboxed
# and boxed again, a new object, each time it goes into a set or a dict, where hexes live;
# typed that way, the compiled grids were slower than the interpreted ones.
Hex = tuple[int, ...]
"""Axial coordinates (q, r)."""

Vertex = tuple[Hex, ...]
"""A corner where three hexes meet: the sorted tuple of those three mutually adjacent hexes."""

Edge = tuple[Hex, ...]
"""Two hexes sharing a side, sorted."""

Storm = tuple[Vertex, Hex]
"""A storm: the vertex it sits on, and the hex of that vertex it cuts off. Its sides lie
along that hex's two edges at the vertex, so the hex loses its adjacency to the other two
hexes of the vertex; those two stay adjacent (the edge between them is open)."""

HexTest = Callable[[Hex], bool] | Container[Hex]
"""A set of hexes, or a predicate on a hex."""

# Consecutive directions are themselves neighbours, so (h, h+D[i], h+D[i+1]) is a vertex.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


# --- hexes -------------------------------------------------------------------------------


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes sharing an edge with `h`, in DIRECTIONS order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an unbounded grid with nothing in the way."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def touching(a: Hex, b: Hex) -> bool:
    """Whether two hexes share an edge (geometry only: no map, no storms)."""
    return distance(a, b) == 1


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly `radius` away from `center`, walking round the ring."""
    if radius < 0:
        raise ValueError(f"negative radius {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h: Hex = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = add(h, DIRECTIONS[side])
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """Hexes at most `radius` away from `center`, centre first then ring by ring."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def rotate(h: Hex, sixths: int = 1) -> Hex:
    """Rotate about (0, 0) by `sixths` x 60 degrees clockwise on screen."""
    q, r = h
    for _ in range(sixths % 6):
        q, r = -r, q + r
    return (q, r)


def mirror_rows(h: Hex) -> Hex:
    """Mirror across the horizontal line through row 0 (upside down)."""
    q, r = h
    return (q + r, -r)


def mirror_columns(h: Hex) -> Hex:
    """Mirror across the vertical line through (0, 0) (left-right)."""
    q, r = h
    return (-q - r, r)


def screen_position(h: Hex) -> tuple[float, float]:
    """Centre of a pointy-top hex of unit size: x to the right, y downwards."""
    q, r = h
    return (3**0.5 * (q + r / 2), 1.5 * r)


# --- vertices and edges ------------------------------------------------------------------


def edge(a: Hex, b: Hex) -> Edge:
    """Canonical edge between two touching hexes."""
    if not touching(a, b):
        raise ValueError(f"{a} and {b} share no edge")
    return (a, b) if a < b else (b, a)


def vertex(a: Hex, b: Hex, c: Hex) -> Vertex:
    """Canonical vertex of three mutually touching hexes (in any order)."""
    if not (touching(a, b) and touching(b, c) and touching(a, c)):
        raise ValueError(f"{a}, {b}, {c} do not meet at a vertex")
    x, y, z = sorted((a, b, c))
    return (x, y, z)


def is_vertex(v: Sequence[Hex]) -> bool:
    """Whether `v` is a vertex in canonical form."""
    if len(v) != 3:
        return False
    a, b, c = v
    return a < b < c and touching(a, b) and touching(b, c) and touching(a, c)


def vertices_of(h: Hex) -> tuple[Vertex, ...]:
    """The six corners of a hex."""
    out: list[Vertex] = []
    for i in range(6):
        d1 = DIRECTIONS[i]
        d2 = DIRECTIONS[(i + 1) % 6]
        x, y, z = sorted((h, add(h, d1), add(h, d2)))
        out.append((x, y, z))
    return tuple(out)


def edges_of_vertex(v: Vertex) -> tuple[Edge, Edge, Edge]:
    """The three edges (hex pairs) that meet at a vertex."""
    a, b, c = v
    return ((a, b), (a, c), (b, c))


def vertex_neighbours(v: Vertex) -> tuple[Vertex, Vertex, Vertex]:
    """The three vertices one edge away.

    Each edge at `v` joins `v` to the vertex at its other end, formed by the edge's two hexes
    and their other common neighbour: reflecting the third hex through the edge gives it
    (`a + b - c`).
    """
    out: list[Vertex] = []
    for i in range(3):
        c = v[i]
        a, b = (v[j] for j in range(3) if j != i)
        other = (a[0] + b[0] - c[0], a[1] + b[1] - c[1])
        x, y, z = sorted((a, b, other))
        out.append((x, y, z))
    return (out[0], out[1], out[2])


def transform_vertex(v: Sequence[Hex], f: Callable[[Hex], Hex]) -> Vertex:
    """Image of a vertex under a grid symmetry `f` (a rotation or a mirror)."""
    a, b, c = v
    return vertex(f(a), f(b), f(c))


def breaks(v: Sequence[Hex], hexes: Container[Hex]) -> int:
    """How many adjacencies between map hexes meet at `v`: 3 where three map hexes meet,
    1 on the rim, or 0."""
    a, b, c = v
    inside = (a in hexes) + (b in hexes) + (c in hexes)
    return 3 if inside == 3 else (1 if inside == 2 else 0)


# --- storms ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)  # storms are few and asked of at every grid built and move
def _canonical_storm(v: Vertex, cut: Hex) -> Storm:
    canonical = vertex(*v)
    if cut not in canonical:
        raise ValueError(f"{cut} is not a hex of the vertex {canonical}")
    return (canonical, cut)


def storm(v: Sequence[Hex], cut: Hex) -> Storm:
    """Canonical storm on vertex `v` (in any order) cutting off `cut`, one of its hexes."""
    return _canonical_storm(tuple(v), cut)


@lru_cache(maxsize=4096)
def storm_edges(s: Storm) -> tuple[Edge, Edge]:
    """The two edges a storm lies along: those of its cut-off hex at its vertex."""
    v, cut = s
    a, b = (h for h in v if h != cut)
    return (edge(cut, a), edge(cut, b))


def storm_breaks(s: Storm, hexes: Container[Hex]) -> frozenset[Edge]:
    """The adjacencies between map hexes that the storm breaks (2 inside the map, at most
    1 on the rim)."""
    return frozenset(e for e in storm_edges(s) if e[0] in hexes and e[1] in hexes)


_Footprint = tuple[frozenset[Vertex], frozenset[Edge]]


def _footprint(storms: Iterable[Storm]) -> _Footprint:
    """The vertices storms stand on and the edges they lie along: what no other storm may
    share. Gathered once for the many placements tested against it."""
    storms = list(storms)
    return (frozenset(s[0] for s in storms),
            frozenset(e for s in storms for e in storm_edges(s)))


def _clashes(s: Storm, taken: _Footprint) -> bool:
    """A storm overlaps others on one vertex, or when it lies along an edge one of them lies
    along (from its two ends)."""
    vertices, edges = taken
    return s[0] in vertices or not edges.isdisjoint(storm_edges(s))


def overlap(s: Storm, t: Storm) -> bool:
    """Whether two storms overlap (see ``_clashes``)."""
    return _clashes(s, _footprint((t,)))


def transform_storm(s: Storm, f: Callable[[Hex], Hex]) -> Storm:
    """Image of a storm under a grid symmetry `f` (a rotation or a mirror)."""
    return (transform_vertex(s[0], f), f(s[1]))


def storm_moves(grid_hexes: Container[Hex], s: Storm,
                others: Iterable[Storm] = ()) -> tuple[Storm, ...]:
    """Where a storm may go: its vertex moves to one of the three vertices one edge away,
    then it turns to any orientation. Placements overlapping another storm are out; of the
    rest, those on vertices where three map hexes meet if there are any, otherwise those
    breaking the most adjacencies. A storm never leaves the map: placements breaking nothing
    are never offered. Placements breaking the same adjacencies on one vertex are one choice
    (the first cut hex in sorted order stands for them). Sorted: deterministic."""
    taken = _footprint(o for o in others if o != s)
    placements = [(n, cut) for n in vertex_neighbours(s[0]) for cut in n
                  if not _clashes((n, cut), taken)]
    if not placements:
        return ()
    inner = [p for p in placements if breaks(p[0], grid_hexes) == 3]
    pool = inner or placements
    best = max(len(storm_breaks(p, grid_hexes)) for p in pool)
    if best == 0:
        return ()
    found: dict[tuple[Vertex, frozenset[Edge]], Storm] = {}
    for p in sorted(pool):
        broken = storm_breaks(p, grid_hexes)
        if len(broken) == best:
            found.setdefault((p[0], broken), p)
    return tuple(sorted(found.values()))


# --- the map -----------------------------------------------------------------------------


def _as_test(test: HexTest) -> Callable[[Hex], bool]:
    if callable(test):
        return test
    return test.__contains__


_NOTHING: frozenset[Hex] = frozenset()


@dataclass(frozen=True, slots=True)
class Walk:
    """A movement in progress, step by step: the hexes so far (start first) and the steps
    still allowed. Every hex after the start was moved into or through."""

    path: tuple[Hex, ...]
    steps_left: int

    @property
    def position(self) -> Hex:
        return self.path[-1]

    @property
    def entered(self) -> tuple[Hex, ...]:
        return self.path[1:]

    @property
    def finished(self) -> bool:
        return self.steps_left <= 0


def _neighbours(h: Hex, hexes: frozenset[Hex], broken: Container[Edge]) -> set[Hex]:
    """The map hexes sharing an edge with ``h`` that no storm breaks, added in DIRECTIONS
    order."""
    near: set[Hex] = set()
    q, r = h
    for dq, dr in DIRECTIONS:
        n = (q + dq, r + dr)
        if n in hexes and ((h, n) if h < n else (n, h)) not in broken:
            near.add(n)
    return near


def _plain_adjacency(hexes: frozenset[Hex]) -> dict[Hex, frozenset[Hex]]:
    """Each hex's neighbours on a map without storms or links, kept for the last few maps."""
    found = _PLAIN.get(hexes)
    if found is None:
        if len(_PLAIN) >= _PLAIN_KEPT:
            _PLAIN.clear()
        found = _PLAIN[hexes] = {h: frozenset(_neighbours(h, hexes, ())) for h in hexes}
    return found


_PLAIN: dict[frozenset[Hex], dict[Hex, frozenset[Hex]]] = {}
_PLAIN_KEPT = 64


class Grid:
    """A map: its hexes, the storms on its vertices and extra links, with adjacency
    precomputed. Adjacency = a shared edge not broken by a storm, or a link (both ways).
    Storms break edges only; links are not edges, so storms never break them."""

    __slots__ = ("_adjacent", "_candidates", "_distances", "_hexes", "_links", "_storms")

    def __init__(
        self,
        hexes: Iterable[Hex],
        storms: Iterable[Storm] = (),
        links: Mapping[Hex, Iterable[Hex]] | None = None,
    ) -> None:
        self._hexes: frozenset[Hex] = frozenset(hexes)
        self._storms: frozenset[Storm] = frozenset(storm(v, cut) for v, cut in storms)
        broken: set[Edge] = set()
        for s in self._storms:
            broken.update(storm_breaks(s, self._hexes))
        pairs: set[Edge] = set()
        for h, targets in (links or {}).items():
            for t in targets:
                if h not in self._hexes or t not in self._hexes:
                    raise ValueError(f"link {h}-{t} leaves the map")
                if h != t:
                    pairs.add((h, t) if h < t else (t, h))
        self._links: frozenset[Edge] = frozenset(pairs)
        # Only the hexes a storm or a link touches differ from the map's own adjacency
        # (bots rebuild grids as storms move); each is worked out as the whole map's is,
        # so that its neighbours are the same set, in the same order.
        plain = _plain_adjacency(self._hexes)
        hexes = self._hexes
        changed: dict[Hex, set[Hex]] = {}
        for pair in (*broken, *pairs):
            for h in pair:
                if h not in changed:
                    changed[h] = _neighbours(h, hexes, broken)
        for a, b in pairs:
            changed[a].add(b)
            changed[b].add(a)
        self._adjacent: dict[Hex, frozenset[Hex]] = dict(plain)
        for h, near in changed.items():
            self._adjacent[h] = frozenset(near)
        self._distances: dict[Hex, dict[Hex, int]] = {}
        self._candidates: dict[Storm, tuple[Storm, ...]] = {}

    # construction of variants

    def with_storms(self, storms: Iterable[Storm]) -> Grid:
        return Grid(self._hexes, storms, self._link_map())

    def with_links(self, links: Mapping[Hex, Iterable[Hex]] | None) -> Grid:
        return Grid(self._hexes, self._storms, links)

    def move_storm(self, old: Storm, new: Storm) -> Grid:
        """The grid after the storm `old` moved to `new` (any placement; see
        `storm_candidates` for where the rules allow)."""
        old, new = storm(*old), storm(*new)
        if old not in self._storms:
            raise ValueError(f"no storm {old}")
        if _clashes(new, _footprint(self._storms - {old})):
            raise ValueError(f"{new} overlaps another storm")
        return self.with_storms((self._storms - {old}) | {new})

    def _link_map(self) -> dict[Hex, set[Hex]]:
        out: dict[Hex, set[Hex]] = {}
        for a, b in self._links:
            out.setdefault(a, set()).add(b)
        return out

    # plain data

    @property
    def hexes(self) -> frozenset[Hex]:
        return self._hexes

    @property
    def storms(self) -> frozenset[Storm]:
        return self._storms

    @property
    def links(self) -> frozenset[Edge]:
        return self._links

    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __len__(self) -> int:
        return len(self._hexes)

    def __repr__(self) -> str:
        return (f"Grid({len(self._hexes)} hexes, {len(self._storms)} storms, "
                f"{len(self._links)} links)")

    # adjacency

    def adjacent(self, h: Hex) -> frozenset[Hex]:
        """Hexes adjacent to `h` (KeyError if `h` is not on the map)."""
        return self._adjacent[h]

    def are_adjacent(self, a: Hex, b: Hex) -> bool:
        adj = self._adjacent.get(a)
        return adj is not None and b in adj

    def broken_edges(self) -> frozenset[Edge]:
        """Edges between map hexes that storms break."""
        return frozenset(e for s in self._storms for e in storm_breaks(s, self._hexes))

    def storm_candidates(self, s: Storm) -> tuple[Storm, ...]:
        """Where the storm `s` may move (see `storm_moves`), worked out once per storm: a
        grid never changes, and the living storms' checks ask at every turn."""
        found = self._candidates.get(s)
        if found is None:
            found = self._candidates[s] = storm_moves(self._hexes, storm(*s), self._storms)
        return found

    # distances

    def distances_from(self, start: Hex) -> Mapping[Hex, int]:
        """Fewest steps from `start` to every hex reachable from it (cached)."""
        cached = self._distances.get(start)
        if cached is None:
            cached = self.reachable(start, len(self._hexes))
            self._distances[start] = cached
        return cached

    def path_distance(self, a: Hex, b: Hex) -> int | None:
        """Fewest steps from `a` to `b` honouring storms and links; None if unreachable."""
        return self.distances_from(a).get(b)

    def is_connected(self) -> bool:
        if not self._hexes:
            return True
        return len(self.distances_from(min(self._hexes))) == len(self._hexes)

    # movement

    def reachable(
        self,
        start: Hex,
        max_steps: int,
        *,
        stop_on_enter: HexTest = _NOTHING,
        blocked_exit: HexTest = _NOTHING,
    ) -> dict[Hex, int]:
        """Every hex a piece on `start` can end on within `max_steps`, with its fewest steps
        (`start` itself at 0).

        `stop_on_enter`: hexes that end a movement when entered (they can be reached, never
        passed through: a blocking movement, a pinned-down unit).
        `blocked_exit`: hexes a movement starting there may leave by one step only.
        """
        if start not in self._adjacent:
            raise KeyError(start)
        stops = _as_test(stop_on_enter)
        if max_steps > 1 and _as_test(blocked_exit)(start):
            max_steps = 1
        found = {start: 0}
        frontier = deque([start])
        while frontier:
            h = frontier.popleft()
            steps = found[h]
            if steps >= max_steps or (h != start and stops(h)):
                continue
            for n in self._adjacent[h]:
                if n not in found:
                    found[n] = steps + 1
                    frontier.append(n)
        return found

    def paths(
        self,
        start: Hex,
        max_steps: int,
        *,
        stop_on_enter: HexTest = _NOTHING,
        blocked_exit: HexTest = _NOTHING,
    ) -> Iterator[tuple[Hex, ...]]:
        """Every simple path of 1 to `max_steps` steps a movement from `start` can take
        (start first), under the same rules as `reachable`. Every hex after the start is
        moved into or through. Sorted order: deterministic."""
        if start not in self._adjacent:
            raise KeyError(start)
        stops = _as_test(stop_on_enter)
        if max_steps > 1 and _as_test(blocked_exit)(start):
            max_steps = 1
        path = [start]

        def extend() -> Iterator[tuple[Hex, ...]]:
            h = path[-1]
            if len(path) > max_steps or (len(path) > 1 and stops(h)):
                return
            for n in sorted(self._adjacent[h]):
                if n in path:
                    continue
                path.append(n)
                yield tuple(path)
                yield from extend()
                path.pop()

        return extend()

    def start_walk(self, start: Hex, max_steps: int, *, blocked_exit: HexTest = _NOTHING) -> Walk:
        """Begin a step-by-step movement (see `walk_options`, `walk_to`)."""
        if start not in self._adjacent:
            raise KeyError(start)
        if max_steps > 1 and _as_test(blocked_exit)(start):
            max_steps = 1
        return Walk((start,), max(max_steps, 0))

    def walk_options(self, walk: Walk) -> frozenset[Hex]:
        """Hexes the next step may enter (nothing once the walk is finished)."""
        return _NOTHING if walk.finished else self._adjacent[walk.position]

    def walk_to(self, walk: Walk, to: Hex, *, stop: bool = False) -> Walk:
        """One step into `to`. `stop=True` when entering `to` ends the movement (the caller
        knows: a revealed block movement event, a pin-down)."""
        if to not in self.walk_options(walk):
            raise ValueError(f"cannot step from {walk.position} to {to}")
        return Walk((*walk.path, to), 0 if stop else walk.steps_left - 1)


def all_vertices(hexes: Iterable[Hex]) -> frozenset[Vertex]:
    """Every vertex touching at least one of `hexes`."""
    return frozenset(v for h in hexes for v in vertices_of(h))


def inner_vertices(hexes: Iterable[Hex]) -> frozenset[Vertex]:
    """Vertices where three of `hexes` meet."""
    pool = frozenset(hexes)
    return frozenset(v for v in all_vertices(pool) if all(h in pool for h in v))


def adjacency_pairs(grid: Grid) -> frozenset[Edge]:
    """Every adjacent pair of the grid, sorted pairs: handy for comparing grids."""
    return frozenset(
        (a, b) for a in grid.hexes for b in grid.adjacent(a) if a < b
    )


__all__ = [
    "DIRECTIONS",
    "Edge",
    "Grid",
    "Hex",
    "HexTest",
    "Storm",
    "Vertex",
    "Walk",
    "add",
    "adjacency_pairs",
    "all_vertices",
    "breaks",
    "disc",
    "distance",
    "edge",
    "edges_of_vertex",
    "inner_vertices",
    "is_vertex",
    "mirror_columns",
    "mirror_rows",
    "neighbours",
    "overlap",
    "ring",
    "rotate",
    "screen_position",
    "storm",
    "storm_breaks",
    "storm_edges",
    "storm_moves",
    "touching",
    "transform_storm",
    "transform_vertex",
    "vertex",
    "vertex_neighbours",
    "vertices_of",
]
