"""Fractured Atlas, rule by rule: setup, the order of play, the six actions, Attack's steps,
the Advisor and Resolution phases, the Places' powers, the end and the scoring.

Positions are laid out by hand (tests/atlas/atlas_fixtures.py) and run through the engine; the
rules text's own examples (the truce of defenders, the Sea's waterways, the Grue...) each
have a test named after them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import IllegalChoice
from core.games.atlas import board, build, resolution, rules, scoring
from core.games.atlas.content import load_content
from core.games.atlas.game import Game
from core.games.atlas.rounds import order_key
from core.games.atlas.state import Options, Place, Task
from tests.atlas.atlas_fixtures import answer, kinds, options, position, problems, stacks, start

KNOWN = [("borderland", -1, 0, []), ("sea", 0, 0, []), ("island", 1, 0, [])]


def known(borderland: list[list[int]], sea: list[list[int]],
          island: list[list[int]]) -> list[tuple[str, int, int, list[list[int]]]]:
    return [("borderland", -1, 0, borderland), ("sea", 0, 0, sea), ("island", 1, 0, island)]


# --- setup ---------------------------------------------------------------------------------


def test_setup_lays_the_known_world_and_deals_two_advisors_each() -> None:
    game = Game.new(Options(players=3, seed=7))
    state = game.state
    assert [(p.card, p.x, p.y) for p in state.places] == [
        ("borderland", -1, 0), ("sea", 0, 0), ("island", 1, 0)]
    assert stacks(state, "borderland") == [[0], [1], [2]] == stacks(state, "island")
    assert stacks(state, "sea") == []
    assert all(p.supply == 28 for p in state.players)
    assert sorted(state.atlas) == sorted(set(load_content().locations) - {
        "borderland", "sea", "island"}) and len(state.atlas) == 11
    dealt = [c for p in state.players for c in p.dealt]
    assert len(dealt) == len(set(dealt)) == 6
    assert set(dealt) <= set(load_content().advisors)
    assert sorted(p.seat for p in game.pending()) == [0, 1, 2]
    assert {p.kind for p in game.pending()} == {"advisor"}


def test_advisors_are_chosen_in_secret_then_revealed_together() -> None:
    game = Game.new(Options(players=2, seed=3))
    first = game.pending()[0]
    events = game.apply(0, first.options[1])
    assert "advisors_revealed" not in kinds(events)
    other = game.view(1)
    assert other["players"][0]["advisor"] is None and other["players"][0]["chosen"]
    assert first.options[1].split(":")[1] not in str(other)
    assert game.events_for(1, events)[0].get("advisor") is None
    kept = game.state.players[1].dealt[0]
    events = game.apply(1, f"advisor:{kept}")
    assert "advisors_revealed" in kinds(events)
    state = game.state
    assert [p.advisor for p in state.players] == [first.options[1].split(":")[1], kept]


def test_the_action_deck_holds_every_card_but_places_and_advisors_in_play() -> None:
    content = load_content()
    game = Game.new(Options(players=4, seed=11))
    for prompt in game.pending():
        game.apply(prompt.seat, prompt.options[0])
    state = game.state
    kept = {p.advisor for p in state.players}
    given_up = {c for p in state.players for c in content.advisors} - kept
    in_play = set(state.deck) | {c for p in state.players for c in p.hand}
    assert in_play == set(content.action_cards) - kept
    assert given_up <= in_play  # given-up and undealt Advisors can be hired later
    assert not in_play & set(content.locations)  # the Origin, Market and End are Places
    assert all(len(p.hand) == 2 for p in state.players)
    assert {p.kind for p in game.pending()} == {"card"}


# --- the order of play -----------------------------------------------------------------------


def order(played: list[str], advisors: list[str]) -> list[int]:
    game = position(KNOWN, players=len(played), advisors=advisors, played=played)
    ctx = rules.MACHINE.context(game.state, game.content)
    return sorted(range(len(played)), key=lambda s: order_key(ctx, s), reverse=True)


def test_aces_crowns_numbers_courts_pawns_then_the_excuse() -> None:
    played = ["excuse", "watchman", "consul", "journey"]  # pawn, court, a 3
    assert order(played, ["author", "painter", "diplomat", "merchant"]) == [3, 2, 1, 0]
    assert order(["bard", "ace_wyrms"], ["author", "painter"]) == [1, 0]
    assert order(["betrayal", "pact"], ["author", "painter"]) == [1, 0]  # 9 before 8


def test_a_tie_goes_to_the_higher_advisor_then_to_a_sun() -> None:
    assert order(["ace_moons", "ace_suns"], ["painter", "diplomat"]) == [1, 0]
    # The Painter and the Savage are both 3s: the Painter has a Sun.
    assert order(["ace_moons", "ace_suns"], ["savage", "painter"]) == [1, 0]
    assert order(["ace_moons", "ace_suns"], ["painter", "savage"]) == [0, 1]


def test_an_action_of_the_card_s_suits_must_be_taken() -> None:
    game = position(known([[0]], [], [[1]]), played=["journey", "pact"])  # Moons, Waves
    start(game, "action", 0, main=True)
    assert options(game) == ["action:explore", "action:migrate"]  # no Moon Place: no magic
    with pytest.raises(IllegalChoice):
        game.apply(0, "action:attack")
    excuse = position(known([[0], [1]], [], [[1]]), played=["excuse", "pact"])
    start(excuse, "action", 0, main=True)
    assert {"action:explore", "action:attack", "action:build"} <= set(options(excuse))


# --- Explore ---------------------------------------------------------------------------------


def test_explore_puts_the_place_beside_your_outpost_sharing_a_suit() -> None:
    game = position(known([], [], [[0]]))
    game.state.atlas.remove("castle")
    game.state.atlas.append("castle")  # on top: Suns and Knots, the Island has a Sun
    events = start(game, "explore", 0)
    assert kinds(events) == ["place_turned"] and events[0].reveals
    assert options(game) == ["cell:1:-1", "cell:1:1", "cell:2:0"]
    answer(game, "cell:2:0")
    assert stacks(game.state, "castle") == [[0], [0]]
    assert game.state.players[0].supply == 30 - 1 - 2
    assert problems(game) == []


def test_a_place_that_fits_nowhere_goes_to_the_known_bottom_of_the_atlas() -> None:
    game = position(known([], [[0]], []))
    game.state.atlas.remove("window")
    game.state.atlas.append("window")  # Suns, Leaves, Knots: nothing next to the Sea shares
    events = start(game, "explore", 0)
    assert kinds(events) == ["place_turned", "exploration_failed"]
    assert game.state.atlas[0] == "window" and game.state.atlas_known == 1
    assert game.view(1)["atlas_bottom"] == ["window"]


def test_nothing_is_explored_next_to_the_end() -> None:
    game = position([*known([[0]], [[0]], []), ("end", -1, 1, [])])
    game.state.atlas.remove("mill")
    game.state.atlas.append("mill")  # Waves and Leaves
    start(game, "explore", 0)
    assert options(game) == ["cell:-2:0", "cell:-1:-1", "cell:0:-1"]  # not 0:1, by the End


def test_the_last_place_explored_shuffles_the_discards_into_the_deck() -> None:
    game = position(known([], [], [[0]]))
    state = game.state
    last = "castle"
    state.atlas = [last]
    # The other Places are out of the way for the test: on the map, far apart.
    for i, card in enumerate(c for c in load_content().locations
                             if c not in ("borderland", "sea", "island", last)):
        state.places.append(Place(card, 10 + 2 * i, 10, []))
    state.discard = [state.deck.pop() for _ in range(5)]
    deck = len(state.deck)
    start(game, "explore", 0)
    events = answer(game, "cell:2:0")
    assert "atlas_complete" in kinds(events) and state.ending
    assert state.discard == [] and len(state.deck) == deck + 5
    assert not state.last_round


def test_after_the_atlas_the_round_in_which_the_deck_runs_out_is_the_last() -> None:
    game = position(known([[0]], [], [[1]]), hands=[["ace_moons"], ["ace_suns"]],
                    played=["ace_knots", "ace_leaves"])
    state = game.state
    state.atlas = []
    state.ending = True
    state.discard = state.deck[:-1]
    state.deck = state.deck[-1:]  # one card left
    state.stack = [Task("round", -1, {"stage": "resolution", "i": 0})]
    state.phase = "resolution"
    rules.MACHINE.run(rules.MACHINE.context(state, game.content))
    answer(game, "stay", "keep")  # seat 1 (last in order) resolves first and draws the last
    assert state.last_round and not state.deck
    answer(game, "stay", "keep")  # seat 0 draws nothing: no card is left
    assert len(state.players[0].hand) == 1
    assert state.over and state.winners


def test_before_the_atlas_is_explored_an_empty_deck_is_made_again() -> None:
    game = position(known([[0]], [], [[1]]), hands=[["ace_moons"], ["ace_suns"]],
                    played=["ace_knots", "ace_leaves"])
    state = game.state
    state.discard, state.deck = state.deck, []
    start(game, "resolve", 0)
    events = answer(game, "stay", "keep")
    assert "deck_shuffled" in kinds(events) and len(state.players[0].hand) == 2
    assert not state.last_round


# --- Migrate, Exploit, Trade -----------------------------------------------------------------


def test_migrate_needs_a_wave_at_one_end() -> None:
    game = position([("island", 0, 0, [[0]]), ("castle", 1, 0, [[0], [0]]),
                     ("mountain", 2, 0, [])])
    start(game, "migrate", 0)
    # Not from the Castle to the Mountain: neither shows a Wave.
    assert options(game) == ["route:0:1", "route:1:0"]
    answer(game, "route:1:0")  # the first token had to go: asked no question
    assert options(game) == ["take:1:0", "done"]
    answer(game, "take:1:0")
    assert stacks(game.state, "island") == [[0]] * 3 and stacks(game.state, "castle") == []


def test_exploit_needs_one_of_your_workers_on_a_leaf_or_wave_place() -> None:
    game = position([("sea", 0, 0, [[1, 0]]), ("mill", 1, 0, [[0]]), ("market", 2, 0, []),
                     ("castle", 2, 1, [[0]]), ("cave", 1, 1, [[0]])])
    start(game, "exploit", 0)
    # A Noble on the Sea is no Worker; the Castle shows no Leaf and no Wave.
    assert options(game) == ["place:1", "place:4"]
    answer(game, "place:1")
    assert stacks(game.state, "mill") == [[0], [0]]


def test_trade_from_your_fief_swaps_workers_with_a_neighbour() -> None:
    game = position([("castle", 0, 0, [[0], [1]]), ("mountain", 1, 0, [[1], [1]])])
    start(game, "trade", 0)
    assert "place:0" in options(game) and "place:1" in options(game)
    answer(game, "place:0")  # now two of Red's against one of Blue's: Red's Fief
    assert options(game) == ["swap:0:0:1:0", "none"]
    answer(game, "swap:0:0:1:0")
    assert stacks(game.state, "castle") == [[1], [1], [0]]
    assert stacks(game.state, "mountain") == [[0], [1]]


def test_trade_outside_your_fief_only_adds_the_worker() -> None:
    game = position([("castle", 0, 0, [[1], [1]]), ("mountain", 1, 0, [[1]])])
    start(game, "trade", 0)
    answer(game, "place:0")
    assert not game.pending() and stacks(game.state, "castle") == [[1], [1], [0]]


# --- Build and Magic -------------------------------------------------------------------------


def test_build_on_a_rival_makes_a_prisoner_and_moves_a_noble() -> None:
    game = position([("castle", 0, 0, [[0], [1], [0, 0]])])
    start(game, "build", 0)
    # The Worker onto Blue's Worker or onto the Tower; the Noble onto either Worker.
    assert set(options(game)) == {"build:0:0:1", "build:0:0:2", "build:0:2:0", "build:0:2:1"}
    answer(game, "build:0:0:1")
    assert stacks(game.state, "castle") == [[1, 0], [0, 0]]
    place = game.state.places[0]
    assert board.controller(place, 2) == 0 and board.influence(place, 2) == [3, 1]


def test_no_towers_on_the_desert() -> None:
    game = position([("desert", 0, 0, [[0], [1]]), ("island", 1, 0, [[0], [1]])])
    assert build.options(game.state, game.content, 0) == ["build:1:0:1"]


def test_magic_switches_a_prisoner_but_never_a_noble() -> None:
    game = position([("forest", 0, 0, [[0, 1], [1]]), ("mill", 1, 0, [[1, 1, 1]])])
    start(game, "magic", 0)
    # Red's only token is a Prisoner under Blue, so it was picked without asking; then
    # Blue's Worker in the Forest, and Blue's Knights in the Sea; never a Noble.
    assert game.pending()[0].kind == "magic_target"
    assert set(options(game)) == {"token:0:1:0", "token:1:0:0", "token:1:0:1", "none"}
    answer(game, "token:1:0:0")
    assert stacks(game.state, "forest") == [[1, 1], [1]]
    assert stacks(game.state, "mill") == [[0, 1, 1]]


# --- Attack ----------------------------------------------------------------------------------


def attack(game: Game, place: int, *choices: str) -> dict[str, object]:
    """Red attacks ``place`` (chosen without asking when it is the only target) and answers
    ``choices``; the fight's public record."""
    start(game, "attack", 0)
    if game.pending() and game.pending()[0].kind == "attack":
        answer(game, f"place:{place}")
    assert next(e for e in game.history if e.kind in ("attack", "occupied")).data["place"] == place
    answer(game, *choices)
    fights = [e.data for e in game.history if e.kind == "fight"]
    return fights[0] if fights else {}


