"""The action phase: turns, basic actions (Recruit, Colonize, Research; Advance lives in
tests/fractal/test_movement.py), depletion, the Government action, action cards and passing."""

from __future__ import annotations

import pytest

from core.errors import IllegalChoice
from core.games.fractal import actions, board, counters, empire, government, movement, obstacles
from core.games.fractal.colonize import colonize_options
from core.games.fractal.setup import start_sector
from core.games.fractal.state import BLOOD_POOL, RESERVE
from core.games.fractal.view import view_of
from tests.fractal.rules_fixtures import (
    BLUE,
    RED,
    choose,
    clear_board,
    content,
    empty_sector,
    events,
    idle,
    new_game,
    options,
    place,
    prompt,
    start,
    start_turn,
)


def _count(game, seat: int, kind: str, sector: int) -> int:
    return sum(1 for u in game.state.units
               if u.owner == seat and u.kind == kind and u.where == sector)


# --- Recruit ------------------------------------------------------------------------------


@pytest.mark.parametrize(("taken", "choices"), [
    (0, {"infantry": 2, "lightship": 1}),
    (1, {"infantry": 2, "lightship": 2, "mech": 1}),
    (2, {"infantry": 3, "lightship": 2, "mech": 1, "warship": 1}),
    (3, {"infantry": 3, "lightship": 3, "mech": 2, "warship": 1}),
])
def test_military_track_recruit_counts(taken: int, choices: dict[str, int]) -> None:
    game = new_game()
    game.state.players[RED].taken["military"] = taken
    assert empire.recruit_options(game.state, content(), RED) == choices


def test_recruit_example_one_military_colony_two_lightships() -> None:
    # "Your military track indicates 2 units": lightships, deployed on sectors with colonies.
    game = new_game()
    state = game.state
    state.players[RED].taken["military"] = 1
    home = start_sector(state, RED).id
    before = _count(game, RED, "lightship", home)
    start(game, "recruit", RED, free=False)
    assert prompt(game).kind == "recruit_unit"
    # Kind and count at once, up to the track's count and at least one.
    assert options(game) == ["units:2:infantry", "units:1:infantry", "units:2:lightship",
                             "units:1:lightship", "units:1:mech"]
    choose(game, "units:2:lightship")
    assert idle(game)  # one sector to recruit into: nothing more is asked
    assert _count(game, RED, "lightship", home) == before + 2


def test_recruit_example_all_military_colonies_three_lightships_or_one_warship() -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken["military"] = 3
    home = start_sector(state, RED).id
    start(game, "recruit", RED, free=False)
    assert prompt(game).context["choices"]["lightship"] == 3
    choose(game, "units:3:lightship")
    assert idle(game)
    start(game, "recruit", RED, free=False)
    choose(game, "units:1:warship")
    assert idle(game)  # one warship and done
    assert _count(game, RED, "warship", home) == 1


def test_recruit_may_stop_after_one_unit() -> None:
    game = new_game()
    home = start_sector(game.state, RED).id
    before = _count(game, RED, "infantry", home)
    start(game, "recruit", RED, free=False)
    choose(game, "units:1:infantry")
    assert idle(game) and _count(game, RED, "infantry", home) == before + 1


def test_recruit_into_several_sectors_one_by_one_or_all_the_rest_at_once() -> None:
    game = new_game()
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "military"
    other = empty_sector(state)
    other.spaces[0].owner, other.spaces[0].track = RED, "imperial"
    state.players[RED].taken["military"] = 3
    start(game, "recruit", RED, free=False)
    choose(game, "units:3:infantry")
    here, there = sorted((home.id, other.id))
    assert options(game) == [f"sector:{here}", f"sector:{there}", f"all:{here}", f"all:{there}"]
    choose(game, f"sector:{home.id}")
    assert prompt(game).context["left"] == 2
    choose(game, f"all:{other.id}")
    assert idle(game)
    assert (_count(game, RED, "infantry", home.id), _count(game, RED, "infantry", other.id)) == (
        1, 2)
    start(game, "recruit", RED, free=False)
    choose(game, "units:1:lightship")
    assert options(game) == [f"sector:{here}", f"sector:{there}"]  # one unit: no "all"


def test_recruit_only_where_you_have_a_colony_and_no_blockade() -> None:
    game = new_game()
    state = game.state
    home = start_sector(state, RED).id
    place(state, BLUE, "infantry", home, 3)
    assert actions.CAN["recruit"](state, content(), RED)  # enemies present: still fine
    place(state, BLUE, "lightship", home, 1)  # four enemy units: blockaded
    assert not actions.CAN["recruit"](state, content(), RED)
    ctx = start_turn(game, RED)
    assert not any(o.startswith("recruit") for o in options(game))
    assert ctx is not None


def test_redeployment_only_when_the_reserve_runs_short() -> None:
    game = new_game()
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "productive"
    other = empty_sector(state)
    other.spaces[0].owner, other.spaces[0].track = RED, "imperial"
    ships = [u for u in state.units if u.owner == RED and u.kind == "lightship"]
    for ship in ships[:-1]:
        board.place(state, ship, home.id)
    start(game, "recruit", RED, free=False)
    assert "units:1:lightship" in options(game)
    choose(game, "units:1:lightship")
    assert all(o.startswith("sector:") for o in options(game))  # one left in reserve
    board.place(state, ships[-1], home.id)
    start(game, "recruit", RED, free=False)
    choose(game, "units:1:lightship")
    assert options(game) and all(o.startswith("redeploy:") for o in options(game))
    unit_id = ships[0].id
    choose(game, f"redeploy:{unit_id}:{other.id}")
    assert state.units[unit_id].where == other.id
    assert not [u for u in state.units if u.owner == RED and u.kind == "lightship"
                and u.where == RESERVE]


