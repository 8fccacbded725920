"""Income phase and the key concepts (control, blockade, contested, empty, limits, decks,
losing access)."""

from __future__ import annotations

import pytest

from core.games.fractal import board, effects, empire, income, rules
from core.games.fractal.state import MAX_CREDITS, MAX_INFLUENCE, MAX_VP, RESERVE
from tests.fractal.rules_fixtures import (
    BLUE,
    RED,
    choose,
    clear,
    content,
    ctx_of,
    empty_sector,
    idle,
    new_game,
    place,
    prompt,
)


def _income(game, seats=(RED,)) -> None:
    ctx = clear(game)
    income.income_phase(ctx, list(seats))
    rules.MACHINE.run(ctx)


# --- Income -------------------------------------------------------------------------------


@pytest.mark.parametrize(("taken", "credits"), [(0, 3), (1, 4), (2, 5), (3, 6)])
def test_credits_from_the_productive_track(taken: int, credits: int) -> None:
    game = new_game(governments={"gorias": "marrow_court"})  # no income effect
    state = game.state
    state.players[RED].taken["productive"] = taken
    state.players[RED].credits = 0
    _income(game)
    assert idle(game)
    bone_trade = income.bone_trade(state, RED)
    assert state.players[RED].credits == credits + bone_trade


def _galaxy(game, galaxy: str, **units: int):
    state = game.state
    sector = empty_sector(state)
    sector.spaces = []
    sector.kind = "non_habitable"
    sector.event, sector.event_kind, sector.event_face_up = galaxy, "living_galaxy", True
    for kind, n in units.items():
        place(state, RED, kind, sector.id, n)
    return sector


def test_exploitation_area_activates_once_whatever_the_units() -> None:
    game = new_game(governments={"gorias": "marrow_court"})
    state = game.state
    _galaxy(game, "drifting_leviathan", infantry=3)
    state.players[RED].credits = 0
    _income(game)
    base = empire.income(state, content(), RED)
    assert state.players[RED].credits == base + 1


def test_exploitation_areas_each_need_their_units_and_control() -> None:
    game = new_game(governments={"gorias": "marrow_court"})
    state = game.state
    sector = _galaxy(game, "nebula_nursery", lightship=1, infantry=1)
    state.players[RED].credits = 0
    _income(game)
    assert prompt(game).kind == "place_science"  # the lightship area: 2 science
    choose(game, "slot:civil:0", "slot:civil:0")
    assert idle(game)
    assert state.players[RED].credits == empire.income(state, content(), RED) + 1
    # Without control (a tie), nothing.
    place(state, BLUE, "infantry", sector.id, 2)
    state.players[RED].credits = 0
    _income(game)
    assert idle(game) and state.players[RED].credits == empire.income(state, content(), RED)


def test_face_down_living_galaxies_give_nothing() -> None:
    game = new_game(governments={"gorias": "marrow_court"})
    sector = _galaxy(game, "drifting_leviathan", infantry=1)
    sector.event_face_up = False
    ctx = rules.MACHINE.context(game.state, content())
    assert income.exploitation_steps(ctx.state, ctx.content, RED, sector) == []


def test_during_income_effects_and_unexhaust() -> None:
    game = new_game()  # Gorias, Bone Guild: +1 credit during the income phase
    state = game.state
    state.players[RED].credits = 0
    state.players[RED].exhausted = ["some_card"]
    _income(game)
    base = empire.income(state, content(), RED)
    assert state.players[RED].credits == base + 1
    assert state.players[RED].exhausted == []


def test_prime_directive_pays_a_credit_at_income_and_places_no_science() -> None:
    # VAX117's Prime Directive paid a science each income phase before issue 44's
    # two-player balance; it pays a credit now (docs/cards.md).
    game = new_game(factions=["vax117", "gorias"], governments={"vax117": "prime_directive"})
    state = game.state
    state.players[RED].credits = 0
    _income(game)
    assert idle(game)
    assert state.players[RED].credits == empire.income(state, content(), RED) + 1
    assert empire.science_on_boards(state, RED) == 0


# --- Key concepts -------------------------------------------------------------------------


def test_control_needs_strictly_more_pieces_and_no_obstacle() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    assert board.controller(state, sector) == -1 and board.empty(state, sector)
    place(state, RED, "infantry", sector.id)
    assert board.controls(state, sector, RED) and not board.contested(state, sector)
    place(state, BLUE, "lightship", sector.id)
    assert board.controller(state, sector) == -1  # tie
    assert board.contested(state, sector)
    sector.spaces[0].owner, sector.spaces[0].track = BLUE, "imperial"  # colonies count
    assert board.controls(state, sector, BLUE)
    sector.event, sector.event_kind = "thorn_wastes", "obstacle"
    assert board.controller(state, sector) == -1
    sector.event_kind = "anomaly"
    assert board.controller(state, sector) == -1


