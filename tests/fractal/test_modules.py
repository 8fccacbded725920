"""The advanced modules and the Fracture (docs/modules.md): each rule, its clarifications
and how it meets the base rules."""

from __future__ import annotations

import random

import pytest

from core.bots.levels import make_bot
from core.games.fractal import board, colonize, invariants, rules, scoring
from core.games.fractal.bots import model as fractal_model
from core.games.fractal.bots.medals import plan
from core.games.fractal.content import Condition
from core.games.fractal.game import Game
from core.games.fractal.modules import diplomacy, fracture
from core.games.fractal.state import RESERVE, TRACKS, Agreement, Options
from core.games.fractal.words.text import board_lines
from core.hexgrid import distance
from tests.fractal.rules_fixtures import (
    BLUE,
    GREEN,
    RED,
    choose,
    clear,
    clear_board,
    colony,
    content,
    ctx_of,
    empty_sector,
    events,
    idle,
    new_game,
    options,
    place,
    prompt,
    start,
)

# --- Wartime innovation ---------------------------------------------------------------------


def _medal_won(modules: list[str]) -> Game:
    """Red alone in a sector with a battle medal after winning its battle, the conflict
    phase at its claims."""
    game = new_game(modules=modules)
    state = game.state
    clear_board(state)
    sector = empty_sector(state)
    place(state, RED, "infantry", sector.id)
    sector.battle_medal = True
    start(game, "conflict_phase", -1, stage="claim", battles_done=[sector.id], sieges_done=[],
          won={str(sector.id): RED})
    return game


def test_wartime_innovation_counts_only_medals_won_in_a_battle() -> None:
    # "When you collect a battle medal after winning a battle": Red's units faced only
    # Blue's colony, so no battle was fought there; the medal is Red's but not tradable.
    game = new_game(modules=["wartime_innovation"])
    state = game.state
    clear_board(state)
    sector = empty_sector(state)
    sector.spaces[0].owner, sector.spaces[0].track = BLUE, "imperial"
    place(state, RED, "infantry", sector.id, 2)
    state.watcher = -1
    start(game, "conflict_phase", -1, stage="medals", battles_done=[], sieges_done=[])
    assert prompt(game).kind == "siege"
    choose(game, "done")
    assert state.players[RED].medals == 1
    assert idle(game)


def test_the_winner_of_a_battle_fought_may_trade_its_medal() -> None:
    game = new_game(modules=["wartime_innovation"])
    state = game.state
    clear_board(state)
    sector = empty_sector(state)
    place(state, RED, "infantry", sector.id, 3)
    place(state, BLUE, "lightship", sector.id, 1)
    state.watcher = -1
    start(game, "conflict_phase", -1, stage="medals", battles_done=[], sieges_done=[])
    while game.pending()[0].kind != "wartime_innovation":
        pending = game.pending()[0]
        game.apply(pending.seat, pending.options[0])
    assert events(game, "battle_ended")[-1]["seat"] == RED
    assert prompt(game).seat == RED


def test_wartime_innovation_trades_a_medal_for_science_on_two_different_technologies() -> None:
    game = _medal_won(["wartime_innovation"])
    red = game.state.players[RED]
    assert red.medals == 1
    assert prompt(game).kind == "wartime_innovation"
    assert options(game) == ["trade", "decline"]
    developed = list(red.technologies)
    choose(game, "trade")
    assert red.medals == 0
    assert prompt(game).kind == "place_science" and prompt(game).context["distinct"]
    first = options(game)[0]
    choose(game, first)
    assert first not in options(game)  # the second science goes on another technology
    choose(game, options(game)[0])
    assert idle(game)
    placed = [e["slot"] for e in events(game, "science_placed")]
    assert len(placed) == 2 and len(set(placed)) == 2
    # Reaching a cost develops nothing: that still takes a Research action.
    assert red.technologies == developed


def test_wartime_innovation_may_be_declined_and_is_off_without_the_module() -> None:
    game = _medal_won(["wartime_innovation"])
    choose(game, "decline")
    assert idle(game) and game.state.players[RED].medals == 1
    game = _medal_won([])
    assert idle(game) and game.state.players[RED].medals == 1