def test_nobles_already_there_count_two_and_brought_ones_one() -> None:
    # The Mill shows Waves and Leaves; the cards turned over show neither.
    game = position([("mill", 0, 0, [[0, 0], [1], [1]]), ("origin", 1, 0, [[0, 0]])],
                    deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0, "take:1:0", "done")
    # Red: a Noble there (2) and its Knight (1), a Noble brought from the Castle (1).
    assert (fight["attack"], fight["defense"], fight["won"]) == (4, 2, True)


def test_defenders_in_truce_free_a_prisoner_as_a_knight() -> None:
    # In the Mill, Green's Noble stands on Blue's token: a Prisoner of Green's.
    def defense(against: str) -> object:
        game = position([("mill", 0, 0, [[1, 2], [0]])], players=3,
                        deck_top=["ace_moons", "ace_suns", "ace_knots"])
        return attack(game, 0, against)["defense"]

    assert defense("against:2") == 2  # Green's Noble alone
    assert defense("against:1:2") == 3  # with Blue in the truce, the Prisoner is a Knight


def test_a_tie_goes_to_the_defense() -> None:
    game = position([("mill", 0, 0, [[0], [0], [0], [0], [1, 1], [1]])],
                    deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0)  # four Workers against a Noble (2), its Knight and a Worker
    assert (fight["attack"], fight["defense"], fight["won"]) == (4, 4, False)
    assert stacks(game.state, "mill") == [[0], [0], [1, 1], [1]]  # Red lost two


