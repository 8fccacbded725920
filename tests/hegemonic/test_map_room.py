"""Hegemonic's map uses the room it has (issue 42): at 100x30 the whole galaxy shows at
every player count, each sector with its number and every owner's pieces at least
counted (boxes of one line, then bare rows of one line a row of hexes); z on the map zooms
in on the cursor's sector, whole; at 80x24 the map fits or pans to every sector; and a
sector's number shows in every look."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.games.hegemonic.words import text as words_text
from core.words import SEAT_MARKS
from tests.client.test_client import people_at
from tests.hegemonic import hegemonic_fixtures as fx
from tests.hegemonic.test_client import (
    assert_read,
    bare_read,
    crowded,
    mid_game,
    painted,
    pieces_by_owner,
    read_box,
)
from tui.games.hegemonic import cells
from tui.games.hegemonic.map import LOOKS, SMALL_LOOKS, GalaxyMap


@asynccontextmanager
async def galaxy_at(size: tuple[int, int], tmp_path: Path, players: int, seed: int = 3
                    ) -> AsyncIterator[tuple[Pilot[None], GalaxyMap, dict[str, Any]]]:
    """The game screen of a game in its fourth round, every seat human (no bot moves),
    at ``size``."""
    async with people_at(mid_game(players, seed), size, tmp_path) as (pilot, screen):
        galaxy = screen.query_one(GalaxyMap)
        assert galaxy.view is not None
        yield pilot, galaxy, galaxy.view


def rows_of(galaxy: GalaxyMap) -> list[str]:
    return ["".join(segment.text for segment in line) for line in galaxy.lines]


def box_text(galaxy: GalaxyMap, sector: int) -> str:
    box, rows = galaxy.regions[sector], rows_of(galaxy)
    return " ".join(rows[y][box.x:box.right] for y in range(box.y, box.bottom))


def number_shown(galaxy: GalaxyMap, sector: int) -> bool:
    """The sector's number begins its box (bare) or its box's top border."""
    box, rows = galaxy.regions[sector], rows_of(galaxy)
    y = box.y if galaxy.boxes.bare else box.y - 1
    return re.match(rf"{sector}(?!\d)", rows[y][box.x:box.right]) is not None


def assert_counted(galaxy: GalaxyMap, view: dict[str, Any], sector: int) -> None:
    """The box says every owner's pieces: in a bare box each owner's count, else every
    piece or every owner's power and Units."""
    assert number_shown(galaxy, sector), (sector, box_text(galaxy, sector))
    if galaxy.boxes.bare:
        number, counts, cut = bare_read(box_text(galaxy, sector))
        assert (number, counts, cut) == (sector, pieces_by_owner(view, sector), False)
    else:
        assert_read(view, sector, read_box(box_text(galaxy, sector)))


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 3), (4, 3), (5, 3), (6, 4)])
async def test_at_100_by_30_the_whole_galaxy_shows_every_sector_and_piece(
        players: int, seed: int, tmp_path: Path) -> None:
    """A mid-game whose sectors hold two owners' pieces at most: a third owner needs a
    wider box, and then the map pans (at 80x24, below)."""
    async with galaxy_at((100, 30), tmp_path, players, seed) as (_, galaxy, view):
        assert max(len(pieces_by_owner(view, s["id"])) for s in view["sectors"]) <= 2
        width, height = galaxy.virtual_size
        assert width <= galaxy.size.width and height <= galaxy.size.height  # no panning
        assert galaxy.scroll_offset == (0, 0)
        assert galaxy.boxes in SMALL_LOOKS and galaxy.boxes.bare == (players >= 5)
        assert sum(sum(pieces_by_owner(view, s["id"]).values()) for s in view["sectors"]) > 20
        for sector in view["sectors"]:
            assert_counted(galaxy, view, sector["id"])
        text = "\n".join(rows_of(galaxy))
        for row in view["board_standings"]:  # and every board's standing
            assert cells.board_name(row["board"]) in text


def test_a_bare_look_takes_a_line_a_row_of_hexes_and_bars_the_boards_apart() -> None:
    view = mid_game(6, 3).view(0)
    look = next(look for look in SMALL_LOOKS if look.bare)
    galaxy, rows = painted(look, view)
    top = min(s["r"] for s in view["sectors"])
    where = {(s["q"], s["r"]): s for s in view["sectors"]}
    apart = set()
    for (q, r), sector in where.items():
        box = galaxy.regions[sector["id"]]
        assert box.y == r - top and box.height == 1
        right = where.get((q + 1, r))
        if right is not None:
            bar = rows[box.y][box.right]
            assert bar == ("┃" if right["board"] != sector["board"] else "│"), sector["id"]
            apart.add(bar)
    assert apart == {"┃", "│"}


