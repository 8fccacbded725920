"""Setup (the rulebook's GAME SETUP and the setup modules), one test per rule."""

from __future__ import annotations

import pytest

from core.games.hegemonic import galaxy, pieces
from core.games.hegemonic.game import Game
from core.games.hegemonic.invariants import check_state
from core.games.hegemonic.state import Options
from core.hexgrid import distance, neighbours
from tests.hegemonic.hegemonic_fixtures import CONTENT, prompt


def new(players: int, seed: int = 3, **kwargs: object) -> Game:
    return Game.new(Options(players=players, seed=seed, **kwargs))  # type: ignore[arg-type]


def place_homes(game: Game) -> None:
    while prompt(game).kind == "home":
        game.apply(prompt(game).seat, prompt(game).options[0])


@pytest.mark.parametrize("players", [4, 5, 6])
def test_eight_tiles_a_player_two_dealt_five_cards(players: int) -> None:
    game = new(players)
    state = game.state
    assert all(len(p.hand) == 5 and len(p.dealt) == 2 for p in state.players)
    assert len(state.draw) == 8 * players - 2 * players
    assert len(state.unused) == 48 - 8 * players
    assert len(state.deck) == 54 - 5 * players and state.out == []


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_use_the_small_sets(players: int) -> None:
    game = new(players)
    state = game.state
    assert all(CONTENT.tiles[t].small for t in [*state.draw, *state.players[0].dealt])
    assert len(state.draw) == 24 - 2 * players
    assert len(state.out) == 24 and all(not CONTENT.cards[c].small for c in state.out)
    assert len(state.deck) == 30 - 5 * players


def test_first_arbiter_places_the_first_home_then_clockwise() -> None:
    game = new(4, seed=11)
    arbiter = game.state.arbiter
    events = []
    while prompt(game).kind == "home":
        events += game.apply(prompt(game).seat, prompt(game).options[0])
    order = [e.seat for e in events if e.kind == "home_placed"]
    assert order == [(arbiter + i) % 4 for i in range(4)]


def test_recommended_homes_are_the_red_dots() -> None:
    game = new(4)
    dots = {tuple(h) for h in CONTENT.layouts[4].homes}
    options = prompt(game).options
    assert {(game.state.sectors[int(o.split(":")[1])].q,
             game.state.sectors[int(o.split(":")[1])].r) for o in options} == dots


def test_homes_on_distinct_galaxy_boards_never_side_by_side_nor_on_the_core() -> None:
    game = new(4, homes="any")
    state = game.state
    while prompt(game).kind == "home":
        for option in prompt(game).options:
            sector = state.sectors[int(option.split(":")[1])]
            assert sector.board != 0 and not sector.tile
            assert sector.board not in {s.board for s in state.sectors if s.home >= 0}
            assert all(distance((sector.q, sector.r), (s.q, s.r)) > 1
                       for s in state.sectors if s.home >= 0)
        game.apply(prompt(game).seat, prompt(game).options[-1])


def test_home_holds_the_first_complex_embassy_and_outpost() -> None:
    game = new(3)
    place_homes(game)
    for player in game.state.players:
        home = pieces.home_of(game.state, player.seat)
        assert player.built == [1, 1, 1]
        assert sorted(game.state.locations[i].kind for i in game.state.sectors[home].locations
                      if game.state.locations[i].owner == player.seat) == [
            "industrial", "martial", "political"]


def test_first_tile_goes_next_to_the_home_then_the_other_to_the_pool() -> None:
    game = new(4)
    place_homes(game)
    state = game.state
    dealt = {p.seat: list(p.dealt) for p in state.players}
    while prompt(game).kind == "first_tile":
        seat = prompt(game).seat
        home = state.sectors[pieces.home_of(state, seat)]
        for option in prompt(game).options:
            _, tile, sector = option.split(":")
            assert tile in dealt[seat]
            s = state.sectors[int(sector)]
            assert (s.q, s.r) in neighbours((home.q, home.r)) and not s.tile
        game.apply(seat, prompt(game).options[0])
    left = [t for p in dealt.values() for t in p if t not in {s.tile for s in state.sectors}]
    assert len(left) == 4 and set(left) < set(state.pool)
    assert len(state.pool) == 5 and game.state.phase == "expansion"  # one flipped since