def _recruit_cards() -> list[tuple[str, str, str, int]]:
    """Every component whose text reads "+N <unit> when you Recruit": (its kind, id, the
    unit, N). Technologies, governments and artifacts are the ones that hold such a line."""
    found = []
    for kind, cards in (("technology", content().technologies), ("government",
                        content().governments), ("artifact", content().artifacts)):
        for card in cards.values():
            passive = (card.secondary.passive if kind == "government"
                       else card.triggers.passive)
            found += [(kind, card.id, str(step.get("unit")), int(step.get("amount", 0)))
                      for step in passive
                      if step.op == "modify" and step.get("stat") == "recruit_units"]
    return found


def test_every_recruit_card_is_known() -> None:
    # The five of the third rules pass, so that the test below runs over each of them.
    assert {card for _, card, _, _ in _recruit_cards()} >= {
        "collective_overmind", "titan_chassis", "dreadnought_yards", "ram_prows", "drop_pods"}


@pytest.mark.parametrize(("kind", "card", "unit", "amount"), _recruit_cards())
def test_a_recruit_card_adds_its_units_even_where_the_military_track_has_none(
        kind: str, card: str, unit: str, amount: int) -> None:
    # Recruit, l. 675: the type comes from the military track; Rule priority, l. 467: a
    # component's text goes first. "+1 mech when you Recruit" brings a mech on a Recruit
    # of mechs with no military colony, where the track shows no mech at all.
    game = new_game()
    state = game.state
    player = state.players[RED]
    player.taken["military"] = 0
    if kind == "technology":
        player.technologies.append(card)
    elif kind == "government":
        player.government = card
    else:
        player.artifacts.append(card)
    expected = empire.RECRUIT[0].get(unit, 0) + amount
    assert empire.recruit_options(state, content(), RED)[unit] == expected
    home = start_sector(state, RED).id
    before = _count(game, RED, unit, home)
    start(game, "recruit", RED, free=False)
    assert f"units:{expected}:{unit}" in options(game)
    choose(game, f"units:{expected}:{unit}")
    while not idle(game) and prompt(game).kind == "deploy":
        choose(game, f"all:{home}" if f"all:{home}" in options(game) else f"sector:{home}")
    assert _count(game, RED, unit, home) == before + expected


def test_a_txingur_under_collective_overmind_recruits_a_mech_without_a_military_colony() -> None:
    # The Txingur's recommended government (+1 mech when you Recruit), no military colony:
    # a Recruit offers the track's lightship or the card's mech, never an infantry.
    game = new_game(factions=["txingur", "gorias"],
                    governments={"txingur": "collective_overmind"})
    game.state.players[RED].taken["military"] = 0
    start(game, "recruit", RED, free=False)
    assert options(game) == ["units:1:lightship", "units:1:mech"]


def test_a_free_recruit_given_by_a_component_is_a_recruit_action() -> None:
    # "Take a free Recruit action" (Iron Horde, Collective Overmind, an action card): the
    # Recruit action without its cost, so what happens "when you Recruit" follows it:
    # Drop Pods' infantry (2 + 1) and then the Saura's Blood Pool.
    game = new_game(factions=["saura", "gorias"])
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "military"
    state.players[RED].taken["military"] = 0
    state.players[RED].technologies.append("drop_pods")
    mech = next(u for u in state.units if u.owner == RED and u.kind == "mech")
    board.place(state, mech, BLOOD_POOL)
    start(game, "effect", RED, steps=[{"op": "recruit"}], i=0, here=-1, source="iron_horde")
    assert options(game)[0] == "units:3:infantry"
    choose(game, "units:3:infantry")
    assert _count(game, RED, "infantry", home.id) == 3
    assert prompt(game).kind == "blood_pool"


def test_the_watchers_free_recruit_is_no_recruit_action() -> None:
    # Conflict phase, l. 853: the watcher recruits 1 infantry or lightship, as it may
    # perform a single movement order rather than an Advance action. Nothing that happens
    # "when you Recruit" follows it: no Drop Pods infantry, no Blood Pool.
    game = new_game(factions=["saura", "gorias"])
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "military"
    state.players[RED].technologies.append("drop_pods")
    mech = next(u for u in state.units if u.owner == RED and u.kind == "mech")
    board.place(state, mech, BLOOD_POOL)
    state.watcher = RED
    start(game, "conflict_phase")
    assert prompt(game).kind == "watcher"
    choose(game, "recruit:infantry")
    assert _count(game, RED, "infantry", home.id) == 1
    assert mech.where == BLOOD_POOL
    assert all(p.kind != "blood_pool" for p in game.pending())


def test_the_blood_pool_raises_up_to_two_units_of_the_players_choice() -> None:
    # Blood Pool (the Saura's mat): when you Recruit, also deploy up to 2 units from the
    # pool in sectors with your colonies: which, where and how many are the player's.
    game = new_game(factions=["saura", "gorias"])
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "military"
    other = empty_sector(state)
    other.spaces[0].owner, other.spaces[0].track = RED, "imperial"
    infantry = [u for u in state.units if u.owner == RED and u.kind == "infantry"][:2]
    mech = next(u for u in state.units if u.owner == RED and u.kind == "mech")
    for unit in (*infantry, mech):
        board.place(state, unit, BLOOD_POOL)
    start(game, "recruit", RED, free=False)
    choose(game, "units:1:lightship", f"sector:{home.id}")
    assert prompt(game).kind == "blood_pool"
    assert options(game) == ["kind:infantry", "kind:mech", "done"]
    choose(game, "kind:mech", f"sector:{other.id}")
    assert mech.where == other.id
    choose(game, "done")
    assert idle(game) and all(u.where == BLOOD_POOL for u in infantry)


# --- Effects that place units -------------------------------------------------------------