def test_a_bare_box_gives_a_sector_without_pieces_its_name_as_far_as_it_goes() -> None:
    view = mid_game(6, 3).view(0)
    sector = next(s["id"] for s in view["sectors"]
                  if s["tile"] and not pieces_by_owner(view, s["id"]))
    name, _ = cells.heading(view, sector)
    shown = {}
    for look in (look for look in SMALL_LOOKS if look.bare):
        galaxy, rows = painted(look, view)
        box = galaxy.regions[sector]
        shown[look.inside] = rows[box.y][box.x:box.right].rstrip()
    for inside, text in shown.items():
        number, _, rest = text.partition(" ")
        assert number == str(sector)
        assert name.startswith(rest.rstrip("…")) and len(text) <= inside
    widest = max(shown)
    assert len(shown[widest]) > len(shown[min(shown)])  # the more room, the more name
    empty = next(s["id"] for s in view["sectors"] if not s["tile"] and s["id"] >= 10)
    for look in (look for look in SMALL_LOOKS if look.bare):  # a hex with no tile yet: "·"
        galaxy, rows = painted(look, view)
        box = galaxy.regions[empty]
        assert rows[box.y][box.x:box.right].rstrip() == f"{empty} {cells.EMPTY_HEX}"


def test_a_bare_line_puts_the_strongest_first_and_gives_way_in_order() -> None:
    game = fx.blank(players=6)
    sector = fx.at(game, 1, 1)
    fx.tile(game, "tawny_weave", sector)
    fx.base(game, 1, sector, "industrial", 0)
    fx.base(game, 1, sector, "political")
    fx.unit(game, 0, "agent", sector)  # Red: a piece, no power; Blue: two Bases
    view = game.view(0)
    red, blue = (SEAT_MARKS[view["players"][s]["colour"]] for s in (0, 1))

    def line(width: int) -> tuple[str, bool]:
        chars, whole = cells.line(view, sector, width)
        return "".join(char for char, _ in chars), whole

    number = str(sector)
    assert line(9) == (f"{number} {blue}2{red}1", True)  # the strongest first
    assert line(len(number) + 4) == (f"{number}{blue}2{red}1", True)  # no space
    assert line(len(number) + 3) == (f"{number}{blue}2…", False)  # Red's cut off
    style = cells.line(view, sector, 9)[0][0][1]
    assert style.color == cells.marks(view)[1][1].color  # the number in the leader's colour


def test_the_legend_reads_a_bare_line_as_the_map_draws_it() -> None:
    """The legend (g) says what a bare line's count is: pieces, not the power a box shows."""
    game = fx.blank(players=6)
    sector = fx.at(game, 1, 1)
    fx.tile(game, "tawny_weave", sector)
    fx.base(game, 0, sector, "political")
    fx.unit(game, 0, "agent", sector)
    fx.unit(game, 0, "fleet", sector)
    view = game.view(0)
    drawn = "".join(char for char, _ in cells.line(view, sector, 9)[0])
    red = SEAT_MARKS[view["players"][0]["colour"]]
    assert drawn == f"{sector} {red}3"  # a Base, an Agent and a Fleet, whatever their power
    meanings = dict(words_text.legend(view))
    assert "pieces" in meanings[f"12 {words_text.mark(view, 0, False)}5"]


async def test_z_on_the_map_shows_the_cursor_s_sector_whole(tmp_path: Path) -> None:
    async with galaxy_at((100, 30), tmp_path, players=6) as (pilot, galaxy, view):
        home = galaxy.cursor
        await pilot.press("m", "z")
        await pilot.pause()
        look = galaxy.boxes
        assert look in LOOKS and 3 * (look.inside + 1) < galaxy.size.width
        assert 3 * (look.rows + 1) < galaxy.size.height
        found = read_box(box_text(galaxy, home))
        assert not found.counted and found.pieces() == pieces_by_owner(view, home)
        name, _ = cells.heading(view, home)
        assert box_text(galaxy, home).startswith(name)
        box, (x, y) = galaxy.regions[home], galaxy.scroll_offset
        assert x <= box.x and box.right <= x + galaxy.size.width
        assert y <= box.y and box.bottom <= y + galaxy.size.height
        await pilot.press("z")  # and back: the whole galaxy again
        await pilot.pause()
        assert galaxy.boxes.bare


@pytest.mark.parametrize("players", [4, 6])
async def test_at_80_by_24_the_galaxy_fits_or_pans_to_every_sector(
        players: int, tmp_path: Path) -> None:
    async with galaxy_at((80, 24), tmp_path, players) as (pilot, galaxy, view):
        assert galaxy.boxes in SMALL_LOOKS
        for sector in view["sectors"]:
            assert_counted(galaxy, view, sector["id"])
            galaxy.point(sector["id"])
            await pilot.pause()
            box, (x, y) = galaxy.regions[sector["id"]], galaxy.scroll_offset
            assert x <= box.x and box.right <= x + galaxy.size.width, sector["id"]
            assert y <= box.y and box.bottom <= y + galaxy.size.height, sector["id"]


@pytest.mark.parametrize("look", [*LOOKS, *SMALL_LOOKS])
def test_every_look_shows_every_sector_s_number(look: Any) -> None:
    game = crowded()  # a sector too full for the smaller looks: its number stays
    view = game.view(0)
    galaxy, rows = painted(look, view)
    for sector in view["sectors"]:
        box = galaxy.regions[sector["id"]]
        y = box.y if look.bare else box.y - 1
        assert re.match(rf"{sector['id']}(?!\d)", rows[y][box.x:box.right]), (look, sector)
