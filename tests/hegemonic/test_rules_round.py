"""The round (the rulebook's GAME ROUNDS, Advancing Technologies, BASIC, Discover's
actions, ARBITRATION, SCORING, ENDING THE GAME), one test per rule."""

from __future__ import annotations

from core.games.hegemonic import arbitration, scoring, technology
from core.games.hegemonic.view import view_of
from core.games.hegemonic.words import WORDS
from core.plain import to_plain
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    advance,
    answer,
    at,
    base,
    blank,
    give,
    home,
    kinds,
    of_kind,
    problems,
    prompt,
    run,
    tile,
)

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def homes(game: object) -> None:
    for seat, (q, r) in enumerate(CONTENT.layouts[4].homes):
        home(game, seat, at(game, q, r))  # type: ignore[arg-type]


def test_collection_gains_the_three_tracks_income() -> None:
    game = blank()
    homes(game)
    game.state.players[RED].caps = 1
    run(game, "round", -1, next=0)
    assert game.state.players[RED].caps == 1 + 2 + 2 + 1
    assert game.state.phase == "expansion"


def test_expansion_flips_lays_draws_then_discards_or_advances() -> None:
    game = blank()
    homes(game)
    state = game.state
    state.unused.remove("hammerfall")
    state.draw = ["hammerfall"]
    state.unused.remove("ore_veil")
    state.pool = ["ore_veil"]
    give(game, RED, "dyson_sphere_assembly_1")
    run(game, "expansion", -1, i=0, step="flip")
    assert state.pool == ["ore_veil", "hammerfall"] and state.draw == []
    # One question: the hex for the tile just flipped, or another Pool tile instead.
    asked = prompt(game)
    assert (asked.kind, asked.seat, asked.context) == ("tile_hex", RED, {"tile": "hammerfall"})
    assert asked.options[-1] == "tile:ore_veil"
    target = at(game, 0, 1)
    top = state.deck[-1]
    answer(game, f"sector:{target}")
    assert state.sectors[target].tile == "hammerfall"  # then the one source is drawn from
    assert state.players[RED].hand == ["dyson_sphere_assembly_1", top]
    assert prompt(game).kind == "keep_or_advance"
    answer(game, f"discard:{top}")
    assert state.piles[0] == [top] and prompt(game).seat == BLUE


def test_draw_sources_deck_discard_top_and_own_advanced() -> None:
    game = blank()
    state = game.state
    player = state.players[RED]
    state.piles[0] = ["nano_fabricants_1", "nano_fabricants_2"]
    state.deck.remove("nano_fabricants_1")
    state.deck.remove("nano_fabricants_2")
    card = advance(game, RED, "hyper_cannon_batteries")
    assert technology.sources(state, player) == ["deck", "pile:0", f"advanced:{card}"]
    run(game, "draw", RED, keep=False, drawn=False)
    answer(game, "pile:0")
    assert player.hand == ["nano_fabricants_2"]
    run(game, "draw", RED, keep=False, drawn=False)
    answer(game, f"advanced:{card}")
    assert player.advanced == [] and card in player.hand


def test_an_empty_draw_pile_is_reshuffled_from_the_discards() -> None:
    game = blank()
    state = game.state
    state.piles[0] = list(state.deck)
    state.deck = []
    run(game, "draw", RED, keep=False, drawn=False)
    events = answer(game, "deck")
    assert "deck_reshuffled" in kinds(events)
    assert len(state.deck) == 53 and state.piles[0] == [] and len(state.players[RED].hand) == 1


def test_advancing_needs_the_tier_the_cost_and_a_slot() -> None:
    game = blank()
    player = game.state.players[RED]
    player.built = [1, 1, 1]
    give(game, RED, "hyper_cannon_batteries_1", "phased_teleportation_1", "subliminal_telepathy_1")
    player.caps = 5
    options = technology.advance_options(CONTENT, player, player.hand)
    assert options == ["advance:phased_teleportation_1", "advance:subliminal_telepathy_1"]
    player.built = [1, 1, 5]  # Martial tier 2
    assert "advance:hyper_cannon_batteries_1" in technology.advance_options(
        CONTENT, player, player.hand)
    player.caps = 4
    assert "advance:hyper_cannon_batteries_1" not in technology.advance_options(
        CONTENT, player, player.hand)