def test_place_up_to_n_units_the_player_chooses_how_many_and_where() -> None:
    # "Place up to 2 infantry ... in sectors with your colonies" (Emergency Levies): from 0
    # to 2, each where the player likes.
    game = new_game()
    state = game.state
    clear_board(state)
    home = start_sector(state, RED)
    home.spaces[0].owner, home.spaces[0].track = RED, "military"
    other = empty_sector(state)
    other.spaces[0].owner, other.spaces[0].track = RED, "imperial"
    start(game, "effect", RED, steps=[{"op": "units", "unit": "infantry", "count": 2,
                                       "where": "colony"}], i=0, here=-1, source="test")
    assert prompt(game).kind == "place_unit"
    assert sorted(options(game)) == sorted([f"sector:{home.id}", f"sector:{other.id}", "done"])
    choose(game, f"sector:{other.id}", "done")
    assert idle(game)
    assert _count(game, RED, "infantry", other.id) == 1
    assert _count(game, RED, "infantry", home.id) == 0


def test_place_up_to_asks_even_with_a_single_sector() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    start(game, "place_units", RED, unit="infantry", count=1, where="here", here=sector.id)
    assert options(game) == [f"sector:{sector.id}", "done"]
    choose(game, "done")
    assert idle(game) and _count(game, RED, "infantry", sector.id) == 0


# --- Colonize -----------------------------------------------------------------------------


def _colonizable(game, seat: int = RED):
    state = game.state
    sector = empty_sector(state)
    place(state, seat, "infantry", sector.id)
    return sector


def test_colonize_a_controlled_sector_with_a_colonize_unit() -> None:
    game = new_game()
    sector = _colonizable(game)
    start(game, "colonize", RED, free=False)
    mine = [o for o in options(game) if o.startswith(f"colony:{sector.id}:")]
    assert sorted(mine) == sorted(f"colony:{sector.id}:{t}"
                                  for t in ("imperial", "productive", "scientific", "military"))
    taken = game.state.players[RED].taken["scientific"]
    choose(game, f"colony:{sector.id}:scientific")
    space = game.state.sectors[sector.id].spaces[0]
    assert (space.owner, space.track) == (RED, "scientific")
    assert game.state.players[RED].taken["scientific"] == taken + 1  # the leftmost colony


def test_colonize_needs_control_no_event_and_a_colonize_unit() -> None:
    game = new_game()
    state = game.state
    sector = _colonizable(game)

    def offered() -> bool:
        return any(o.startswith(f"colony:{sector.id}:")
                   for o in colonize_options(state, content(), RED))

    assert offered()
    place(state, BLUE, "infantry", sector.id)  # a tie: nobody controls it
    assert not offered()
    place(state, RED, "lightship", sector.id)  # 2 against 1: control again
    assert offered()
    sector.event, sector.event_kind, sector.event_face_up = "thorn_wastes", "obstacle", True
    assert not offered()  # obstacles prevent control
    sector.event, sector.event_kind = "", ""
    for unit in state.units:
        if unit.owner == RED and unit.kind == "infantry" and unit.where == sector.id:
            board.place(state, unit, RESERVE)
    place(state, RED, "lightship", sector.id)
    assert not offered()  # lightships cannot colonize


def test_colonization_bonus_third_productive_colony_gives_one_credit() -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken["productive"] = 2
    sector = _colonizable(game)
    credits = state.players[RED].credits
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:productive")
    assert state.players[RED].taken["productive"] == 3
    assert state.players[RED].credits == credits + 1
    assert empire.income(state, content(), RED) == 6


@pytest.mark.parametrize(("track", "taken", "influence", "credits"), [
    ("imperial", 0, 1, 0), ("imperial", 1, 2, 0), ("imperial", 2, 1, 0),
    ("productive", 0, 0, 0), ("productive", 1, 0, 1), ("scientific", 0, 0, 0),
])
def test_colonization_bonus_table(track: str, taken: int, influence: int, credits: int) -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken = dict.fromkeys(state.players[RED].taken, 0)
    state.players[RED].taken[track] = taken
    sector = _colonizable(game)
    before = (state.players[RED].influence, state.players[RED].credits)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:{track}")
    after = (state.players[RED].influence, state.players[RED].credits)
    assert (after[0] - before[0], after[1] - before[1]) == (influence, credits)


def test_second_scientific_colony_puts_both_science_on_one_slot() -> None:
    # "Gain 2 science on any technology slot": one slot takes both.
    game = new_game()
    state = game.state
    state.players[RED].taken["scientific"] = 1
    state.tech["civil"][0].cards[-1] = "envoy_school"  # cost 2
    sector = _colonizable(game)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:scientific")
    assert prompt(game).kind == "place_science"
    assert prompt(game).context == {"left": 2, "one_slot": True}
    choose(game, "slot:civil:0")
    assert idle(game)
    assert state.tech["civil"][0].science == {RED: 2}


def test_second_scientific_colony_on_a_slot_with_room_for_one_loses_the_other() -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken["scientific"] = 1
    for slot in state.tech["civil"] + state.tech["military"]:
        slot.cards[-1] = "envoy_school"  # cost 2
        slot.science = {RED: 1}
    sector = _colonizable(game)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:scientific", "slot:military:1")
    assert state.tech["military"][1].science == {RED: 2}
    assert events(game, "science_lost") == [{"seat": RED, "amount": 1}]


def test_third_scientific_colony_draws_an_artifact() -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken["scientific"] = 2
    top = state.artifact_deck[-1]
    sector = _colonizable(game)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:scientific")
    assert state.players[RED].artifacts == [top]
    assert events(game, "artifact_gained")[-1] == {"seat": RED, "artifact": top}


def test_military_bonuses_elite_tactic_then_elite_mastery() -> None:
    game = new_game()
    state = game.state
    state.players[RED].taken["military"] = 1
    sector = _colonizable(game)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector.id}:military")
    assert prompt(game).kind == "elite_tactic"
    tactic = options(game)[0]
    choose(game, tactic)
    assert tactic.split(":", 1)[1] + "+elite" in state.players[RED].tactics
    assert not state.players[RED].mastery_elite
    sector2 = empty_sector(state, 1)
    place(state, RED, "infantry", sector2.id)
    start(game, "colonize", RED, free=False)
    choose(game, f"colony:{sector2.id}:military")
    assert state.players[RED].mastery_elite


