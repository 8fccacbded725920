"""Advance: movement orders, transport, events on the way, pin-down, block movement."""

from __future__ import annotations

import pickle

import msgpack
import pytest

from core.errors import IllegalChoice
from core.games.fractal import actions as actions  # registers "turn"
from core.games.fractal import rules
from core.games.fractal.movement import (
    can_advance,
    movable_units,
    movement_orders,
    movement_range,
    pin_down,
)
from core.games.fractal.state import RESERVE, Agreement, State
from core.hexgrid import disc
from core.plain import load, to_plain
from tests.fractal.movement_fixtures import (
    BLUE,
    RED,
    board,
    choose,
    colony_type,
    content,
    event,
    events,
    idle,
    line,
    options,
    prompt,
    sector_at,
    start,
    unit,
    units,
)

# 173 when every order went one sector at a time; straight to a sector along a clear way
# (and no step where nothing can come to light first) leaves fewer sequences.
PERFT_SMALL_ADVANCE = 96


def order(ctx, mover: int, cargo=(), path=(), stop: bool = False) -> None:
    """One movement order: the mover, its cargo, the sectors it goes through."""
    choose(ctx, f"unit:{mover}")
    choose(ctx, *(f"unit:{c}" for c in cargo))
    if prompt(ctx).kind == "advance_cargo":
        choose(ctx, "done")  # room left aboard, but nothing more to carry
    rest = list(path)
    while rest:  # step by step where steps are offered, else straight to the last sector
        if f"sector:{rest[0]}" in options(ctx):
            choose(ctx, f"sector:{rest.pop(0)}")
        else:
            choose(ctx, f"to:{rest[-1]}")
            return
    if stop:
        choose(ctx, "stop")


def into(ctx, sector: int) -> None:
    """Move into a neighbour: a step where one is offered, else straight there."""
    step = f"sector:{sector}"
    choose(ctx, step if step in options(ctx) else f"to:{sector}")


# --- the numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(("taken", "orders"), [(0, 2), (1, 3), (2, 4), (3, 4)])
def test_imperial_track_gives_movement_orders(taken: int, orders: int) -> None:
    state = board(line(2))
    state.players[RED].taken["imperial"] = taken
    assert movement_orders(state, content(), RED) == orders


@pytest.mark.parametrize(("taken", "sectors"), [(0, 1), (1, 2), (2, 2), (3, 3)])
def test_scientific_track_gives_movement_range(taken: int, sectors: int) -> None:
    state = board(line(2))
    state.players[RED].taken["scientific"] = taken
    assert movement_range(state, content(), RED, "lightship") == sectors
    assert movement_range(state, content(), RED, "warship") == sectors


def test_range_modifier_from_the_opened_rift() -> None:
    state = board(line(3))
    state.sectors[0].kind = "utopian"
    event(state, 0, "singularity", "opened_rift", face_up=True)
    unit(state, RED, "lightship", 0)
    assert movement_range(state, content(), RED, "warship") == 2
    assert movement_range(state, content(), BLUE, "warship") == 1


def test_range_modifier_for_one_unit_type() -> None:
    # Frontier Surveyors: +1 sector for lightships only.
    state = board(line(4))
    state.players[RED].technologies = ["frontier_surveyors"]
    light = unit(state, RED, "lightship", 0)
    war = unit(state, RED, "warship", 0)
    ctx = start(state, "advance", RED)
    assert prompt(ctx).context["range"] == {"lightship": 2, "warship": 1}
    order(ctx, light.id, path=[1, 2])
    order(ctx, war.id, path=[1])
    assert idle(ctx)
    assert (light.where, war.where) == (2, 1)


def test_advance_example_four_orders_of_two_sectors() -> None:
    # Imperial track with 2 colonies taken: 4 orders; scientific with 1: 2 sectors each.
    state = board(line(4))
    state.players[RED].taken["imperial"] = 2
    state.players[RED].taken["scientific"] = 1
    ships = units(state, RED, "lightship", 0, 5)
    ctx = start(state, "advance", RED, free=False)
    assert prompt(ctx).context["orders_left"] == 4
    assert prompt(ctx).context["range"] == {"lightship": 2, "warship": 2}
    assert options(ctx) == ["unit:0"]  # five interchangeable lightships: one choice
    for i in range(4):
        choose(ctx, "unit:0" if i == 0 else f"unit:{i}")
        assert prompt(ctx).kind == "advance_step"
        assert options(ctx) == ["to:1", "to:2"]  # at least one sector; nothing on the way
        choose(ctx, "to:2")
        if i < 3:
            assert prompt(ctx).kind == "advance_unit"
            assert "done" in options(ctx)
    assert idle(ctx)
    assert [s.where for s in ships] == [2, 2, 2, 2, 0]
    assert all(s.moved for s in ships[:4]) and not ships[4].moved
    assert [e["path"] for e in events(ctx, "movement_order")] == [[0, 1, 2]] * 4