def _heuristic_choice(game: Game) -> str:
    """What the heuristic bot answers to the pending prompt (its judgement: bots/value.py)."""
    asked = prompt(game)
    bot = make_bot("heuristic", 7, fractal_model())
    return bot.choose(game.view(asked.seat), asked)


# Age 1 cards: one whose rows count no medals, one whose military row asks for two.
NO_MEDAL_ROWS = "first_charter"
TWO_MEDALS_ROW = "iron_and_ink"


def test_the_heuristic_trades_a_medal_no_objective_asks_for() -> None:
    # Two science on two technologies are worth more than a medal kept for the tie-breaker:
    # judged by its value alone (a medal above two science, issue 44) the bot declined.
    game = _medal_won(["wartime_innovation"])
    game.state.objectives[0] = NO_MEDAL_ROWS
    assert prompt(game).kind == "wartime_innovation"
    assert _heuristic_choice(game) == "trade"


@pytest.mark.parametrize(("objective", "government", "medals", "answer"), [
    (TWO_MEDALS_ROW, "", 1, "decline"),  # the row wants 2 medals, 4 for twice over
    (TWO_MEDALS_ROW, "", 5, "trade"),
    (NO_MEDAL_ROWS, "war_chieftains", 2, "decline"),  # influence while holding 2 medals
    (NO_MEDAL_ROWS, "war_chieftains", 3, "trade"),
])
def test_bots_keep_the_medals_an_objective_or_their_government_asks_for(
        objective: str, government: str, medals: int, answer: str) -> None:
    game = _medal_won(["wartime_innovation"])
    red = game.state.players[RED]
    game.state.objectives[0] = objective
    red.medals = medals
    if government:
        red.faction, red.government = "borroka", government
    assert plan(game, prompt(game)) == answer


# --- Elite training -------------------------------------------------------------------------


def _conflict_phase(game: Game) -> None:
    game.state.watcher = -1
    start(game, "conflict_phase", -1)


def test_elite_training_spends_two_medals_for_one_of_two_elite_tactics_once_a_phase() -> None:
    game = new_game(modules=["elite_training"])
    state = game.state
    clear_board(state)
    red = state.players[RED]
    red.medals = 4  # enough for twice: the rule still allows once a conflict phase
    _conflict_phase(game)
    assert prompt(game).kind == "elite_training" and prompt(game).seat == RED
    choose(game, "train")
    assert red.medals == 2
    pick = prompt(game)
    assert pick.kind == "elite_pick" and len(pick.options) == 2
    card = pick.options[0].split(":", 1)[1]
    assert card in red.tactics
    choose(game, pick.options[0])
    assert f"{card}+elite" in red.tactics and card not in red.tactics
    assert idle(game)  # the phase ran to its end without asking again
    assert [e["tactic"] for e in events(game, "tactic_upgraded")] == [card]


def test_the_heuristic_trains_with_two_medals_no_objective_asks_for() -> None:
    game = new_game(modules=["elite_training"])
    clear_board(game.state)
    game.state.objectives[0] = NO_MEDAL_ROWS
    game.state.players[RED].medals = 2
    _conflict_phase(game)
    assert prompt(game).kind == "elite_training"
    assert _heuristic_choice(game) == "train"


def test_elite_training_asks_only_players_with_two_medals() -> None:
    game = new_game(modules=["elite_training"])
    clear_board(game.state)
    game.state.players[RED].medals = 1
    _conflict_phase(game)
    assert idle(game)
    assert not [e for e in game.history if e.kind == "elite_drawn"]


def test_elite_training_answers_are_simultaneous_and_secret_until_all_are_in() -> None:
    game = new_game(modules=["elite_training"])
    clear_board(game.state)
    for player in game.state.players:
        player.medals = 2
    _conflict_phase(game)
    assert sorted(p.seat for p in game.pending()) == [RED, BLUE]
    game.apply(RED, "train")
    task = game.state.stack[-1]
    assert "0" not in game.view(BLUE)["stack"][-1]["data"].get("answers", {})
    assert task.data["answers"] == {"0": "train"}
    game.apply(BLUE, "decline")
    assert [e.data["trainers"] for e in game.history
            if e.kind == "elite_training_answered"] == [[RED]]