# --- Research -----------------------------------------------------------------------------


def test_research_example_three_science_develops_the_cost_two_card() -> None:
    # 3 science: 2 on a civil technology costing 2, 1 on a military one costing 5; the
    # first can now be developed.
    game = new_game()
    state = game.state
    state.players[RED].taken["scientific"] = 2
    civil, military = state.tech["civil"][0], state.tech["military"][0]
    civil.cards[-1] = "envoy_school"
    military.cards[-1] = "graviton_lance"
    assert (content().technologies["envoy_school"].cost,
            content().technologies["graviton_lance"].cost) == (2, 5)
    start(game, "research", RED, free=False)
    assert prompt(game).context["left"] == 3
    choose(game, "slot:civil:0", "slot:civil:0")
    assert "slot:civil:0" not in options(game)  # never above the card's cost
    choose(game, "slot:military:0")
    assert prompt(game).kind == "develop"
    assert options(game) == ["develop:civil:0", "done"]
    choose(game, "develop:civil:0")
    assert "envoy_school" in state.players[RED].technologies
    assert RED not in civil.science  # the tokens went back to the supply
    assert military.science == {RED: 1}
    assert not civil.top_face_up  # the next card waits until the next cycle
    assert idle(game)


def test_research_develops_several_cards_in_one_action() -> None:
    game = new_game()
    state = game.state
    for kind in ("civil", "military"):
        state.tech[kind][0].cards[-1] = "envoy_school" if kind == "civil" else "phase_weapon"
        state.tech[kind][0].science[RED] = 2
    start(game, "research", RED, free=False)
    choose(game, "slot:civil:1")
    choose(game, "develop:civil:0", "develop:military:0")
    assert {"envoy_school", "phase_weapon"} <= set(state.players[RED].technologies)


def test_other_players_science_stays_unless_the_last_card_is_taken() -> None:
    game = new_game()
    state = game.state
    slot = state.tech["civil"][0]
    slot.cards[-1] = "envoy_school"
    slot.science = {RED: 2, BLUE: 1}
    start(game, "research", RED, free=False)
    choose(game, "slot:civil:1", "develop:civil:0")
    assert slot.science == {BLUE: 1}
    last = state.tech["civil"][1]
    last.cards = ["envoy_school"]
    last.science = {RED: 2, BLUE: 1}
    start(game, "research", RED, free=False)
    choose(game, "slot:military:0", "develop:civil:1")
    assert last.science == {} and last.cards == []


def test_science_from_effects_waits_for_a_research_action() -> None:
    game = new_game()
    state = game.state
    slot = state.tech["civil"][0]
    slot.cards[-1] = "envoy_school"
    start(game, "place_science", RED, amount=2, here=-1)
    choose(game, "slot:civil:0", "slot:civil:0")
    assert idle(game)
    assert "envoy_school" not in state.players[RED].technologies


def test_science_may_go_on_a_face_down_technology_up_to_its_stack_lowest_cost() -> None:
    # Research step 3 limits science by the card's cost only; "face-up" is asked of the card
    # you develop (step 4). The face-down card's cost is hidden: it takes what the lowest
    # cost of its stack allows (3 for the 3-5 stack), so legality shows nothing of it.
    game = new_game()
    state = game.state
    slot = state.tech["civil"][0]
    slot.cards[-2:] = ["trade_consortium"]  # cost 5, under a card just developed
    slot.top_face_up = False
    slot.science = {BLUE: 1}
    start(game, "place_science", RED, amount=4, here=-1)
    assert "slot:civil:0" in options(game)
    choose(game, "slot:civil:0", "slot:civil:0", "slot:civil:0")
    assert slot.science == {BLUE: 1, RED: 3}
    assert "slot:civil:0" not in options(game)
    start(game, "research", RED, free=False)
    assert not any(o.startswith("develop:civil:0") for o in options(game))


def test_science_that_finds_no_room_is_lost_and_said() -> None:
    game = new_game()
    state = game.state
    for slot in state.tech["civil"] + state.tech["military"]:
        slot.cards[-1] = "orbital_habitats"  # cost 1
        slot.science = {RED: 1}
    start(game, "place_science", RED, amount=2, here=-1)
    assert idle(game)
    assert events(game, "science_lost") == [{"seat": RED, "amount": 2}]
    start(game, "research", RED, free=False)
    choose(game, "done")
    assert events(game, "science_lost")[-1] == {"seat": RED, "amount": 1}


def test_science_tokens_are_limited() -> None:
    game = new_game()
    state = game.state
    for i, slot in enumerate(state.tech["civil"] + state.tech["military"]):
        slot.cards[-1] = "aegis_fields"  # cost 7
        slot.science = {RED: 2} if i < 4 else {}
    # 4 slots x 2 science = all 8 tokens; 2 -> 3 is one flipped token, so only those fit.
    assert empire.science_tokens_used(state, RED) == 8
    start(game, "research", RED, free=False)
    assert sorted(options(game)) == ["slot:civil:0", "slot:civil:1", "slot:civil:2",
                                     "slot:military:0"]


def test_a_second_copy_of_a_technology_without_the_stackable_symbol_adds_nothing() -> None:
    # Research: the stackable symbol says you can benefit from several copies of a card;
    # other cards may be held twice (they count as technologies) but the copy adds nothing,
    # neither its lasting effects nor its effect when developed.
    game = new_game()
    state = game.state
    red = state.players[RED]
    red.technologies = ["chancellery"]  # +1 movement order; developed: 1 influence
    orders = movement.movement_orders(state, content(), RED)
    slot = state.tech["civil"][0]
    slot.cards[-1] = "chancellery"
    slot.science = {RED: 3}
    influence = red.influence
    start(game, "research", RED, free=False)
    choose(game, "slot:civil:1", "develop:civil:0")
    assert red.technologies == ["chancellery", "chancellery"]
    assert movement.movement_orders(state, content(), RED) == orders
    assert red.influence == influence
    assert events(game, "technology_developed")[-1]["no_effect"] is True
    assert counters.count(state, content(), RED, "technologies.civil") == 2


