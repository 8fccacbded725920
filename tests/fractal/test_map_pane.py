"""Fractal's map pane as a player reads it, headless at 80x24, 100x30 and 200x60: every army
of every sector in the map's text at every size, the map growing with its pane, the
decision's targets, the cursor and the changed sectors marked (without colour too), and
the cursor's sector in full under the map."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from core.games.fractal import rules
from core.games.fractal.game import Game
from core.games.fractal.modules import fracture
from core.games.fractal.state import TRACKS, Options
from core.games.fractal.words import facts, mapgrid, sectorcell
from core.games.fractal.words.names import sector_name
from tests.client.test_client import people_at
from tests.fractal.rules_fixtures import choose, clear, idle, new_game, options
from tui.games.fractal.cells import SIZES as CELL_SIZES
from tui.games.fractal.map import HexMap
from tui.widgets.cellmap import MapPane

SIZES = [(80, 24), (100, 30), (200, 60)]
HEAVY = set("━┃┏┓┗┛┣┫┳┻╋┯┷┰┸┠┨┝┥┱┲┹┺┡┢┩┪┭┮┵┶┽┾╀╁╂╃╄╅╆╇╈╉╊┍┑┕┙┎┒┖┚")


def armies_at(view: dict[str, Any], sector: int) -> list[int]:
    """The owners of the units in a sector (-1: the Fracture's neutral units)."""
    return sorted({u["owner"] for u in facts.units_at(view, sector)})


def contested_views(players: int, map_name: str, seed: int, wanted: int = 2
                    ) -> list[dict[str, Any]]:
    """Views of seat 0 at random points of a random game, the first ``wanted`` of them in
    which some sector holds two owners' units or more (mid-turn, before the battles), and
    one more wherever the game stands at its end or its 600th decision."""
    game = Game.new(Options(players=players, map=map_name, seed=seed))
    rnd = random.Random(seed)
    found: list[dict[str, Any]] = []
    for _ in range(600):
        if game.over:
            break
        view = game.view(0)
        if len(found) < wanted and any(len(armies_at(view, s["id"])) > 1
                                       for s in view["sectors"]) and rnd.random() < 0.2:
            found.append(view)
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return [*found, game.view(0)]


def crowded(view: dict[str, Any]) -> dict[str, Any]:
    """The view with every player's units, reserves included, in one sector: the most a
    cell ever has to show."""
    crowd = copy.deepcopy(view)
    target = crowd["sectors"][len(crowd["sectors"]) // 2]["id"]
    for unit in crowd["units"]:
        if unit["owner"] >= 0 and unit["where"] != -2:
            unit["where"] = target
    return crowd


def fracture_open(players: int) -> Game:
    """A game with the Fracture open: ingress tokens on the map, egress sectors and neutral
    units beyond it."""
    game = new_game(players=players, modules=["fracture"])
    ctx = clear(game)
    fracture.enter(ctx, 0, list(TRACKS), fracture.INGRESS_AFTER_EFFECT)
    rules.MACHINE.run(ctx)
    while not idle(game):
        choose(game, options(game)[0])
    return game


def positions() -> list[dict[str, Any]]:
    views = []
    for players in (2, 3, 4):
        for map_name in ("compact", "extended"):
            views += contested_views(players, map_name, seed=players * 10 + len(map_name))
    return [*views, crowded(views[-1]), fracture_open(3).view(0)]


@asynccontextmanager
async def map_at(size: tuple[int, int], tmp_path: Path, players: int = 4,
                 map_name: str = "extended") -> AsyncIterator[tuple[Pilot[None], HexMap]]:
    """The game screen of a new game of human seats (no bot thinks) at ``size``."""
    game = Game.new(Options(players=players, map=map_name, seed=3))
    async with people_at(game, size, tmp_path) as (pilot, screen):
        yield pilot, screen.query_one(HexMap)


def cell_text(hexmap: HexMap, sector: int) -> str:
    """The characters inside a sector's border, line by line, scrolled out of sight or not."""
    box = hexmap.regions[sector]
    rows = ["".join(s.text for s in line) for line in hexmap.lines]
    return "\n".join(rows[y][box.x:box.right] for y in range(box.y, box.bottom))


def shows_army(text: str, view: dict[str, Any], sector: int, seat: int) -> bool:
    """The seat's units in the sector are in a cell's text: with their kinds or as a count
    (and not as the start of a longer figure)."""
    forms = [sectorcell.army(view, sector, seat, False, detailed) for detailed in (True, False)]
    return any(re.search(re.escape(form) + "(?![0-9imlw])", text) for form in forms)


@pytest.mark.parametrize("size", SIZES)
async def test_every_army_of_every_sector_is_on_the_map(size: tuple[int, int],
                                                        tmp_path: Path) -> None:
    views = positions()
    assert sum(len(armies_at(v, s["id"])) > 1 for v in views for s in v["sectors"]) >= 6
    assert any(len(armies_at(v, s["id"])) == 4 for v in views for s in v["sectors"])
    assert any(s["kind"] == "fracture" for s in views[-1]["sectors"])
    async with map_at(size, tmp_path) as (_, hexmap):
        for view in views:
            hexmap.show(view, set())
            for s in view["sectors"]:
                text = cell_text(hexmap, s["id"])
                assert text.startswith(str(s["id"])), (size, text)
                for seat in armies_at(view, s["id"]):
                    assert shows_army(text, view, s["id"], seat), (size, s["id"], seat, text)


async def test_the_map_grows_to_use_its_pane(tmp_path: Path) -> None:
    async with map_at((200, 60), tmp_path) as (_, large):
        width, height = large.virtual_size
        assert large.cell_size.width > mapgrid.COMPACT.width
        assert width <= large.size.width and height <= large.size.height  # no scrolling
        assert width * height >= 0.6 * large.size.width * large.size.height
    async with map_at((200, 60), tmp_path, players=2, map_name="compact") as (_, small_map):
        assert small_map.cell_size.height > large.cell_size.height  # fewer cells, larger


async def test_the_whole_four_player_map_fits_at_100_by_30(tmp_path: Path) -> None:
    async with map_at((100, 30), tmp_path) as (_, hexmap):
        width, height = hexmap.virtual_size
        assert width <= hexmap.size.width and height <= hexmap.size.height  # no scrolling
        assert hexmap.scroll_offset == (0, 0)


@pytest.mark.parametrize("size", [(80, 24)])
async def test_a_map_larger_than_its_pane_scrolls_to_the_cursor(size: tuple[int, int],
                                                                tmp_path: Path) -> None:
    async with map_at(size, tmp_path) as (pilot, hexmap):
        app = pilot.app
        assert hexmap.cell_size == CELL_SIZES[-1]  # the smallest, and still too large
        hexmap.focus()
        far = max(hexmap.regions, key=lambda c: (hexmap.regions[c].y, hexmap.regions[c].x))
        while hexmap.cursor != far:
            before = hexmap.cursor
            for key in ("down", "right"):
                hexmap.action_move(key)
            if hexmap.cursor == before:
                break
        await app.workers.wait_for_complete()
        box = hexmap.regions[hexmap.cursor]
        x, y = hexmap.scroll_offset
        assert hexmap.cursor == far
        assert x <= box.x and box.right <= x + hexmap.size.width
        assert y <= box.y and box.bottom <= y + hexmap.size.height


async def test_targets_the_cursor_and_changed_sectors_are_marked(tmp_path: Path) -> None:
    async with map_at((100, 30), tmp_path, players=2, map_name="compact") as (pilot, hexmap):
        app = pilot.app
        pane = app.screen.query_one(MapPane)
        view = hexmap.view
        assert view is not None
        cursor = hexmap.cursor
        others = sorted(c for c in hexmap.regions if c != cursor)
        target, changed = others[0], others[-1]
        pane.show_view(view, {target}, {changed})
        rows = [list(line) for line in hexmap.lines]
        chars = {}  # (row, col) -> (char, style)
        for y, line in enumerate(rows):
            x = 0
            for segment in line:
                for char in segment.text:
                    chars[(y, x)] = (char, segment.style)
                    x += 1
        box = hexmap.regions[target]
        ring = ([(box.y - 1, x) for x in range(box.x - 1, box.right + 1)]
                + [(box.bottom, x) for x in range(box.x - 1, box.right + 1)]
                + [(y, box.x - 1) for y in range(box.y, box.bottom)]
                + [(y, box.right) for y in range(box.y, box.bottom)])
        assert all(chars[p][0] in HEAVY for p in ring)  # the target's border is heavy
        inside = hexmap.regions[cursor]
        tinted = [chars[(y, x)][1] for y in range(inside.y, inside.bottom)
                  for x in range(inside.x, inside.right)]
        assert all(style and style.bgcolor is not None and style.bold for style in tinted)
        number = hexmap.regions[changed]
        assert all(chars[(number.y, number.x + i)][1].underline
                   for i in range(len(str(changed))))
        untouched = next(c for c in others if c not in (target, changed))
        plain = hexmap.regions[untouched]
        assert not chars[(plain.y, plain.x)][1].underline
        hexmap.point(changed)
        pane.point(changed)
        details = str(app.screen.query_one("#cell-details", Static).content)
        assert details.endswith("Changed since your last decision.")
        pane.show_view(view, set())  # the next decision: nothing marked any more
        assert hexmap.targets == set() and hexmap.changed == set()


async def test_the_cursor_s_sector_is_in_full_under_the_map(tmp_path: Path) -> None:
    async with map_at((200, 60), tmp_path) as (pilot, hexmap):
        app = pilot.app
        view = hexmap.view
        assert view is not None
        details = str(app.screen.query_one("#cell-details", Static).content)
        assert details.startswith(f"{sector_name(view, hexmap.cursor)} (")



async def test_arrows_go_to_the_neighbour_and_a_click_points_at_its_cell(tmp_path: Path) -> None:
    async with map_at((200, 60), tmp_path) as (pilot, hexmap):
        view = hexmap.view
        assert view is not None
        at = {(s["q"], s["r"]): s["id"] for s in view["sectors"]}
        (q, r), sector = next(((q, r), s) for (q, r), s in at.items() if (q + 1, r) in at)
        hexmap.point(sector)
        hexmap.action_move("right")
        assert hexmap.cursor == at[(q + 1, r)]
        box = hexmap.regions[sector]
        x, y = hexmap.scroll_offset
        await pilot.click(HexMap, offset=(box.x + 1 - x, box.y - y))
        assert hexmap.cursor == sector
        await pilot.click(HexMap, offset=(box.x - 1 - x, box.y - y))  # on the border
        assert hexmap.cursor == sector