# --- Diplomacy ------------------------------------------------------------------------------


def _neighbours(game: Game) -> tuple[int, int]:
    """Red and Blue with units in two adjacent sectors."""
    state = game.state
    clear_board(state)
    a = empty_sector(state)
    b = next(s for s in board.adjacent_sectors(state, game.content, a)
             if s.kind not in ("starting", "utopian"))
    place(state, RED, "lightship", a.id)
    place(state, BLUE, "lightship", b.id)
    return a.id, b.id


def test_diplomacy_proposal_and_answer_exchange_tokens_and_resolve_at_cycle_end() -> None:
    game = new_game(modules=["diplomacy"])
    _neighbours(game)
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    assert prompt(game).kind == "diplomacy" and prompt(game).seat == RED
    assert {"propose:1:trade:trade", "propose:1:diplomatic:diplomatic",
            "done"} <= set(options(game))
    choose(game, "propose:1:diplomatic:diplomatic")
    answer = prompt(game)
    assert (answer.kind, answer.seat, answer.options) == ("diplomacy_answer", BLUE,
                                                          ["accept", "decline"])
    choose(game, "accept")
    state = game.state
    assert sorted((a.holder, a.owner, a.kind) for a in state.agreements) == [
        (RED, BLUE, "diplomatic"), (BLUE, RED, "diplomatic")]
    assert [p.faction_tokens for p in state.players] == [2, 2]
    assert idle(game)  # one token per opponent: nobody can propose to the other again
    before = [p.influence for p in state.players]
    ctx = ctx_of(game)
    diplomacy.resolve(ctx, [RED, BLUE])
    assert [p.influence for p in state.players] == [i + 1 for i in before]
    assert state.agreements == [] and [p.faction_tokens for p in state.players] == [3, 3]


def test_every_faction_token_is_in_its_owners_supply_or_held_by_a_partner() -> None:
    # Faction tokens (l. 370) mark faction-specific effects, and the cleanup removes the
    # invalid ones from the board (l. 1013); none of our components puts one on a sector,
    # and Diplomacy's pass between players. The invariant that the simulator and the random
    # games check after every decision holds each token in one of those two places.
    game = new_game(modules=["diplomacy"])
    _neighbours(game)
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    choose(game, "propose:1:trade:trade", "accept")

    def token_problems() -> list[str]:
        return [p for p in invariants.check_state(game.state) if "faction tokens" in p]

    assert token_problems() == []
    # The empire board in words says where they are.
    assert board_lines(game.view(BLUE), RED)[-1] == (
        "  Faction tokens: 2 at home; Blue (Borroka) holds a trade one; holding "
        "Blue (Borroka)'s trade token")
    game.state.players[RED].faction_tokens -= 1  # a token gone elsewhere: onto a sector
    assert token_problems() == [f"seat {RED} has 1 faction tokens and 1 held by partners, of 3"]


def test_diplomacy_needs_adjacent_pieces_and_a_declined_pair_is_not_asked_again() -> None:
    game = new_game(modules=["diplomacy"])
    clear_board(game.state)
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    assert idle(game)  # nobody is in contact
    game = new_game(modules=["diplomacy"])
    _neighbours(game)
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    choose(game, "propose:1:trade:trade", "decline")
    assert game.state.agreements == []
    assert prompt(game).seat == BLUE  # Red may not ask Blue twice: Blue's proposals now
    assert "propose:0:trade:trade" in options(game)


def test_a_cultural_agreement_puts_a_colony_on_the_token_until_the_end_of_the_cycle() -> None:
    game = new_game(modules=["diplomacy"])
    _neighbours(game)
    state = game.state
    taken = [dict(p.taken) for p in state.players]
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    choose(game, "propose:1:cultural:cultural", "accept")
    while game.pending():  # the colonization bonuses the cultural colonies bring
        choose(game, options(game)[0])
    blue_type = diplomacy.cultural_track(state, game.content, BLUE)
    assert state.players[RED].taken[blue_type] == taken[RED][blue_type] + 1
    diplomacy.resolve(ctx_of(game), [RED, BLUE])
    assert [dict(p.taken) for p in state.players] == taken


