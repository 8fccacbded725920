"""The map as drawable data: cells on a text grid for every map layout, storms on the
corners where their three sectors meet, wormhole links, and the plain-text drawing."""

from __future__ import annotations

import pytest

from core.games.fractal.game import Game
from core.games.fractal.layouts import LAYOUTS
from core.games.fractal.state import Options
from core.games.fractal.words import mapgrid, text
from core.hexgrid import distance

SIZES = (mapgrid.COMPACT, mapgrid.LARGE)
EVERY_LAYOUT = [(name, players, size) for name, players in sorted(LAYOUTS) for size in SIZES]


def _hexes(name: str, players: int) -> list[tuple[int, int]]:
    return [h for h, _ in LAYOUTS[(name, players)].hexes]


@pytest.mark.parametrize(("name", "players", "size"), EVERY_LAYOUT)
def test_cells_tile_the_grid_as_the_hexes_touch(name: str, players: int,
                                                size: mapgrid.CellSize) -> None:
    grid = mapgrid.blank(name, players, size)
    hexes = _hexes(name, players)
    taken: set[tuple[int, int]] = set()
    for sector, (row, col) in grid.cells.items():
        spots = {(row + i, col + j) for i in range(size.height) for j in range(size.width - 1)}
        assert not spots & taken, f"cell {sector} overlaps another"
        taken |= spots
        assert row >= 0 and row + size.height <= grid.rows
        assert col >= 0 and col + size.width - 1 <= grid.cols
    cell = {h: grid.cells[i] for i, h in enumerate(hexes)}
    for (q, r), (row, col) in cell.items():
        if (q + 1, r) in cell:  # the next one in the row
            assert cell[(q + 1, r)] == (row, col + size.width)
        if (q, r + 1) in cell:  # down and to the right, half a cell
            assert cell[(q, r + 1)] == (row + size.height + 1, col + size.width // 2)


@pytest.mark.parametrize(("name", "players"), sorted(LAYOUTS))
def test_the_compact_map_fits_a_small_terminal(name: str, players: int) -> None:
    grid = mapgrid.blank(name, players, mapgrid.COMPACT)
    assert grid.cols <= 80 and grid.rows <= 24


@pytest.mark.parametrize(("name", "players", "size"), EVERY_LAYOUT)
def test_storms_stand_where_their_three_cells_meet(name: str, players: int,
                                                   size: mapgrid.CellSize) -> None:
    grid = mapgrid.blank(name, players, size)
    assert len(grid.storms) == len(LAYOUTS[(name, players)].storms)
    for storm in grid.storms:
        assert len(storm.sectors) == 3
        assert _covering(grid, storm.row, storm.col) is None  # in a gap, never on a cell
        cells = [grid.cells[s] for s in storm.sectors]
        rows = sorted({row for row, _ in cells})
        assert len(rows) == 2 and storm.row == rows[0] + size.height
        for _, col in cells:  # within half a cell of each of the three
            assert col - 1 <= storm.col <= col + size.width
        hexes = _hexes(name, players)
        assert all(distance(hexes[a], hexes[b]) == 1
                   for a in storm.sectors for b in storm.sectors if a != b)


def test_a_games_map_is_its_blank_layout() -> None:
    view = Game.new(Options(players=3, map="compact", seed=4)).view(-1)
    grid = mapgrid.layout(view)
    blank = mapgrid.blank("compact", 3)
    assert grid.cells == blank.cells
    assert [(s.row, s.col, s.sectors) for s in grid.storms] == [
        (s.row, s.col, s.sectors) for s in blank.storms]
    assert {s.id for s in grid.storms} == {s["id"] for s in view["storms"]}


def _covering(grid: mapgrid.MapLayout, row: int, col: int) -> int | None:
    """The sector whose box covers a character, as a click on the map finds it."""
    for sector in grid.cells:
        left, top, width, height = grid.box(sector)
        if left <= col < left + width and top <= row < top + height:
            return sector
    return None


def test_a_click_finds_its_sector() -> None:
    grid = mapgrid.blank("extended", 4, mapgrid.LARGE)
    for sector, (row, col) in grid.cells.items():
        assert _covering(grid, row, col) == sector
        assert _covering(grid, row + 3, col + 14) == sector
        assert _covering(grid, row, col + 15) != sector  # the gap column
    assert _covering(grid, -1, -1) is None


def test_wormholes_are_the_links_the_engine_adds() -> None:
    game = Game.new(Options(players=4, map="extended", seed=2))
    galaxy = next(s for s in game.state.sectors if s.event_kind == "living_galaxy")
    galaxy.event, galaxy.event_face_up = "scholar_gate", True
    view = game.view(-1)
    links = mapgrid.wormholes(view)
    assert links and all(a == galaxy.id for a, _ in links)
    neighbours = set(view["sectors"][galaxy.id]["neighbours"])
    here = (galaxy.q, galaxy.r)
    far = {s["id"] for s in view["sectors"]
           if s["id"] in neighbours and distance(here, (s["q"], s["r"])) > 1}
    assert far <= {b for _, b in links} <= neighbours | {galaxy.id}
    assert all(any("scientific" in space["accepts"] for space in view["sectors"][b]["spaces"])
               for _, b in links)
    assert any("Wormhole:" in line for line in text.legend_lines(view))


@pytest.mark.parametrize("ascii", [False, True])
def test_the_drawing_shows_every_sector_and_storm(ascii: bool) -> None:
    view = Game.new(Options(players=4, map="extended", seed=2)).view(-1)
    drawing = "\n".join(text.map_lines(view, ascii=ascii))
    for sector in view["sectors"]:
        assert f"{sector['id']:>2}" in drawing
    storm = "*" if ascii else "✶"
    assert drawing.count(storm) == len(view["storms"])
    if ascii:
        assert drawing.isascii()
    large = text.map_lines(view, mapgrid.LARGE, ascii)
    assert all(len(line) <= mapgrid.layout(view, mapgrid.LARGE).cols for line in large)