def test_three_slots_a_new_technology_replaces_one() -> None:
    game = blank()
    player = game.state.players[RED]
    player.built = [1, 1, 1]
    player.caps = 9
    held = [advance(game, RED, t) for t in ("predictive_algorithms", "mass_translation_relay",
                                            "subliminal_telepathy")]
    give(game, RED, "phased_teleportation_1")
    options = technology.advance_options(CONTENT, player, player.hand)
    assert options == [f"advance:phased_teleportation_1:{c}" for c in held]
    run(game, "draw", RED, keep=True, drawn=True)
    answer(game, f"advance:phased_teleportation_1:{held[0]}")
    assert player.advanced == [*held[1:], "phased_teleportation_1"]
    assert game.state.piles[0] == [held[0]] and player.caps == 7


def test_advancing_the_last_card_of_the_hand_brings_the_inactive_pile_back() -> None:
    """Advancing is playing a card (H:556, H:560): the last one played from the hand brings
    the Inactive pile back (H:1477-1483)."""
    game = blank()
    player = game.state.players[RED]
    player.built = [1, 1, 1]
    player.caps = 9
    give(game, RED, "phased_teleportation_1")
    player.inactive = ["nano_fabricants_1"]
    game.state.deck.remove("nano_fabricants_1")
    run(game, "draw", RED, keep=True, drawn=True)
    answer(game, "advance:phased_teleportation_1")
    assert (player.hand, player.inactive) == (["nano_fabricants_1"], [])
    assert player.advanced == ["phased_teleportation_1"]


def test_one_copy_of_a_technology_at_a_time() -> None:
    game = blank()
    player = game.state.players[RED]
    player.caps = 9
    advance(game, RED, "predictive_algorithms", 1)
    give(game, RED, "predictive_algorithms_2")
    assert technology.advance_options(CONTENT, player, player.hand) == []


def test_a_lost_tier_keeps_the_technology() -> None:
    """An Advanced Technology stays in force when the tier falls: Hyper-Cannon Batteries at
    Martial tier 1 still adds its power."""
    game = blank()
    player = game.state.players[RED]
    advance(game, RED, "hyper_cannon_batteries")
    player.built = [0, 0, 1]
    from core.games.hegemonic.power import fleet_value

    assert fleet_value(CONTENT, game.state, RED) == 2


def test_action_cards_are_chosen_in_secret_then_revealed_together() -> None:
    game = blank()
    run(game, "action_phase", -1, stage="cards")
    events = game.apply(RED, "card:discover")
    assert game.state.players[RED].card == ""
    for seat in (BLUE, YELLOW):
        view = view_of(game.state, CONTENT, seat)
        assert view["players"][RED]["chosen"] and "choice" not in view["players"][RED]
        assert "discover" not in str(game.events_for(seat, events))
    assert "discover" in str(game.events_for(RED, events))
    for seat in (BLUE, YELLOW, GREEN):
        game.apply(seat, "card:assault")
    assert game.state.players[RED].card == "discover"


def test_up_to_two_actions_of_the_card_repeats_allowed() -> None:
    game = blank()
    player = game.state.players[RED]
    player.card = "discover"
    run(game, "turn", RED, taken=0)
    assert prompt(game).options == ["action:capitalize", "action:research", "done"]
    answer(game, "action:capitalize", "action:capitalize")
    assert game.pending() == [] and player.caps == 2  # twice the lowest income, 1


def test_the_turn_says_which_actions_of_the_card_are_closed_and_why() -> None:
    game = blank()
    player = game.state.players[RED]
    player.card, player.caps = "industrialize", 3
    run(game, "turn", RED, taken=0)
    asked = prompt(game)
    assert asked.options == ["action:basic", "done", "gift"]
    assert asked.context["closed"] == ["build", "takeover"]
    hint = WORDS.question(game.view(RED), to_plain(asked)).hint
    assert ("BUILD is not open: nothing it builds (Complexes and gate pairs) has a place you "
            "reach that your 3 CAPs pay for.") in hint
    assert "TAKEOVER is not open: none of your pieces has a target for Consolidate." in hint