def test_every_copy_of_a_stackable_technology_adds_its_effect() -> None:
    game = new_game()
    state = game.state
    base = empire.research_science(state, content(), RED)
    state.players[RED].technologies = ["field_laboratories"] * 2  # +1 science per Research
    assert content().technologies["field_laboratories"].stackable
    assert empire.research_science(state, content(), RED) == base + 2


# --- Turns, depletion ---------------------------------------------------------------------


def test_two_different_actions_per_turn_action_card_may_repeat() -> None:
    game = new_game()
    start_turn(game, RED)
    first = options(game)
    assert "pay:recruit" in first and "action:action_card" in first
    choose(game, "pay:recruit")
    choose(game, "units:1:infantry")
    assert prompt(game).kind == "action"
    assert not any(o.startswith("recruit") for o in options(game))
    start_turn(game, RED, done=["action_card"])
    assert "action:action_card" in options(game)


def test_the_turn_ends_after_two_actions() -> None:
    game = new_game()
    start_turn(game, RED, done=["recruit", "research"])
    assert prompt(game).seat == BLUE  # nothing more for red: the next player's turn


def test_basic_action_costs_one_credit_or_depletes() -> None:
    game = new_game()
    state = game.state
    player = state.players[RED]
    player.credits = 3
    start_turn(game, RED)
    choose(game, "pay:research")
    assert player.credits == 2 and not player.markers["research"].depleted
    choose(game, *["slot:civil:0"] * 1)
    if prompt(game).kind == "develop":
        choose(game, "done")
    choose(game, "deplete:recruit")
    assert player.credits == 2
    assert player.markers["recruit"].depleted


def test_without_credits_only_depletion_is_offered() -> None:
    game = new_game()
    game.state.players[RED].credits = 0
    start_turn(game, RED)
    assert "deplete:recruit" in options(game) and "pay:recruit" not in options(game)


def test_depleted_actions_are_not_offered() -> None:
    game = new_game()
    game.state.players[RED].markers["recruit"].depleted = True
    start_turn(game, RED)
    assert not any(o.startswith("recruit") for o in options(game))


def test_depletion_value_is_clamped_between_zero_and_three() -> None:
    game = new_game()
    state = game.state
    assert empire.depletion_value(state, content(), RED) == 2
    state.players[RED].artifacts.append("chrono_lens")
    assert empire.depletion_value(state, content(), RED) == 1
    state.players[RED].technologies += ["fusion_foundries"] * 3
    assert empire.depletion_value(state, content(), RED) == 0  # never below 0


def test_modifiers_never_reduce_a_cost_below_zero() -> None:
    game = new_game()
    state = game.state
    state.players[RED].technologies += ["stellar_forge"] * 2
    assert empire.basic_action_cost(state, content(), RED) == 0
    state.players[RED].technologies += ["federation_codex"] * 3
    from core.games.fractal.effects import tech_cost
    assert tech_cost(state, content(), RED, "orbital_habitats") == 0  # cost 1, -3


def test_an_action_that_cannot_be_carried_out_is_not_offered() -> None:
    game = new_game()
    state = game.state
    clear_board(state)
    start_turn(game, RED)
    offered = {o.split(":")[0] for o in options(game)}
    assert "advance" not in offered  # no space unit on the board
    assert "colonize" not in offered
    assert "recruit" not in offered  # no colony to recruit on


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    game = new_game()
    start_turn(game, RED)
    digest = game.digest()
    with pytest.raises(IllegalChoice):
        game.apply(RED, "pay:warp")
    assert game.digest() == digest


# --- Government action --------------------------------------------------------------------


def test_government_example_requirement_three_influence_seven_twice() -> None:
    game = new_game(2, factions=["txingur", "gorias"],
                    governments={"txingur": "collective_overmind"})
    state = game.state
    assert content().governments["collective_overmind"].requirement == 3
    state.players[RED].influence = 7
    assert government.times(state, content(), RED) == 2
    start_turn(game, RED)
    choose(game, "action:government")
    assert prompt(game).kind == "government_times"
    assert options(game) == ["times:2", "times:1"]
    choose(game, "times:2")
    assert state.players[RED].influence == 7  # required, not spent
    assert events(game, "government_action")[-1]["times"] == 2
    recruits = 0
    while prompt(game).seat == RED and prompt(game).kind != "action":
        if prompt(game).kind == "recruit_unit":
            recruits += 1
        choose(game, options(game)[0])
    assert recruits == 2


def test_government_at_least_once_and_once_per_cycle() -> None:
    game = new_game()  # Gorias, Bone Guild: requirement 1, +1 credit
    state = game.state
    state.players[RED].influence = 0
    credits = state.players[RED].credits
    start_turn(game, RED)
    choose(game, "action:government")
    assert state.players[RED].credits == credits + 1  # once, with 0 influence
    assert "action:government" not in options(game)
    start_turn(game, RED)
    assert "action:government" not in options(game)  # once per cycle
    state.players[RED].markers["government"].used = False  # what the cleanup does
    start_turn(game, RED)
    assert "action:government" in options(game)


def test_a_government_action_that_can_do_nothing_is_not_offered() -> None:
    # "In order to choose an action, you must be able to carry out its effects": Archive
    # Regency (Advance, then reveal an event) with no ship that can move and no face-down
    # event near any unit of the player.
    game = new_game(2, factions=["delverar", "gorias"],
                    governments={"delverar": "archive_regency"})
    state = game.state
    assert [s.op for s in content().governments["archive_regency"].action] == [
        "advance", "reveal"]
    clear_board(state)
    for sector in state.sectors:
        sector.event_face_up = bool(sector.event)  # nothing left to reveal
    home = start_sector(state, RED)
    place(state, RED, "infantry", home.id)
    start_turn(game, RED)
    assert "action:government" not in options(game)
    place(state, RED, "lightship", home.id)
    start_turn(game, RED)
    assert "action:government" in options(game)