def test_a_won_attack_removes_one_more_than_the_difference_nobles_last() -> None:
    game = position([("mill", 0, 0, [[0], [0], [0], [0], [1, 1], [1]]),
                     ("origin", 1, 0, [[0], [0]])], deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0, "take:1:0", "take:1:0")
    assert (fight["attack"], fight["defense"]) == (6, 4)
    prompt = game.pending()[0]
    assert prompt.kind == "attack_remove" and prompt.context["left"] == 1 + 6 - 4
    assert options(game) == ["token:0:4:0", "token:0:5:0"]  # the Knight or the Worker
    answer(game, "token:0:5:0")  # then the Knight, then at last the Noble
    assert stacks(game.state, "mill") == [[0]] * 6
    assert game.state.players[1].supply == 30


def test_a_failed_attack_costs_two_tokens_and_the_difference() -> None:
    game = position([("mill", 0, 0, [[0], [1, 1, 1], [1]])], deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0)
    assert (fight["attack"], fight["defense"], fight["won"]) == (1, 5, False)
    assert stacks(game.state, "mill") == [[1, 1, 1], [1]]  # Red had only one token to lose


def test_the_turned_cards_add_the_suits_they_share_with_the_place() -> None:
    game = position([("mill", 0, 0, [[0], [1]])], deck_top=["sailor", "ace_moons"])
    fight = attack(game, 0)
    assert fight["cards"] == ["sailor", "ace_moons"]
    assert (fight["attack"], fight["defense"]) == (1 + 2, 1)  # the Sailor: Waves, Leaves
    assert game.state.discard[-2:] == ["sailor", "ace_moons"]


