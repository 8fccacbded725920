"""End of cycle phase (prestige, Utopian reward, cleanup, depletion upkeep, first player,
cycle marker), transitions and the structure of the game."""

from __future__ import annotations

import random

from core.games.fractal import board, cycle, rules
from core.games.fractal.game import Game
from core.games.fractal.state import RESERVE, Task
from core.games.fractal.words import WORDS
from tests.fractal.rules_fixtures import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    choose,
    clear,
    events,
    idle,
    new_game,
    options,
    place,
    prompt,
    random_playout,
    start,
    start_turn,
)


def test_prestige_example_3_2_2_1_medals_give_3_1_1_0_influence() -> None:
    game = new_game(4)
    state = game.state
    for seat, medals in zip((RED, BLUE, GREEN, YELLOW), (3, 2, 2, 1), strict=True):
        state.players[seat].medals = medals
        state.players[seat].influence = 0
    cycle.prestige(clear(game))
    assert [p.influence for p in state.players] == [3, 1, 1, 0]
    assert [p.medals for p in state.players] == [3, 2, 2, 1]  # medals are kept


def test_a_prestige_bonus_adds_only_to_influence_the_prestige_check_gives() -> None:
    # Marrow Court: +1 influence whenever the prestige check gives you some; with no
    # player below you, the check gives nothing to add to.
    game = new_game()
    state = game.state
    state.players[RED].government = "marrow_court"
    for player, medals in zip(state.players, (1, 0), strict=True):
        player.medals, player.influence = medals, 0
    cycle.prestige(clear(game))
    assert [p.influence for p in state.players] == [2, 0]
    state.players[BLUE].medals = 1
    cycle.prestige(clear(game))
    assert state.players[RED].influence == 2  # tied on medals: no prestige, no bonus
    assert "whenever the prestige check gives you some" in " ".join(
        WORDS.card("government", "marrow_court").lines)


def test_utopian_reward_goes_to_the_controller() -> None:
    game = new_game()
    state = game.state
    utopian = next(s for s in state.sectors if s.kind == "utopian")
    utopian.event = "tainted_civilization"  # +4 credits, -1 influence
    before = state.players[RED].credits, state.players[RED].influence
    ctx = clear(game)
    cycle._utopian_reward(ctx)
    rules.MACHINE.run(ctx)
    assert (state.players[RED].credits, state.players[RED].influence) == before  # nobody
    place(state, RED, "infantry", utopian.id)
    cycle._utopian_reward(ctx)
    rules.MACHINE.run(ctx)
    assert state.players[RED].credits == before[0] + 4
    assert state.players[RED].influence == before[1] - 1


def test_the_units_a_singularity_removes_are_the_players_choice() -> None:
    # The Forbidden Pact: remove 1 infantry of yours here. A black infantry and one of the
    # player's own differ (one goes back to the black supply): the player picks.
    game = new_game()
    state = game.state
    utopian = next(s for s in state.sectors if s.kind == "utopian")
    utopian.event, utopian.event_face_up = "forbidden_pact", True
    own = place(state, RED, "infantry", utopian.id)[0]
    black = next(u for u in state.units if u.black and u.kind == "infantry" and u.owner < 0)
    board.place(state, black, utopian.id, owner=RED)
    ctx = clear(game)
    cycle._utopian_reward(ctx)
    rules.MACHINE.run(ctx)
    assert prompt(game).kind == "remove_unit"
    assert options(game) == [f"unit:{own.id}", f"unit:{black.id}"]  # the old pick first
    choose(game, f"unit:{black.id}")
    assert black.where == RESERVE and black.owner == -1 and own.where == utopian.id


def test_cleanup_turns_technologies_refills_the_pool_and_checks_blockades() -> None:
    game = new_game()
    state = game.state
    state.tech["civil"][0].top_face_up = False
    state.players[RED].played_cards = ["card_a"]
    state.players[RED].passed = True
    state.players[RED].markers["government"].used = True
    old_pool = list(state.action_pool)
    deck_top = state.action_deck[-4:]
    medal_sector = next(s for s in state.sectors if s.kind == "productive")
    medal_sector.blockade_medal = True  # no longer valid: no colony, no enemy units
    cycle.cleanup(clear(game))
    assert state.tech["civil"][0].top_face_up
    assert state.action_discard[-5:] == ["card_a", *old_pool]
    assert sorted(state.action_pool) == sorted(deck_top) and len(state.action_pool) == 4
    assert not state.players[RED].passed and not state.players[RED].played_cards
    assert not state.players[RED].markers["government"].used
    assert not medal_sector.blockade_medal