def test_a_free_basic_action_is_not_performed_while_that_action_is_depleted() -> None:
    # Depletion, l. 666: depleted actions cannot be performed. A component's free Recruit
    # waives the cost (spend a credit or deplete, Recruit step 1), not that rule: with
    # Recruit depleted it does nothing, and the log says why; restored, it recruits.
    game = new_game()
    state = game.state
    state.players[RED].markers["recruit"].depleted = True
    steps = [{"op": "recruit"}, {"op": "gain", "credits": 1}]
    credits = state.players[RED].credits
    start(game, "effect", RED, steps=steps, i=0, here=-1, source="iron_horde")
    assert idle(game) and state.players[RED].credits == credits + 1
    assert events(game, "free_action_depleted")[-1] == {
        "seat": RED, "action": "recruit", "source": "iron_horde"}
    state.players[RED].markers["recruit"].depleted = False
    start(game, "effect", RED, steps=steps, i=0, here=-1, source="iron_horde")
    assert prompt(game).kind == "recruit_unit"


def test_a_government_whose_action_is_a_depleted_basic_action_is_not_offered() -> None:
    # Iron Horde's action is a free Recruit: with Recruit depleted it could carry nothing
    # out, so the Government action is not offered (Action phase, l. 654).
    game = new_game()  # Borroka (blue) under Iron Horde
    state = game.state
    state.players[BLUE].influence = 3
    start_turn(game, BLUE)
    assert "action:government" in options(game)
    state.players[BLUE].markers["recruit"].depleted = True
    start_turn(game, BLUE)
    assert "action:government" not in options(game)


def test_an_obstacle_asking_for_a_free_colonize_is_out_of_reach_while_it_is_depleted() -> None:
    # Hostile Natives' first option asks for a free Colonize action in its sector (l. 1230):
    # with Colonize depleted that requirement cannot be met; the second option still can.
    game = new_game()
    state = game.state
    clear_board(state)
    sector = empty_sector(state)
    sector.event, sector.event_kind, sector.event_face_up = "hostile_natives", "obstacle", True
    place(state, RED, "infantry", sector.id, 2)
    place(state, RED, "mech", sector.id)
    state.players[RED].influence = 1
    assert obstacles.resolvable(state, content(), RED) == [
        f"resolve:{sector.id}:0", f"resolve:{sector.id}:1"]
    state.players[RED].markers["colonize"].depleted = True
    assert obstacles.resolvable(state, content(), RED) == [f"resolve:{sector.id}:1"]


def test_an_action_card_whose_effect_cannot_happen_is_played_face_down_only() -> None:
    game = new_game()
    state = game.state
    clear_board(state)
    state.action_pool[:2] = ["forced_march", "logistics_overhaul"]  # Advance; restore 2
    start(game, "action_card", RED)
    assert "card:0:up" not in options(game) and "card:1:up" not in options(game)
    assert "card:0:down" in options(game) and "card:1:down" in options(game)
    state.players[RED].markers["colonize"].depleted = True
    start(game, "action_card", RED)
    assert "card:1:up" in options(game)


def test_victory_tokens_are_limited_to_the_twelve_in_the_box() -> None:
    # "All components and tracks of the game are limited": an effect gives what is left.
    game = new_game()
    state = game.state
    state.players[BLUE].vp_tokens = 11
    start(game, "effect", RED, steps=[{"op": "gain", "vp_tokens": 2}], i=0, here=-1,
          source="test")
    assert state.players[RED].vp_tokens == 1
    state.action_pool[0] = "victory_parade"  # pay 2 influence, gain 1 victory token
    state.players[RED].influence = 5
    start(game, "action_card", RED)
    assert "card:0:up" not in options(game)  # none left: the effect cannot happen


# --- Action cards, passing, the watcher ---------------------------------------------------


def test_face_down_card_gives_one_influence_and_an_insight() -> None:
    game = new_game()
    state = game.state
    influence = state.players[RED].influence
    pool = list(state.action_pool)
    top = state.action_deck[-1]
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:down")
    assert state.players[RED].influence == influence + 1
    assert prompt(game).kind == "insight"
    assert state.players[RED].played_cards == [pool[0]]
    choose(game, "objective")
    assert state.action_pool == [*pool[1:], top]  # the pool is refilled from the deck


def test_the_pool_is_refilled_after_the_cards_effect_so_an_insight_chooses_the_new_card() -> None:
    # Action card, steps 2 then 3: the effect (face down: an insight), then a new card for
    # the pool. An insight on the action deck decides which card that is.
    game = new_game()
    state = game.state
    pool = list(state.action_pool)
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:down")
    assert state.action_pool == pool[1:]  # no new card while the effect resolves
    choose(game, "deck:action")
    seen = list(prompt(game).context["cards"])
    choose(game, "bottom:0", "bottom:0", "top:0")  # the last seen card goes back on top
    assert state.action_pool == [*pool[1:], seen[2]]


def test_the_card_limit_is_looked_at_once_the_card_is_played() -> None:
    # The Long Night played as the second card: its extra card counts before passing.
    game = new_game()
    state = game.state
    red = state.players[RED]
    red.played_cards = ["x"]
    state.action_pool[0] = "long_night"
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:up")
    assert not red.passed and empire.action_card_limit(state, content(), RED) == 3


def test_card_limit_passes_at_once_and_the_first_to_pass_is_the_watcher() -> None:
    game = new_game()
    state = game.state
    state.players[RED].played_cards = ["x"]
    state.watcher = -1
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:down", "objective")
    assert state.players[RED].passed and state.watcher == RED
    while prompt(game).seat == RED:
        choose(game, options(game)[-1])
    assert prompt(game).seat == BLUE  # red passed with one action left in the turn
    state.players[BLUE].played_cards = ["y"]
    start_turn(game, BLUE)
    choose(game, "action:action_card", "card:0:down", "objective")
    assert state.players[BLUE].passed and state.watcher == RED


