"""Battles: the rulebook's examples, tactic cards, damage types, keywords, retreat, victory."""

from __future__ import annotations

from core.events import for_viewer
from core.games.fractal import battle as battle_rules
from core.games.fractal.board import place
from core.games.fractal.state import BLOOD_POOL, BOX, RESERVE
from tests.fractal.conflict_fixtures import (
    BLUE,
    GREEN,
    RED,
    answer,
    board,
    colony,
    content,
    drive,
    events,
    fight,
    galaxy,
    hand,
    line,
    prompt,
    start,
    unit,
    units,
    where,
)

# A line of sectors 0-1-2-3; battles happen in 1. A red colony in 3 makes 2 the nearest
# retreat for red; blue retreats to 0 once red units stand in 2.


def two_sides(blue: dict[str, int], red: dict[str, int], sectors: int = 4):
    state = board(line(sectors))
    for kind, n in blue.items():
        units(state, BLUE, kind, 1, n)
    for kind, n in red.items():
        units(state, RED, kind, 1, n)
    return state


def choose(ctx, red: str, blue: str) -> None:
    answer(ctx, RED, f"tactic:red:{red}")
    answer(ctx, BLUE, f"tactic:blue:{blue}")


def damage_kinds(ctx, dealer: int) -> list[str]:
    return [e.data["damage"] for e in events(ctx, "unit_damaged") if e.data["by"] == dealer]


# --- the rulebook's examples ------------------------------------------------------------


def test_example_1_ground_assault_with_phase_weapon() -> None:
    state = two_sides(blue={"infantry": 3}, red={"infantry": 5})
    colony(state, 3, RED)
    state.players[BLUE].technologies = ["phase_weapon"]
    hand(state, BLUE, "ground_assault", "retreat")
    hand(state, RED, "ground_assault", "retreat")
    ctx = fight(state, 1)
    choose(ctx, "ground_assault", "ground_assault")
    revealed = events(ctx, "tactics_revealed")[0].data
    assert revealed["initiatives"] == {str(RED): 3, str(BLUE): 2}
    # Blue resolves first, alone at initiative 2, with the 3-infantry composition.
    first = events(ctx, "tactic_resolved")[0]
    assert (first.seat, first.data["composition"]) == (BLUE, 0)
    assert damage_kinds(ctx, BLUE) == ["indirect", "retreat", "retreat", "retreat"]
    assert where(state, RED, 2) == 3  # three retreats to the sector nearest red's colony
    assert sum(1 for u in state.units if u.owner == RED and u.where == RESERVE) == 1
    assert prompt(state, RED).kind == "tactic"  # the second battle turn


def test_example_2_simultaneous_ground_assaults_blue_wins() -> None:
    for first in (RED, BLUE):
        state = two_sides(blue={"infantry": 3}, red={"infantry": 1})
        colony(state, 3, RED)
        state.first_player = first
        hand(state, BLUE, "ground_assault")
        hand(state, RED, "ground_assault")
        ctx = fight(state, 1)
        choose(ctx, "ground_assault", "ground_assault")
        # Red's infantry is hit by blue's card of the same initiative but still acts.
        while state.prompts:
            p = state.prompts[0]
            answer(ctx, p.seat, p.options[0])
        assert damage_kinds(ctx, RED) == ["retreat", "retreat"]
        assert damage_kinds(ctx, BLUE)[0] == "indirect"
        assert where(state, RED, 1) == 0
        assert where(state, BLUE, 1) == 1
        end = events(ctx, "battle_ended")[0]
        assert (end.seat, end.data["result"]) == (BLUE, "victory")
        assert state.stats["battles"] == 1
        assert state.stats["retreats"] == 2
        assert not state.stack


# --- preparation and choice ---------------------------------------------------------------


def test_choices_are_secret_until_everyone_has_chosen() -> None:
    state = two_sides(blue={"infantry": 3}, red={"infantry": 3})
    hand(state, BLUE, "ground_assault", "shield_wall")
    hand(state, RED, "ground_assault", "shield_wall")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:shield_wall")
    assert not events(ctx, "tactics_revealed")
    chosen = events(ctx, "tactic_chosen")[0]
    assert "tactic" not in for_viewer(chosen, BLUE)
    assert for_viewer(chosen, RED)["tactic"] == "red:shield_wall"
    blue_prompt = prompt(state, BLUE)
    assert "shield_wall" not in repr(blue_prompt.context)
    answer(ctx, BLUE, "tactic:blue:ground_assault")
    assert events(ctx, "tactics_revealed")


