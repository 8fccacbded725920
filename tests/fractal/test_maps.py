"""Fractal's map layouts (the rulebook's Galactic atlas): their counts, map rules and
fairness."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from pathlib import Path

import pytest

from core.games.fractal import layouts
from core.games.fractal.layouts import (
    HALF_TURN,
    LAYOUTS,
    MIRRORS,
    THIRD_TURN,
    Layout,
    layout,
    render_ascii,
    seat_of,
)
from core.hexgrid import (
    breaks,
    distance,
    is_vertex,
    overlap,
    screen_position,
    storm_breaks,
    transform_storm,
)

ALL = sorted(LAYOUTS)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "fractal-maps.md"

# Galactic atlas, copied from the rulebook independently of layouts.COUNTS:
# utopian, starting, non-habitable, productive, storms | mystery, biodiverse, arid
RULEBOOK = {
    ("extended", 2): (1, 2, 4, 4, 2, 2, 2, 4),
    ("extended", 3): (1, 3, 3, 6, 3, 3, 3, 6),
    ("extended", 4): (1, 4, 6, 8, 4, 4, 4, 8),
    ("compact", 2): (1, 2, 2, 2, 2, 2, 2, 2),
    ("compact", 3): (1, 3, 3, 3, 3, 3, 3, 3),
    ("compact", 4): (1, 4, 6, 4, 4, 4, 4, 4),
}


def kind(role: str) -> str:
    return "start" if seat_of(role) is not None else role


def profile(lay: Layout, seat: int) -> Counter[tuple[str, int]]:
    """(role, distance honouring storms) for every sector, seen from a seat's start."""
    dist = lay.grid().distances_from(lay.starts()[seat])
    return Counter((kind(role), dist[h]) for h, role in lay.hexes)


def test_six_layouts() -> None:
    assert set(LAYOUTS) == set(RULEBOOK)
    for (name, players), lay in LAYOUTS.items():
        assert layout(name, players) is lay
        assert (lay.name, lay.players) == (name, players)
    with pytest.raises(ValueError):
        layout("compact", 5)
    with pytest.raises(ValueError):
        layout("huge", 2)