def test_done_ends_the_advance_after_one_order() -> None:
    state = board(line(3))
    units(state, RED, "lightship", 0, 3)
    ctx = start(state, "advance", RED)
    assert "done" not in options(ctx)  # minimum one order
    order(ctx, 0, path=[1])
    choose(ctx, "done")
    assert idle(ctx)
    assert [u.where for u in state.units] == [1, 0, 0]


def test_orders_given_by_the_caller() -> None:
    state = board(line(3))
    state.players[RED].taken["imperial"] = 3
    units(state, RED, "lightship", 0, 3)
    ctx = start(state, "advance", RED, orders=1)
    order(ctx, 0, path=[1])
    assert idle(ctx)


def test_units_cannot_move_twice_in_a_turn() -> None:
    state = board(line(3))
    ship = unit(state, RED, "lightship", 0)
    infantry = unit(state, RED, "infantry", 0)
    other = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, cargo=[infantry.id], path=[1])
    assert ship.moved and infantry.moved
    # The moved lightship is not offered again; the other one finds no cargo left.
    assert options(ctx) == [f"unit:{other.id}", "done"]
    choose(ctx, f"unit:{other.id}")
    assert prompt(ctx).kind == "advance_step"
    into(ctx, 1)
    assert idle(ctx)
    # A later Advance in the same turn has nothing left to move.
    assert not can_advance(state, content(), RED)
    # The turn's two actions are taken: the engine ends the turn, and the units are free.
    ctx.push("turn", RED, done=["advance", "recruit"])
    rules.MACHINE.run(ctx)
    assert idle(ctx)
    assert can_advance(state, content(), RED)


def test_can_advance_needs_a_space_unit_that_can_move() -> None:
    state = board(line(2))
    unit(state, RED, "infantry", 0)
    assert not can_advance(state, content(), RED)
    unit(state, RED, "lightship", 0)
    assert can_advance(state, content(), RED)
    assert not can_advance(state, content(), BLUE)
    ctx = start(state, "advance", BLUE)
    assert idle(ctx)  # nothing to move: the task ends without a decision


def test_illegal_choice_changes_nothing() -> None:
    state = board(line(3))
    unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    with pytest.raises(IllegalChoice):
        choose(ctx, "unit:5")
    choose(ctx, "unit:0")
    with pytest.raises(IllegalChoice):
        choose(ctx, "sector:2")  # not adjacent
    assert state.units[0].where == 0


# --- transport -----------------------------------------------------------------------------


@pytest.mark.parametrize(("ship", "capacity"), [("lightship", 2), ("warship", 3)])
def test_transport_capacity(ship: str, capacity: int) -> None:
    state = board(line(2))
    carrier = unit(state, RED, ship, 0)
    soldiers = units(state, RED, "infantry", 0, 4)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{carrier.id}")
    for i in range(capacity):
        assert prompt(ctx).kind == "advance_cargo"
        assert prompt(ctx).context["capacity"] == capacity
        assert options(ctx) == [f"unit:{soldiers[i].id}", "done"]
        choose(ctx, f"unit:{soldiers[i].id}")
    assert prompt(ctx).kind == "advance_step"  # full: no more boarding
    into(ctx, 1)
    assert idle(ctx)
    assert [s.where for s in soldiers] == [1] * capacity + [0] * (4 - capacity)
    assert events(ctx, "movement_order")[0]["cargo"] == [s.id for s in soldiers[:capacity]]


