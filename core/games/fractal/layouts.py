"""Fractal's six map layouts (the rulebook's Galactic atlas): extended and compact, for 2,
3 and 4 players.

The rulebook's map pictures are not available, so the layouts are designed here (see
docs/fractal-maps.md). Each layout is built from one seat's share of the map and the symmetry that
carries it to the other seats, so every seat sees the same map around it:

- 2 players: half-turn symmetry (seat 1 = seat 0 rotated 180 degrees);
- 3 players: third-turn symmetry (seat k = seat 0 rotated k x 120 degrees clockwise);
- 4 players: a hex grid has no quarter-turn, so the map is symmetric under both mirrors
  (left-right and top-bottom) and the half-turn; the four seats are the four images of one
  corner start, and each is carried to each other one by a symmetry of the whole map.

Symmetry carries storms too, so distances honouring storms are the same for every seat.
Hexes on a mirror line are shared by two seats (equally far from both).

Roles: "utopian" (the centre, (0, 0)), "start:<seat>" (seats 0-based, clockwise from the
first), "non_habitable", "productive", and "variable" (filled at setup with the shuffled
mystery, biodiverse and arid sectors, `Layout.variable_counts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.games.fractal import GAME, MAPS
from core.hexgrid import (
    Grid,
    Hex,
    Storm,
    breaks,
    mirror_columns,
    mirror_rows,
    overlap,
    rotate,
    storm,
    transform_storm,
)

UTOPIAN = "utopian"
NON_HABITABLE = "non_habitable"
PRODUCTIVE = "productive"
VARIABLE = "variable"
START = "start"
FIXED_ROLES = (UTOPIAN, NON_HABITABLE, PRODUCTIVE)
VARIABLE_SECTORS = ("mystery", "biodiverse", "arid")
NAMES = MAPS  # as the declaration offers them
PLAYER_COUNTS = GAME.players
CENTRE: Hex = (0, 0)


def start_role(seat: int) -> str:
    return f"{START}:{seat}"


def seat_of(role: str) -> int | None:
    """The seat of a "start:<seat>" role, None for any other role."""
    kind, _, seat = role.partition(":")
    return int(seat) if kind == START and seat else None


@dataclass(frozen=True, slots=True)
class LayoutCounts:
    """One map of the rulebook's Galactic atlas, as counted there."""

    utopian: int
    starting: int
    non_habitable: int
    productive: int
    storms: int
    mystery: int
    biodiverse: int
    arid: int

    @property
    def sectors(self) -> int:
        return (self.utopian + self.starting + self.non_habitable + self.productive
                + self.mystery + self.biodiverse + self.arid)