def test_only_valid_tactics_are_offered_and_played_ones_stay_out() -> None:
    state = two_sides(blue={"infantry": 3}, red={"infantry": 6})
    colony(state, 1, RED)  # red retreating is not the point: red's colony keeps red here
    hand(state, BLUE, "ground_assault", "strafing_run", "shield_wall")
    hand(state, RED, "shield_wall", "ground_assault")
    ctx = fight(state, 1)
    assert prompt(state, BLUE).options == ["tactic:blue:ground_assault",
                                           "tactic:blue:shield_wall"]
    choose(ctx, "shield_wall", "shield_wall")
    # Shield walls on both sides block nothing that is dealt; the next turn comes.
    assert prompt(state, BLUE).options == ["tactic:blue:ground_assault"]
    assert prompt(state, BLUE).context["played"] == {str(RED): ["red:shield_wall"],
                                                    str(BLUE): ["blue:shield_wall"]}


def test_missing_in_action_without_valid_tactic() -> None:
    state = two_sides(blue={"lightship": 1}, red={"infantry": 2})
    hand(state, BLUE, "ground_assault", "siege_walkers")  # no infantry, no mech
    hand(state, RED, "ground_assault")
    ctx = fight(state, 1)
    assert where(state, BLUE, 1) == 0
    assert events(ctx, "missing_in_action")[0].seat == BLUE
    end = events(ctx, "battle_ended")[0]
    assert (end.seat, end.data["result"]) == (RED, "victory")
    assert not state.prompts and not state.stack


def test_hostile_conditions_discard_two_random_tactics_face_up() -> None:
    state = two_sides(blue={"infantry": 3}, red={"infantry": 3})
    galaxy(state, 1, "burning_halo")
    # Every card of Blue's is valid with three infantries: one stays playable.
    hand(state, BLUE, "ground_assault", "shield_wall", "retreat")
    hand(state, RED, "ground_assault+elite", "shield_wall+elite", "retreat")
    ctx = fight(state, 1)
    discarded = {e.seat: e.data for e in events(ctx, "tactics_discarded")}
    assert len(discarded[BLUE]["tactics"]) == 2 and discarded[BLUE]["returned"] == []
    blue_options = prompt(state, BLUE).options
    assert len(blue_options) == 1
    for card in discarded[BLUE]["tactics"]:
        assert f"tactic:{card}" not in blue_options
    # Elite tactics discarded at random return to hand at once.
    for card in discarded[RED]["tactics"]:
        assert (card in discarded[RED]["returned"]) == card.endswith("+elite")


def test_elite_tactic_is_played_with_its_elite_values() -> None:
    state = two_sides(blue={"infantry": 1}, red={"infantry": 3})
    colony(state, 3, RED)
    hand(state, BLUE, "ground_assault+elite")
    hand(state, RED, "shield_wall")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:shield_wall")
    answer(ctx, BLUE, "tactic:blue:ground_assault+elite")
    # Shield wall (2 infantries) blocks 2 of blue's 3 damage: indirect 1, retreat 2.
    assert len(events(ctx, "damage_blocked")) == 2
    assert damage_kinds(ctx, BLUE) == ["retreat"]


# --- resolution ------------------------------------------------------------------------


def test_card_discarded_unresolved_when_its_units_are_gone() -> None:
    state = two_sides(blue={"mech": 1}, red={"lightship": 3})
    hand(state, BLUE, "siege_walkers")
    hand(state, RED, "strafing_run")
    ctx = fight(state, 1)
    choose(ctx, "strafing_run", "siege_walkers")
    # Two direct damage: the mech (Resist 1) is toppled, then removed.
    outcomes = [e.data["outcome"] for e in events(ctx, "unit_damaged")]
    assert outcomes == ["toppled", "removed"]
    assert events(ctx, "tactic_unresolved")[0].seat == BLUE
    assert events(ctx, "battle_ended")[0].seat == RED


