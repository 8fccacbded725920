"""Fractured Atlas's map as a player reads it: the Places in cells that share their borders
with the Places adjacent to them, every stack of every Place in the map's text at 80x24,
100x30 and 200x60, the Sea's waterways marked at every Place they link, targets marked."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest

from core.celltext import CellSize, plain
from core.games.atlas import placecell, text
from core.games.atlas import words as w
from core.rulesets import GameSetup, ruleset
from tests.client.test_client import people_at
from tui.games.atlas.map import PlaceGrid

SIZES = [(80, 24), (100, 30), (200, 60)]


def views(players: int, seed: int, every: int = 90) -> list[dict[str, Any]]:
    """Seat 0's view every ``every`` decisions of a random game, to its end."""
    game = ruleset("atlas").new_game(GameSetup(players=players, seed=seed))
    rnd = random.Random(seed)
    found = []
    for step in range(1, 1500):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
        if step % every == 0:
            found.append(game.view(0))
    return [*found, game.view(0)]


def crowded(view: dict[str, Any]) -> dict[str, Any]:
    """The view with six stacks, Towers among them, on its first Place: the most a Place
    holds."""
    crowd = copy.deepcopy(view)
    seats = [p["seat"] for p in crowd["players"]]
    crowd["places"][0]["stacks"] = [seats * 2, seats[:2], [seats[-1]], seats, [seats[0]],
                                    seats[::-1]]
    return crowd


def stacks_of(view: dict[str, Any], place: int) -> str:
    """A Place's stacks as its cell writes them, without the spaces between them."""
    return "".join(w.symbol(view, stack[0]) if len(stack) == 1
                   else "[" + "".join(w.symbol(view, s) for s in stack) + "]"
                   for stack in view["places"][place]["stacks"])


def positions() -> list[dict[str, Any]]:
    found = views(2, 5) + views(3, 7) + views(4, 3)
    return [*found, crowded(found[-1])]


def test_adjacent_places_share_a_border_and_others_at_most_a_corner() -> None:
    view = views(3, 7)[-1]
    grid = placecell.layout(view, CellSize(12, 3))
    outlines = {}
    for place in grid.cells:
        left, top, width, height = grid.outline(place)
        outlines[place] = ({(top, c) for c in range(left, left + width)}
                           | {(top + height - 1, c) for c in range(left, left + width)}
                           | {(r, left) for r in range(top, top + height)}
                           | {(r, left + width - 1) for r in range(top, top + height)})
    for a, place in enumerate(view["places"]):
        for b in range(a + 1, len(view["places"])):
            shared = outlines[a] & outlines[b]
            if b in place["neighbours"]:
                assert len(shared) >= 3  # a whole side, its corners included
            else:
                assert len(shared) <= 1


def test_the_text_map_draws_every_place_and_its_borders() -> None:
    view = views(3, 7)[-1]
    drawing = "\n".join(text.map_lines(view, ascii=True))
    assert drawing.isascii() and "+---" in drawing and "|" in drawing
    for place in view["places"]:
        assert w.card_name(place["card"]).removeprefix("the ") in drawing


def test_the_waterways_are_marked_on_every_place_they_link() -> None:
    view = next(v for v in reversed(positions()) if len(v["waterways"]["places"]) > 1)
    for place in range(len(view["places"])):
        cell = "".join(plain(placecell.pieces(view, place, CellSize(16, 4),
                                              waterway=place in placecell.linked(view))[0]))
        assert ("≈" in cell) == (place in view["waterways"]["places"])


@pytest.mark.parametrize("size", SIZES)
async def test_every_stack_of_every_place_is_on_the_map(size: tuple[int, int],
                                                        tmp_path: Path) -> None:
    found = positions()
    assert any(len(p["stacks"]) >= 4 for v in found[:-1] for p in v["places"])
    game = ruleset("atlas").new_game(GameSetup(players=4, seed=3))
    async with people_at(game, size, tmp_path) as (_, screen):
        grid = screen.query_one(PlaceGrid)
        for view in found:
            grid.show(view, {0})
            rows = ["".join(s.text for s in line) for line in grid.lines]
            for place in range(len(view["places"])):
                box = grid.regions[place]
                cell = [rows[y][box.x:box.right] for y in range(box.y, box.bottom)]
                name = w.card_name(view["places"][place]["card"]).removeprefix("the ")
                assert cell[0].startswith(name[:placecell.MIN_NAME]), (size, cell)
                assert stacks_of(view, place) in "".join("".join(cell).split()), (size, cell)
            box = grid.regions[0]  # the target's border is heavy
            assert rows[box.y - 1][box.x] == "━" and rows[box.y][box.x - 1] == "┃"


def test_a_place_s_vp_always_says_vp() -> None:
    """In the narrow cells of 80x24 the VP once gave way to a bare "3"."""
    seen = set()
    for view in positions()[::4]:
        for place in range(len(view["places"])):
            for width in range(6, 24):
                for height in range(2, 6):
                    lines, _ = placecell.pieces(view, place, CellSize(width, height))
                    vp = [p.text for line in lines for p in line if p.part == "vp"]
                    assert all(re.fullmatch(r"\d+VP", text) for text in vp), vp
                    seen.update(vp)
    assert seen  # some cells had room for it


def test_the_text_map_says_what_the_waterway_mark_means() -> None:
    view = next(v for v in positions() if len(v["waterways"]["places"]) > 1)
    assert text.map_lines(view)[-1].startswith("≈: the Sea's waterways link")
    assert text.map_lines(view, ascii=True)[-1].startswith("~: the Sea's waterways link")


async def test_at_100_by_30_a_wide_atlas_is_whole_beside_a_narrower_column(
        tmp_path: Path) -> None:
    """Twelve Places five wide, a Place with five stacks and Towers: its cells need more
    than the map pane's usual 60 columns, so the right column gives some up."""
    game = ruleset("atlas").new_game(GameSetup(players=4, seed=1))
    rnd = random.Random(1)
    while len(game.view(0)["places"]) < 12 or 0 not in {p.seat for p in game.pending()}:
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    async with people_at(game, (100, 30), tmp_path) as (_, screen):
        grid = screen.query_one(PlaceGrid)
        assert grid.least_width() > 60
        width, height = grid.virtual_size
        assert width <= grid.size.width and height <= grid.size.height  # no scrolling
        assert screen.query_one("#right").size.width < 40