def test_cargo_must_start_with_the_carrier_and_not_have_moved() -> None:
    state = board(line(3))
    carrier = unit(state, RED, "lightship", 0)
    unit(state, RED, "infantry", 1)  # elsewhere
    unit(state, RED, "infantry", 0, moved=True)  # already transported this turn
    unit(state, BLUE, "infantry", 0)  # not ours
    mech = unit(state, RED, "mech", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{carrier.id}")
    assert options(ctx) == [f"unit:{mech.id}", "done"]


def test_cargo_choices_group_identical_units() -> None:
    state = board(line(2))
    carrier = unit(state, RED, "warship", 0)
    inf = units(state, RED, "infantry", 0, 3)
    mech = unit(state, RED, "mech", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{carrier.id}")
    assert options(ctx) == [f"unit:{inf[0].id}", f"unit:{mech.id}", "done"]
    choose(ctx, f"unit:{inf[0].id}")
    assert options(ctx) == [f"unit:{inf[1].id}", f"unit:{mech.id}", "done"]


# --- pin-down ------------------------------------------------------------------------------


def test_pin_down_example_two_of_three_lightships_move() -> None:
    # Three red lightships and their infantry share a sector with one blue lightship.
    state = board(line(3))
    state.players[RED].taken["imperial"] = 1  # 3 orders: more than red can use
    ships = units(state, RED, "lightship", 1, 3)
    infantry = units(state, RED, "infantry", 1, 2)
    unit(state, BLUE, "lightship", 1)
    assert pin_down(state, content(), state.sectors[1], RED) == 1
    ctx = start(state, "advance", RED)
    assert prompt(ctx).context["orders_left"] == 3
    order(ctx, ships[0].id, cargo=[infantry[0].id, infantry[1].id], path=[2])
    # The second may still go: two stay behind, one is enough to be pinned.
    assert options(ctx) == [f"unit:{ships[1].id}", "done"]
    order(ctx, ships[1].id, path=[0])
    assert idle(ctx)  # the third is pinned down by the blue lightship
    assert [s.where for s in ships] == [2, 0, 1]
    assert [i.where for i in infantry] == [2, 2]


def test_pin_down_takes_the_strongest_opponent() -> None:
    state = board(line(2), players=3)
    units(state, RED, "lightship", 0, 3)
    units(state, BLUE, "lightship", 0, 1)
    units(state, 2, "warship", 0, 2)
    units(state, 2, "infantry", 0, 3)  # ground units generate no pin-down
    assert pin_down(state, content(), state.sectors[0], RED) == 2
    assert pin_down(state, content(), state.sectors[0], 2) == 3
    assert len(movable_units(state, content(), RED)) == 1
    assert not movable_units(state, content(), BLUE)


def test_pin_down_stops_units_moving_through() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    ship = unit(state, RED, "lightship", 0)
    unit(state, BLUE, "lightship", 1)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1])
    assert idle(ctx)  # entering the contested sector pinned it: the order ended
    assert ship.where == 1
    assert events(ctx, "movement_order")[0]["path"] == [0, 1]


def test_enough_ships_already_there_let_one_pass_through() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    ship = unit(state, RED, "lightship", 0)
    unit(state, RED, "lightship", 1, moved=True)  # stays behind, pinned
    unit(state, BLUE, "lightship", 1)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1, 2, 3])
    assert ship.where == 3


def test_ground_units_are_not_pinned_down() -> None:
    state = board(line(3))
    ship = unit(state, RED, "lightship", 0)
    soldier = unit(state, RED, "infantry", 1)
    unit(state, BLUE, "warship", 1)
    unit(state, RED, "lightship", 1)
    unit(state, RED, "lightship", 1)
    ctx = start(state, "advance", RED)
    # The ship entering sector 1 is pinned; one of the two already there may leave with
    # the infantry, the other stays.
    order(ctx, ship.id, path=[1])
    choose(ctx, "unit:3")
    choose(ctx, f"unit:{soldier.id}")
    into(ctx, 2)
    assert soldier.where == 2


def test_interference_lightships_generate_no_pin_down() -> None:
    state = board(line(3))
    event(state, 1, "living_galaxy", "static_sea", face_up=True)  # interference
    state.players[RED].taken["scientific"] = 1
    ship = unit(state, RED, "lightship", 0)
    unit(state, BLUE, "lightship", 1)
    assert pin_down(state, content(), state.sectors[1], RED) == 0
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1, 2])
    assert ship.where == 2


def test_interference_warships_still_pin_down() -> None:
    state = board(line(3))
    event(state, 1, "living_galaxy", "quiet_lattice", face_up=True)  # interference
    red = unit(state, RED, "lightship", 1)
    unit(state, BLUE, "warship", 1)
    unit(state, BLUE, "lightship", 1)
    assert pin_down(state, content(), state.sectors[1], RED) == 1
    assert not can_advance(state, content(), RED)
    assert red.where == 1


