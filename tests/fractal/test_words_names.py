"""Names and symbols: players by colour and faction, the reader as "you", sectors by name
and number, and a symbol for every owner and unit kind that needs no colour."""

from __future__ import annotations

import random

import pytest

from core.games.fractal.content import load_content
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import WORDS, names
from core.games.fractal.words.events import _faction_chosen
from core.games.fractal.words.facts import current_action
from core.words import LABEL_WIDTH, SEAT_COLOURS, third_person


@pytest.fixture(scope="module")
def game() -> Game:
    game = Game.new(Options(players=4, map="extended", seed=8, factions=["saura", "gorias",
                                                                        "delverar", "vax117"]))
    for faction in ("saura", "gorias", "delverar", "vax117"):
        seat = game.pending()[0].seat
        game.apply(seat, f"faction:{faction}")
    return game


def test_players_go_by_colour_and_faction(game: Game) -> None:
    view = game.view(2)
    factions = {p["seat"]: p["faction"] for p in view["players"]}
    first = next(s for s, f in factions.items() if f == "saura")
    assert WORDS.seat_name(view, first) == f"{names.colour(view, first)} (Saura)"
    assert names.who(view, 2) == "You" and names.whom(view, 2) == "you"
    assert names.whose(view, 2) == "your"
    assert names.says(view, 2, "pass") == "You pass"
    assert names.says(view, first, "pass") == f"{WORDS.seat_name(view, first)} passes"


def test_before_the_faction_a_player_is_a_colour() -> None:
    view = Game.new(Options(players=2, seed=1)).view(-1)
    assert WORDS.seat_name(view, 0) == "Red" and WORDS.seat_name(view, 1) == "Blue"
    assert names.who(view, 0) == "Red"  # a spectator is nobody's "you"


def test_verbs_agree() -> None:
    cases = {"recruit": "recruits", "pass": "passes", "have": "has", "carry": "carries",
             "play": "plays", "take back": "takes back", "reach": "reaches", "do": "does"}
    assert {verb: third_person(verb) for verb in cases} == cases


def test_sectors_go_by_name_and_number(game: Game) -> None:
    view = game.view(0)
    content = load_content()
    for sector in view["sectors"]:
        name = WORDS.spot_name(view, sector["id"])
        assert name.endswith(f" {sector['id']}")
        if sector["tile"]:
            assert name.startswith(content.sectors[sector["tile"]].name)
        label = names.sector_label(view, sector["id"], 12)
        assert len(label) <= 12 and label.endswith(f" {sector['id']}")


def test_every_owner_and_unit_kind_has_its_own_symbol() -> None:
    colours = load_content().tokens.colours
    for ascii in (False, True):
        symbols = names.symbols(ascii)
        owners = [symbols.owners[c] for c in colours]
        assert len(set(owners)) == len(owners)
        assert len(set(symbols.units.values())) == len(names.UNITS)
        marks = [*owners, *symbols.units.values(), symbols.storm, symbols.medal,
                 symbols.blockade, symbols.none]
        assert len(set(marks)) == len(marks)  # no mark means two things
        assert all(len(mark) == 1 for mark in marks)
    assert all(mark.isascii() for mark in names.ASCII.owners.values())
    assert set(colours) <= set(SEAT_COLOURS)


def test_the_action_in_progress_is_named() -> None:
    game = Game.new(Options(players=2, seed=3))
    pick = random.Random(3)
    found = set()
    while not game.over and len(game.log) < 400:
        prompt = game.pending()[0]
        action = current_action(game.view(prompt.seat))
        found.add((prompt.kind, action))
        game.apply(prompt.seat, pick.choice(prompt.options))
    assert ("deploy", "Recruit") in found and ("advance_step", "Advance") in found
    assert ("action", "") in found and ("faction", "") in found
    assert all(len(action) <= LABEL_WIDTH for _, action in found)


def test_a_faction_s_announcement_names_the_player_by_their_own_name() -> None:
    game = Game.new(Options(players=2, seed=3, names=["Ada"]))
    record = {"kind": "faction_chosen", "seat": 0, "faction": "saura"}
    assert _faction_chosen(game.view(1), record).startswith("Ada (Red) plays the ")
    assert _faction_chosen(game.view(0), record).startswith("You play the ")