def test_after_the_battle_a_rival_not_attacked_keeps_its_workers() -> None:
    # Step e: "Excess tokens may be added as Free Knights, for the winners of the battle, or
    # Prisoners for the losers": Blue was not attacked, so Blue is neither.
    mill = [[0, 0], [1], [1], [1], [2], [2]]
    game = position([("mill", 0, 0, mill), ("origin", 1, 0, [[0], [0], [0], [0]])], players=3,
                    deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0, "take:1:0", "take:1:0", "take:1:0", "done", "against:2")
    # Red: Noble 2, Knight 1, three brought: 6 against Green's two Workers; both go.
    assert (fight["attack"], fight["defense"]) == (6, 2)
    mill_now = stacks(game.state, "mill")
    # Seven stacks for six slots: one of Red's own Workers becomes a Knight in its Tower.
    assert len(mill_now) == 6 and mill_now[0] == [0, 0, 0]
    assert sum(1 for s in mill_now if s == [1]) == 3
    assert problems(game) == []


def test_after_a_failed_attack_the_attacker_chooses_which_tower_takes_its_prisoner() -> None:
    # Red attacks Blue's two Towers with seven Workers and fails (a tie goes to the
    # defense); two are removed, one stack too many is left: a Worker of Red, the loser,
    # becomes a Prisoner at the bottom of one of Blue's Towers, and the attacker picks which.
    mill = [[1, 1, 1], [1, 1], [0], [0], [0], [0]]
    game = position([("mill", 0, 0, mill), ("origin", 1, 0, [[0], [0], [0]])],
                    deck_top=["ace_moons", "ace_suns"])
    fight = attack(game, 0, "take:1:0", "take:1:0", "take:1:0")
    assert (fight["attack"], fight["defense"], fight["won"]) == (7, 7, False)
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.seat) == ("attack_overflow", 0)
    assert prompt.options == ["fold:0:6:0", "fold:0:6:1"]  # the old pick first
    answer(game, "fold:0:6:1")
    mill_now = stacks(game.state, "mill")
    assert len(mill_now) == 6 and [0, 1, 1] in mill_now and [1, 1, 1] in mill_now
    assert problems(game) == []