def test_a_cultural_agreement_gives_the_colonization_bonus() -> None:
    # Colonization bonus: "Anytime you take a colony from a track": the colony put on a
    # cultural token leaves its track too.
    game = new_game(modules=["diplomacy"])  # Red: Gorias (productive), Blue: Borroka (military)
    _neighbours(game)
    state = game.state
    state.players[RED].taken["military"] = 1  # Blue's token takes Red's second military
    state.players[BLUE].taken["productive"] = 1  # Red's token takes Blue's second productive
    credits = state.players[BLUE].credits
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    choose(game, "propose:1:cultural:cultural", "accept")
    assert state.players[BLUE].credits == credits + 1
    assert (prompt(game).kind, prompt(game).seat) == ("elite_tactic", RED)


def test_agreements_of_different_types_may_be_exchanged() -> None:
    # "exchange faction tokens and benefit from their respective effects": each token its
    # own agreement.
    game = new_game(modules=["diplomacy"])
    _neighbours(game)
    start(game, "diplomacy", -1, order=[RED, BLUE], i=0, asked=[])
    assert "propose:1:trade:diplomatic" in options(game)
    choose(game, "propose:1:trade:diplomatic")
    assert prompt(game).context["partner_agreement"] == "diplomatic"
    choose(game, "accept")
    assert sorted((a.holder, a.owner, a.kind) for a in game.state.agreements) == [
        (RED, BLUE, "trade"), (BLUE, RED, "diplomatic")]


def test_entering_a_partners_colony_sector_costs_2_influence_and_the_token() -> None:
    game = new_game(modules=["diplomacy"])
    _, b = _neighbours(game)
    state = game.state
    colony(state, BLUE, state.sectors[b], "imperial")
    state.players[BLUE].taken["imperial"] += 1
    state.agreements = [Agreement(RED, BLUE, "trade"), Agreement(BLUE, RED, "trade")]
    state.players[RED].faction_tokens = state.players[BLUE].faction_tokens = 2
    state.players[RED].influence = 5
    state.phase = "action"
    start(game, "advance", RED, free=True, orders=1)
    choose(game, prompt(game).options[0], f"to:{b}")
    assert state.players[RED].influence == 3
    assert [(x.holder, x.owner) for x in state.agreements] == [(BLUE, RED)]
    assert state.players[BLUE].faction_tokens == 3  # Blue's token went home
    assert events(game, "agreement_broken")[0]["influence"] == 2


# --- Dawn of the Galaxy ---------------------------------------------------------------------


def test_dawn_of_the_galaxy_reveals_a_second_age_1_objective() -> None:
    for seed in range(5):
        state = Game.new(Options(players=2, seed=seed, modules=["dawn_of_the_galaxy"])).state
        first, _, second = state.objectives
        assert first != second
        assert content().objectives[second].age == 1


def test_dawn_of_the_galaxy_needs_both_age_1_cards_at_once() -> None:
    game = new_game(modules=["dawn_of_the_galaxy"])
    state = game.state
    first, _, second = (content().objectives[o] for o in state.objectives)
    for condition in scoring.conditions(state, game.content):
        wanted = {(first.row(condition.category).counter, first.row(condition.category).amount),
                  (second.row(condition.category).counter,
                   second.row(condition.category).amount)}
        assert wanted <= set(condition.requirements)


def test_dawn_of_the_galaxy_ignores_objective_specialization() -> None:
    rich = Condition("productive", (("credits", 1),))
    plain, dawn = new_game(), new_game(modules=["dawn_of_the_galaxy"])
    for game in (plain, dawn):
        game.state.players[RED].credits = 10
    assert scoring.times_met(plain.state, plain.content, RED, rich) == 2
    assert scoring.times_met(dawn.state, dawn.content, RED, rich) == 1


# --- The Fracture ---------------------------------------------------------------------------