def test_basic_action_two_caps_or_a_draw_then_discard_or_advance() -> None:
    game = blank()
    player = game.state.players[RED]
    player.card = "assault"
    run(game, "turn", RED, taken=0)
    answer(game, "action:basic", "caps")
    assert player.caps == 2
    give(game, RED, "nano_fabricants_1")
    top = game.state.deck[-1]
    answer(game, "action:basic", "draw", "discard:nano_fabricants_1")
    assert player.hand == [top] and game.state.piles[0] == ["nano_fabricants_1"]


def test_capitalize_collects_the_lowest_track_income() -> None:
    game = blank()
    player = game.state.players[RED]
    player.card = "discover"
    player.built = [5, 4, 1]  # incomes 5, 5 and 1
    run(game, "turn", RED, taken=0)
    answer(game, "action:capitalize")
    assert player.caps == 1


def test_survey_flips_a_tile_then_lays_one_from_the_pool() -> None:
    game = blank()
    state = game.state
    state.unused.remove("hollow")
    state.draw = ["hollow"]
    run(game, "survey", RED, step="flip")
    assert state.pool == ["hollow"]
    answer(game, f"sector:{at(game, 0, 1)}")  # the one Pool tile is taken at once
    assert state.sectors[at(game, 0, 1)].tile == "hollow" and state.pool == []


def test_research_returns_inactive_discards_any_draws_to_five() -> None:
    game = blank()
    player = game.state.players[RED]
    give(game, RED, "nano_fabricants_1", "nano_fabricants_2")
    player.inactive = ["dyson_sphere_assembly_1"]
    game.state.deck.remove("dyson_sphere_assembly_1")
    run(game, "research", RED, stage="return")
    assert "dyson_sphere_assembly_1" in player.hand and player.inactive == []
    answer(game, "discard:nano_fabricants_1", "done")
    for _ in range(3):
        answer(game, "deck")
    assert len(player.hand) == 5 and game.pending() == [] and game.pending() == []


def test_giving_caps_in_the_turn_window() -> None:
    game = blank()
    player = game.state.players[RED]
    player.card = "discover"
    player.caps = 3
    run(game, "turn", RED, taken=0)
    assert "gift" in prompt(game).options
    answer(game, "gift", f"seat:{BLUE}", "caps:2")
    assert (player.caps, game.state.players[BLUE].caps) == (1, 2)
    assert prompt(game).kind == "action"  # a gift takes no action


def test_a_gift_may_be_called_off_at_either_question_and_nothing_changes() -> None:
    """A way back from the window (a network game has no undo): `none` gives nothing and the
    decision the gift stood beside is asked again."""
    game = blank()
    player = game.state.players[RED]
    player.card = "discover"
    player.caps = 3
    run(game, "turn", RED, taken=0)
    caps = [p.caps for p in game.state.players]
    for steps in (["gift", "none"], ["gift", f"seat:{BLUE}", "none"]):
        events = answer(game, *steps)
        assert prompt(game).kind == "action" and "gift" in prompt(game).options
        assert [p.caps for p in game.state.players] == caps
        assert not any(e.kind == "gift" for e in events)


def test_while_every_seat_picks_its_card_any_seat_may_give_caps_or_drop_a_technology() -> None:
    """H:464-466, H:546: at any time, whoever's turn it is; the window (actions.standing)
    stands beside the phase's secret choice. A card already chosen stays chosen."""
    game = blank()
    homes(game)
    game.state.players[YELLOW].caps = 4
    card = advance(game, YELLOW, "psionic_ecology")
    run(game, "action_phase", -1, stage="cards")
    game.apply(RED, "card:assault")
    yellow = next(p for p in game.pending() if p.seat == YELLOW)
    assert yellow.options[-2:] == ["gift", f"scrap:{card}"]
    game.apply(YELLOW, f"scrap:{card}")
    assert game.state.players[YELLOW].advanced == [] and game.state.piles[0] == [card]
    assert sorted(p.seat for p in game.pending()) == [BLUE, YELLOW, GREEN]  # asked again
    game.apply(YELLOW, "gift")
    answer(game, f"seat:{GREEN}", "caps:3")
    assert (game.state.players[YELLOW].caps, game.state.players[GREEN].caps) == (1, 3)
    assert sorted(p.seat for p in game.pending()) == [BLUE, YELLOW, GREEN]
    assert game.state.chosen[RED] == "assault"