def test_after_the_battle_a_winner_s_extra_worker_becomes_a_free_knight() -> None:
    game = position([("mill", 0, 0, [[0, 0], [1], [1]]), ("origin", 1, 0, [[0]] * 6)],
                    deck_top=["ace_moons", "ace_suns"])
    attack(game, 0, *["take:1:0"] * 6)
    mill_now = stacks(game.state, "mill")
    assert mill_now[0] == [0, 0, 0] and len(mill_now) == 6  # a Knight under Red's Noble
    assert problems(game) == []


def test_attacking_an_empty_place_is_moving_in_up_to_its_slots() -> None:
    game = position([("sea", 0, 0, [[0]] * 4), ("mill", 1, 0, []), ("cave", 1, 1, [[0]] * 4)])
    fight = attack(game, 1, *["take:0:0"] * 4, *["take:2:0"] * 2)
    assert fight == {} and stacks(game.state, "mill") == [[0]] * 6


def test_castle_walls_add_the_defenders_tower_heights() -> None:
    game = position([("castle", 0, 0, [[1, 1, 1], [0], [0], [0]])],
                    deck_top=["ace_moons", "ace_wyrms"])
    fight = attack(game, 0)
    assert fight["defense"] == 2 + 2 + 3  # Noble, two Knights, the Tower's height


def test_the_cave_adds_waves_and_wyrms_on_the_defender_s_cards() -> None:
    game = position([("cave", 0, 0, [[1], [0], [0]])], advisors=("diplomat", "savage"),
                    played=["ace_moons", "journey"], deck_top=["ace_suns", "ace_knots"])
    fight = attack(game, 0)
    assert fight["defense"] == 1 + 1 + 1  # a Worker, the Journey's Wave, the Savage's Wyrm


# --- the Sea, the Darkness, the bonus Places --------------------------------------------------


def test_the_sea_s_waterways_are_adjacent_for_its_ruler_only() -> None:
    places = [*known([[1]], [[0], [0]], [[0]]), ("cave", -1, 1, [[1]])]
    game = position(places)
    state, content = game.state, game.content
    ruler = board.adjacency(state, content, 0)
    rival = board.adjacency(state, content, 1)
    island, cave, borderland = 2, 3, 0
    assert borderland in ruler[island] and cave in ruler[island]
    assert cave not in rival[island] and borderland not in rival[island]
    # Red may move a token from the Island straight to the Cave in the resolution phase.
    start(game, "resolve", 0)
    assert "move:2:0:3" in options(game)


