"""BUILD, Quantum Gates, moving Agents and Fleets, declaring conflicts (the rulebook's
RESOLVING ACTIONS and Conflict Actions), one test per rule."""

from __future__ import annotations

from core.games.hegemonic import build, movement, targeting
from core.games.hegemonic.geometry import geometry
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    answer,
    at,
    base,
    blank,
    gate,
    home,
    loc,
    of_kind,
    prompt,
    run,
    tile,
    unit,
)

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def opts(game: object, seat: int, *builds: str) -> list[str]:
    return build.options(game.state, CONTENT, seat, builds)  # type: ignore[attr-defined]


def test_bases_are_built_within_range_of_their_kind() -> None:
    game = blank()
    near, far, start = at(game, 0, 1), at(game, 1, 1), at(game, -1, 1)
    for s, name in ((start, "cinder_belt"), (near, "ore_veil"), (far, "slag_expanse")):
        tile(game, name, s)
    base(game, RED, start, "industrial")
    game.state.players[RED].caps = 9
    assert opts(game, RED, "complex") == [f"build:{loc(game, near, 'industrial')}"]


def test_units_give_range_to_build_their_kind() -> None:
    """An Embassy may be built where an Agent of the player is (Agent range 0)."""
    game = blank()
    s = at(game, 1, 1)
    tile(game, "violet_maw", s)
    unit(game, RED, "agent", s)
    game.state.players[RED].caps = 9
    assert opts(game, RED, "embassy") == [f"build:{loc(game, s, 'political')}"]


def test_nobody_builds_in_another_players_home() -> None:
    game = blank()
    red_home, blue_home = at(game, -2, 3), at(game, -3, 2)
    home(game, RED, red_home)
    game.state.sectors[blue_home].board = game.state.sectors[red_home].board
    home(game, BLUE, at(game, -1, 3))
    game.state.players[RED].caps = 9
    assert all(game.state.locations[int(o.split(":")[1])].sector != at(game, -1, 3)
               for o in opts(game, RED, "complex", "embassy", "outpost") if ":" in o)


def test_outposts_stack_up_to_the_location_capacity_on_own_stacks() -> None:
    game = blank()
    mine, theirs = at(game, 0, 1), at(game, 1, 0)
    tile(game, "spear_point", mine)
    tile(game, "bastion_rift", theirs)
    base(game, RED, mine, "martial", height=2)  # range 1: reaches the other sector
    base(game, BLUE, theirs, "martial")
    game.state.players[RED].caps = 9
    assert opts(game, RED, "outpost") == []  # full here, Blue's stack there


def test_an_empty_track_relocates_a_base_at_the_left_most_cost() -> None:
    game = blank()
    a, other, b = at(game, 0, 1), at(game, -3, 3), at(game, -3, 2)
    tile(game, "ochre_vale", a)
    tile(game, "verdant_array", other)
    tile(game, "violet_maw", b)
    embassy = base(game, RED, a, "political")
    base(game, RED, other, "political")
    player = game.state.players[RED]
    player.built[1] = 9  # every Embassy built (the others off this small map)
    # A Base moves within range of the player's other Bases: the one at A may go next to
    # the other, not the other way round.
    player.caps = 2
    assert opts(game, RED, "embassy") == [f"relocate:{embassy}"]
    run(game, "build", RED, builds=["embassy"], count=0)
    answer(game, f"relocate:{embassy}")  # to the one Location in range, at once
    assert game.state.locations[embassy].owner == -1 and player.caps == 0
    assert game.state.locations[loc(game, b, "political")].owner == RED


def test_agents_and_fleets_are_built_with_an_embassy_or_outpost() -> None:
    game = blank()
    s, t = at(game, 0, 1), at(game, 1, 1)
    tile(game, "saffron_gate", s)
    tile(game, "watchfire", t)
    base(game, RED, s, "political")
    base(game, RED, t, "martial")
    game.state.players[RED].caps = 9
    assert f"agent:{s}" in opts(game, RED, "agent")
    assert opts(game, RED, "fleet") == [f"fleet:{t}"]