# --- storms and wormholes ------------------------------------------------------------------


def test_storms_break_adjacency_for_movement() -> None:
    hexes = disc((0, 0), 1)
    state = board(hexes, storms_at=[((0, 0), (1, -1), (1, 0))])
    centre = sector_at(state, (0, 0))
    ship = unit(state, RED, "lightship", centre.id)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    blocked = {sector_at(state, (1, 0)).id, sector_at(state, (1, -1)).id}
    offered = {int(o.split(":")[1]) for o in options(ctx)}
    assert offered == {s.id for s in state.sectors if s is not centre} - blocked


def test_wormholes_allow_movement() -> None:
    state = board(line(5))
    event(state, 0, "living_galaxy", "whisper_gate", face_up=True)  # imperial wormhole
    colony_type(state, 4, "imperial")
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert options(ctx) == ["to:1", "to:4"]
    choose(ctx, "to:4")
    assert ship.where == 4


def test_a_wormhole_revealed_on_the_way_opens_at_once() -> None:
    state = board(line(5))
    state.players[RED].taken["scientific"] = 1
    event(state, 1, "living_galaxy", "whisper_gate")
    colony_type(state, 4, "imperial")
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    # Sector 2 lies beyond the event: straight to 1, or a step into it to see it first.
    assert options(ctx) == ["to:1", "sector:1"]
    choose(ctx, "sector:1")
    assert options(ctx) == ["to:0", "to:2", "to:4", "stop"]


# --- block movement ------------------------------------------------------------------------


def test_block_movement_ends_the_movement_on_entry() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    event(state, 1, "living_galaxy", "drifting_leviathan", face_up=True)
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert options(ctx) == ["to:1"]  # in range, 2 and 3 lie beyond the galaxy
    choose(ctx, "to:1")
    assert idle(ctx) and ship.where == 1


def test_block_movement_allows_one_sector_when_leaving() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    event(state, 1, "living_galaxy", "comet_herd", face_up=True)
    ship = unit(state, RED, "lightship", 1)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert prompt(ctx).context["steps_left"] == 1
    into(ctx, 2)
    assert idle(ctx) and ship.where == 2


# --- events --------------------------------------------------------------------------------


def test_event_revealed_on_passage_with_the_option_to_stop() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    event(state, 1, "obstacle", "thorn_wastes")
    event(state, 2, "anomaly", "time_eddy")
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1])
    assert state.sectors[1].event_face_up
    assert events(ctx, "event_revealed") == [
        {"sector": 1, "event": "thorn_wastes", "event_kind": "obstacle"}]
    assert "stop" in options(ctx)
    choose(ctx, "sector:2")  # passes through and reveals the next one too
    assert state.sectors[2].event_face_up
    choose(ctx, "stop")
    assert idle(ctx) and ship.where == 2
    assert not state.sectors[3].event_face_up


def test_revealing_a_block_movement_galaxy_stops_the_unit() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    event(state, 1, "living_galaxy", "tangled_orbit")  # block movement, face-down
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1])
    assert idle(ctx)
    assert events(ctx, "event_revealed")[0]["event"] == "tangled_orbit"


def test_face_up_events_are_not_revealed_again() -> None:
    state = board(line(3))
    event(state, 1, "obstacle", "thorn_wastes", face_up=True)
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    order(ctx, ship.id, path=[1])
    assert not events(ctx, "event_revealed")


def test_reveal_effect_adjacent_sectors_only() -> None:
    state = board(line(5))
    for i in range(5):
        event(state, i, "obstacle", "thorn_wastes")
    unit(state, RED, "infantry", 1)
    ctx = start(state, "reveal", RED, count=2)
    assert options(ctx) == ["sector:0", "sector:1", "sector:2"]
    choose(ctx, "sector:2")
    assert options(ctx) == ["sector:0", "sector:1"]
    choose(ctx, "sector:0")
    assert idle(ctx)
    assert [s.event_face_up for s in state.sectors] == [True, False, True, False, False]
    assert [e["sector"] for e in events(ctx, "event_revealed")] == [2, 0]


def test_reveal_effect_with_nothing_to_reveal_ends() -> None:
    state = board(line(3))
    unit(state, RED, "infantry", 0)
    event(state, 2, "obstacle", "thorn_wastes")
    assert idle(start(state, "reveal", RED, count=1))


