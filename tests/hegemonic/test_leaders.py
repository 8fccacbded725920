"""The Leaders module: dealing, levels, the two windows, and each of the twelve Leaders."""

from __future__ import annotations

from typing import Any

import pytest

from core.decisions import Prompt
from core.games.hegemonic import actions, leaders, rules
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.games.hegemonic.words.cards import leader_ability
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    answer,
    at,
    base,
    blank,
    give,
    of_kind,
    prompt,
    run,
    tile,
    unit,
)
from tests.hegemonic.test_rules_conflict import agents_against_embassies, attack, declare
from tui.games.hegemonic.cards import leader_line

RED, BLUE = 0, 1


def led(leader: str, level: int = 3) -> Any:
    game = blank(modules=("leaders",))
    player = game.state.players[RED]
    player.leader, player.level, player.card = leader, level, "discover"
    return game


def use(game: Any, level: int) -> list[Any]:
    run(game, "turn", RED, taken=0)
    return answer(game, f"leader:{level}")


def test_a_leader_is_dealt_to_each_player_at_level_zero() -> None:
    game = Game.new(Options(players=6, seed=2, modules=["leaders"]))
    leaders = [p.leader for p in game.state.players]
    assert len(set(leaders)) == 6 and set(leaders) <= set(CONTENT.leaders)
    assert all(p.level == 0 for p in game.state.players)
    assert Game.new(Options(players=6, seed=2)).state.players[0].leader == ""


def test_the_card_shows_one_more_level_each_collection_up_to_three() -> None:
    game = led("treasurer", 2)
    for level in (3, 3):
        run(game, "round", -1, next=0)
        game.state.stack.clear()
        game.state.prompts.clear()
        assert game.state.players[RED].level == level


def test_any_level_showing_may_be_used_then_the_card_goes_back_to_zero() -> None:
    game = led("treasurer", 3)
    run(game, "turn", RED, taken=0)
    assert [o for o in prompt(game).options if o.startswith("leader")] == [
        "leader:1", "leader:2", "leader:3"]
    answer(game, "leader:2")
    player = game.state.players[RED]
    assert player.caps == 5 and player.level == 0
    assert prompt(game).kind == "action" and prompt(game).context["taken"] == 0


def test_a_level_that_can_do_nothing_is_not_offered() -> None:
    game = led("architect", 3)  # no Complex anywhere: nowhere to build
    run(game, "turn", RED, taken=0)
    assert not any(o.startswith("leader") for o in prompt(game).options)


def test_the_herald_gains_vp() -> None:
    game = led("herald", 3)
    use(game, 3)
    assert game.state.players[RED].vp == 4


@pytest.mark.parametrize(("leader", "kind", "tile_id", "count"), [
    ("architect", "industrial", "crucible_cluster", 2),
    ("envoy", "political", "amber_spiral", 1),
    ("marshal", "martial", "war_crown", 3),
])
def test_builders_build_bases_in_range_at_no_cost(leader: str, kind: str, tile_id: str,
                                                  count: int) -> None:
    game = led(leader, 2)
    s = at(game, 0, 1)
    tile(game, tile_id, s)
    base(game, RED, s, kind)
    use(game, 2)
    for _ in range(count):
        options = prompt(game).options
        assert "done" in options
        answer(game, options[0])
    player = game.state.players[RED]
    assert player.caps == 0 and sum(game.state.locations[i].height for i in
                                    game.state.sectors[s].locations
                                    if game.state.locations[i].owner == RED) == count + 1
    assert prompt(game).kind == "action"


def test_the_envoy_builds_nothing_until_level_two() -> None:
    """Rules version 6: the Envoy's card waits two Collections for its first Embassy."""
    game = led("envoy", 1)
    s = at(game, 0, 1)
    tile(game, "amber_spiral", s)
    base(game, RED, s, "political")
    assert leaders.turn_options(game.state, game.content, RED) == []
    assert leader_ability(CONTENT.leaders["envoy"], 1).startswith("nothing yet")
    assert leader_line("envoy", 1) == "The Envoy, level 1: nothing yet (0/1/2)"
    assert leader_line("envoy", 2) == "The Envoy, level 2: 1 free Embassy (0/1/2)"
    game.state.players[RED].level = 3
    assert leaders.turn_options(game.state, game.content, RED) == ["leader:2", "leader:3"]


