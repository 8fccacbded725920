"""Conflicts in five steps (the rulebook's Conflicts, with the "wild" Home Embassies and
the Learning Game's changes), one test per rule."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.view import view_of
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    answer,
    at,
    base,
    blank,
    gate,
    give,
    home,
    loc,
    of_kind,
    problems,
    prompt,
    run,
    tile,
    unit,
)

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def attack(game: Any, seat: int, *patterns: str) -> list[Any]:
    return run(game, "attack", seat, patterns=list(patterns), pattern="", piece="",
               moved=False)


def resolved(game: Any) -> dict[str, Any]:
    """The last conflict's powers and result."""
    data: dict[str, Any] = of_kind(game.history, "conflict_resolved")[-1].data
    return data


def agents_against_embassies(modules: tuple[str, ...] = ()) -> tuple[Any, int, int]:
    """Red's Agents at A and B, Orange Embassies worth 3 behind them; Blue's Purple
    Embassies at A (power 2) and B (power 1). Red's Agent at A with Orange: 4 against 3."""
    game = blank(modules=modules)
    a, b = at(game, 0, 1), at(game, 1, 1)
    tile(game, "heliotrope_pit", a)
    tile(game, "umbral_hive", b)
    tile(game, "sunset_coil", at(game, 3, 0))
    base(game, RED, at(game, 3, 0), "political")
    unit(game, RED, "agent", a)
    unit(game, RED, "agent", b)
    base(game, BLUE, a, "political")
    base(game, BLUE, b, "political")
    game.state.players[RED].caps = 20
    return game, a, b


def declare(game: Any, a: int) -> None:
    """Red's Agent at A attacks Blue's Embassy there, backed by the Orange faction."""
    attack(game, RED, "infiltrate")
    answer(game, "agent:0", "stay", f"target:{a}:{BLUE}", "faction:orange")


def test_a_faction_backs_one_agent_a_phase() -> None:
    game, a, b = agents_against_embassies()
    declare(game, a)
    assert resolved(game)["attack"] == 4
    attack(game, RED, "infiltrate")  # with the other Agent: the first has attacked
    answer(game, "stay", f"target:{b}:{BLUE}")
    # Orange is spent; the Purple Embassy just taken over may back this one.
    assert prompt(game).options == ["faction:purple", "none"]
    answer(game, "none")
    power = of_kind(game.history, "conflict_power")[-1].data
    assert power["attack"] == [["agent", 1]]
    assert game.state.players[RED].backed == ["faction:orange"]


def test_an_outpost_backs_one_fleet_a_phase() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 1, 1)
    tile(game, "ember_court", a)
    tile(game, "fern_circuit", b)
    tile(game, "bastion_rift", at(game, 0, 2))
    stack = base(game, RED, at(game, 0, 2), "martial", height=3)
    unit(game, RED, "fleet", a)
    unit(game, RED, "fleet", b)
    unit(game, BLUE, "fleet", a)
    unit(game, BLUE, "fleet", b)
    game.state.players[RED].caps = 1
    attack(game, RED, "strike")
    answer(game, "fleet:0", "stay", f"target:{a}:{BLUE}", f"outpost:{stack}")
    assert game.state.players[RED].backed == [f"outpost:{stack}"]
    attack(game, RED, "strike")  # the other Fleet; the stack reaches it but is spent
    answer(game, "stay", f"target:{b}:{BLUE}")
    assert of_kind(game.history, "conflict_power")[-1].data["attack"] == [["fleet", 1]]


def test_support_is_secret_and_every_bystander_answers_at_once() -> None:
    game, a, _ = agents_against_embassies()
    tile(game, "ochre_vale", at(game, 2, 1))
    tile(game, "lilac_swarm", at(game, 1, 2))
    base(game, YELLOW, at(game, 2, 1), "political")
    base(game, GREEN, at(game, 1, 2), "political")
    declare(game, a)
    asked = {p.seat: p.options for p in game.pending()}
    assert asked == {YELLOW: ["support:attacker", "none"], GREEN: ["support:defender", "none"]}
    events = game.apply(YELLOW, "support:attacker")
    assert "support:attacker" not in str(game.events_for(RED, events))
    assert "choice" not in view_of(game.state, CONTENT, RED)["players"][YELLOW]
    events = game.apply(GREEN, "support:defender")
    assert of_kind(events, "support_revealed")[0].data["choices"] == {
        str(YELLOW): "support:attacker", str(GREEN): "support:defender"}
    assert (resolved(game)["attack"], resolved(game)["defence"]) == (5, 4)


