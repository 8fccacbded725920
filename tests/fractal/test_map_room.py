"""Maps use the room they have (issue 42): names run over the lines a cell leaves them and
are cut only on the last; the Fracture is drawn beside the map, not a cell away; the
4-player map with the Fracture fills the pane at 200x60 with names and units' kinds; and
z on the map zooms in on the cursor's sector at 100x30 and 80x24."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core import celltext
from core.celltext import Piece, named, plain
from core.games.atlas import placecell
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import mapgrid, names, sectorcell, text
from core.rulesets import GameSetup, ruleset
from tests.client.test_client import game_screen, people_at
from tests.fractal.test_map_pane import armies_at, cell_text, fracture_open, shows_army
from tui.app import ShellApp
from tui.games.fractal.map import HexMap
from tui.play.seats import SeatSpec
from tui.session import LocalSession

NUMBER = (Piece("21", "number"),)


def test_a_name_runs_over_the_lines_it_has() -> None:
    lines = named(NUMBER, "Conclave of Keepers", "name", None, 10, 3)
    assert lines is not None and plain(lines) == ["21", "Conclave", "of Keepers"]
    whole = named(NUMBER, "Conclave of Keepers", "name", None, 12, 3)
    assert whole is not None and plain(whole) == ["21 Conclave", "of Keepers"]
    assert named(NUMBER, "Conclave of Keepers", "name", None, 10, 2) is None


def test_a_name_is_cut_only_on_its_last_line_and_only_when_allowed() -> None:
    assert named(NUMBER, "Conclave of Keepers", "name", None, 12, 1) is None  # whole only
    one = named(NUMBER, "Conclave of Keepers", "name", None, 12, 1, least=6)
    assert one is not None and plain(one) == ["21 Conclave…"]
    two = named(NUMBER, "Conclave of Keepers", "name", None, 9, 2, least=6)
    assert two is not None and plain(two) == ["21", "Conclave…"]
    assert named(NUMBER, "Conclave of Keepers", "name", None, 6, 1, least=6) is None
    assert [p.part for p in two[1]] == ["name"]


def test_a_tail_stays_with_the_name() -> None:
    mark = (Piece("≈", "links"),)
    beside = named((), "Borderland", "name", None, 12, 1, tail=mark)
    assert beside is not None and plain(beside) == ["Borderland ≈"]
    below = named((), "Borderland", "name", None, 11, 2, tail=mark)
    assert below is not None and plain(below) == ["Borderland", "≈"]
    cut = named((), "Borderland", "name", None, 11, 1, least=3, tail=mark)
    assert cut is not None and plain(cut) == ["Borderla… ≈"]


def test_a_sector_s_name_takes_the_lines_its_cell_leaves() -> None:
    view = Game.new(Options(players=4, map="extended", seed=2)).view(0)
    # Cut at a fixed width on one line before, with lines to spare under it.
    assert text.cell(view, 17, mapgrid.CellSize(12, 3)) == ["17 Aurelian", "Crown", "U? ○"]
    assert text.cell(view, 12, mapgrid.CellSize(10, 4)) == ["12", "Saffron", "Deep", "P ○○"]
    assert text.cell(view, 12, mapgrid.CellSize(10, 3)) == ["12", "Saffron…", "P ○○"]


def test_an_atlas_name_takes_a_line_of_its_own_before_it_is_cut() -> None:
    view = ruleset("atlas").new_game(GameSetup(players=2, seed=1)).view(0)
    for place in range(len(view["places"])):
        name = placecell.pieces(view, place, celltext.CellSize(40, 6))[0][0][0].text
        # room for the name, not for the waterway's mark after it: the mark goes below
        lines, fits = placecell.pieces(view, place, celltext.CellSize(len(name) + 2, 6),
                                       waterway=True)
        assert fits and plain(lines)[:2] == [name, placecell.WATERWAY], plain(lines)


def four_players_with_the_fracture() -> dict[str, Any]:
    """The view of a 4-player game with the Fracture open and an army of two kinds in a
    sector of every row of the map."""
    view = fracture_open(4).view(0)
    spare = (u for u in view["units"] if u["owner"] >= 0 and u["where"] == -1)
    rows = {s["r"]: s["id"] for s in view["sectors"] if s["kind"] != "fracture"}
    for sector, unit in zip(itertools.chain(rows.values(), rows.values()), spare,
                            strict=False):
        unit["where"] = sector
    return view


def outline(grid: mapgrid.MapLayout, sector: int) -> tuple[int, int, int, int]:
    left, top, width, height = grid.outline(sector)
    return left, top, left + width - 1, top + height - 1


def test_the_fracture_is_drawn_beside_the_map_without_touching_it() -> None:
    view = four_players_with_the_fracture()
    beyond = {s["id"] for s in view["sectors"] if s["kind"] == "fracture"}
    assert beyond
    size = mapgrid.CellSize(10, 4)
    grid = mapgrid.layout(view, size)
    hexes = [(s["q"], s["r"]) for s in view["sectors"]]
    as_laid = (max(2 * q + r for q, r in hexes) - min(2 * q + r for q, r in hexes)) * 5 + 11
    assert grid.cols < as_laid  # nearer than the engine's hexes put it
    assert mapgrid.extent(view, size) == (grid.cols, grid.rows)
    for inside, other in itertools.product(beyond, set(grid.cells) - beyond):
        a, b = outline(grid, inside), outline(grid, other)
        apart = a[2] < b[0] - 1 or b[2] < a[0] - 1 or a[3] < b[1] or b[3] < a[1]
        assert apart, (inside, other)  # not even a border or a corner shared
    assert not any(pair & beyond and pair - beyond for pair in grid.borders)


@asynccontextmanager
async def shown(view: dict[str, Any], size: tuple[int, int], tmp_path: Path
                ) -> AsyncIterator[tuple[Pilot[None], HexMap]]:
    # the screen makes room for the map as it is
    async with people_at(fracture_open(4), size, tmp_path) as (pilot, screen):
        hexmap = screen.query_one(HexMap)
        hexmap.show(view, set())
        await pilot.pause()
        yield pilot, hexmap


async def test_at_200_by_60_the_map_with_the_fracture_fills_its_pane_with_names_and_kinds(
        tmp_path: Path) -> None:
    view = four_players_with_the_fracture()
    async with shown(view, (200, 60), tmp_path) as (_, hexmap):
        width, height = hexmap.virtual_size
        assert width <= hexmap.size.width and height <= hexmap.size.height  # no scrolling
        assert width >= 0.9 * hexmap.size.width
        for s in view["sectors"]:
            cell = " ".join(cell_text(hexmap, s["id"]).split())
            assert cell.startswith(str(s["id"]))
            if s["tile"]:
                name = names.sector_name(view, s["id"]).rsplit(" ", 1)[0]
                assert name.split()[0][:sectorcell.MIN_NAME] in cell, cell
            for seat in armies_at(view, s["id"]):
                assert sectorcell.army(view, s["id"], seat, False, True) in cell, cell


async def test_at_100_by_30_the_map_with_the_fracture_is_whole_beside_a_narrower_column(
        tmp_path: Path) -> None:
    view = four_players_with_the_fracture()
    async with shown(view, (100, 30), tmp_path) as (pilot, hexmap):
        width, height = hexmap.virtual_size
        assert width <= hexmap.size.width and height <= hexmap.size.height  # no scrolling
        screen = game_screen(hexmap.app)
        right = screen.query_one("#right").size.width
        assert hexmap.size.width == 100 - right and 29 <= right < 40
        assert hexmap.size.width > width  # a column between the map and the right column
        for s in view["sectors"]:
            cell = cell_text(hexmap, s["id"])
            assert cell.startswith(str(s["id"])), cell
            for seat in armies_at(view, s["id"]):
                assert shows_army(cell, view, s["id"], seat), (s["id"], seat, cell)
        await pilot.resize_terminal(200, 60)  # room enough: the column takes its share again
        await pilot.pause()
        assert screen.query_one("#right").size.width == 80


async def test_at_80_by_24_the_map_with_the_fracture_pans_to_every_sector(
        tmp_path: Path) -> None:
    view = four_players_with_the_fracture()
    async with shown(view, (80, 24), tmp_path) as (pilot, hexmap):
        assert hexmap.virtual_size.width > hexmap.size.width  # it does not fit: it pans
        screen = game_screen(hexmap.app)
        assert screen.query_one("#right").size.width == 32  # nothing to gain by narrowing
        for s in view["sectors"]:
            hexmap.point(s["id"])
            await pilot.pause()
            box, (x, y) = hexmap.regions[s["id"]], hexmap.scroll_offset
            assert x <= box.x and box.right <= x + hexmap.size.width, s["id"]
            assert y <= box.y and box.bottom <= y + hexmap.size.height, s["id"]


@pytest.mark.parametrize("seat", range(4))
async def test_at_80_by_24_the_map_opens_with_the_player_s_home_in_sight(
        seat: int, tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seats = [SeatSpec("random")] * 4
        seats[seat] = SeatSpec("human")
        app.play(LocalSession(ruleset("fractal"), fracture_open(4), seats, None))
        await pilot.pause()
        await pilot.pause()
        hexmap = game_screen(app).query_one(HexMap)
        home = hexmap.start(game_screen(app).frame["view"])
        assert hexmap.cursor == home
        box, (x, y) = hexmap.regions[home], hexmap.scroll_offset
        assert x <= box.x and box.right <= x + hexmap.size.width
        assert y <= box.y and box.bottom <= y + hexmap.size.height


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_z_on_the_map_zooms_in_on_the_cursor_s_sector_whole(
        size: tuple[int, int], tmp_path: Path) -> None:
    view = four_players_with_the_fracture()
    async with shown(view, size, tmp_path) as (pilot, hexmap):
        small = hexmap.cell_size
        await pilot.press("m", "z")
        await pilot.pause()
        assert hexmap.cell_size.width > small.width
        for key in ("right", "down", "down", "left"):
            await pilot.press(key)
            await pilot.pause()
            sector = hexmap.cursor
            box = hexmap.regions[sector]
            x, y = hexmap.scroll_offset
            assert x <= box.x and box.right <= x + hexmap.size.width  # in sight, whole
            assert y <= box.y and box.bottom <= y + hexmap.size.height
            cell = " ".join(cell_text(hexmap, sector).split())
            name = names.sector_name(view, sector).rsplit(" ", 1)[0]
            assert cell.startswith(f"{sector} {name}" if view["sectors"][sector]["tile"]
                                   else str(sector)), cell
            for seat in armies_at(view, sector):
                assert sectorcell.army(view, sector, seat, False, True) in cell, cell
        await pilot.press("z")
        await pilot.pause()
        assert hexmap.cell_size == small