def test_the_pathfinder_surveys() -> None:
    game = led("pathfinder", 3)
    game.state.unused.remove("hollow")
    game.state.unused.remove("ore_veil")
    game.state.draw = ["hollow", "ore_veil"]
    use(game, 3)
    answer(game, f"sector:{at(game, 0, 1)}")  # the one Pool tile, then the next
    answer(game, f"sector:{at(game, 0, 2)}")
    assert {game.state.sectors[at(game, q, r)].tile for q, r in ((0, 1), (0, 2))} == {
        "hollow", "ore_veil"}


def test_the_inventor_advances_at_a_discount_or_free_at_any_tier() -> None:
    game = led("inventor", 1)
    give(game, RED, "polymorphic_matter_1")  # tier 3, cost 6
    game.state.players[RED].caps = 4
    run(game, "turn", RED, taken=0)
    assert not any(o.startswith("leader") for o in prompt(game).options)  # tier 1 only
    game.state.players[RED].level = 3
    game.state.stack.clear()
    game.state.prompts.clear()
    use(game, 3)
    player = game.state.players[RED]
    assert player.advanced == ["polymorphic_matter_1"] and player.caps == 4


def test_the_navigator_moves_a_fleet_far_and_free() -> None:
    game = led("navigator", 3)
    start, far = at(game, -3, 3), at(game, 3, -3)
    tile(game, "hollow", start)
    tile(game, "quiet_dark", far)
    unit(game, RED, "fleet", start)
    use(game, 3)  # the one Fleet to the one tile in 8 hexes, at once
    assert game.state.players[RED].fleets[0] == far and game.state.players[RED].caps == 0


def test_the_emissary_moves_an_agent_across_borders_free() -> None:
    game = led("emissary", 1)
    start, near, far = at(game, -2, 3), at(game, -1, 1), at(game, 3, -3)
    for s, name in ((start, "hollow"), (near, "quiet_dark"), (far, "starless_gulf")):
        tile(game, name, s)
    unit(game, RED, "agent", start)
    use(game, 1)  # one border: the far sector is out of reach
    assert game.state.players[RED].agents[0] == near


def test_the_gatewright_places_a_pair_free_and_further() -> None:
    game = led("gatewright", 3)
    a, far = at(game, -2, 3), at(game, 3, -3)
    tile(game, "cinder_belt", a)
    tile(game, "ore_veil", far)
    base(game, RED, a, "industrial")
    use(game, 3)  # the one near end, then the one far end, taken at once
    assert game.state.players[RED].gates[0] == [a, far] and game.state.players[RED].caps == 0


def test_the_warlord_and_the_saboteur_act_in_a_conflict() -> None:
    game, a, _ = agents_against_embassies(modules=("leaders",))
    red, blue = game.state.players[RED], game.state.players[BLUE]
    red.leader, red.level = "warlord", 1
    blue.leader, blue.level = "saboteur", 3
    attack(game, RED, "infiltrate")
    answer(game, "agent:0", "stay", f"target:{a}:{BLUE}")
    assert prompt(game).kind == "interrupt"  # the Saboteur could build Agents: it waits
    answer(game, "pass", "faction:orange")  # 4 against 3
    assert (prompt(game).seat, prompt(game).options) == (RED, ["leader:1", "pass"])
    answer(game, "leader:1")  # +2: 6
    assert prompt(game).seat == BLUE and prompt(game).context == {"attack": 6, "defence": 3}
    answer(game, "leader:3")  # -7, down to 0
    result = of_kind(game.history, "conflict_resolved")[-1].data
    assert (result["attack"], result["defence"], result["result"]) == (0, 3, "defender")
    assert red.level == blue.level == 0


@pytest.mark.parametrize(("leader", "level", "unit_kind", "kind"), [
    ("warlord", 3, "fleet", "martial"),
    ("saboteur", 2, "agent", "political"),
])
def test_the_conflict_leaders_build_units_free_in_turn(leader: str, level: int,
                                                       unit_kind: str, kind: str) -> None:
    game = led(leader, level)
    s = at(game, 0, 1)
    tile(game, "war_crown" if kind == "martial" else "amber_spiral", s)
    base(game, RED, s, kind)
    use(game, level)  # two Units, where its Outposts (Fleets) or Embassies (Agents) are
    assert prompt(game).options == [f"{unit_kind}:{s}", "done"]
    answer(game, f"{unit_kind}:{s}", f"{unit_kind}:{s}")
    player = game.state.players[RED]
    units = player.fleets if unit_kind == "fleet" else player.agents
    other = player.agents if unit_kind == "fleet" else player.fleets
    assert units == [s, s, -1] and other == [-1, -1, -1] and player.caps == 0
    assert (prompt(game).kind, player.level) == ("action", 0)