def test_the_third_imperial_colony_allows_an_extra_action_card() -> None:
    game = new_game()
    state = game.state
    assert empire.action_card_limit(state, content(), RED) == 2
    state.players[RED].taken["imperial"] = 3
    assert empire.action_card_limit(state, content(), RED) == 3
    state.players[RED].played_cards = ["x", "y"]
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:down", "objective")
    assert state.players[RED].passed


def test_the_action_phase_ends_when_everyone_has_passed() -> None:
    game = new_game()
    state = game.state
    for player in state.players:
        player.played_cards = ["x"]
    start_turn(game, RED)
    choose(game, "action:action_card", "card:0:down")
    while prompt(game).seat == RED:
        choose(game, options(game)[-1])
    choose(game, "action:action_card", "card:0:down")
    while game.pending() and prompt(game).seat == BLUE:
        choose(game, options(game)[-1])
    assert all(p.passed for p in state.players)
    assert not any(t.kind == "action_phase" for t in state.stack)


def test_face_up_cards_only_when_affordable() -> None:
    game = new_game()
    state = game.state
    paid = [c for c, card in content().actions.items()
            if any(s.op == "pay" for s in card.effect)]
    assert paid, "the content has action cards with a cost"
    state.action_pool[0] = paid[0]
    state.players[RED].credits = state.players[RED].influence = 0
    start(game, "action_card", RED)
    assert "card:0:up" not in options(game) and "card:0:down" in options(game)


# --- Insight ------------------------------------------------------------------------------


def test_insight_three_options_and_secrecy() -> None:
    game = new_game()
    state = game.state
    start(game, "insight", RED, count=1, here=-1)
    kinds = {o.split(":")[0] for o in options(game)}
    assert {"deck", "slot", "event"} <= kinds
    hidden = next(s for s in state.sectors if s.event and not s.event_face_up)
    choose(game, f"event:{hidden.id}")
    assert idle(game)
    assert any(hidden.event in k for k in state.players[RED].known)
    assert hidden.event not in str(view_of(state, content(), BLUE))
    assert hidden.event in str(view_of(state, content(), RED))
    assert hidden.event not in str(game.events_for(BLUE))
    assert hidden.event in str(game.events_for(RED))


def test_insight_returns_each_card_top_or_bottom_in_the_order_chosen() -> None:
    # "choose to return each of those cards to either the top or bottom of that deck in the
    # order of your choice": which card goes back next is the player's choice too.
    game = new_game()
    state = game.state
    deck = list(state.action_deck)
    a, b, c = deck[-1], deck[-2], deck[-3]  # drawn in this order
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "deck:action")
    assert prompt(game).kind == "insight_return"
    assert prompt(game).context == {"deck": "action", "cards": [a, b, c]}
    assert options(game) == ["top:0", "bottom:0", "top:1", "bottom:1", "top:2", "bottom:2"]
    choose(game, "top:2")  # c on top
    assert prompt(game).context["cards"] == [a, b]
    choose(game, "top:0", "bottom:0")  # a on top of c, then b to the bottom
    assert idle(game)
    assert state.action_deck[-2:] == [c, a]
    assert state.action_deck[0] == b
    assert sorted(state.action_deck) == sorted(deck)


def test_insight_offers_identical_cards_once() -> None:
    game = new_game()
    state = game.state
    twin = next(c for c, card in content().actions.items() if card.copies > 1)
    state.action_deck[-3:] = ["x_card", twin, twin]
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "deck:action")
    assert options(game) == ["top:0", "bottom:0", "top:2", "bottom:2"]


def test_insight_on_a_short_deck_reshuffles_its_discard_to_draw_three() -> None:
    # "If you ever need to draw from a deck that is empty, immediately reshuffle its discard
    # pile to create a new one."
    game = new_game()
    state = game.state
    last = state.action_deck[-1]
    discard = state.action_deck[:-1][:5]
    state.action_deck, state.action_discard = [last], list(discard)
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "deck:action")
    cards = prompt(game).context["cards"]
    assert len(cards) == 3 and cards[0] == last
    assert set(cards[1:]) <= set(discard) and not state.action_discard
    while game.pending():
        choose(game, options(game)[0])
    assert sorted(state.action_deck) == sorted([last, *discard])
    state.action_deck, state.action_discard = [], list(discard)
    start(game, "insight", RED, count=1, here=-1)
    assert "deck:action" in options(game)  # an empty deck with a discard pile can be drawn


def test_insight_on_a_technology_slot_sees_the_face_down_cards() -> None:
    game = new_game()
    state = game.state
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "slot:military:1")
    seen = state.players[RED].known[-1]
    for card in state.tech["military"][1].cards[:-1]:
        assert card in seen
        assert card not in str(view_of(state, content(), BLUE))


# --- Obstacles and anomalies at the end of an action --------------------------------------


def test_obstacle_resolved_at_the_end_of_an_action() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    sector.event, sector.event_kind, sector.event_face_up = "predator_packs", "obstacle", True
    place(state, RED, "infantry", sector.id, 2)
    credits = state.players[RED].credits
    start_turn(game, RED)
    choose(game, "action:government")  # any action; the event is offered when it ends
    assert prompt(game).kind == "resolve_event"
    assert options(game) == [f"resolve:{sector.id}:0", "done"]
    choose(game, f"resolve:{sector.id}:0")
    assert state.players[RED].credits == credits + 1 + 2  # Bone Guild, then the reward
    assert "predator_packs" in state.players[RED].resolved
    assert not sector.event_kind
    from core.games.fractal.board import controls
    assert controls(state, sector, RED)


def test_obstacle_requirements_must_be_met() -> None:
    game = new_game()
    state = game.state
    sector = empty_sector(state)
    sector.event, sector.event_kind, sector.event_face_up = "predator_packs", "obstacle", True
    place(state, RED, "infantry", sector.id, 1)
    start_turn(game, RED)
    choose(game, "action:government")
    assert prompt(game).kind == "action"  # one infantry, no mech: nothing to resolve
    with pytest.raises(IllegalChoice):
        game.apply(RED, f"resolve:{sector.id}:0")