def test_the_grue_eats_a_worker_without_a_sun_but_never_a_tower() -> None:
    darkness = [("darkness", 0, 0, [[0], [0, 0]])]
    game = position(darkness, advisors=("author", "diplomat"), played=["ace_moons", "pact"],
                    hands=[["ace_knots"], ["ace_leaves"]])
    start(game, "resolve", 0)  # nowhere to move: only the discard is asked
    assert "eaten" in kinds(game.history)
    assert stacks(game.state, "darkness") == [[0, 0]]
    sun = position(darkness, advisors=("author", "diplomat"), played=["ace_suns", "pact"],
                   hands=[["ace_knots"], ["ace_leaves"]])
    start(sun, "resolve", 0)
    assert "eaten" not in kinds(sun.history) and stacks(sun.state, "darkness") == darkness[0][3]


def test_a_bonus_place_gives_its_ruler_a_worker_before_the_action() -> None:
    game = position([("mill", 0, 0, [[0], [0]]), ("sea", 1, 0, [[0]])])
    events = start(game, "action", 0, main=False, action="exploit")
    assert "bonus_worker" in kinds(events) and stacks(game.state, "mill") == [[0]] * 3
    disputed = position([("mill", 0, 0, [[0], [1]])])
    events = start(disputed, "action", 0, main=False, action="exploit")
    assert "bonus_worker" not in kinds(events)


# --- control ----------------------------------------------------------------------------------


def test_control_needs_more_influence_and_a_free_token() -> None:
    game = position([("mill", 0, 0, [[0, 0, 1]]), ("sea", 1, 0, [[0], [1]]),
                     ("castle", 3, 0, [[0], [0], [1, 1, 1]])])
    places = game.state.places
    assert board.controller(places[0], 2) == -1  # Red's two Prisoners: no free token
    assert board.controller(places[1], 2) == -1  # level: Disputed
    assert board.controller(places[2], 2) == 1  # three against two


# --- the Advisor phase -------------------------------------------------------------------------


def test_directive_spends_a_token_for_an_action_of_the_advisor() -> None:
    game = position(known([[0]], [], [[0]]), advisors=("sailor", "diplomat"), advisor_tokens=[1],
                    played=["ace_moons", "pact"])
    start(game, "advisor", 0)
    assert {"directive:explore", "directive:migrate", "directive:exploit"} >= {
        o for o in options(game) if o.startswith("directive")}
    answer(game, "directive:exploit")
    assert game.state.players[0].advisor_tokens == 0
    assert game.pending()[0].kind == "exploit"


def test_expertise_needs_the_action_taken_to_be_on_the_advisor() -> None:
    game = position(known([[0]], [], [[0]]), advisors=("sailor", "diplomat"),
                    played=["ace_waves", "pact"])
    game.state.players[0].took = "migrate"
    start(game, "advisor", 0)
    assert "expertise" in options(game)
    answer(game, "expertise")
    assert game.state.players[0].advisor_tokens == 1 and game.state.players[0].supply == 27
    other = position(known([[0]], [], [[0]]), advisors=("sailor", "diplomat"),
                     played=["ace_wyrms", "pact"])
    other.state.players[0].took = "attack"
    start(other, "advisor", 0)
    assert not other.pending()  # pass was the only option


def test_special_influence_pairs_two_suited_cards_with_two_suited_places() -> None:
    content = load_content()
    two = [c for c in content.cards.values() if c.two_suited and not c.is_location]
    places = [c for c in content.cards.values() if c.two_suited and c.is_location]
    pairs = {(c.id, p.id) for c in two for p in places if set(c.suits) == set(p.suits)}
    assert pairs == {("painter", "castle"), ("sailor", "origin"), ("sailor", "mill"),
                     ("penitent", "desert"), ("diplomat", "mountain"),
                     ("merchant", "market"), ("pact", "mountain"), ("chance_meeting", "forest")}
    game = position([("mountain", 0, 0, [[1], [1, 1]]), ("island", 1, 0, [])],
                    advisors=("author", "diplomat"), played=["pact", "ace_moons"],
                    advisor_tokens=[1])
    start(game, "advisor", 0)
    assert "influence:0:0" in options(game)  # the Pact matches the Mountain's two suits
    answer(game, "influence:0:0")
    assert stacks(game.state, "mountain") == [[0], [1, 1]]
    assert game.state.players[1].supply == 30 - 2 and game.state.players[0].advisor_tokens == 0


# --- the Resolution phase ----------------------------------------------------------------------