def test_depletion_upkeep_example_needs_four_has_three() -> None:
    # Advance and Colonize depleted (2 each): flip Advance, lose the last influence,
    # Colonize stays depleted.
    game = new_game()
    player = game.state.players[RED]
    player.influence = 3
    for action in ("advance", "colonize"):
        player.markers[action].depleted = True
    start(game, "upkeep", RED)
    assert prompt(game).kind == "upkeep" and prompt(game).context["needed"] == 4
    assert options(game) == ["restore:advance", "restore:colonize", "done"]
    choose(game, "restore:advance")
    assert idle(game)
    assert not player.markers["advance"].depleted
    assert player.markers["colonize"].depleted
    assert player.influence == 0


def test_depletion_upkeep_with_enough_influence_flips_everything() -> None:
    game = new_game()
    player = game.state.players[RED]
    player.influence = 5
    for action in ("recruit", "research"):
        player.markers[action].depleted = True
    start(game, "upkeep", RED)
    assert idle(game)
    assert not player.markers["recruit"].depleted and not player.markers["research"].depleted
    assert player.influence == 1


def _deplete_advance(game: Game) -> None:
    """Red depletes Advance on a turn of the action phase (the Advance itself is left
    undone: the upkeep the test starts next drops it)."""
    start_turn(game, RED)
    choose(game, "deplete:advance")
    assert game.state.players[RED].markers["advance"].depleted


def test_a_restore_cost_modifier_gained_after_depleting_counts_at_the_upkeep() -> None:
    # Depletion upkeep, l. 1017: the cost is the one on top of the marker when it is
    # flipped back. Fusion Foundries (depleted markers cost 1 less influence to restore),
    # developed after Advance was depleted, lowers it from 2 to 1.
    game = new_game()
    player = game.state.players[RED]
    _deplete_advance(game)
    player.technologies.append("fusion_foundries")
    player.influence = 1
    start(game, "upkeep", RED)
    assert idle(game)
    assert not player.markers["advance"].depleted and player.influence == 0
    assert events(game, "action_restored")[-1]["influence"] == 1


def test_a_restore_cost_modifier_lost_before_the_upkeep_counts_no_more() -> None:
    # Losing access, l. 586: an effect goes with its component at once. Red depleted
    # Advance holding the Chrono Lens and lost it before the upkeep: the marker costs 2,
    # so with 1 influence it stays depleted and the influence is lost (l. 1019).
    game = new_game()
    player = game.state.players[RED]
    player.artifacts.append("chrono_lens")
    _deplete_advance(game)
    player.artifacts.remove("chrono_lens")
    player.influence = 1
    start(game, "upkeep", RED)
    assert idle(game)
    assert player.markers["advance"].depleted and player.influence == 0
    assert events(game, "influence_lost")[-1]["influence"] == 1
    assert not events(game, "action_restored")


def test_the_watcher_gives_the_first_player_token_to_another_player() -> None:
    game = new_game(3)
    state = game.state
    state.watcher = BLUE
    start(game, "choose_first_player", BLUE)
    assert prompt(game).seat == BLUE
    assert options(game) == [f"seat:{RED}", f"seat:{GREEN}"]
    choose(game, f"seat:{GREEN}")
    assert state.first_player == GREEN and state.watcher == -1


def test_end_of_cycle_steps_in_order() -> None:
    game = new_game()
    state = game.state
    state.watcher = BLUE
    state.players[RED].medals = 1
    player = state.players[BLUE]
    player.influence = 0
    player.markers["recruit"].depleted = True
    start(game, "end_of_cycle")
    assert prompt(game).kind == "first_player" and prompt(game).seat == BLUE
    choose(game, f"seat:{RED}")
    assert idle(game)
    kinds = [e.kind for e in game.history
             if e.kind in ("prestige", "cleanup", "influence_lost", "first_player")]
    assert kinds == ["prestige", "cleanup", "influence_lost", "first_player"]
    assert player.markers["recruit"].depleted  # no influence to flip it back (upkeep)


def _run_from_end_of_cycle(game, finished: int):
    state = game.state
    ctx = clear(game)
    state.phase, state.cycle = "end_of_cycle", finished
    ctx.push("game")
    rules.MACHINE.run(ctx)
    return ctx