def test_support_choice_offers_each_largest_composition() -> None:
    state = two_sides(blue={"infantry": 1, "mech": 1}, red={"infantry": 5})
    colony(state, 3, RED)
    state.players[BLUE].faction = "vax117"  # Queen Subroutines: mechs have Support 2
    hand(state, BLUE, "ground_assault")
    hand(state, RED, "shield_wall")
    ctx = fight(state, 1)
    choose(ctx, "shield_wall", "ground_assault")
    p = prompt(state, BLUE)
    assert p.kind == "composition" and p.options == ["composition:0", "composition:1"]
    answer(ctx, BLUE, "composition:0")  # the mech counts as two infantries
    resolved = next(e for e in events(ctx, "tactic_resolved") if e.seat == BLUE)
    assert resolved.data["composition"] == 0


def test_veteran_counts_as_two_for_compositions() -> None:
    state = two_sides(blue={"infantry": 2}, red={"infantry": 5})
    colony(state, 3, RED)
    state.players[BLUE].technologies = ["veteran_cadres"]
    card = content().tactic_cards["blue:ground_assault"]
    assert battle_rules.composition_options(state, content(), card, 1, BLUE) == [0]
    state.players[BLUE].technologies = []
    assert battle_rules.composition_options(state, content(), card, 1, BLUE) == [1]


def test_upgrade_order_asked_only_when_it_matters() -> None:
    state = two_sides(blue={"warship": 1}, red={"infantry": 3, "mech": 1, "lightship": 1})
    colony(state, 3, RED)
    state.players[BLUE].technologies = ["graviton_lance"]
    hand(state, BLUE, "orbital_bombardment")
    hand(state, RED, "strafing_run")
    ctx = fight(state, 1)
    choose(ctx, "strafing_run", "orbital_bombardment")  # the warship is only toppled
    assert prompt(state, BLUE).kind == "upgrade_order"
    answer(ctx, BLUE, "upgrade:before")
    drive(ctx)
    assert damage_kinds(ctx, BLUE)[:3] == ["massive", "massive", "indirect"]
    # Phase Weapon only changes the initiative: no question.
    state2 = two_sides(blue={"infantry": 3}, red={"infantry": 3})
    state2.players[BLUE].technologies = ["phase_weapon"]
    hand(state2, BLUE, "ground_assault")
    hand(state2, RED, "ground_assault")
    ctx2 = fight(state2, 1)
    choose(ctx2, "ground_assault", "ground_assault")
    drive(ctx2)
    assert not any(e.kind == "upgrade_order" for e in ctx2.events)


def prompt_kind(state) -> str:
    return state.prompts[0].kind if state.prompts else ""


# --- damage types ----------------------------------------------------------------------


def test_massive_damage_ignores_resist_and_dealer_picks() -> None:
    state = two_sides(blue={"warship": 1}, red={"mech": 1, "infantry": 1})
    ctx = start(state, "damage", BLUE, sector=1, kind="massive", count=1)
    p = prompt(state, BLUE)
    assert p.kind == "damage_target" and len(p.options) == 2
    mech = next(u for u in state.units if u.kind == "mech")
    answer(ctx, BLUE, f"unit:{mech.id}")
    assert mech.where == RESERVE  # Resist 1 is ignored


def test_direct_damage_dealer_chooses_indirect_target_chooses() -> None:
    state = two_sides(blue={"lightship": 1}, red={"mech": 1, "infantry": 1})
    direct = start(state, "damage", BLUE, sector=1, kind="direct", count=1)
    assert prompt(state, BLUE).kind == "damage_target"
    infantry = next(u for u in state.units if u.kind == "infantry")
    answer(direct, BLUE, f"unit:{infantry.id}")
    # Mech (Vanguard) may take it instead.
    assert prompt(state, RED).kind == "vanguard"
    answer(direct, RED, "done")
    assert infantry.where == RESERVE
    units(state, RED, "infantry", 1, 1)
    indirect = start(state, "damage", BLUE, sector=1, kind="indirect", count=1)
    assert prompt(state, RED).kind == "damage_target"
    mech = next(u for u in state.units if u.kind == "mech")
    answer(indirect, RED, f"unit:{mech.id}")
    assert mech.damage == 1 and mech.where == 1  # Resist 1: toppled


def test_retreat_damage_target_chooses_unit() -> None:
    state = two_sides(blue={"infantry": 1}, red={"mech": 1, "infantry": 1})
    colony(state, 3, RED)
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert prompt(state, RED).kind == "damage_target"
    infantry = next(u for u in state.units if u.kind == "infantry" and u.owner == RED)
    answer(ctx, RED, f"unit:{infantry.id}")
    assert infantry.where == 2