def test_contested_counts_colonies_and_empty_means_no_pieces() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    sector.spaces[0].owner, sector.spaces[0].track = BLUE, "imperial"
    assert not board.empty(state, sector) and not board.contested(state, sector)
    place(state, RED, "infantry", sector.id)
    assert board.contested(state, sector)


def test_blockade_needs_a_colony_and_four_enemy_units() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    place(state, BLUE, "infantry", sector.id, 4)
    assert not board.blockaded(state, sector)  # no colony
    sector.spaces[0].owner, sector.spaces[0].track = RED, "imperial"
    assert board.blockaded_for(state, sector, RED)
    board.place(state, next(u for u in state.units if u.where == sector.id), RESERVE)
    assert not board.blockaded_for(state, sector, RED)  # three are not enough


def test_resource_tracks_are_limited() -> None:
    game = new_game()
    player = game.state.players[RED]
    empire.gain_credits(player, 100)
    empire.gain_influence(player, 100)
    assert (player.credits, player.influence) == (MAX_CREDITS, MAX_INFLUENCE)
    empire.gain_credits(player, -100)
    empire.gain_influence(player, -100)
    assert (player.credits, player.influence) == (0, 0)


def test_vp_dice_stop_at_five() -> None:
    game = new_game()
    ctx = clear(game)
    empire.gain_vp(ctx, RED, "military", 4)
    empire.gain_vp(ctx, RED, "military", 3)
    assert game.state.players[RED].vp["military"] == MAX_VP


def test_drawing_from_an_empty_deck_reshuffles_its_discard_pile() -> None:
    game = new_game()
    state = game.state
    state.action_discard = list(state.action_deck)
    state.action_deck.clear()
    discard = sorted(state.action_discard)
    ctx = ctx_of(game)
    card = effects.draw_card(ctx, "action")
    assert card is not None
    assert state.action_discard == []
    assert sorted([*state.action_deck, card]) == discard
    (shuffled,) = [e for e in ctx.events if e.kind == "deck_reshuffled"]
    assert shuffled.reveals and shuffled.data == {"deck": "action", "cards": len(discard)}


def test_losing_a_component_loses_its_effect_at_once() -> None:
    game = new_game()
    state = game.state
    state.players[RED].technologies.append("trade_consortium")  # +2 income
    with_it = empire.income(state, content(), RED)
    state.players[RED].technologies.remove("trade_consortium")
    assert empire.income(state, content(), RED) == with_it - 2


def test_modifiers_are_cumulative() -> None:
    game = new_game()
    state = game.state
    state.players[RED].artifacts.append("chrono_lens")
    state.players[RED].technologies.append("fusion_foundries")
    assert empire.depletion_value(state, content(), RED) == 0


def test_unit_keywords() -> None:
    from core.games.fractal.units import BASE_KEYWORDS
    assert BASE_KEYWORDS["infantry"] == {"ground": 1, "colonize": 1, "invade": 1}
    assert BASE_KEYWORDS["lightship"] == {"space": 1, "transport": 2}
    assert BASE_KEYWORDS["mech"] == {"ground": 1, "vanguard": 1, "resist": 1}
    assert BASE_KEYWORDS["warship"] == {"space": 1, "transport": 3, "resist": 1}


def test_radiation_strips_abilities_but_the_basic_ones() -> None:
    from core.games.fractal import units
    game = new_game()
    state = game.state
    sector = _galaxy(game, "drifting_leviathan", mech=1)
    radiating = [g.id for g in content().living_galaxies.values() if "radiation" in g.effects]
    assert radiating, "the content has radiation galaxies"
    sector.event = radiating[0]
    mech = next(u for u in state.units if u.where == sector.id)
    assert units.keywords(state, content(), mech) == {"ground": 1}


def test_removed_units_return_to_their_reserve_black_units_to_the_supply() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    own = place(state, RED, "infantry", sector.id)[0]
    black = next(u for u in state.units if u.black)
    board.place(state, black, sector.id, owner=RED)
    ctx = clear(game)
    effects.remove_unit(ctx, own.id)
    effects.remove_unit(ctx, black.id)
    assert own.where == -1 and own.owner == RED  # removed: back to the reserve
    assert black.where == -1 and black.owner == -1  # back to the black supply