# --- faction hooks -------------------------------------------------------------------------


def test_delverar_ruin_paths_join_mystery_and_utopian_sectors() -> None:
    state = board(line(6))
    state.sectors[1].kind = "mystery"
    state.sectors[4].kind = "mystery"
    state.sectors[5].kind = "utopian"
    ship = unit(state, RED, "lightship", 1)
    unit(state, BLUE, "lightship", 2)
    unit(state, BLUE, "lightship", 2)
    state.players[RED].faction = "delverar"
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert options(ctx) == ["to:0", "to:2", "to:4", "to:5"]
    choose(ctx, "to:5")
    assert ship.where == 5
    # Only for the hook's owner.
    blue = start(state, "advance", BLUE)
    choose(blue, "unit:1")
    assert options(blue) == ["to:1", "to:3"]


def test_txingur_swarm_growth_places_infantry_three_times_at_most() -> None:
    state = board(line(3))
    state.players[RED].taken["imperial"] = 2  # 4 orders
    ships = units(state, RED, "lightship", 0, 4)
    reserve = [unit(state, RED, "infantry", RESERVE) for _ in range(5)]
    state.players[RED].faction = "txingur"
    ctx = start(state, "advance", RED)
    order(ctx, ships[0].id, path=[1])
    assert prompt(ctx).kind == "advance_swarm"
    choose(ctx, "place")
    assert reserve[0].where == 1 and not reserve[0].moved
    order(ctx, ships[1].id, path=[1])
    choose(ctx, "skip")
    order(ctx, ships[2].id, path=[1])
    choose(ctx, "place")
    order(ctx, ships[3].id, path=[1])
    choose(ctx, "place")
    assert idle(ctx)
    assert [u.where for u in reserve] == [1, 1, 1, RESERVE, RESERVE]
    assert len(events(ctx, "swarm_growth")) == 3
    # A fourth would exceed 3 per Advance: a new Advance may grow again.
    for ship in ships:
        ship.moved = False
    ctx = start(state, "advance", RED, orders=1)
    order(ctx, ships[0].id, path=[2])
    choose(ctx, "place")
    assert reserve[3].where == 2


def test_txingur_swarm_growth_not_where_an_enemy_has_a_colony() -> None:
    state = board(line(3))
    colony_type(state, 1, "imperial")
    state.sectors[1].spaces[0].owner = BLUE
    ship = unit(state, RED, "lightship", 0)
    unit(state, RED, "infantry", RESERVE)
    state.players[RED].faction = "txingur"
    ctx = start(state, "advance", RED, orders=1)
    order(ctx, ship.id, path=[1])
    assert idle(ctx)


# --- plain data and regression counts ------------------------------------------------------