def test_caps_may_be_given_in_expansion_and_before_the_arbiter_is_chosen() -> None:
    game = blank(phase="expansion")
    homes(game)
    game.state.pool = [game.state.unused.pop()]
    game.state.players[BLUE].caps = 2
    run(game, "expansion", -1, i=1, step="tile")  # Blue lays a tile, the second to do so
    assert (prompt(game).seat, prompt(game).kind) == (BLUE, "tile_hex")
    assert "gift" in prompt(game).options
    arbiter = blank()
    homes(arbiter)
    for seat in (RED, BLUE, YELLOW):
        arbiter.state.players[seat].caps = 3
    run(arbiter, "arbitration", -1, stage="arbiter")
    answer(arbiter, "gift", f"seat:{BLUE}", "caps:1")  # the tie is broken: Blue has 4
    assert arbiter.state.arbiter == BLUE and not arbiter.pending()


def test_every_seat_is_asked_before_arbitration_and_a_gift_there_makes_the_arbiter() -> None:
    game = blank()
    homes(game)
    red, blue = game.state.players[RED], game.state.players[BLUE]
    red.caps, blue.caps = 3, 2
    run(game, "arbitration", -1, stage="window", passed=[])
    # Only the seats with something to do are asked; nothing is one key.
    assert [(p.seat, p.kind, p.options) for p in game.pending()] == [
        (RED, "before_arbitration", ["pass", "gift"]),
        (BLUE, "before_arbitration", ["pass", "gift"])]
    answer(game, "pass")
    assert [p.seat for p in game.pending()] == [BLUE]  # Red has answered
    answer(game, "gift", f"seat:{YELLOW}", "caps:2")  # Blue, then with nothing left
    assert not game.pending() and game.state.arbiter == RED  # 3 against Yellow's 2
    assert (red.caps, blue.caps, game.state.players[YELLOW].caps) == (3, 0, 2)
    learning = blank(modules=("learning",))
    homes(learning)
    learning.state.players[RED].caps = 3
    run(learning, "arbitration", -1, stage="window", passed=[])
    assert not learning.pending()  # no gifts: nobody is asked


def test_no_gifts_in_the_learning_game() -> None:
    game = blank(modules=("learning",))
    game.state.players[RED].card = "discover"
    game.state.players[RED].caps = 3
    run(game, "turn", RED, taken=0)
    assert "gift" not in prompt(game).options


def test_an_advanced_technology_may_be_discarded_in_the_turn_window() -> None:
    game = blank()
    game.state.players[RED].card = "discover"
    card = advance(game, RED, "psionic_ecology")
    run(game, "turn", RED, taken=0)
    answer(game, f"scrap:{card}")
    assert game.state.players[RED].advanced == [] and game.state.piles[0] == [card]


def test_most_caps_becomes_arbiter() -> None:
    game = blank()
    homes(game)
    game.state.players[YELLOW].caps = 3
    run(game, "arbitration", -1, stage="arbiter")
    assert game.state.arbiter == YELLOW


def test_tied_caps_the_arbiter_chooses_and_gives_it_away_if_tied() -> None:
    game = blank()
    homes(game)
    for seat in (RED, BLUE, YELLOW):
        game.state.players[seat].caps = 3
    run(game, "arbitration", -1, stage="arbiter")
    assert prompt(game).seat == RED and prompt(game).options == [
        f"arbiter:{BLUE}", f"arbiter:{YELLOW}", "gift"]  # CAPs may change hands first
    answer(game, f"arbiter:{YELLOW}")
    assert game.state.arbiter == YELLOW