def test_support_counts_sectors_never_a_home() -> None:
    game, a, _ = agents_against_embassies()
    tile(game, "amber_spiral", at(game, 2, 1))
    base(game, YELLOW, at(game, 2, 1), "political", 0)
    base(game, YELLOW, at(game, 2, 1), "political", 1)
    home(game, YELLOW, at(game, 1, -3))
    declare(game, a)
    assert prompt(game).context["offers"] == {"attacker": 1}


def test_support_goes_only_to_a_side_using_political_power() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "rust_garden", a)
    base(game, RED, a, "industrial")
    base(game, BLUE, a, "political")
    tile(game, "lilac_swarm", at(game, 2, -1))
    tile(game, "copper_bloom", at(game, 3, 0))
    base(game, YELLOW, at(game, 3, 0), "political")
    game.state.players[RED].caps = 9
    attack(game, RED, "acquire")  # Complexes against Blue's Embassy, the one target
    answer(game, f"target:{a}:{BLUE}")
    assert prompt(game).seat == YELLOW
    assert prompt(game).options == ["support:defender", "none"]


def test_a_bystander_asked_for_support_may_give_caps_and_the_sides_may_pay_at_their_card(
        ) -> None:
    """H:464-466 at any time: Yellow, asked to support Blue's Embassy against Red's
    Complexes, gives Red 2 CAPs and is asked again; Red, choosing its card, pays Yellow
    back (a deal is not binding). The window is core.machine's, as Alien Artifacts' is."""
    game = blank()
    a = at(game, 0, 1)
    tile(game, "rust_garden", a)
    base(game, RED, a, "industrial")
    base(game, BLUE, a, "political")
    tile(game, "lilac_swarm", at(game, 2, -1))
    tile(game, "copper_bloom", at(game, 3, 0))
    base(game, YELLOW, at(game, 3, 0), "political")
    give(game, RED, "nano_accelerants_1", "nano_fabricants_1")
    red, yellow = game.state.players[RED], game.state.players[YELLOW]
    red.caps, yellow.caps = 9, 2
    attack(game, RED, "acquire")
    answer(game, f"target:{a}:{BLUE}")  # 2 CAPs a point of the Embassy's 2: 5 left
    assert prompt(game).seat == YELLOW and prompt(game).options[-1] == "gift"
    answer(game, "gift", f"seat:{RED}", "caps:2")
    assert (red.caps, yellow.caps) == (7, 0)
    assert prompt(game).kind == "support" and "gift" not in prompt(game).options
    answer(game, "support:defender")
    assert prompt(game).kind == "conflict_card" and "gift" in prompt(game).options
    answer(game, "gift", f"seat:{YELLOW}", "caps:1")
    assert (red.caps, yellow.caps) == (6, 1) and prompt(game).kind == "conflict_card"


def test_conflict_cards_are_secret_and_add_their_value_of_the_kind() -> None:
    game, a, _ = agents_against_embassies()
    give(game, RED, "nano_accelerants_1", "mass_translation_relay_1")  # political 3, 1
    give(game, BLUE, "psionic_ecology_1", "nano_fabricants_1")  # political 1, 3
    declare(game, a)
    assert {p.seat for p in game.pending()} == {RED, BLUE}
    events = game.apply(BLUE, "card:psionic_ecology_1")
    assert "psionic_ecology_1" not in str(game.events_for(RED, events))
    events = game.apply(RED, "card:nano_accelerants_1")
    assert of_kind(events, "conflict_cards")[0].data == {
        "defender": BLUE, "attack": "nano_accelerants_1", "defence": "psionic_ecology_1"}
    assert (resolved(game)["attack"], resolved(game)["defence"]) == (4 + 3, 3 + 1)