def test_advance_in_progress_survives_a_snapshot_round_trip() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 1
    carrier = unit(state, RED, "lightship", 0)
    soldier = unit(state, RED, "infantry", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{carrier.id}", f"unit:{soldier.id}")
    packed = msgpack.packb(to_plain(state))
    copy = load(State, msgpack.unpackb(packed))
    assert to_plain(copy) == to_plain(state)
    ctx2 = rules.MACHINE.context(copy, content())
    choose(ctx2, "to:2")
    assert [u.where for u in copy.units] == [2, 2]


def count_sequences(state: State, depth: int) -> int:
    """Decision sequences of the running task until it ends, or ``depth`` decisions."""
    if not state.prompts or depth == 0:
        return 1
    total = 0
    p = state.prompts[0]
    for choice in p.options:
        copy = pickle.loads(pickle.dumps(state))
        rules.MACHINE.apply(rules.MACHINE.context(copy, content()), p.seat, choice)
        total += count_sequences(copy, depth - 1)
    return total


def test_perft_small_advance() -> None:
    # Two lightships and an infantry on a five-sector line with a storm-free fork: the
    # number of distinct Advance decision sequences is recorded here; a change in what is
    # legal changes it.
    hexes = [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]
    state = board(hexes)
    state.players[RED].taken["scientific"] = 1
    units(state, RED, "lightship", 1, 2)
    unit(state, RED, "infantry", 1)
    event(state, 3, "obstacle", "thorn_wastes")
    unit(state, BLUE, "lightship", 4)
    ctx = start(state, "advance", RED)
    assert count_sequences(ctx.state, 12) == PERFT_SMALL_ADVANCE


# --- fewer decisions: a full load, a stack, straight to a sector ------------------------------


def test_load_takes_every_ground_unit_that_fits_when_which_is_no_choice() -> None:
    state = board(line(3))
    ship = unit(state, RED, "lightship", 0)
    soldiers = units(state, RED, "infantry", 0, 3)
    ctx = start(state, "advance", RED)
    assert options(ctx) == [f"unit:{ship.id}", f"load:{ship.id}"]
    assert prompt(ctx).context["loads"] == {
        f"load:{ship.id}": {"ships": [ship.id], "cargo": [soldiers[0].id, soldiers[1].id]}}
    choose(ctx, f"load:{ship.id}")
    assert prompt(ctx).kind == "advance_step"  # no cargo question
    choose(ctx, "to:1")
    assert [s.where for s in soldiers] == [1, 1, 0]


def test_no_full_load_when_which_units_board_is_a_choice() -> None:
    state = board(line(3))
    ship = unit(state, RED, "lightship", 0)
    units(state, RED, "infantry", 0, 2)
    unit(state, RED, "mech", 0)  # three of two kinds for two places
    ctx = start(state, "advance", RED)
    assert options(ctx) == [f"unit:{ship.id}"]


def test_a_stack_moves_together_one_order_each_with_its_cargo() -> None:
    state = board(line(3))
    ships = units(state, RED, "lightship", 0, 2)
    soldiers = units(state, RED, "infantry", 0, 3)
    ctx = start(state, "advance", RED)
    assert options(ctx) == ["unit:0", "load:0", "stack:0"]
    choose(ctx, "stack:0", "to:1")
    assert idle(ctx)  # both orders spent
    assert [u.where for u in [*ships, *soldiers]] == [1] * 5
    assert [(e["unit"], e["cargo"], e["path"]) for e in events(ctx, "movement_order")] == [
        (0, [2, 3], [0, 1]), (1, [4], [0, 1])]


def test_no_stack_beyond_the_orders_left_nor_from_a_sector_that_pins_down() -> None:
    state = board(line(3))
    units(state, RED, "lightship", 0, 3)  # three ships, two orders
    ctx = start(state, "advance", RED)
    assert "stack:0" not in options(ctx)
    state = board(line(3))
    units(state, RED, "lightship", 0, 2)
    unit(state, BLUE, "lightship", 0)
    ctx = start(state, "advance", RED)
    assert options(ctx) == ["unit:0"]


def test_a_stack_stops_where_one_of_its_units_would_be_pinned_down() -> None:
    def blue_in_2() -> State:
        state = board(line(4))
        state.players[RED].taken["scientific"] = 3  # 3 sectors an order
        units(state, RED, "lightship", 0, 2)
        unit(state, RED, "lightship", 2)
        unit(state, BLUE, "lightship", 2)
        return state

    ctx = start(blue_in_2(), "advance", RED)
    choose(ctx, "stack:0")
    assert options(ctx) == ["to:1", "to:2"]  # Blue pins one of them in 2
    ctx = start(blue_in_2(), "advance", RED)
    choose(ctx, "unit:0")
    assert options(ctx) == ["to:1", "to:2", "to:3"]  # alone: its fellow in 2 stays pinned


def test_straight_to_a_face_down_event_reveals_it_and_ends_the_order() -> None:
    state = board(line(4))
    state.players[RED].taken["scientific"] = 3
    event(state, 2, "anomaly", "time_eddy")
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    # Never through the event: to it, or step by step to see it and go on.
    assert options(ctx) == ["to:1", "to:2", "sector:1"]
    choose(ctx, "to:2")
    assert idle(ctx) and ship.where == 2 and state.sectors[2].event_face_up
    assert events(ctx, "movement_order")[0]["path"] == [0, 1, 2]


def test_straight_to_a_sector_never_crosses_a_partner_s_colony() -> None:
    state = board(line(3))
    state.options.modules = ["diplomacy"]
    state.players[RED].taken["scientific"] = 1
    colony_type(state, 1, "imperial")
    state.sectors[1].spaces[0].owner = BLUE
    state.agreements = [Agreement(RED, BLUE, "trade")]
    ship = unit(state, RED, "lightship", 0)
    ctx = start(state, "advance", RED)
    choose(ctx, f"unit:{ship.id}")
    assert options(ctx) == ["to:1", "sector:1"]  # entering breaks the agreement