def test_a_retreat_into_a_face_down_event_reveals_it() -> None:
    # "If you move a unit into or through a sector with a face-down obstacle, anomaly,
    # living galaxy, or singularity, immediately reveal it": a retreat moves the unit.
    state = two_sides(blue={"infantry": 1}, red={"infantry": 1})
    colony(state, 3, RED)
    hidden = state.sectors[2]
    hidden.event, hidden.event_kind = "thorn_wastes", "obstacle"
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert state.units[1].where == 2
    assert hidden.event_face_up
    revealed = events(ctx, "event_revealed")
    assert [(e.seat, e.data["sector"], e.data["event"]) for e in revealed] == [
        (RED, 2, "thorn_wastes")]


# --- keywords -------------------------------------------------------------------------


def test_resist_topples_then_removes_and_not_against_retreat_tactic() -> None:
    state = two_sides(blue={"infantry": 1}, red={"mech": 1})
    colony(state, 3, RED)
    mech = state.units[1]
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert (mech.damage, mech.where) == (1, 1)
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert mech.where == 2
    # The Retreat tactic ignores Resist: a fresh mech retreats at once.
    place(state, mech, 1)
    mech.damage = 0
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1, ignore_resist=True)
    assert (mech.damage, mech.where) == (0, 2)


def test_retreat_tactic_ignores_resist_in_battle() -> None:
    state = two_sides(blue={"lightship": 2}, red={"warship": 1})
    colony(state, 3, RED)
    hand(state, BLUE, "retreat")
    hand(state, RED, "orbital_bombardment")
    ctx = fight(state, 1)
    choose(ctx, "orbital_bombardment", "retreat")
    warship = next(u for u in state.units if u.kind == "warship")
    assert warship.where == 2 and warship.damage == 0
    assert events(ctx, "tactic_unresolved")[0].seat == RED


def test_vanguard_once_per_damage_instance() -> None:
    state = two_sides(blue={"lightship": 3}, red={"mech": 1, "infantry": 2})
    colony(state, 3, RED)
    ctx = start(state, "damage", BLUE, sector=1, segments=[["direct", 2]], target=RED)
    infantries = [u for u in state.units if u.kind == "infantry"]
    mech = next(u for u in state.units if u.kind == "mech")
    answer(ctx, BLUE, f"unit:{infantries[0].id}")
    assert prompt(state, RED).options == [f"unit:{mech.id}", "done"]
    answer(ctx, RED, f"unit:{mech.id}")
    assert mech.damage == 1
    answer(ctx, BLUE, f"unit:{infantries[0].id}")
    # The mech already redirected this instance: no second vanguard question.
    assert not state.prompts
    assert infantries[0].where == RESERVE


def test_courage_absorbs_retreat_damage_only_and_does_not_stack_with_resist() -> None:
    state = two_sides(blue={"infantry": 1}, red={"infantry": 1})
    colony(state, 3, RED)
    state.players[RED].technologies = ["boarding_drills"]  # infantry Courage 1
    infantry = state.units[1]
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert (infantry.damage, infantry.where) == (1, 1)
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert infantry.where == 2
    # Courage is no help against direct damage.
    place(state, infantry, 1)
    infantry.damage = 0
    start(state, "damage", BLUE, sector=1, kind="direct", count=1)
    assert infantry.where == RESERVE
    # Resist 1 and Courage 1 together absorb one retreat damage, not two.
    state.players[RED].artifacts = ["aegis_shard"]
    place(state, infantry, 1)
    infantry.damage = 0
    start(state, "damage", BLUE, sector=1, kind="retreat", count=2)
    assert infantry.where == 2 and infantry.damage == 1
    # And Courage does not apply to the Retreat tactic.
    place(state, infantry, 1)
    infantry.damage = 0
    state.players[RED].artifacts = []
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1, ignore_resist=True)
    assert infantry.where == 2


def test_radiation_strips_resist_and_vanguard() -> None:
    state = two_sides(blue={"lightship": 1}, red={"mech": 1, "infantry": 1})
    galaxy(state, 1, "pulsar_choir")
    mech = state.units[1]
    ctx = start(state, "damage", BLUE, sector=1, kind="direct", count=1)
    answer(ctx, BLUE, f"unit:{mech.id}")
    assert mech.where == RESERVE  # no Resist under radiation


