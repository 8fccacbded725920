"""The map as drawable data: cells on a text grid for every map layout, storms on the
corners where their three sectors meet, wormhole links, and the plain-text drawing."""

from __future__ import annotations

from typing import Any

import pytest

from core import celltext
from core.games.fractal.board import grid
from core.games.fractal.game import Game
from core.games.fractal.layouts import LAYOUTS
from core.games.fractal.state import Options
from core.games.fractal.words import mapgrid, names, sectorcell, text
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
        left, top, width, height = grid.outline(sector)  # the border fits the grid too
        assert left >= 0 and top >= 0
        assert left + width <= grid.cols and top + height <= grid.rows
    cell = {h: grid.cells[i] for i, h in enumerate(hexes)}
    for (q, r), (row, col) in cell.items():
        if (q + 1, r) in cell:  # the next one in the row
            assert cell[(q + 1, r)] == (row, col + size.width)
        if (q, r + 1) in cell:  # down and to the right, half a cell
            assert cell[(q, r + 1)] == (row + size.height + 1, col + size.width // 2)


def _outline(grid: mapgrid.MapLayout, sector: int) -> set[tuple[int, int]]:
    left, top, width, height = grid.outline(sector)
    return ({(top, c) for c in range(left, left + width)}
            | {(top + height - 1, c) for c in range(left, left + width)}
            | {(r, left) for r in range(top, top + height)}
            | {(r, left + width - 1) for r in range(top, top + height)})


@pytest.mark.parametrize(("name", "players", "size"), EVERY_LAYOUT)
def test_neighbours_share_a_border_and_others_at_most_a_corner(name: str, players: int,
                                                               size: mapgrid.CellSize) -> None:
    grid = mapgrid.blank(name, players, size)
    hexes = _hexes(name, players)
    outlines = {sector: _outline(grid, sector) for sector in grid.cells}
    for a in grid.cells:
        for b in grid.cells:
            if a >= b:
                continue
            shared = outlines[a] & outlines[b]
            if distance(hexes[a], hexes[b]) == 1:
                border = grid.borders[frozenset((a, b))]
                assert border and set(border) < shared
                assert len(shared) == len(border) + 2  # and the border's two corners
            else:
                assert len(shared) <= 1 and frozenset((a, b)) not in grid.borders


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
        for sector in storm.sectors:  # on the corner of each of the three
            assert (storm.row, storm.col) in _outline(grid, sector)
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
def test_the_drawing_shows_every_sector_storm_and_broken_border(ascii: bool) -> None:
    view = Game.new(Options(players=4, map="extended", seed=2)).view(-1)
    lines = text.map_lines(view, ascii=ascii)
    grid = mapgrid.layout(view)
    for sector, (row, col) in grid.cells.items():
        assert lines[row][col:].startswith(str(sector))
    drawing = "\n".join(lines)
    storm = "*" if ascii else "✶"
    assert drawing.count(storm) == len(view["storms"])
    broken = mapgrid.cut(view)
    assert broken
    for pair in broken:
        assert {lines[r][c] for r, c in grid.borders[pair]} <= set(".:" if ascii else "┄┆")
    if ascii:
        assert drawing.isascii()
    large = text.map_lines(view, mapgrid.LARGE, ascii)
    assert all(len(line) <= mapgrid.layout(view, mapgrid.LARGE).cols for line in large)


def test_storms_cut_the_borders_the_engine_cuts() -> None:
    game = Game.new(Options(players=4, map="extended", seed=2))
    view = game.view(-1)
    adjacency = grid(game.state, game.content)
    by_id = {s.id: (s.q, s.r) for s in game.state.sectors}
    touching = [(a, b) for a in by_id for b in by_id
                if a < b and distance(by_id[a], by_id[b]) == 1]
    expected = {frozenset((a, b)) for a, b in touching
                if by_id[b] not in adjacency.adjacent(by_id[a])}
    assert expected and mapgrid.cut(view) == expected


def test_links_are_marked_at_both_ends() -> None:
    game = Game.new(Options(players=4, map="extended", seed=2))
    galaxy = next(s for s in game.state.sectors if s.event_kind == "living_galaxy")
    galaxy.event, galaxy.event_face_up = "scholar_gate", True
    view = game.view(-1)
    links = mapgrid.links(view)
    far = links[galaxy.id]
    assert far
    for other in far:
        assert galaxy.id in links[other]
        assert f"↔{galaxy.id}" in "".join(text.cell(view, other, mapgrid.LARGE))
    assert "".join(text.cell(view, galaxy.id, mapgrid.COMPACT)).count("↔") == 1


def _crowded_view() -> dict[str, Any]:
    """A 4-player view with every player's units (reserves too) in sector 17."""
    view = Game.new(Options(players=4, map="extended", seed=2)).view(0)
    for unit in view["units"]:
        if unit["owner"] >= 0:
            unit["where"] = 17
    return view


@pytest.mark.parametrize("size", [mapgrid.CellSize(w, h) for w in (8, 10, 12, 16, 20)
                                  for h in (2, 3, 4, 6)])
def test_a_cell_keeps_its_number_and_every_army_first(size: mapgrid.CellSize) -> None:
    view = _crowded_view()
    lines, fits = sectorcell.pieces(view, 17, size)
    drawn = celltext.plain(lines)
    assert len(drawn) <= size.height and all(len(line) <= size.width - 1 for line in drawn)
    if not fits:  # only the smallest cells cannot hold four armies of a dozen units
        assert size.width * size.height <= 8 * 2
        return
    assert drawn[0].startswith("17")
    armies = [piece for line in lines for piece in line if piece.part == "army"]
    assert sorted(p.seat for p in armies if p.seat is not None) == [0, 1, 2, 3]
    for piece in armies:
        seat = piece.seat
        assert seat is not None
        assert piece.text in (sectorcell.army(view, 17, seat, False, detailed)
                              for detailed in (True, False))


def test_names_are_whole_where_the_cell_has_room() -> None:
    view = Game.new(Options(players=4, map="extended", seed=2)).view(0)
    for s in view["sectors"]:
        name = names.sector_name(view, s["id"]).rsplit(" ", 1)[0]
        if s["tile"]:
            words = " ".join(text.cell(view, s["id"], mapgrid.CellSize(20, 6)))
            assert " ".join(words.split()).startswith(f"{s['id']} {name}")


def test_the_name_and_medals_give_way_before_the_units_kinds() -> None:
    view = Game.new(Options(players=4, map="extended", seed=2)).view(0)
    view["sectors"][17]["battle_medal"] = True
    for owner, kind in ((0, "infantry"), (0, "lightship"), (1, "infantry")):
        unit = next(u for u in view["units"]
                    if (u["owner"], u["kind"]) == (owner, kind) and u["where"] != 17)
        unit["where"] = 17
    kinds = [sectorcell.army(view, 17, seat, False, True) for seat in (0, 1)]
    assert kinds == ["●1i1l", "■1i"]
    small = text.cell(view, 17, mapgrid.CellSize(8, 3))
    assert small == ["17 U? ○", *kinds]
    roomy = text.cell(view, 17, mapgrid.CellSize(20, 6))
    assert roomy[0] == "17 Aurelian Crown" and "✪" in roomy[1] and roomy[2:4] == kinds