def test_gate_reach_by_industrial_tier_counted_without_gates() -> None:
    game = blank()
    a = at(game, -1, 1)
    tile(game, "cinder_belt", a)
    base(game, RED, a, "industrial")
    for q, r, name in ((1, 0, "ore_veil"), (2, 0, "slag_expanse"), (3, -1, "hammerfall")):
        tile(game, name, at(game, q, r))
    state = game.state
    gate(game, BLUE, a, at(game, 3, -1))  # an existing pair does not extend the reach
    assert build.gate_fars(state, CONTENT, RED, a) == [at(game, 1, 0)]  # 2 hexes, Center out
    state.players[RED].built[0] = 6  # Industrial tier 2: 3 hexes
    assert build.gate_fars(state, CONTENT, RED, a) == [at(game, 1, 0), at(game, 2, 0)]


def test_a_gate_pair_is_adjacency_for_everyone() -> None:
    game = blank()
    a, b = at(game, -3, 3), at(game, 3, -3)
    tile(game, "cinder_belt", a)
    tile(game, "ore_veil", b)
    base(game, BLUE, a, "industrial")
    gate(game, RED, a, b)
    game.state.players[BLUE].caps = 5
    assert opts(game, BLUE, "complex") == [f"build:{loc(game, b, 'industrial')}"]
    assert geometry(game.state).dist[a][b] == 1


def test_a_gate_pair_may_be_moved_at_its_cost() -> None:
    game = blank()
    a, b, c = at(game, -1, 1), at(game, 0, 2), at(game, -2, 1)
    for s, name in ((a, "cinder_belt"), (b, "ore_veil"), (c, "hammerfall")):
        tile(game, name, s)
    base(game, RED, a, "industrial")
    gate(game, RED, a, b)
    player = game.state.players[RED]
    player.caps = 3
    assert opts(game, RED, "gate") == ["gate", "regate:0"]
    run(game, "build", RED, builds=["gate"], count=0)
    answer(game, "regate:0", f"sector:{c}")  # the one near end is taken at once
    assert player.gates[0] == [a, c] and player.caps == 0


def test_an_agent_pays_two_caps_per_board_border_and_never_uses_gates() -> None:
    game = blank()
    start, same, next_board = at(game, -2, 3), at(game, -1, 3), at(game, -1, 1)
    for s, name in ((start, "hollow"), (same, "quiet_dark"), (next_board, "starless_gulf")):
        tile(game, name, s)
    unit(game, RED, "agent", start)
    gate(game, BLUE, start, next_board)
    game.state.players[RED].caps = 9
    moves = dict(movement.moves(game.state, CONTENT, RED, "agent", 0))
    assert moves == {same: 0, next_board: 2}


def test_a_fleet_moves_three_hexes_through_gates_for_one_cap() -> None:
    game = blank()
    start, three, four, far = at(game, -2, 3), at(game, 1, 1), at(game, 2, 0), at(game, 3, -3)
    for s, name in ((start, "hollow"), (three, "quiet_dark"), (four, "starless_gulf"),
                    (far, "watchfire")):
        tile(game, name, s)
    unit(game, RED, "fleet", start)
    game.state.players[RED].caps = 1
    assert dict(movement.moves(game.state, CONTENT, RED, "fleet", 0)) == {three: 1}
    gate(game, BLUE, start, at(game, 2, -2))
    assert far in dict(movement.moves(game.state, CONTENT, RED, "fleet", 0))
    game.state.players[RED].caps = 0
    assert movement.moves(game.state, CONTENT, RED, "fleet", 0) == []


def test_units_pass_empty_hexes_and_homes_but_end_on_tiles_not_in_other_homes() -> None:
    game = blank()
    start = at(game, -3, 3)
    tile(game, "hollow", start)
    home(game, BLUE, at(game, -2, 3))
    beyond = at(game, -1, 3)
    tile(game, "quiet_dark", beyond)
    unit(game, RED, "fleet", start)
    game.state.players[RED].caps = 1
    moves = dict(movement.moves(game.state, CONTENT, RED, "fleet", 0))
    assert beyond in moves and at(game, -2, 3) not in moves and at(game, -2, 2) not in moves


def test_the_center_is_out_of_play() -> None:
    game = blank()
    assert geometry(game.state).dist[at(game, 1, 0)][at(game, -1, 0)] == 3
    assert all((s.q, s.r) != (0, 0) for s in game.state.sectors)