def test_clean_up_puts_the_card_aside_or_draws_and_discards_it() -> None:
    game, a, _ = agents_against_embassies()
    give(game, RED, "nano_accelerants_1", "mass_translation_relay_1")
    give(game, BLUE, "psionic_ecology_1", "nano_fabricants_1")
    declare(game, a)
    game.apply(BLUE, "card:psionic_ecology_1")
    game.apply(RED, "card:nano_accelerants_1")
    assert (prompt(game).seat, prompt(game).options) == (RED, ["inactive", "deck"])
    top = game.state.deck[-1]
    answer(game, "inactive", "deck")
    red, blue = game.state.players[RED], game.state.players[BLUE]
    assert red.inactive == ["nano_accelerants_1"]
    assert blue.hand == ["nano_fabricants_1", top]
    assert game.state.piles[0] == ["psionic_ecology_1"]
    assert problems(game) == []


def last_card_played() -> Any:
    """Red holds one card and has one on the Inactive pile, and plays the card (asked, as
    Red could give CAPs instead first)."""
    game, a, _ = agents_against_embassies()
    give(game, RED, "nano_accelerants_1")
    game.state.players[RED].inactive = ["dyson_sphere_assembly_1"]
    game.state.deck.remove("dyson_sphere_assembly_1")
    declare(game, a)
    answer(game, "card:nano_accelerants_1")
    return game


def test_the_inactive_pile_returns_when_the_last_card_is_played() -> None:
    """H:1477-1483: playing the last card brings the pile back then, before the clean-up's
    choice, so a draw there leaves the player with both the pile and the new card."""
    game = last_card_played()
    red = game.state.players[RED]
    assert (red.hand, red.inactive) == (["dyson_sphere_assembly_1"], [])
    top = game.state.deck[-1]
    answer(game, "deck")
    assert red.hand == ["dyson_sphere_assembly_1", top] and red.inactive == []
    assert problems(game) == []


def test_the_card_put_aside_after_the_last_one_stays_inactive() -> None:
    game = last_card_played()
    answer(game, "inactive")
    red = game.state.players[RED]
    assert (red.hand, red.inactive) == (["dyson_sphere_assembly_1"], ["nano_accelerants_1"])


def test_a_defender_win_destroys_the_attacking_unit_only() -> None:
    game, a, b = agents_against_embassies()
    give(game, BLUE, "nano_fabricants_1")  # political 3: 6 against 4
    declare(game, a)
    answer(game, "inactive")
    assert resolved(game)["result"] == "defender"
    assert game.state.players[RED].agents == [-1, b, -1]
    assert game.state.locations[loc(game, a, "political")].owner == BLUE


def test_a_won_takeover_replaces_the_bases_and_destroys_the_units() -> None:
    game, a, _ = agents_against_embassies()
    unit(game, BLUE, "agent", a)
    give(game, RED, "nano_accelerants_1")  # 4 + 3 against 3 + 1
    declare(game, a)
    answer(game, "card:nano_accelerants_1", "inactive")
    assert resolved(game)["result"] == "attacker"
    assert game.state.locations[loc(game, a, "political")].owner == RED
    assert game.state.players[RED].built[1] == 2 and game.state.players[BLUE].built[1] == 1
    assert game.state.players[BLUE].agents[0] == -1
    assert game.state.players[RED].caps == 20 - 4
    assert problems(game) == []


def test_a_won_destroy_sends_the_bases_back_to_their_track() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "bastion_rift", a)
    tile(game, "fern_circuit", b)
    stack = base(game, BLUE, a, "martial", height=2)
    unit(game, RED, "agent", b)
    tile(game, "sunset_coil", at(game, 3, 0))
    base(game, RED, at(game, 3, 0), "political")
    game.state.players[RED].caps = 9
    attack(game, RED, "sabotage")
    answer(game, f"sector:{a}", f"target:{a}:{BLUE}", "faction:orange")  # 4 against 2
    assert resolved(game)["result"] == "attacker"
    assert game.state.locations[stack].owner == -1 and game.state.players[BLUE].built[2] == 0
    assert game.state.players[RED].caps == 9 - 2 - 2  # the border crossed, the stack