def _fracture_game(players: int = 2) -> Game:
    game = new_game(players=players, modules=["fracture"])
    clear_board(game.state)
    return game


def _open(game: Game, seat: int = RED) -> list[int]:
    """Open the Fracture as a card does, choosing the first ingress offered each time."""
    clear(game)
    ctx = ctx_of(game)
    fracture.enter(ctx, seat, list(TRACKS), fracture.INGRESS_AFTER_EFFECT)
    rules.MACHINE.run(ctx)
    while not idle(game):
        choose(game, options(game)[0])
    return [s.id for s in game.state.sectors if s.kind == "fracture"]


def test_the_fracture_enters_on_a_roll_of_1_or_10_only() -> None:
    seen = set()
    for seed in range(40):
        game = _fracture_game()
        game.state.rng = seed * 7919 + 1
        ctx = clear(game)
        fracture.breakthrough(ctx, RED, ["scientific", "military"])
        roll = next(e.data["roll"] for e in ctx.events if e.kind == "fracture_roll")
        assert 1 <= roll <= 10
        assert bool(game.state.fracture.entered) == (roll in (1, 10)), roll
        seen.add(roll in (1, 10))
    assert seen == {True, False}


def test_each_player_rolls_for_the_fracture_once_at_their_breakthrough() -> None:
    # The notes: "When a player gains their breakthrough, they roll a dice." A third
    # scientific colony placed again after one was lost is no second breakthrough.
    game = _fracture_game()
    state = game.state
    state.rng = 2  # a seed whose first roll keeps the Fracture closed
    sector = empty_sector(state)
    place(state, RED, "infantry", sector.id)
    state.players[RED].taken["scientific"] = 2
    ctx = clear(game)
    colonize.take_colony(ctx, RED, "scientific", sector)
    assert [e.seat for e in ctx.events if e.kind == "fracture_roll"] == [RED]
    assert not state.fracture.entered
    colonize.return_colony(ctx, sector, 0)
    colonize.take_colony(ctx, RED, "scientific", sector)
    assert len([e for e in ctx.events if e.kind == "fracture_roll"]) == 1
    fracture.breakthrough(ctx, BLUE, ["scientific"])  # Blue's own breakthrough still rolls
    assert len([e for e in ctx.events if e.kind == "fracture_roll"]) == 2


def test_a_roll_places_three_ingress_per_colony_type_of_the_breakthrough() -> None:
    for seed in range(200):
        game = _fracture_game()
        game.state.rng = seed * 7919 + 1
        ctx = clear(game)
        fracture.breakthrough(ctx, RED, ["military", "scientific"])
        if game.state.fracture.entered:
            break
    rules.MACHINE.run(ctx)
    asked = []
    while not idle(game):
        asked.append(prompt(game).context["track"])
        choose(game, options(game)[0])
    assert asked == ["scientific"] * 3 + ["military"] * 3
    state = game.state
    utopian = next(s.id for s in state.sectors if s.kind == "utopian")
    assert len(state.fracture.ingress) == 7 and state.fracture.ingress[-1] == utopian


def test_the_fracture_is_laid_beyond_the_edge_with_its_neutral_units() -> None:
    game = _fracture_game()
    main = [(s.q, s.r) for s in game.state.sectors]
    ids = _open(game)
    state = game.state
    assert [state.sectors[i].tile for i in ids] == [t.id for t in fracture.tiles(game.content)]
    laid = [(state.sectors[i].q, state.sectors[i].r) for i in ids]
    assert min(distance(a, b) for a in laid for b in main) == 2  # near, never touching
    for i, tile in zip(ids, fracture.tiles(game.content), strict=True):
        here = fracture.neutral_units(state, i)
        assert sorted(u.kind for u in here) == sorted(k for k, n in tile.neutral
                                                       for _ in range(n))
        assert board.controller(state, state.sectors[i]) == -1


def test_ingress_tokens_one_per_sector_never_twice_and_the_utopian_last() -> None:
    game = _fracture_game()
    _open(game)
    state = game.state
    ingress = state.fracture.ingress
    assert len(ingress) == len(set(ingress)) == 5  # one per colony type, then the Utopian
    assert state.sectors[ingress[-1]].kind == "utopian"
    assert all(state.sectors[i].kind != "fracture" for i in ingress)
    for track in TRACKS:
        assert not set(fracture.ingress_options(state, track)) & set(ingress)