def test_a_conflict_leaders_turn_ability_waits_for_a_unit_to_build() -> None:
    game = led("warlord", 1)
    s = at(game, 0, 1)
    tile(game, "war_crown", s)
    base(game, RED, s, "martial")
    player = game.state.players[RED]
    # The Warlord builds no Fleet at level 1: only its conflict ability shows.
    assert leaders.turn_options(game.state, game.content, RED) == []
    assert leaders.conflict_options(game.state, game.content, RED) == ["leader:1"]
    player.level, player.fleets = 3, [s, s, s]  # none left in supply
    assert leaders.turn_options(game.state, game.content, RED) == []
    player.fleets[2] = -1
    assert leaders.turn_options(game.state, game.content, RED) == ["leader:2", "leader:3"]
    use(game, 2)
    answer(game, f"fleet:{s}")  # level 2: one Fleet, and the build is over
    assert player.fleets == [s, s, s] and prompt(game).kind == "action"


def test_a_turn_leader_is_not_asked_in_a_conflict() -> None:
    game, a, _ = agents_against_embassies(modules=("leaders",))
    game.state.players[RED].leader, game.state.players[RED].level = "treasurer", 3
    declare(game, a)
    assert game.pending() == [] and game.state.players[RED].level == 3


def test_the_gatewright_moves_a_pair_of_the_players_choice_when_all_are_placed() -> None:
    game = led("gatewright", 1)
    a, b = at(game, -2, 3), at(game, -1, 3)
    tile(game, "cinder_belt", a)
    tile(game, "ore_veil", b)
    base(game, RED, a, "industrial")
    player = game.state.players[RED]
    player.gates = [[a, b], [a, b], [a, b]]
    use(game, 1)
    assert prompt(game).kind == "gate_pair"
    answer(game, "regate:2")  # then its ends, each the only one, at once
    assert player.gates[2] == [a, b] and prompt(game).kind == "action"


def test_a_turn_leader_may_be_used_at_every_window_outside_a_conflict() -> None:
    game = led("treasurer", 1)
    game.state.players[BLUE].caps = 1
    ctx = rules.MACHINE.context(game.state, game.content)
    for kind in ("action_card", "tile_hex", "tie_order", "arbiter_tie", "before_arbitration"):
        assert "leader:1" in actions.standing(ctx, Prompt(RED, kind, ["pass"])), kind
    for kind in ("support", "conflict_card", "build", "move_to"):
        assert "leader:1" not in actions.standing(ctx, Prompt(RED, kind, ["pass"])), kind
    run(game, "action_phase", -1, stage="cards")
    answer(game, "leader:1")  # out of turn, while every seat chooses its card
    assert game.state.players[RED].caps == 2 and game.pending()[0].kind == "action_card"


def declared(treasurer_level: int) -> tuple[Any, int]:
    """Red's Agent names Blue's Embassy as its target; Blue holds the Treasurer."""
    game, a, _ = agents_against_embassies(modules=("leaders",))
    blue = game.state.players[BLUE]
    blue.leader, blue.level = "treasurer", treasurer_level
    game.state.players[RED].card = "politicize"
    run(game, "turn", RED, taken=0)
    answer(game, "action:takeover", "agent:0", "stay",
           f"target:{a}:{BLUE}")
    return game, a


def test_a_declared_conflict_may_be_interrupted_before_its_costs_are_paid() -> None:
    game, a = declared(2)
    red, blue = game.state.players[RED], game.state.players[BLUE]
    asked = prompt(game)
    assert (asked.seat, asked.kind, asked.options) == (BLUE, "interrupt",
                                                       ["pass", "leader:1", "leader:2"])
    assert asked.context == {"attacker": RED, "target": f"target:{a}:{BLUE}"}
    assert red.caps == 20  # nothing paid yet
    answer(game, "leader:2")
    assert (blue.caps, blue.level, red.caps) == (5, 0, 20)
    # The attacker names the target again, or none, and then has the action back.
    assert (prompt(game).seat, prompt(game).kind) == (RED, "target")
    answer(game, "none")
    assert prompt(game).kind == "action" and prompt(game).context["taken"] == 0


def test_an_interrupt_passed_lets_the_conflict_go_on() -> None:
    game, _ = declared(1)
    answer(game, "pass")
    assert prompt(game).kind == "agent_faction" and game.state.players[RED].caps < 20
    assert game.state.players[BLUE].level == 1