def test_block_all_damage_from_shield_wall() -> None:
    state = two_sides(blue={"lightship": 3}, red={"mech": 1, "infantry": 1})
    hand(state, BLUE, "strafing_run", "ramming_run")
    hand(state, RED, "shield_wall", "retreat")
    ctx = fight(state, 1)
    choose(ctx, "shield_wall", "strafing_run")
    assert len(events(ctx, "damage_blocked")) == 2
    assert where(state, RED, 1) == 2
    assert prompt(state, RED).options == ["tactic:red:retreat"]


def test_the_units_a_tactic_removes_as_its_cost_are_the_players_choice() -> None:
    # Tactic cards: a composition's X units are removed as its cost; which of them go is
    # the owner's choice when they differ (here a toppled and a fresh lightship).
    state = two_sides(blue={"lightship": 2}, red={"mech": 1})
    toppled, fresh = [u for u in state.units if u.owner == BLUE]
    toppled.damage = 1
    hand(state, BLUE, "ramming_run")
    hand(state, RED, "siege_walkers")
    ctx = fight(state, 1)
    choose(ctx, "siege_walkers", "ramming_run")
    cost = prompt(state, BLUE)
    assert cost.kind == "tactic_cost"
    assert cost.options == [f"unit:{toppled.id}", f"unit:{fresh.id}"]  # the old pick first
    answer(ctx, BLUE, f"unit:{fresh.id}")
    assert fresh.where == RESERVE and toppled.where == 1


def test_alike_units_pay_a_tactics_cost_without_asking() -> None:
    state = two_sides(blue={"lightship": 2}, red={"mech": 1})
    hand(state, BLUE, "ramming_run")
    hand(state, RED, "siege_walkers")
    ctx = fight(state, 1)
    choose(ctx, "siege_walkers", "ramming_run")
    assert not any(p.kind == "tactic_cost" for p in state.prompts)
    assert where(state, BLUE, 1) == 1


# --- retreat destinations --------------------------------------------------------------


def test_retreat_with_no_destination_removes_the_unit() -> None:
    state = board(line(3))
    units(state, BLUE, "infantry", 1, 1)
    target = unit(state, RED, "infantry", 1)
    units(state, BLUE, "lightship", 0, 1)  # enemy units in 0
    colony(state, 2, BLUE)  # enemy colony in 2
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert target.where == RESERVE
    # The event says why the unit left: it had to retreat and nowhere was safe.
    assert [e.data["outcome"] for e in events(ctx, "unit_damaged")] == ["cut_off"]


def test_a_retreat_never_goes_where_neutral_units_stand() -> None:
    # Retreat: "no enemy units" there. The Fracture's neutral units fight every player.
    state = board(line(3))
    units(state, BLUE, "infantry", 1, 1)
    target = unit(state, RED, "infantry", 1)
    unit(state, -1, "infantry", 0).black = True  # a neutral unit in 0
    assert battle_rules.retreat_destinations(state, content(), target) == [2]


def test_retreat_with_one_destination_and_battle_medals_excluded() -> None:
    state = board(line(3))
    units(state, BLUE, "infantry", 1, 1)
    target = unit(state, RED, "infantry", 1)
    state.sectors[0].battle_medal = True
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert not state.prompts
    assert target.where == 2
    assert events(ctx, "unit_retreated")[0].data["to"] == 2


def test_retreat_with_several_destinations_dealer_chooses() -> None:
    state = board([(0, 0), (1, 0), (2, 0), (1, -1)])  # 1 touches 0, 2 and 3
    units(state, BLUE, "infantry", 1, 1)
    target = unit(state, RED, "mech", 1)
    target.damage = 1  # toppled already
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    p = prompt(state, BLUE)
    assert p.kind == "retreat_destination"
    assert sorted(p.options) == ["sector:0", "sector:2", "sector:3"]
    answer(ctx, BLUE, "sector:3")
    assert target.where == 3 and target.damage == 1


def test_retreat_goes_nearest_to_own_units_or_colonies() -> None:
    state = board(line(5))  # 0-1-2-3-4, fight in 1, red colony in 4
    units(state, BLUE, "infantry", 1, 1)
    target = unit(state, RED, "infantry", 1)
    colony(state, 4, RED)
    start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    assert target.where == 2


# --- victory conditions ----------------------------------------------------------------