def test_every_ingress_is_adjacent_to_every_egress_and_to_no_other_ingress() -> None:
    game = _fracture_game()
    ids = _open(game)
    state, grid = game.state, board.grid(game.state, game.content)
    egress = [i for i in ids if fracture.is_egress(state.sectors[i], game.content)]
    assert len(egress) >= 2

    def near(a: int, b: int) -> bool:
        return board.hex_of(state.sectors[b]) in grid.adjacent(board.hex_of(state.sectors[a]))

    for i in state.fracture.ingress:
        assert all(near(i, e) and near(e, i) for e in egress)
        for j in state.fracture.ingress:
            touching = distance(board.hex_of(state.sectors[i]), board.hex_of(state.sectors[j]))
            assert near(i, j) == (touching == 1)  # only as the map itself lays them
    for e in egress:
        assert not any(near(e, f) for f in egress if f != e)
    # The sectors of the map that hold no ingress never touch the Fracture.
    for s in state.sectors:
        if s.kind != "fracture" and s.id not in state.fracture.ingress:
            assert not any(near(s.id, i) for i in ids)


def test_ships_move_through_ingress_and_egress() -> None:
    game = _fracture_game()
    ids = _open(game)
    state = game.state
    first, second = state.fracture.ingress[:2]
    egress = next(i for i in ids if fracture.is_egress(state.sectors[i], game.content))
    state.players[RED].taken["scientific"] = 1  # lightships move two sectors
    state.phase = "action"
    ship = place(state, RED, "lightship", first)[0]
    start(game, "advance", RED, free=True, orders=1)
    choose(game, f"unit:{ship.id}")
    assert f"to:{egress}" in options(game)
    assert f"to:{second}" in options(game)  # in, and out again through another ingress
    choose(game, f"to:{second}")
    assert ship.where == second
    # Contact for Diplomacy reads the same adjacency.
    place(state, BLUE, "lightship", egress)
    board.place(state, ship, first)
    assert diplomacy.in_contact(state, game.content, RED, BLUE)


def _skirmish_at_the_crown(game: Game) -> int:
    """Red's 5 infantries and a warship beside the Hollow Crown's neutral units (2 infantry
    and a mech), the skirmishes started."""
    ids = _open(game)
    state = game.state
    crown = next(i for i in ids if state.sectors[i].tile == "hollow_crown")
    place(state, RED, "infantry", crown, 5)
    place(state, RED, "warship", crown, 1)
    ctx = clear(game)
    fracture.start_skirmishes(ctx, [RED, BLUE])
    rules.MACHINE.run(ctx)
    return crown


def test_neutral_units_skirmish_with_their_fixed_behaviour() -> None:
    game = _fracture_game()
    crown = _skirmish_at_the_crown(game)
    state = game.state
    # Neutrals strike 4: Red loses four units (the cheapest, the engine's old pick, here);
    # Red's two survivors remove both neutral infantry; the mech strikes 2 and Red's last
    # two units fall.
    while game.pending():
        choose(game, options(game)[0])
    assert board.units_in(state, crown, RED) == []
    assert [u.kind for u in fracture.neutral_units(state, crown)] == ["mech"]
    assert [(e["lost"], e["destroyed"]) for e in events(game, "skirmish")] == [(6, 2)]
    assert all(u.where == RESERVE and u.owner == -1 for u in state.units
               if u.black and u.where < 0)


def test_the_player_chooses_which_units_fall_in_a_skirmish() -> None:
    game = _fracture_game()
    crown = _skirmish_at_the_crown(game)
    state = game.state
    assert prompt(game).kind == "skirmish_loss" and prompt(game).seat == RED
    warship = next(u for u in board.units_in(state, crown, RED) if u.kind == "warship")
    assert options(game)[0] != f"unit:{warship.id}"  # the cheapest is the default
    choose(game, f"unit:{warship.id}")
    assert warship.where == RESERVE
    # Only infantries are left to lose: they are alike, so nothing more is asked.
    assert not game.pending()
    assert [(e["lost"], e["destroyed"]) for e in events(game, "skirmish")] == [(6, 2)]