def test_learning_game_arbiter_passes_counterclockwise_and_keeps_every_cap() -> None:
    game = blank(modules=("learning",))
    homes(game)
    game.state.players[BLUE].caps = 30
    run(game, "arbitration", -1, stage="arbiter")
    assert game.state.arbiter == GREEN and game.state.players[BLUE].caps == 30


def test_caps_above_the_retention_limit_are_discarded() -> None:
    game = blank()
    homes(game)
    game.state.players[RED].caps = 10
    game.state.players[BLUE].caps = 10
    advance(game, BLUE, "emergent_economics")
    run(game, "arbitration", -1, stage="retention")
    assert game.state.players[RED].caps == 3 and game.state.players[BLUE].caps == 9


def test_inactive_piles_return_at_arbitration() -> None:
    game = blank()
    homes(game)
    player = game.state.players[RED]
    player.inactive = [game.state.deck.pop()]
    run(game, "arbitration", -1, stage="arbiter")
    assert player.inactive == [] and len(player.hand) == 1


def test_scoring_control_influence_presence_exclusivity_and_the_core() -> None:
    score = scoring.score_board
    assert score(CONTENT, [3, 2, 1, 0], core=False) == [6, 3, 1, 0]
    assert score(CONTENT, [3, 2, 1, 0], core=True) == [7, 4, 2, 0]
    assert score(CONTENT, [0, 4, 0, 0], core=False) == [0, 8, 0, 0]
    assert score(CONTENT, [0, 4, 0, 0], core=True) == [0, 9, 0, 0]


def test_scoring_ties() -> None:
    """Tied first: 3 each, and nobody is second; tied second: 1 each."""
    score = scoring.score_board
    assert score(CONTENT, [4, 4, 1, 0], core=False) == [3, 3, 1, 0]
    assert score(CONTENT, [5, 2, 2, 1], core=False) == [6, 1, 1, 1]


def test_boards_score_the_power_of_bases_only_a_home_embassy_counts_one() -> None:
    game = blank()
    homes(game)
    s = at(game, 0, 1)
    tile(game, "sunset_coil", s)
    base(game, RED, s, "political")
    game.state.players[BLUE].fleets[0] = s  # Units never count
    powers = scoring.board_power(game.state)
    assert powers[0] == [3, 0, 0, 0]
    red_home_board = game.state.sectors[at(game, -2, 3)].board
    assert powers[red_home_board][RED] == 3  # Complex 1, Embassy 1, Outpost 1
    assert problems(game) == []


def test_the_game_ends_when_the_stack_is_empty_or_the_map_full() -> None:
    game = blank()
    homes(game)
    state = game.state
    assert arbitration.game_ends(state)  # no tile in the stack
    state.draw = [state.unused.pop()]
    assert not arbitration.game_ends(state)
    for sector in state.sectors:
        if not sector.tile:
            sector.tile = "hollow"
    assert arbitration.game_ends(state)


def test_the_longer_game_ends_when_the_map_is_full() -> None:
    game = blank(modules=("longer",))
    homes(game)
    state = game.state
    state.unused.remove("hollow")
    state.pool = ["hollow"]
    assert not arbitration.game_ends(state)  # the stack is out but a tile is left


def test_final_scoring_technology_points_and_the_tie_break() -> None:
    game = blank()
    homes(game)
    state = game.state
    for p in state.players:
        p.vp = 10
    advance(game, RED, "polymorphic_matter")  # tier 3: 6 VP
    advance(game, BLUE, "dyson_sphere_assembly")  # tier 2: 4 VP
    advance(game, BLUE, "mass_translation_relay")  # tier 1: 2 VP
    state.players[BLUE].built = [2, 1, 1]  # a higher CAP gain breaks the tie
    state.draw = []
    events = run(game, "arbitration", -1, stage="scoring")
    over = of_kind(events, "game_over")[0].data
    assert over["tech"] == [6, 6, 0, 0] and state.phase == "over"
    assert state.winners == [BLUE]


def test_a_tie_on_vp_and_cap_gain_is_shared() -> None:
    game = blank()
    homes(game)
    game.state.draw = []
    run(game, "arbitration", -1, stage="scoring")
    assert game.state.winners == [RED, BLUE, YELLOW, GREEN]