def test_the_cycle_marker_advances_into_the_next_income_phase() -> None:
    game = new_game()
    state = game.state
    credits = state.players[RED].credits
    _run_from_end_of_cycle(game, 1)
    assert state.cycle == 2 and state.phase == "action"
    assert state.players[RED].credits > credits  # the income phase was paid
    assert not events(game, "transition")


def test_transition_after_cycle_two_scores_reveals_age_two_and_follows_it() -> None:
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "merchant_princes"]  # Age 2: +3 credits
    for player in state.players:
        player.influence, player.credits = 2, 0
    _run_from_end_of_cycle(game, 2)
    assert events(game, "transition")[0]["age"] == 1
    assert state.age2_revealed and state.cycle == 3
    for player in state.players:
        assert player.vp["imperial"] >= 1  # 2 influence met the Age 1 condition
        from core.games.fractal import empire
        from tests.fractal.rules_fixtures import content
        assert player.credits >= 3 + empire.income(state, content(), player.seat)


def test_age_two_instructions_come_before_the_next_income_phase() -> None:
    # "Advance the cycle marker, performing a transition ... Finally, if the game didn't
    # end, proceed with the next cycle's income phase."
    game = new_game()
    state = game.state
    state.objectives = ["dawn_of_empires", "the_great_work"]  # Age 2: place 2 science
    credits = [p.credits for p in state.players]
    _run_from_end_of_cycle(game, 2)
    assert prompt(game).kind == "place_science"
    assert [p.credits for p in state.players] == credits  # no income yet
    assert {"phase": "income", "cycle": 3, "seat": -1} not in events(game, "phase")
    while prompt(game).kind == "place_science":
        choose(game, options(game)[0])
    assert state.cycle == 3 and state.phase == "action"
    assert all(p.credits > c for p, c in zip(state.players, credits, strict=True))


def test_the_game_ends_after_the_second_transition() -> None:
    game = new_game()
    state = game.state
    state.age2_revealed = True
    _run_from_end_of_cycle(game, 4)
    assert game.over and state.phase == "over"
    assert [e["age"] for e in events(game, "transition")] == [2]
    assert state.winners and not game.pending()
    assert events(game, "game_over")[0]["winners"] == state.winners


def test_a_whole_game_is_four_cycles_and_two_transitions() -> None:
    game = new_game(3, seed=21)
    random_playout(game, random.Random(21))
    assert game.over and game.state.cycle == 4
    assert [e["age"] for e in events(game, "transition")] == [1, 2]
    phases = [(e["cycle"], e["phase"]) for e in events(game, "phase")]
    expected = [(c, p) for c in range(1, 5) for p in cycle.PHASES]
    assert phases == expected


def test_the_game_task_is_at_the_bottom_of_the_stack() -> None:
    game = new_game()
    assert game.state.stack[0] == Task("game")


def test_units_moved_by_the_watcher_move_again_in_their_next_turn() -> None:
    # "Units you already moved during this turn cannot be moved again during the same turn":
    # the watcher's movement order in the conflict phase belongs to no turn, so the ship and
    # the infantry it carried are free again in the watcher's first turn of the next cycle.
    from core.games.fractal.board import adjacent_sectors
    from core.games.fractal.setup import start_sector
    from tests.fractal.rules_fixtures import clear_board, content

    game = new_game()
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "imperial"
    ship = place(state, RED, "lightship", home.id)[0]
    infantry = place(state, RED, "infantry", home.id)[0]
    target = next(s for s in adjacent_sectors(state, content(), home) if not s.event_kind)
    for player in state.players:
        player.passed = True
    state.watcher = RED
    ctx = clear(game)
    state.phase = "action"
    ctx.push("game")
    rules.MACHINE.run(ctx)
    choose(game, "move", f"unit:{ship.id}", f"unit:{infantry.id}", f"to:{target.id}")
    assert ship.where == infantry.where == target.id
    while not (prompt(game).seat == RED and prompt(game).kind == "action"):
        choose(game, options(game)[0])  # end of cycle, income, the other player's turn
    assert state.cycle == 2
    assert "deplete:advance" in options(game)
    choose(game, "deplete:advance")
    choose(game, f"unit:{ship.id}")
    assert f"unit:{infantry.id}" in options(game)