def _event_here(game, card: str, kind: str = "obstacle"):
    sector = empty_sector(game.state)
    sector.event, sector.event_kind, sector.event_face_up = card, kind, True
    return sector


def _science_on(state, *values: int) -> list:
    """Red's science on the first slots, in order; every other slot cleared."""
    slots = [s for kind in state.tech.values() for s in kind]
    for slot, value in zip(slots, [*values] + [0] * len(slots), strict=False):
        slot.science = {RED: value} if value else {}
    return slots


def test_obstacle_example_two_science_for_one_influence_from_the_slots_chosen() -> None:
    # The rulebook's obstacle example (Thorn Wastes): remove 2 science tokens for 1
    # influence, or 1 infantry. Which science goes is the player's choice.
    game = new_game()
    state = game.state
    sector = _event_here(game, "thorn_wastes")
    place(state, RED, "infantry", sector.id, 1)
    slots = _science_on(state, 2, 1, 1)
    influence = state.players[RED].influence
    start_turn(game, RED)
    choose(game, "action:government")
    assert options(game) == [f"resolve:{sector.id}:0", f"resolve:{sector.id}:1", "done"]
    choose(game, f"resolve:{sector.id}:0")
    assert prompt(game).kind == "cost_science"
    assert prompt(game).context == {"sector": sector.id, "event": "thorn_wastes", "left": 2}
    assert options(game) == ["slot:civil:0", "slot:civil:1", "slot:civil:2"]
    choose(game, "slot:civil:2", "slot:civil:0")
    assert [s.science.get(RED, 0) for s in slots[:3]] == [1, 1, 0]
    assert state.players[RED].influence == influence + 1
    assert "thorn_wastes" in state.players[RED].resolved


def test_anomaly_example_an_infantry_and_a_science_for_two_artifacts_keep_one() -> None:
    # The rulebook's anomaly example (Federation Wreck): with 1 lightship there, remove 1
    # infantry and 1 science; draw 2 artifacts and keep one.
    game = new_game()
    state = game.state
    sector = _event_here(game, "federation_wreck", "anomaly")
    place(state, RED, "lightship", sector.id, 1)
    infantry = place(state, RED, "infantry", sector.id, 1)[0]
    slots = _science_on(state, 1)
    top_two = state.artifact_deck[-2:]
    start_turn(game, RED)
    choose(game, "action:government", f"resolve:{sector.id}:0")
    assert infantry.where == RESERVE and not slots[0].science  # no other way to pay
    assert prompt(game).kind == "keep_artifact"
    assert sorted(options(game)) == sorted(f"artifact:{a}" for a in top_two)
    choose(game, f"artifact:{top_two[0]}")
    assert state.players[RED].artifacts == [top_two[0]]
    assert state.artifact_discard == [top_two[1]]


def test_units_removed_for_an_obstacle_are_the_players_choice() -> None:
    game = new_game()
    state = game.state
    sector = _event_here(game, "thorn_wastes")
    own = place(state, RED, "infantry", sector.id, 2)
    black = next(u for u in state.units if u.black and u.kind == "infantry")
    board.place(state, black, sector.id, owner=RED)
    start_turn(game, RED)
    choose(game, "action:government", f"resolve:{sector.id}:1")
    assert prompt(game).kind == "cost_unit"
    assert prompt(game).context == {"sector": sector.id, "event": "thorn_wastes",
                                    "kind": "infantry", "left": 1}
    # The two infantries of red's colour are interchangeable: offered once.
    assert options(game) == [f"unit:{own[0].id}", f"unit:{black.id}"]
    choose(game, f"unit:{black.id}")
    assert (black.owner, black.where) == (-1, RESERVE)  # back to the black supply
    assert all(u.where == sector.id for u in own)


def test_technologies_removed_for_an_obstacle_are_chosen_and_discarded() -> None:
    # "When a component is removed, it is returned to its respective discard pile": a
    # technology has no slot to go back to, so it lies face-up on the technology discard.
    game = new_game()
    state = game.state
    sector = _event_here(game, "warding_pylons")
    place(state, RED, "infantry", sector.id, 1)
    _science_on(state)
    state.players[RED].technologies = ["envoy_school", "envoy_school", "warp_lanes",
                                       "phase_weapon"]
    start_turn(game, RED)
    choose(game, "action:government", f"resolve:{sector.id}:0")
    assert prompt(game).kind == "cost_technology"
    assert options(game) == ["technology:envoy_school", "technology:warp_lanes"]
    choose(game, "technology:warp_lanes")
    assert state.players[RED].technologies == ["envoy_school", "envoy_school", "phase_weapon"]
    assert state.tech_discard == {"civil": ["warp_lanes"], "military": []}
    assert game.view(BLUE)["tech_discard"] == {"civil": ["warp_lanes"], "military": []}


def test_breaking_a_flipped_token_never_needs_a_ninth() -> None:
    from core.games.fractal.empire import science_tokens_used

    game = new_game(players=4)
    state = game.state
    sector = _event_here(game, "thorn_wastes")
    place(state, RED, "infantry", sector.id, 1)
    slots = _science_on(state, 3, 3, 3, 3, 3, 3, 3, 3)  # all eight tokens flipped
    start_turn(game, RED)
    choose(game, "action:government", f"resolve:{sector.id}:0", "slot:civil:0")
    # A 3 becoming 2 would need a ninth token: the slot keeps 1, and the loss is said.
    assert slots[0].science == {RED: 1}
    assert science_tokens_used(state, RED) == 8
    assert events(game, "science_lost")[-1] == {"seat": RED, "amount": 1}
    choose(game, "slot:civil:0")  # a loose token now: it comes back alone
    assert not slots[0].science
    assert sum(s.science.get(RED, 0) for s in slots) == 24 - 3