@pytest.mark.parametrize("key", ALL)
def test_exact_counts_per_role(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    utopian, starting, non_habitable, productive, storms, mystery, biodiverse, arid = RULEBOOK[key]
    counts = Counter(kind(role) for _, role in lay.hexes)
    assert counts == {
        "utopian": utopian,
        "start": starting,
        "non_habitable": non_habitable,
        "productive": productive,
        "variable": mystery + biodiverse + arid,
    }
    assert len(lay.storms) == storms
    assert lay.variable_counts() == {"mystery": mystery, "biodiverse": biodiverse, "arid": arid}
    assert Counter(lay.variable_sectors()) == lay.variable_counts()
    assert len(lay.variable_sectors()) == len(lay.positions("variable"))
    assert layouts.COUNTS[key].sectors == len(lay.hexes)
    assert len({h for h, _ in lay.hexes}) == len(lay.hexes)  # one role per hex


@pytest.mark.parametrize("key", ALL)
def test_utopian_at_the_centre_and_starts_in_seat_order(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    assert lay.positions("utopian") == ((0, 0),)
    starts = lay.starts()
    assert len(starts) == lay.players == len(set(starts))
    assert [lay.role_of(h) for h in starts] == [f"start:{s}" for s in range(lay.players)]
    assert lay.positions("start") == starts
    assert lay.roles()[starts[0]] == "start:0"


@pytest.mark.parametrize("key", ALL)
def test_seats_go_clockwise(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    angles = [math.atan2(y, x) for x, y in map(screen_position, lay.starts())]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]
    # y grows downwards on screen: positive turns are clockwise, and seats go round once
    assert all(t > 0 for t in turns)
    assert math.isclose(sum(turns), 2 * math.pi)


@pytest.mark.parametrize("key", ALL)
def test_storms_on_three_sector_intersections(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    hexes = {h for h, _ in lay.hexes}
    assert len({v for v, _ in lay.storms}) == len(lay.storms)  # no two storms on one vertex
    for v, cut in lay.storms:
        assert is_vertex(v) and cut in v
        assert breaks(v, hexes) == 3
    assert not any(overlap(s, t) for s in lay.storms for t in lay.storms if s < t)
    # each storm cuts one sector off from two others: two adjacencies, none shared
    assert len(lay.grid().broken_edges()) == 2 * len(lay.storms)
    assert all(len(storm_breaks(s, hexes)) == 2 for s in lay.storms)


@pytest.mark.parametrize("key", ALL)
def test_every_sector_reachable_from_every_start(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    grid = lay.grid()
    assert grid.is_connected()
    for start in lay.starts():
        assert grid.distances_from(start).keys() == grid.hexes


@pytest.mark.parametrize("key", ALL)
def test_every_seat_sees_the_same_map(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    profiles = [profile(lay, seat) for seat in range(lay.players)]
    assert all(p == profiles[0] for p in profiles)


@pytest.mark.parametrize("key", ALL)
def test_fair_start_neighbourhoods(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    grid = lay.grid()
    utopian = lay.positions("utopian")[0]
    assert len({grid.path_distance(s, utopian) for s in lay.starts()}) == 1
    assert len({distance(s, utopian) for s in lay.starts()}) == 1
    for role in ("productive", "non_habitable", "variable"):
        for steps in (1, 2):
            near = {
                sum(1 for h in lay.positions(role) if grid.path_distance(s, h) == steps)
                for s in lay.starts()
            }
            assert len(near) == 1, (role, steps, near)
    # every seat has a productive sector next to its start
    assert all(
        any(grid.path_distance(s, h) == 1 for h in lay.positions("productive"))
        for s in lay.starts()
    )
    # and the nearest other start is equally far for everybody
    nearest = {min(grid.path_distance(s, o) or 99 for o in lay.starts() if o != s)
               for s in lay.starts()}
    assert len(nearest) == 1


GROUPS = {2: HALF_TURN, 3: THIRD_TURN, 4: MIRRORS}


@pytest.mark.parametrize("key", ALL)
def test_layout_is_symmetric(key: tuple[str, int]) -> None:
    """Each symmetry maps the map onto itself, roles and storms included, and carries seat 0's
    start to seat k's: the reason every seat sees the same map."""
    lay = LAYOUTS[key]
    roles = {h: kind(role) for h, role in lay.hexes}
    for k, g in enumerate(GROUPS[lay.players]):
        assert {g(h): r for h, r in roles.items()} == roles
        assert {transform_storm(t, g) for t in lay.storms} == set(lay.storms)
        assert g(lay.starts()[0]) == lay.starts()[k]


def test_extended_maps_are_larger_and_more_spread_out() -> None:
    for players in (2, 3, 4):
        ext, com = layout("extended", players), layout("compact", players)
        assert len(ext.hexes) > len(com.hexes)
        per_seat = [len(lay.hexes) / players for lay in (ext, com)]
        assert per_seat[0] > per_seat[1]

        def gap(lay: Layout) -> int:
            s = lay.starts()
            return min(distance(a, b) for a in s for b in s if a != b)

        assert gap(ext) >= gap(com)
    assert sum(len(lay.hexes) for lay in LAYOUTS.values()) > 0
    assert max(len(lay.hexes) for lay in LAYOUTS.values()) <= 38  # sector tiles in the box


@pytest.mark.parametrize("key", ALL)
def test_layouts_are_deterministic_plain_data(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    assert list(lay.hexes) == sorted(lay.hexes, key=lambda item: (item[0][1], item[0][0]))
    assert list(lay.storms) == sorted(lay.storms)
    assert render_ascii(lay) == render_ascii(lay)
    copy = Layout(lay.name, lay.players, tuple(lay.hexes), tuple(lay.storms))
    assert copy == lay and hash(copy) == hash(lay)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lay.name = "other"  # type: ignore[misc]


def test_broken_layouts_are_refused() -> None:
    lay = layout("compact", 3)
    with pytest.raises(ValueError):
        layouts._check(dataclasses.replace(lay, storms=lay.storms[:-1]))
    with pytest.raises(ValueError):
        layouts._check(dataclasses.replace(lay, hexes=lay.hexes[:-1]))
    rim = (((-2, -1), (-2, 0), (-1, -1)), (-2, 0))  # (-2, -1) is off the map
    with pytest.raises(ValueError):
        layouts._check(dataclasses.replace(lay, storms=(*lay.storms[:-1], rim)))
    v, cut = lay.storms[0]
    other = next(h for h in v if h != cut)
    with pytest.raises(ValueError):  # two storms on one vertex overlap
        layouts._check(dataclasses.replace(lay, storms=(*lay.storms[:-1], (v, other))))


@pytest.mark.parametrize("key", ALL)
def test_render_shows_every_sector_and_storm(key: tuple[str, int]) -> None:
    lay = LAYOUTS[key]
    text = render_ascii(lay)
    letters = Counter(ch for line in text.splitlines() for ch in line[6:]
                      if ch not in " []")
    expected = Counter(layouts._letter(role) for _, role in lay.hexes)
    expected["*"] = len(lay.storms)
    assert letters == expected


def test_render_places_storm_between_its_hexes() -> None:
    text = render_ascii(layout("compact", 2)).splitlines()
    # storm on ((0,-1),(0,0),(1,-1)): under the gap of row -1's (0,-1) and (1,-1), above U
    above, gap, below = text[0], text[1], text[2]
    x = gap.index("*")
    assert above[x - 2:x + 3] == "?] [N"
    assert below[x - 1:x + 2] == "[U]"


def test_docs_show_the_current_layouts() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for lay in LAYOUTS.values():
        assert layouts.describe(lay) in docs
