"""Sieges: Raze, Invade, several colonies in a sector, Veteran, faction hooks."""

from __future__ import annotations

from tests.fractal.conflict_fixtures import (
    BLUE,
    RED,
    answer,
    board,
    colony,
    line,
    prompt,
    start,
    units,
)


def besieged(units_by_kind: dict[str, int], colonies: int = 1):
    state = board(line(2))
    spaces = [colony(state, 1, RED, track) for track in ("military", "productive")[:colonies]]
    for kind, n in units_by_kind.items():
        units(state, BLUE, kind, 1, n)
    return state, spaces


def test_raze_one_colony() -> None:
    state, (space,) = besieged({"lightship": 2})
    ctx = start(state, "siege", sector=1)
    p = prompt(state, BLUE)
    assert p.options == [f"raze:{space}", "done"]  # lightships cannot invade
    answer(ctx, BLUE, f"raze:{space}")
    assert state.sectors[1].spaces[space].owner == -1
    assert state.players[RED].taken["military"] == 0
    assert state.players[BLUE].vp["military"] == 1
    assert state.stats["sieges"] == 1
    assert not state.prompts and not state.stack


def test_one_unit_cannot_besiege() -> None:
    state, _ = besieged({"infantry": 1})
    start(state, "siege", sector=1)
    assert not state.prompts and state.stats["sieges"] == 0


def test_invade_replaces_the_colony_with_one_of_the_same_type() -> None:
    state, (space,) = besieged({"infantry": 2})
    ctx = start(state, "siege", sector=1)
    assert f"invade:{space}" in prompt(state, BLUE).options
    answer(ctx, BLUE, f"invade:{space}")
    while state.prompts:  # colonization bonus (military: none for the first colony)
        p = state.prompts[0]
        answer(ctx, p.seat, p.options[0])
    owners = [(s.owner, s.track) for s in state.sectors[1].spaces]
    assert owners == [(BLUE, "military")]
    assert state.players[BLUE].taken["military"] == 1
    assert state.players[RED].taken["military"] == 0
    assert state.players[BLUE].vp["military"] == 1


def test_two_colonies_need_four_units() -> None:
    state, spaces = besieged({"infantry": 2}, colonies=2)
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, f"raze:{spaces[0]}")
    assert not state.prompts  # two units besieged one colony; none left for the other
    assert state.sectors[1].spaces[spaces[1]].owner == RED

    state, spaces = besieged({"infantry": 2, "lightship": 2}, colonies=2)
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, f"raze:{spaces[0]}")
    # Lightships razed the first one, the infantries can still invade the second.
    assert f"invade:{spaces[1]}" in prompt(state, BLUE).options
    answer(ctx, BLUE, f"invade:{spaces[1]}")
    while state.prompts:
        p = state.prompts[0]
        answer(ctx, p.seat, p.options[0])
    assert state.stats["sieges"] == 2
    assert state.players[BLUE].vp["military"] == 2


def test_the_besieger_may_stop() -> None:
    state, (space,) = besieged({"infantry": 2})
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, "done")
    assert state.sectors[1].spaces[space].owner == RED and not state.stack


def test_veteran_counts_as_two_for_sieges() -> None:
    state, (space,) = besieged({"infantry": 1})
    state.players[BLUE].technologies = ["veteran_cadres"]
    ctx = start(state, "siege", sector=1)
    assert prompt(state, BLUE).options == [f"raze:{space}", f"invade:{space}", "done"]
    answer(ctx, BLUE, f"raze:{space}")


def test_military_vp_capped_at_five() -> None:
    state, (space,) = besieged({"lightship": 2})
    state.players[BLUE].vp["military"] = 5
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, f"raze:{space}")
    assert state.players[BLUE].vp["military"] == 5


def test_gorias_gain_two_credits_per_siege() -> None:
    state, (space,) = besieged({"lightship": 2})
    state.players[BLUE].faction = "gorias"
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, f"raze:{space}")
    assert state.players[BLUE].credits == 2


def test_exodians_land_two_infantries_after_invading() -> None:
    state, (space,) = besieged({"infantry": 2})
    state.players[BLUE].faction = "exodians"
    reserve = units(state, BLUE, "infantry", -1, 3)
    ctx = start(state, "siege", sector=1)
    answer(ctx, BLUE, f"invade:{space}")
    while state.prompts:
        p = state.prompts[0]
        answer(ctx, p.seat, p.options[0])
    assert sum(1 for u in reserve if u.where == 1) == 2
