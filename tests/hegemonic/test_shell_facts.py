"""What the shell and the words read of every Hegemonic game: the view's standings in the
shell's shape (core.header), and event records that keep their own kind and seat."""

from __future__ import annotations

from core.events import SPECTATOR, for_viewer
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.header import header
from core.rng import Rng
from tests.hegemonic.hegemonic_fixtures import table_choice

MODULES = ["leaders", "draft", "discard_piles", "wild_homes"]


def test_no_event_field_takes_the_place_of_the_record_s_kind_or_seat() -> None:
    declared = 0
    for seed, players in ((1, 2), (3, 6), (7, 4)):
        game = Game.new(Options(players=players, seed=seed, modules=MODULES))
        rng = Rng(seed)
        while not game.over:
            prompt = rng.choice(game.pending())
            for event in game.apply(prompt.seat, table_choice(rng, prompt.options)):
                assert not {"kind", "seat"} & {*event.data, *event.secret}, event.kind
                assert for_viewer(event, SPECTATOR)["kind"] == event.kind
                declared += event.kind == "conflict_declared"
    assert declared  # the games reach the event that once lost its kind


def test_the_standings_rank_every_seat_by_vp_then_cap_gain() -> None:
    game = Game.new(Options(players=4, seed=5))
    rng = Rng(5)
    while not game.over:
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    state = game.state
    state.players[0].vp = state.players[1].vp = 30
    state.players[2].vp, state.players[3].vp = 20, 20
    for player in state.players:
        player.built = [3, 1, 1]  # the same CAP gain for all ...
    state.players[1].built = [5, 1, 1]  # ... but Blue's, one more Industrial space
    rows = game.view(SPECTATOR)["standings"]
    assert [(r["seat"], r["place"], r["vp"]) for r in rows] == [
        (1, 1, 30), (0, 2, 30), (2, 3, 20), (3, 3, 20)]
    facts = header(game.view(2))
    assert [s.seat for s in facts.standings] == [1, 0, 2, 3]
    assert "board_standings" in game.view(0)


def test_a_seat_is_called_by_its_house_colour_until_named() -> None:
    game = Game.new(Options(players=6, seed=1, names=["Ana"]))
    players = game.state.players
    assert players[0].name == "Ana"
    assert [p.name for p in players[1:]] == [p.colour.capitalize() for p in players[1:]]
