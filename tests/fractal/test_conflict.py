"""The conflict phase: watcher, battle medals, battles and sieges in the watcher's order,
medals claimed, blockade medals; and property tests over random battles."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.games.fractal import rules
from core.games.fractal.state import BLOOD_POOL, BOX, RESERVE, UNIT_KINDS
from tests.fractal.conflict_fixtures import (
    BLUE,
    RED,
    answer,
    board,
    colony,
    drive,
    events,
    hand,
    line,
    prompt,
    random_policy,
    start,
    unit,
    units,
    where,
)

ALL_TACTICS = ("ground_assault", "retreat", "strafing_run", "orbital_bombardment",
               "siege_walkers", "shield_wall", "ramming_run", "combined_arms")


def phase(state) -> rules.Ctx:
    return start(state, "conflict_phase")


def test_medals_battles_and_claim_in_a_simple_phase() -> None:
    state = board(line(4))
    units(state, RED, "infantry", 1, 3)
    unit(state, BLUE, "infantry", 1)
    colony(state, 3, RED)
    hand(state, RED, "ground_assault")
    hand(state, BLUE, "ground_assault")
    ctx = phase(state)
    assert [e.data["sector"] for e in events(ctx, "battle_medal_placed")] == [1]
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:ground_assault")
    drive(ctx)
    assert state.players[RED].medals == 1
    assert not state.sectors[1].battle_medal


def test_watcher_chooses_the_order_of_battles_then_sieges() -> None:
    state = board(line(5))
    for sector in (1, 3):
        units(state, RED, "lightship", sector, 3)
        unit(state, BLUE, "mech", sector)
        colony(state, sector, BLUE)
    state.watcher = BLUE
    # No infantry or lightship to recruit or redeploy, no ship to move: the watcher's free
    # step is skipped.
    for spare in state.units:
        if spare.owner == BLUE and spare.kind in ("infantry", "lightship"):
            board.place(state, spare, BOX)
    hand(state, RED, "strafing_run", "ramming_run")
    hand(state, BLUE, "ground_assault")
    ctx = phase(state)
    p = prompt(state, BLUE)
    assert p.kind == "conflict_order" and p.options == ["sector:1", "sector:3"]
    answer(ctx, BLUE, "sector:3")
    assert events(ctx, "battle_started")[0].data["sector"] == 3
    battles_ended_at_siege = []
    rnd = random_policy(1)

    def policy(p):
        if p.kind == "siege":
            battles_ended_at_siege.append(len(events(ctx, "battle_ended")))
        return rnd(p)

    drive(ctx, policy)
    started = [e.data["sector"] for e in events(ctx, "battle_started")]
    assert started == [3, 1]
    assert state.stats["battles"] == 2
    # Sieges are asked for only once both battles have ended.
    assert battles_ended_at_siege and set(battles_ended_at_siege) == {2}
    assert state.players[RED].medals + state.players[BLUE].medals == 2


def test_medal_goes_to_colony_owner_when_no_units_else_removed() -> None:
    state = board(line(4))
    unit(state, RED, "infantry", 1)
    unit(state, BLUE, "infantry", 1)
    colony(state, 1, RED)
    unit(state, RED, "infantry", 2)  # second sector: draw, no colony -> medal removed
    unit(state, BLUE, "infantry", 2)
    for seat in (RED, BLUE):
        hand(state, seat, "ground_assault")
    ctx = phase(state)
    drive(ctx, random_policy(3))
    assert state.players[RED].medals == 1
    assert state.players[BLUE].medals == 0
    assert [e.data["sector"] for e in events(ctx, "medal_removed")] == [2]
    assert not any(s.battle_medal for s in state.sectors)


def test_blockade_medals_are_maintained() -> None:
    state = board(line(3))
    colony(state, 1, RED)
    units(state, BLUE, "lightship", 1, 4)
    ctx = phase(state)
    # No battle without a second army; blue chooses not to besiege: the blockade stays.
    drive(ctx, lambda p: "done" if "done" in p.options else p.options[0])
    assert state.sectors[1].blockade_medal
    assert state.players[BLUE].medals == 1
    assert [e.kind for e in ctx.events if e.kind == "blockade_medal"] == ["blockade_medal"]


def test_watcher_free_recruit_or_single_movement_order() -> None:
    from core.games.fractal import movement as _movement  # noqa: F401  registers "advance"
    from core.games.fractal import recruit as _recruit  # noqa: F401  registers "recruit"

    state = board(line(3))
    colony(state, 0, RED)
    units(state, RED, "infantry", RESERVE, 1)
    units(state, RED, "lightship", 0, 1)
    state.watcher = RED
    ctx = phase(state)
    p = prompt(state, RED)
    assert p.kind == "watcher"
    # The only lightship already stands in the only colony sector: recruiting one could
    # place nothing (no reserve, nowhere to redeploy it), so it is not offered.
    assert p.options == ["recruit:infantry", "move"]
    answer(ctx, RED, "recruit:infantry")
    # Kind and count are the watcher's choice; the only sector takes it without a question.
    assert where(state, RED, 0, "infantry") == 1
    drive(ctx)


def test_txingur_watcher_cannot_recruit_infantry() -> None:
    from core.games.fractal import recruit as _recruit  # noqa: F401

    state = board(line(2))
    colony(state, 0, RED)
    units(state, RED, "infantry", RESERVE, 1)
    units(state, RED, "lightship", RESERVE, 1)
    state.players[RED].faction = "txingur"
    state.watcher = RED
    phase(state)
    assert "recruit:infantry" not in prompt(state, RED).options


def test_no_watcher_skips_step_one() -> None:
    state = board(line(2))
    ctx = phase(state)
    assert not state.prompts and not state.stack
    assert not events(ctx, "battle_started")


# --- property tests ------------------------------------------------------------------------

army = st.dictionaries(st.sampled_from(UNIT_KINDS), st.integers(0, 3), max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(armies=st.lists(army, min_size=2, max_size=3), colonies=st.lists(st.booleans(),
       min_size=3, max_size=3), seed=st.integers(0, 10_000),
       cards=st.lists(st.sampled_from(ALL_TACTICS), min_size=1, max_size=5, unique=True),
       hostile=st.booleans(), techs=st.booleans())
def test_random_conflicts_end_and_keep_everything_consistent(
        armies, colonies, seed, cards, hostile, techs) -> None:
    players = len(armies)
    state = board([(0, 0), (1, 0), (2, 0), (1, -1), (0, 1)], players=players)
    state.watcher = seed % (players + 1) - 1
    state.first_player = seed % players
    for seat, forces in enumerate(armies):
        for kind, n in forces.items():
            units(state, seat, kind, 1, n)
        if colonies[seat]:
            colony(state, 1 if seat else 2, seat)
        hand(state, seat, *(c + ("+elite" if (seed + i) % 3 == 0 else "")
                            for i, c in enumerate(cards)))
        if techs:
            state.players[seat].technologies = ["phase_weapon", "graviton_lance",
                                                "veteran_cadres", "smoke_screens"]
    if hostile:
        s = state.sectors[1]
        s.event, s.event_kind, s.event_face_up = "black_bloom", "living_galaxy", True
    units_before = len(state.units)
    medals_before = sum(p.medals for p in state.players)
    ctx = start(state, "conflict_phase")
    drive(ctx, random_policy(seed), limit=3000)
    assert len(state.units) == units_before
    for u in state.units:
        assert u.where in (RESERVE, BOX, BLOOD_POOL) or 0 <= u.where < len(state.sectors)
        assert u.damage >= 0
    assert all(where(state, p.seat, s.id) >= 0 for p in state.players for s in state.sectors)
    # Medals are conserved: every medal placed is claimed or removed.
    placed = len(events(ctx, "battle_medal_placed"))
    claimed = len(events(ctx, "medal_claimed"))
    removed = len(events(ctx, "medal_removed"))
    assert placed == claimed + removed
    assert sum(p.medals for p in state.players) == medals_before + claimed
    assert not any(s.battle_medal for s in state.sectors)
    # Every battle ended, and with at most one player's units left in its sector.
    assert len(events(ctx, "battle_ended")) == state.stats["battles"]
    for sector in state.sectors:
        owners = {u.owner for u in state.units if u.where == sector.id}
        assert len(owners) <= 1 or sector.id != 1
    for p in state.players:
        assert 0 <= p.vp["military"] <= 5
        assert all(0 <= n <= 3 for n in p.taken.values())


def test_siege_follows_battles_in_the_phase() -> None:
    state = board(line(3))
    space = colony(state, 1, BLUE)
    units(state, RED, "infantry", 1, 2)
    ctx = phase(state)
    # A lone colony fights no battle, but the sector is contested: medal, then siege.
    assert state.sectors[1].battle_medal
    assert prompt(state, RED).kind == "siege"
    answer(ctx, RED, f"raze:{space}")
    assert not state.prompts and not state.stack
    assert state.stats == {**state.stats, "battles": 0, "sieges": 1}
    assert state.players[RED].medals == 1


def test_battle_medals_are_limited_and_the_watcher_places_the_last_ones() -> None:
    # Fifteen battle medals exist ("All components ... are limited"); step 3 resolves
    # battles "in every sector with battle medals", so a contested sector left without
    # one sees no battle. Where the last medals go is the watcher's choice.
    state = board(line(5))
    for sector in (1, 3):
        unit(state, RED, "infantry", sector)
        unit(state, BLUE, "infantry", sector)
    state.players[RED].medals = 14
    state.watcher = BLUE
    for seat in (RED, BLUE):
        hand(state, seat, "ground_assault")
    ctx = phase(state)
    p = prompt(state, BLUE)
    assert p.kind == "battle_medal"
    assert p.options == ["sector:1", "sector:3"] and p.context == {"left": 1}
    answer(ctx, BLUE, "sector:3")
    assert [e.data["sector"] for e in events(ctx, "battle_medal_placed")] == [3]
    drive(ctx, random_policy(2))
    assert [e.data["sector"] for e in events(ctx, "battle_started")] == [3]
    assert where(state, RED, 1) == where(state, BLUE, 1) == 1  # no battle there
    assert sum(p.medals for p in state.players) <= 15