def test_homes_are_never_targets() -> None:
    game = blank()
    home(game, BLUE, at(game, -1, 3))
    near = at(game, -1, 2)
    tile(game, "foundry_drift", near)
    base(game, RED, near, "industrial")
    game.state.players[RED].caps = 9
    pattern = CONTENT.patterns["consolidate"]
    assert targeting.targets(game.state, CONTENT, RED, pattern, f"group:{near}") == []


def test_units_are_targets_only_where_their_owner_has_no_base_of_their_kind() -> None:
    game = blank()
    s = at(game, 0, 1)
    tile(game, "ember_court", s)
    unit(game, BLUE, "fleet", s)
    assert targeting.target_in(game.state, s, BLUE, "martial").units == [0]  # type: ignore
    outpost = base(game, BLUE, s, "martial")
    found = targeting.target_in(game.state, s, BLUE, "martial")
    assert found is not None and (found.locations, found.units) == ([outpost], [0])


def test_conflict_costs_one_or_two_caps_per_point_of_the_targeted_bases() -> None:
    game = blank()
    s = at(game, 0, 1)
    tile(game, "bastion_rift", s)
    base(game, BLUE, s, "martial", height=3)
    target = targeting.target_in(game.state, s, BLUE, "martial")
    assert target is not None
    assert targeting.cost(game.state, CONTENT, RED, "destroy", target) == 3
    assert targeting.cost(game.state, CONTENT, RED, "takeover", target) == 6


def test_each_piece_attacks_once_a_phase() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "foundry_drift", a)
    tile(game, "ore_veil", b)
    base(game, RED, a, "industrial")
    base(game, RED, a, "industrial", 1)
    base(game, BLUE, b, "industrial")
    game.state.players[RED].caps = 9
    run(game, "attack", RED, patterns=["consolidate"], pattern="", piece="", moved=False)
    answer(game, f"target:{b}:{BLUE}")
    events = of_kind(game.history, "conflict_declared")
    assert events and events[0].data["piece"] == f"group:{a}"
    assert game.state.players[RED].attacked == [f"group:{a}"]
    assert targeting.attackers(game.state, CONTENT, RED, CONTENT.patterns["consolidate"]) == []


def test_after_a_move_the_conflict_is_optional() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "ember_court", a)
    unit(game, RED, "agent", a)
    base(game, BLUE, a, "political")
    game.state.players[RED].caps = 9
    run(game, "attack", RED, patterns=["infiltrate"], pattern="", piece="", moved=False)
    assert prompt(game).options == [f"target:{a}:{BLUE}", "none"]
    answer(game, "none")
    assert game.pending() == [] and game.state.players[RED].attacked == []


def test_a_fill_builds_every_open_location_of_a_sector_while_the_caps_last() -> None:
    game = blank()
    start, cluster = at(game, -1, 1), at(game, 0, 1)
    tile(game, "cinder_belt", start)
    tile(game, "crucible_cluster", cluster)  # three Industrial Locations
    base(game, RED, start, "industrial")
    red = game.state.players[RED]
    costs = CONTENT.tracks["industrial"].cost[1:4]  # the next three spaces of the track
    red.caps = costs[0] + costs[1]  # two of the three
    run(game, "build", RED, builds=["complex", "gate"], count=0)
    first, second = loc(game, cluster, "industrial", 0), loc(game, cluster, "industrial", 1)
    assert f"fill:{cluster}" in prompt(game).options
    assert prompt(game).context["fills"] == {
        str(cluster): [[first, costs[0]], [second, costs[1]]]}
    events = answer(game, f"fill:{cluster}")
    assert [(e.data["location"], e.data["cost"]) for e in of_kind(events, "built")] == [
        (first, costs[0]), (second, costs[1])]
    assert red.caps == 0 and red.built[0] == 3 and not game.pending()  # nothing more to pay


def test_a_leaders_fill_builds_no_more_than_its_bases_left() -> None:
    game = blank()
    start, cluster = at(game, -1, 1), at(game, 0, 1)
    tile(game, "cinder_belt", start)
    tile(game, "crucible_cluster", cluster)
    base(game, RED, start, "industrial")
    run(game, "build", RED, builds=["complex"], count=0, free=2)
    events = answer(game, f"fill:{cluster}")
    assert [e.data["cost"] for e in of_kind(events, "built")] == [0, 0]
    assert not game.pending() and game.state.players[RED].caps == 0