def test_draw_when_no_units_and_no_colony() -> None:
    state = board(line(3))
    unit(state, RED, "infantry", 1)
    unit(state, BLUE, "infantry", 1)
    hand(state, RED, "ground_assault")
    hand(state, BLUE, "ground_assault")
    state.first_player = RED
    ctx = fight(state, 1)
    choose(ctx, "ground_assault", "ground_assault")
    drive(ctx)
    end = events(ctx, "battle_ended")[0]
    assert (end.seat, end.data["result"]) == (-1, "draw")
    assert where(state, RED, 1) == where(state, BLUE, 1) == 0


def test_colony_owner_wins_an_emptied_sector() -> None:
    state = board(line(3))
    unit(state, RED, "infantry", 1)
    unit(state, BLUE, "infantry", 1)
    colony(state, 1, RED)
    hand(state, RED, "ground_assault")
    hand(state, BLUE, "ground_assault")
    ctx = fight(state, 1)
    choose(ctx, "ground_assault", "ground_assault")
    drive(ctx)
    end = events(ctx, "battle_ended")[0]
    assert (end.seat, end.data["result"]) == (RED, "colony")


# --- several players -------------------------------------------------------------------


def test_three_player_battle_each_player_targets_and_watcher_orders() -> None:
    state = board(line(4), players=3)
    units(state, RED, "lightship", 1, 1)
    units(state, BLUE, "lightship", 1, 1)
    units(state, GREEN, "infantry", 1, 2)
    state.watcher = GREEN
    for seat in (RED, BLUE, GREEN):
        hand(state, seat, "strafing_run", "ground_assault")
    ctx = fight(state, 1)
    assert {p.seat for p in state.prompts} == {RED, BLUE, GREEN}
    answer(ctx, RED, "tactic:red:strafing_run")
    answer(ctx, BLUE, "tactic:blue:strafing_run")
    answer(ctx, GREEN, "tactic:green:ground_assault")
    # Red and blue (initiative 2) each pick their target player.
    assert prompt(state, RED).kind == "target_player"
    assert prompt(state, RED).options == [f"seat:{BLUE}", f"seat:{GREEN}"]
    answer(ctx, RED, f"seat:{GREEN}")
    answer(ctx, BLUE, f"seat:{GREEN}")
    # Both hit green at once: the watcher says which applies first.
    p = prompt(state, GREEN)
    assert p.kind == "simultaneous_order"
    answer(ctx, GREEN, f"seat:{BLUE}")
    resolved = [e.data["by"] for e in events(ctx, "unit_damaged")]
    assert resolved[:2] == [BLUE, RED]
    assert where(state, GREEN, 1) == 0
    # Green's Ground Assault is discarded; red and blue fight on.
    assert events(ctx, "tactic_unresolved")[0].seat == GREEN
    drive(ctx)
    assert events(ctx, "battle_ended")


# --- faction hooks -----------------------------------------------------------------------


def test_borroka_tactic_damage_banishes() -> None:
    state = two_sides(blue={"lightship": 1}, red={"infantry": 1})
    state.players[BLUE].faction = "borroka"
    victim = state.units[1]
    start(state, "damage", BLUE, sector=1, kind="direct", count=1, tactic=True)
    assert victim.where == BOX
    place(state, victim, 1)
    start(state, "damage", BLUE, sector=1, kind="direct", count=1)  # not a tactic
    assert victim.where == RESERVE


def test_saura_units_go_to_the_blood_pool() -> None:
    state = two_sides(blue={"lightship": 1}, red={"infantry": 1})
    state.players[RED].faction = "saura"
    victim = state.units[1]
    state.players[RED].mastery_elite = False
    start(state, "damage", BLUE, sector=1, kind="massive", count=1)
    assert victim.where == BLOOD_POOL
    assert state.players[RED].pool == 1


def test_orbital_strike_style_damage_asks_for_a_contested_sector() -> None:
    state = board(line(4))
    units(state, BLUE, "lightship", 1, 1)
    target = unit(state, RED, "infantry", 1)
    units(state, BLUE, "lightship", 3, 1)
    unit(state, RED, "infantry", 3)
    ctx = start(state, "damage", BLUE, kind="direct", count=1, where="contested", here=-1)
    assert prompt(state, BLUE).options == ["sector:1", "sector:3"]
    answer(ctx, BLUE, "sector:1")
    assert target.where == RESERVE
