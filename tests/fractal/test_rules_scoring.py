"""Transition scoring: objectives, specialization, Age 2 conditions, VP, the winner."""

from __future__ import annotations

from core.games.fractal import board, counters, empire, scoring
from core.games.fractal.state import RESERVE
from tests.fractal.rules_fixtures import BLUE, GREEN, RED, YELLOW, clear, content, new_game, place


def _score(game) -> None:
    scoring.score(clear(game))


def _zero(game) -> None:
    """Strip everything an objective counts, so that a test sets only what it checks."""
    state = game.state
    for unit in state.units:
        board.place(state, unit, RESERVE, owner=-1 if unit.black else None)
    for sector in state.sectors:
        for space in sector.spaces:
            space.owner = -1
    for player in state.players:
        player.influence = player.credits = player.medals = 0
        player.technologies.clear()
        player.artifacts.clear()
        player.resolved.clear()
    for slots in state.tech.values():
        for slot in slots:
            slot.science.clear()


def test_age_one_condition_gives_one_vp() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "age_of_ascension"]
    _zero(game)
    state.players[RED].influence = 3  # 2 needed
    _score(game)
    assert state.players[RED].vp == {"imperial": 1, "military": 0, "scientific": 0,
                                     "productive": 0, "exploration": 0}
    assert sum(state.players[BLUE].vp.values()) == 0


def test_objective_specialization_four_influence_against_two_gives_two_vp() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "age_of_ascension"]
    assert content().objectives["dawn_of_empires"].row("imperial").amount == 2
    _zero(game)
    state.players[RED].influence = 4
    _score(game)
    assert state.players[RED].vp["imperial"] == 2


def test_age_two_conditions_combine_both_cards_and_give_two_vp() -> None:
    # With the Age 2 card tucked in, the imperial condition needs 4 influence instead of 2,
    # but rewards 2 VP.
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "age_of_ascension"]
    state.age2_revealed = True
    _zero(game)
    state.players[RED].influence = 3
    state.players[BLUE].influence = 4
    _score(game)
    assert state.players[RED].vp["imperial"] == 0
    assert state.players[BLUE].vp["imperial"] == 2
    state.players[BLUE].influence = 8  # twice over: +1
    state.players[BLUE].vp["imperial"] = 0
    _score(game)
    assert state.players[BLUE].vp["imperial"] == 3


def test_age_two_extra_requirement_must_also_hold() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "the_long_war"]  # imperial also 1 imperial colony
    state.age2_revealed = True
    _zero(game)
    state.players[RED].influence = 4
    _score(game)
    assert state.players[RED].vp["imperial"] == 0
    sector = next(s for s in state.sectors if any("imperial" in sp.accepts for sp in s.spaces))
    space = next(sp for sp in sector.spaces if "imperial" in sp.accepts)
    space.owner, space.track = RED, "imperial"
    _score(game)
    assert state.players[RED].vp["imperial"] == 2


def test_counted_conditions_units_and_controlled_sectors() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["seeds_of_hegemony", "age_of_ascension"]  # 3 infantry on the board
    _zero(game)
    home = next(s for s in state.sectors if s.kind == "starting")
    place(state, RED, "infantry", home.id, 3)
    place(state, BLUE, "infantry", home.id, 2)
    _score(game)
    assert state.players[RED].vp["military"] == 1 and state.players[BLUE].vp["military"] == 0


def test_vp_per_category_stop_at_five() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "age_of_ascension"]
    state.age2_revealed = True
    _zero(game)
    state.players[RED].vp["imperial"] = 4
    state.players[RED].influence = 8
    _score(game)
    assert state.players[RED].vp["imperial"] == 5


def test_final_score_example_is_eleven() -> None:
    game = new_game()
    player = game.state.players[RED]
    player.vp = {"imperial": 3, "productive": 1, "scientific": 2, "military": 1,
                 "exploration": 4}
    player.vp_tokens = 0
    assert empire.total_vp(player) == 11
    player.vp_tokens = 2  # victory tokens add up too
    assert empire.total_vp(player) == 13


def _tie(game) -> None:
    _zero(game)
    for player in game.state.players:
        player.vp = {"imperial": 2, "military": 0, "scientific": 0, "productive": 0,
                     "exploration": 0}
        player.vp_tokens = 0


def test_most_vp_wins() -> None:
    game = new_game(3)
    _tie(game)
    game.state.players[GREEN].vp_tokens = 1
    assert scoring.winners(game.state) == [GREEN]


def test_tie_breakers_in_order_medals_influence_credits_pieces() -> None:
    game = new_game(4)
    state = game.state
    _tie(game)
    players = state.players
    # 4. most units and colonies on the board
    place(state, YELLOW, "infantry", 0)
    assert scoring.winners(state) == [YELLOW]
    # 3. credits beat pieces
    players[GREEN].credits = 1
    assert scoring.winners(state) == [GREEN]
    # 2. influence beats credits
    players[BLUE].influence = 1
    assert scoring.winners(state) == [BLUE]
    # 1. battle medals beat influence
    players[RED].medals = 1
    assert scoring.winners(state) == [RED]
    # VP beat everything
    players[YELLOW].vp_tokens = 1
    assert scoring.winners(state) == [YELLOW]


def test_still_tied_players_all_win() -> None:
    game = new_game(4)
    _tie(game)
    state = game.state
    state.players[BLUE].medals = state.players[YELLOW].medals = 2
    assert scoring.winners(state) == [BLUE, YELLOW]
    state.players[BLUE].medals = state.players[YELLOW].medals = 0
    assert scoring.winners(state) == [RED, BLUE, GREEN, YELLOW]


def test_a_face_down_living_galaxy_counts_for_sectors_containing_living_galaxies() -> None:
    # Objective symbols, l. 1063: control sectors containing living galaxies. Setup puts a
    # living galaxy token face down on every non-habitable sector (l. 343, l. 405); face
    # down, which galaxy it is stays private (l. 475), not that one is there (l. 845 calls
    # it a living galaxy token). Its exploitation areas need it face up (Exploitation areas).
    game = new_game()
    state = game.state
    state.objectives = ["sparks_of_ambition", "age_of_ascension"]
    assert content().objectives["sparks_of_ambition"].row("exploration").counter == (
        "controlled.living_galaxy")
    _zero(game)
    galaxy = next(s for s in state.sectors if s.event_kind == "living_galaxy")
    galaxy.event_face_up = False
    place(state, RED, "lightship", galaxy.id)
    assert counters.count(state, content(), RED, "controlled.living_galaxy") == 1
    assert counters.count(state, content(), BLUE, "controlled.living_galaxy") == 0
    _score(game)
    assert state.players[RED].vp["exploration"] == 1
    assert state.players[BLUE].vp["exploration"] == 0