def test_no_moving_where_another_player_moved_this_phase() -> None:
    game = position(known([[0]], [], [[1]]), hands=[["ace_moons"], ["ace_suns"]],
                    played=["ace_knots", "ace_leaves"])
    assert resolution.moves(game.state, game.content, 0) == ["move:0:0:1"]
    start(game, "resolve", 1)
    answer(game, "move:2:0:1", "keep")
    assert resolution.moves(game.state, game.content, 0) == []  # Blue moved into the Sea


def test_hiring_the_personality_in_hand_as_advisor() -> None:
    game = position(known([[0]], [], [[1]]), hands=[["sailor"], ["ace_suns"]],
                    played=["ace_knots", "ace_leaves"], advisor_tokens=[3])
    start(game, "resolve", 0)
    answer(game, "stay")
    assert game.pending()[0].kind == "hire"
    answer(game, "hire")
    player = game.state.players[0]
    assert player.advisor == "sailor" and player.advisor_tokens == 2
    assert "diplomat" in game.state.discard and player.supply == 30 - 1 - 2
    assert len(player.hand) == 2  # drew two: the played card and the hired one are gone


def test_the_other_card_may_be_discarded_before_drawing_back_up() -> None:
    game = position(known([[0]], [], [[1]]), hands=[["ace_moons"], ["ace_suns"]],
                    played=["ace_knots", "ace_leaves"], deck_top=["bard", "huntress"])
    start(game, "resolve", 0)
    answer(game, "stay", "discard")
    state = game.state
    assert state.players[0].hand == ["bard", "huntress"]
    assert state.discard[-2:] == ["ace_knots", "ace_moons"]


# --- scoring ----------------------------------------------------------------------------------


def row(game: Game, seat: int) -> scoring.Row:
    return next(r for r in scoring.standings(game.state, game.content) if r.seat == seat)


def test_fiefs_score_their_suits() -> None:
    game = position([("island", 0, 0, [[0]]), ("sea", 1, 0, [[0]]), ("mill", 2, 0, [[1]])])
    assert row(game, 0).fiefs == 3 + 1 and row(game, 1).fiefs == 2


def test_a_disputed_place_goes_to_the_highest_tower_and_ties_split() -> None:
    tower = position([("window", 0, 0, [[0], [0], [1, 1, 0], [1]])])
    # Red 3, Blue 3: Disputed; Red's Tower of 3 is the highest Tower.
    assert row(tower, 0).disputed == 3 and row(tower, 1).disputed == 0
    towers = position([("window", 0, 0, [[0, 0], [1, 1], [2]])], players=3)
    # Towers of 2 for Red and Blue: still a tie, they split; Green's Worker is no Tower.
    assert row(towers, 0).disputed == row(towers, 1).disputed == Fraction(3, 2)
    assert row(towers, 2).disputed == 0


def test_a_disputed_place_without_a_tower_goes_to_the_players_tied_on_influence() -> None:
    # Game end: "the player with the highest Tower there gets the VPs. If it is still a
    # tie, the tied players split": with no Tower nothing breaks the tie that left the
    # Place Disputed, so the players tied for the most influence share it, and only they.
    level = position([("window", 0, 0, [[0], [1]])], players=3)
    assert row(level, 0).disputed == row(level, 1).disputed == Fraction(3, 2)
    assert row(level, 2).disputed == 0
    behind = position([("window", 0, 0, [[0], [0], [1], [1], [2]])], players=3)
    assert row(behind, 0).disputed == row(behind, 1).disputed == Fraction(3, 2)
    assert row(behind, 2).disputed == 0  # Green's Worker is not in the tie


def test_the_highest_tower_scores_two_and_its_tie_break() -> None:
    game = position([("mill", 0, 0, [[0, 1, 0]]), ("sea", 1, 0, [[0, 1, 1]])])
    # Equal heights: Blue's Tower has two free tokens, Red's one (its Noble).
    assert row(game, 1).tower == 2 and row(game, 0).tower == 0
    even = position([("mill", 0, 0, [[1, 0]]), ("sea", 1, 0, [[0, 1]])])
    assert row(even, 0).tower == row(even, 1).tower == 0  # still tied: nobody scores


def test_the_winner_has_most_vp_and_a_tie_shares_the_win() -> None:
    game = position([("mill", 0, 0, [[0]]), ("castle", 3, 0, [[1]])])
    table = scoring.standings(game.state, game.content)
    assert scoring.winners(table) == [0, 1]