def test_two_players_add_a_tile_to_the_pool() -> None:
    game = new(2)
    place_homes(game)
    while prompt(game).kind == "first_tile":
        game.apply(prompt(game).seat, prompt(game).options[0])
    assert len(game.state.pool) == 3 + 1  # two left from the deal, one more, one flipped


def test_free_layout_boards_touch_two_and_the_core_in_turn_counterclockwise() -> None:
    game = new(4, layout="free")
    arbiter = game.state.arbiter
    seats = []
    while prompt(game).kind == "layout":
        seats.append(prompt(game).seat)
        placed = galaxy.placed_hexes(game.state, CONTENT)
        for option in prompt(game).options:
            _, turn, q, r = option.split(":")
            from core.games.hegemonic.content import board_hexes

            hexes = board_hexes(CONTENT.galaxy.shape, (int(turn), int(q), int(r)))
            touched = {placed[n] for h in hexes for n in neighbours(h) if n in placed}
            assert not any(h in placed for h in hexes)
            assert 0 in touched and (len(touched) >= 2 or len(game.state.boards) == 0)
        game.apply(prompt(game).seat, prompt(game).options[len(seats) % 3])
    assert seats == [(arbiter - i) % 4 for i in range(6)]
    assert len(game.state.sectors) == 36 and prompt(game).kind == "home"
    assert check_state(game.state) == []


def test_learning_game_setup() -> None:
    """Four tiles a player in one stack, one per player in the Pool (and one more at two
    players), Homes on the red dots, a tile from the stack next to each Home, no hands."""
    game = new(2, modules=["learning"])
    state = game.state
    assert len(state.draw) + len(state.pool) == 8 and len(state.pool) == 3
    assert all(not p.hand for p in state.players)
    place_homes(game)
    while prompt(game).kind == "first_tile":
        assert len(prompt(game).options) <= 6
        game.apply(prompt(game).seat, prompt(game).options[0])
    assert sum(1 for s in state.sectors if s.tile and s.home < 0) == 2
    assert check_state(state) == []


def test_technology_draft() -> None:
    """Six cards each, one kept in secret and the rest passed clockwise until one is left,
    which is discarded: five in hand."""
    game = new(3, modules=["draft"])
    state = game.state
    assert [len(p.draft) for p in state.players] == [6, 6, 6] and not state.players[0].hand
    first = {p.seat: list(p.draft) for p in state.players}
    while prompt(game).kind == "draft_pick":
        for p in list(game.pending()):
            game.apply(p.seat, p.options[0])
    assert all(len(p.hand) == 5 and not p.draft for p in state.players)
    assert state.players[1].hand[1] in first[0]  # the second pick came from the left
    assert len(state.piles[0]) == 3
    assert check_state(state) == []


def test_longer_game_stacks_every_tile() -> None:
    game = new(5, modules=["longer"])
    assert len(game.state.draw) == 48 - 2 * 5 and game.state.unused == []
    game = new(3, modules=["longer"])
    assert len(game.state.draw) + 6 == 31 - 3  # every empty hex has a tile to come


def test_bad_options_are_refused_in_one_line() -> None:
    for kwargs, message in (({"players": 7}, "2 to 6"), ({"players": 4, "layout": "round"},
                            "layout"), ({"players": 4, "modules": ["leaders?"]}, "unknown"),
                            ({"players": 4, "modules": ["learning"], "layout": "free"},
                             "Learning")):
        with pytest.raises(ValueError, match=message):
            Game.new(Options(**kwargs))  # type: ignore[arg-type]