# The Galactic atlas section of the rulebook, copied number for number.
COUNTS: dict[tuple[str, int], LayoutCounts] = {
    ("extended", 2): LayoutCounts(1, 2, 4, 4, 2, 2, 2, 4),
    ("extended", 3): LayoutCounts(1, 3, 3, 6, 3, 3, 3, 6),
    ("extended", 4): LayoutCounts(1, 4, 6, 8, 4, 4, 4, 8),
    ("compact", 2): LayoutCounts(1, 2, 2, 2, 2, 2, 2, 2),
    ("compact", 3): LayoutCounts(1, 3, 3, 3, 3, 3, 3, 3),
    ("compact", 4): LayoutCounts(1, 4, 6, 4, 4, 4, 4, 4),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """A map layout: every hex with its role, and the fixed living storms (each on a vertex,
    cutting off one of its hexes: `core.hexgrid.Storm`)."""

    name: str
    players: int
    hexes: tuple[tuple[Hex, str], ...]
    storms: tuple[Storm, ...]

    def starts(self) -> tuple[Hex, ...]:
        """Starting sectors in seat order."""
        by_seat = {seat_of(role): h for h, role in self.hexes if seat_of(role) is not None}
        return tuple(by_seat[seat] for seat in range(self.players))

    def positions(self, role: str) -> tuple[Hex, ...]:
        """Hexes with exactly this role ("start" gives every start, in seat order)."""
        if role == START:
            return self.starts()
        return tuple(h for h, r in self.hexes if r == role)

    def roles(self) -> dict[Hex, str]:
        return dict(self.hexes)

    def role_of(self, h: Hex) -> str:
        for other, role in self.hexes:
            if other == h:
                return role
        raise KeyError(h)

    def variable_counts(self) -> dict[str, int]:
        """How many mystery, biodiverse and arid sectors fill the variable positions."""
        entry = COUNTS[(self.name, self.players)]
        return {"mystery": entry.mystery, "biodiverse": entry.biodiverse, "arid": entry.arid}

    def variable_sectors(self) -> tuple[str, ...]:
        """The variable sectors to shuffle onto `positions("variable")`, in a fixed order."""
        counts = self.variable_counts()
        return tuple(kind for kind in VARIABLE_SECTORS for _ in range(counts[kind]))

    def grid(self) -> Grid:
        """The map's adjacency at setup (fixed storms, no wormholes yet)."""
        return Grid((h for h, _ in self.hexes), self.storms)


# --- construction by symmetry ------------------------------------------------------------

Symmetry = Callable[[Hex], Hex]


def _identity(h: Hex) -> Hex:
    return h


def _half_turn(h: Hex) -> Hex:
    return rotate(h, 3)


def _third_turn(h: Hex) -> Hex:
    return rotate(h, 2)


def _two_thirds_turn(h: Hex) -> Hex:
    return rotate(h, 4)


# Group elements in seat order: the image of seat 0's start under element k is seat k's,
# going clockwise round the map.
HALF_TURN: tuple[Symmetry, ...] = (_identity, _half_turn)
THIRD_TURN: tuple[Symmetry, ...] = (_identity, _third_turn, _two_thirds_turn)
# Seat 0 starts top-left; its images: top-right, bottom-right, bottom-left.
MIRRORS: tuple[Symmetry, ...] = (_identity, mirror_columns, _half_turn, mirror_rows)


def _build(
    name: str,
    group: Sequence[Symmetry],
    share: Sequence[tuple[Hex, str]],
    seat_storm: Storm,
) -> Layout:
    """Layout from seat 0's share of the map (one hex per orbit, start role "start") and one
    storm; the group's images give the rest."""
    roles: dict[Hex, str] = {CENTRE: UTOPIAN}
    for h, role in share:
        images = [g(h) for g in group]
        for seat, image in enumerate(images):
            assigned = start_role(seat) if role == START else role
            if role == START and len(set(images)) != len(images):
                raise ValueError(f"start {h} lies on a symmetry axis")
            if roles.get(image, assigned) != assigned:
                raise ValueError(f"{name}: {image} is both {roles[image]} and {assigned}")
            roles[image] = assigned
    storms = sorted({transform_storm(storm(*seat_storm), g) for g in group})
    hexes = tuple(sorted(roles.items(), key=lambda item: (item[0][1], item[0][0])))
    layout = Layout(name, len(group), hexes, tuple(storms))
    _check(layout)
    return layout


def _check(layout: Layout) -> None:
    """The layout matches the rulebook's atlas and the map rules; raises otherwise."""
    entry = COUNTS[(layout.name, layout.players)]
    counts = Counter("start" if seat_of(role) is not None else role for _, role in layout.hexes)
    expected = {
        UTOPIAN: entry.utopian,
        START: entry.starting,
        NON_HABITABLE: entry.non_habitable,
        PRODUCTIVE: entry.productive,
        VARIABLE: entry.mystery + entry.biodiverse + entry.arid,
    }
    if dict(counts) != expected:
        raise ValueError(f"{layout.name} {layout.players}p: roles {dict(counts)} != {expected}")
    hexes = {h for h, _ in layout.hexes}
    if len(layout.storms) != entry.storms or len(set(layout.storms)) != entry.storms:
        raise ValueError(f"{layout.name} {layout.players}p: storms {layout.storms}")
    if any(breaks(v, hexes) != 3 for v, _ in layout.storms):
        raise ValueError(f"{layout.name} {layout.players}p: storm off a 3-sector intersection")
    if any(overlap(s, t) for s in layout.storms for t in layout.storms if s < t):
        raise ValueError(f"{layout.name} {layout.players}p: storms overlap")
    if not layout.grid().is_connected():
        raise ValueError(f"{layout.name} {layout.players}p: map not connected")


N, P, V, S = NON_HABITABLE, PRODUCTIVE, VARIABLE, START

# Extended, 2 players (19 sectors): a band of rows of 6, 7 and 6 sectors. Starts at the two
# ends of the middle row, 6 apart and 3 from the Utopian sector: room to grow before contact.
EXTENDED_2 = _build(
    "extended",
    HALF_TURN,
    [
        ((-3, 0), S),
        ((-2, -1), P), ((-2, 0), V), ((-3, 1), V),
        ((-1, -1), N), ((-1, 0), V), ((-2, 1), V),
        ((0, -1), P), ((-1, 1), N),
    ],
    (((-1, -1), (0, -1), (-1, 0)), (0, -1)),
)

# Compact, 2 players (13 sectors): the Utopian ring plus each start and its two outer
# neighbours.
COMPACT_2 = _build(
    "compact",
    HALF_TURN,
    [
        ((-2, 0), S),
        ((-1, -1), P), ((-2, 1), V), ((-1, 0), V),
        ((0, -1), V), ((-1, 1), N),
    ],
    (((0, 0), (0, -1), (1, -1)), (0, 0)),
)

# Extended, 3 players (25 sectors): the radius-2 hexagon with a two-sector bay on three
# alternate sides; each start sits in its bay, 3 from the Utopian sector, 5 from the others.
EXTENDED_3 = _build(
    "extended",
    THIRD_TURN,
    [
        ((-3, 1), S), ((-3, 2), V),
        ((-2, 1), P), ((-2, 0), V),
        ((-2, 2), P), ((-1, -1), V),
        ((-1, 0), V), ((-1, 1), N),
    ],
    (((-2, 2), (-1, 1), (-1, 2)), (-2, 2)),
)

# Compact, 3 players (19 sectors): the radius-2 hexagon, starts on alternate corners,
# 2 from the Utopian sector, 4 from each other.
COMPACT_3 = _build(
    "compact",
    THIRD_TURN,
    [
        ((-2, 0), S),
        ((-1, -1), P), ((-2, 1), V), ((-1, 0), V),
        ((-1, 1), N), ((-2, 2), V),
    ],
    (((-2, 2), (-1, 1), (-1, 2)), (-1, 2)),
)

# Extended, 4 players (35 sectors): rows of 5, 8, 9, 8, 5. Starts on the four corners of the
# outer rows, 3 from the Utopian sector; wide wings on row 0 between the top and bottom seats.
EXTENDED_4 = _build(
    "extended",
    MIRRORS,
    [
        ((-1, -2), S),
        ((0, -2), P), ((-2, -1), V), ((-1, -1), V),
        ((0, -1), N), ((-3, -1), P),
        ((1, -2), V),  # column axis, shared with the top-right seat
        ((-1, 0), V), ((-2, 0), N), ((-3, 0), V), ((-4, 0), V),  # row axis
    ],
    (((-2, -1), (-1, -1), (-2, 0)), (-1, -1)),
)

# Compact, 4 players (27 sectors): rows of 5, 6, 5, 6, 5. Starts on the corners, 3 from the
# Utopian sector and 4 from the two nearest seats.
COMPACT_4 = _build(
    "compact",
    MIRRORS,
    [
        ((-1, -2), S),
        ((0, -2), V), ((-2, -1), P), ((-1, -1), V), ((0, -1), N),
        ((1, -2), V),  # column axis
        ((-1, 0), N), ((-2, 0), V),  # row axis
    ],
    (((-1, -1), (0, -1), (-1, 0)), (-1, -1)),
)

LAYOUTS: dict[tuple[str, int], Layout] = {
    (lay.name, lay.players): lay
    for lay in (EXTENDED_2, EXTENDED_3, EXTENDED_4, COMPACT_2, COMPACT_3, COMPACT_4)
}


def layout(name: str, players: int) -> Layout:
    """The atlas layout for a map name ("extended" or "compact") and a player count."""
    try:
        return LAYOUTS[(name, players)]
    except KeyError:
        raise ValueError(f"no {name!r} layout for {players} players") from None


# --- drawing -----------------------------------------------------------------------------

ROLE_LETTERS = {UTOPIAN: "U", NON_HABITABLE: "N", PRODUCTIVE: "P", VARIABLE: "?"}
STORM_MARK = "*"


def _letter(role: str) -> str:
    seat = seat_of(role)
    return str(seat) if seat is not None else ROLE_LETTERS.get(role, role[:1].upper())


def render_ascii(lay: Layout) -> str:
    """The layout as text: one row of `[X]` cells per hex row, each row shifted half a cell
    from the next (pointy-top hexes). U Utopian, 0-3 start of that seat, N non-habitable,
    P productive, ? variable; a `*` between two rows marks a living storm at the corner of
    the two cells beside it and the cell above or below it (which of the three it cuts off
    is in `describe`)."""
    # doubled columns: a hex's column is 2q + r, same-row neighbours are 2 apart
    cols = {h: 2 * h[0] + h[1] for h, _ in lay.hexes}
    left = min(cols.values())
    rows = sorted({h[1] for h, _ in lay.hexes})
    width = 2 * (max(cols.values()) - left) + 3
    hex_lines = {r: [" "] * width for r in rows}
    gap_lines = {r: [" "] * width for r in rows[:-1]}
    for h, role in lay.hexes:
        x = 2 * (cols[h] - left)
        hex_lines[h[1]][x:x + 3] = ["[", _letter(role), "]"]
    for v, _ in lay.storms:
        top = min(h[1] for h in v)
        pair = [h for h in v if sum(1 for o in v if o[1] == h[1]) == 2]
        c = min(2 * h[0] + h[1] for h in pair)
        gap_lines[top][2 * (c + 1 - left) + 1] = STORM_MARK
    out: list[str] = []
    for r in rows:
        out.append(f"r={r:+d}  " + "".join(hex_lines[r]).rstrip())
        if r in gap_lines:
            out.append("      " + "".join(gap_lines[r]).rstrip())
    return "\n".join(line.rstrip() for line in out)


def describe(lay: Layout) -> str:
    """A heading, the drawing, and the coordinates of starts and storms."""
    starts = ", ".join(f"{seat}: {h}" for seat, h in enumerate(lay.starts()))
    storms = ", ".join(f"{v} cutting off {cut}" for v, cut in lay.storms)
    return "\n".join([
        f"{lay.name} {lay.players} players ({len(lay.hexes)} sectors)",
        render_ascii(lay),
        f"starts {starts}",
        f"storms {storms}",
    ])


__all__ = [
    "COUNTS",
    "FIXED_ROLES",
    "LAYOUTS",
    "NON_HABITABLE",
    "PRODUCTIVE",
    "START",
    "UTOPIAN",
    "VARIABLE",
    "VARIABLE_SECTORS",
    "Layout",
    "LayoutCounts",
    "describe",
    "layout",
    "render_ascii",
    "seat_of",
    "start_role",
]