def test_a_draw_destroys_the_attacking_and_defending_units_and_no_base() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "ember_court", a)
    unit(game, RED, "fleet", a)
    outpost = base(game, BLUE, a, "martial")
    unit(game, BLUE, "fleet", a)
    tile(game, "citadel_verge", at(game, 3, -3))
    tile(game, "watchfire", at(game, 3, -2))
    for n in range(2):  # Martial tier 2 for Red (5 Outposts), far from the conflict
        base(game, RED, at(game, 3, -3), "martial", n, height=2)
    base(game, RED, at(game, 3, -2), "martial")
    game.state.players[RED].caps = 2
    attack(game, RED, "strike")
    answer(game, "stay", f"target:{a}:{BLUE}")  # Fleet 2 against Outpost 1 and Fleet 1
    assert resolved(game)["result"] == "draw"
    assert game.state.players[RED].fleets[0] == -1 and game.state.players[BLUE].fleets[0] == -1
    assert game.state.locations[outpost].owner == BLUE


def test_a_takeover_short_of_bases_moves_bases_there_or_leaves_them_empty() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "rust_garden", a)
    tile(game, "foundry_drift", b)
    taken = [base(game, BLUE, a, "industrial", n) for n in range(2)]
    mine = [base(game, RED, b, "industrial", n) for n in range(2)]
    red = game.state.players[RED]
    red.built[0] = 14  # one Complex left on the track (the rest off this small map)
    red.caps = 4
    give(game, RED, "predictive_algorithms_1")  # industrial 3: 5 against 2
    attack(game, RED, "consolidate")
    answer(game, f"target:{a}:{BLUE}")
    assert resolved(game)["result"] == "attacker"
    assert game.state.locations[taken[0]].owner == RED
    assert prompt(game).kind == "takeover_fill"
    assert prompt(game).options == [*(f"loc:{i}" for i in mine), "empty"]
    answer(game, f"loc:{mine[0]}")
    assert game.state.locations[taken[1]].owner == RED
    assert game.state.locations[mine[0]].owner == -1 and red.built[0] == 15


def test_the_winner_may_destroy_the_losing_industrial_sides_gates() -> None:
    game = blank()
    a, b, far = at(game, 0, 1), at(game, 0, 2), at(game, -3, 3)
    tile(game, "foundry_drift", a)
    tile(game, "cinder_belt", b)
    tile(game, "ore_veil", far)
    for n in range(2):
        base(game, BLUE, a, "industrial", n)
    base(game, RED, b, "industrial")
    gate(game, RED, a, far)
    game.state.players[RED].caps = 4
    attack(game, RED, "consolidate")
    answer(game, f"target:{a}:{BLUE}")
    assert resolved(game)["result"] == "defender"
    assert (prompt(game).seat, prompt(game).kind) == (BLUE, "gate_destroy")
    answer(game, "destroy")
    assert game.state.players[RED].gates[0] == []


def test_learning_game_conflicts_turn_over_the_draw_pile_and_take_no_support() -> None:
    game, a, _ = agents_against_embassies(modules=("learning",))
    tile(game, "ochre_vale", at(game, 2, 1))
    base(game, YELLOW, at(game, 2, 1), "political")
    turned = game.state.deck[-2:]  # political 2 for Blue (second), 0 for Red (first)
    declare(game, a)
    assert (resolved(game)["attack"], resolved(game)["defence"]) == (4 + 0, 3 + 2)
    assert game.state.piles[0] == [turned[1], turned[0]]
    assert game.pending() == []


def test_wild_home_embassies_back_every_faction_and_lend_support() -> None:
    game, a, _ = agents_against_embassies(modules=("wild_homes",))
    home(game, RED, at(game, -2, 3))
    home(game, YELLOW, at(game, 1, -3))
    declare(game, a)
    assert prompt(game).context["offers"] == {"attacker": 1, "defender": 1}
    answer(game, "none")
    assert resolved(game)["attack"] == 1 + 3 + 1