def test_the_first_controller_of_a_fracture_sector_draws_an_artifact_once() -> None:
    game = _fracture_game()
    ids = _open(game)
    state = game.state
    target = ids[0]
    for unit in fracture.neutral_units(state, target):
        board.place(state, unit, RESERVE)
    place(state, RED, "lightship", target)
    ctx = clear(game)
    fracture.claim(ctx)
    assert [e.data["sector"] for e in ctx.events if e.kind == "fracture_claimed"] == [target]
    assert [t.kind for t in state.stack] == ["draw_artifacts"]
    state.stack.clear()
    for unit in board.units_in(state, target, RED):
        board.place(state, unit, RESERVE)
    place(state, BLUE, "lightship", target)
    ctx = clear(game)
    fracture.claim(ctx)
    assert not state.stack  # Blue controls it now, but it was claimed already


def test_rift_expedition_is_in_the_deck_only_with_the_fracture_and_opens_it() -> None:
    assert "rift_expedition" not in new_game().state.action_deck
    game = _fracture_game()
    deck = game.state.action_deck + game.state.action_pool
    assert "rift_expedition" in deck
    start(game, "effect", RED, steps=[{"op": "open_fracture"}], i=0, here=-1, source="test")
    assert game.state.fracture.entered == game.state.cycle
    assert prompt(game).kind == "fracture_ingress" and prompt(game).context["left"] == 1


# --- every module at once -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_random_games_with_every_module_end_and_keep_the_invariants(seed: int) -> None:
    from core.rulesets import ruleset

    names = [m.key for m in ruleset("fractal").modules]
    game = Game.new(Options(players=4, seed=seed, modules=names))
    rnd = random.Random(seed)
    start = game.state.copy()
    while not game.over:
        pending = rnd.choice(game.pending())
        events_ = game.apply(pending.seat, rnd.choice(pending.options))
        problems = invariants.check_state(game.state, start=start)
        for seat in range(4):
            problems += invariants.check_view(game.state, seat, game.view(seat))
            problems += invariants.check_events(game.state, seat,
                                                game.events_for(seat, events_))
        assert not problems, problems
    assert game.state.cycle == 4 and game.state.winners
    again = Game.replay(game.state.options, list(game.log))
    assert again.digest() == game.digest()



def test_the_map_in_words_shows_ingress_egress_and_neutral_units() -> None:
    from core.games.fractal.words import mapgrid, text

    game = _fracture_game()
    ids = _open(game)
    view = game.view(RED)
    ingress = game.state.fracture.ingress[0]
    egress = next(i for i in ids if fracture.is_egress(game.state.sectors[i], game.content))
    assert "ingress token" in text.sector_line(view, ingress)
    assert "egress" in text.sector_line(view, egress)
    assert "neutral 1 infantry" in text.sector_line(view, egress)
    assert "«" in text.cell(view, egress, mapgrid.COMPACT)[0]
    assert "✕1" in text.cell(view, egress, mapgrid.COMPACT)[1]
    assert any(line.startswith("The Fracture:") for line in text.legend_lines(view))
    assert "F Fracture" in " ".join(text.legend_lines(view))


def test_the_heuristic_bot_proposes_and_accepts_an_agreement() -> None:
    from core.rulesets import ruleset

    fractal = ruleset("fractal")
    # Three players: an agreement puts both partners ahead of the third (between two players
    # an even exchange changes nobody's chances).
    for seed in range(4):
        game = new_game(players=3, modules=["diplomacy"])
        _neighbours(game)
        start(game, "diplomacy", -1, order=[RED, BLUE, GREEN], i=0, asked=[])
        proposal = fractal.make_bot("heuristic", seed).choose(game.view(RED), prompt(game))
        assert proposal.startswith("propose:1:")
        choose(game, proposal)
        answer = fractal.make_bot("heuristic", seed).choose(game.view(BLUE), prompt(game))
        assert answer == "accept"
