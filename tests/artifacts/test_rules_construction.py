"""Paying and building (AA:462-515, AA:549-639, AA:776-787, AA:979-991): the Assembly
Limit, gold, Blockade bypasses, completion on a side and automatic construction (R4-R8,
R15)."""

from __future__ import annotations

import pytest

from core.games.artifacts.board import cost_and_limit, hand_size
from core.games.artifacts.construct import targets
from core.games.artifacts.operations import operational_ready
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    complete,
    half,
    hand,
    kinds,
    put,
    run,
    section_card,
    top,
)


def greens(game_hand: int = 2) -> list[str]:
    found: list[str] = []
    for _ in range(game_hand):
        found.append(section_card("green", 2, other="red", avoid=tuple(found)))
    return found


def test_r7_the_assembly_limit_is_2_cards() -> None:
    """R7 (AA:492-494): three 2-green cards make 6 but only 2 may pay a cost of 5."""
    game = blank()
    hand(game, 0, *greens(3))
    put(game, 0, "planet", "keth")
    assert targets(CONTENT, game.state.players[0], "discover") == []


def test_r6_a_join_ship_adds_a_card_to_its_action() -> None:
    """R6 (AA:346-357): an Explore ship joined to the fleet raises the Discover limit to
    3 cards; Frontier Beacons does the same as an ongoing modifier."""
    for card, kind in (("wayfarer", "ship"), ("frontier_beacons", "technology")):
        game = blank()
        hand(game, 0, *greens(3))
        put(game, 0, "planet", "keth")
        put(game, 0, kind, card, "logistics")
        player = game.state.players[0]
        assert cost_and_limit(CONTENT, player, "discover", []) == (5, 3)
        assert targets(CONTENT, player, "discover") == ["keth"]


def test_r6_an_exploit_ship_joining_draws_a_defense_plan() -> None:
    """R6 (AA:359-363, AA:662-665): an Exploit ship on its Logistics side draws a plan;
    on its operational side it does not."""
    game = blank()
    put(game, 0, "ship", "gilded_hook")
    complete(game, 0, "gilded_hook")
    answer(game, "logistics")
    assert len(game.state.players[0].plans) == 1
    assert cost_and_limit(CONTENT, game.state.players[0], "trade", [])[1] == 3


def test_r7_one_section_a_card() -> None:
    """R7 (AA:266-267): a red 3 and a card of red 2 and gold 2 pay 5, never 7: a cost of
    6 is out of reach."""
    game = blank()
    red3 = section_card("red", 3)
    hand(game, 0, red3, section_card("red", 2, other="gold", avoid=(red3,)))
    put(game, 0, "ship", "wayfarer", "logistics")  # Build now costs 6
    put(game, 0, "ship", "covenant")
    assert targets(CONTENT, game.state.players[0], "build") == []


def test_r7_gold_alone_pays_a_basic_action() -> None:
    """R7 (AA:487-490, AA:743-745): gold is wild in a basic action, even with no other
    colour: Gutenberg Settled makes Develop cost 3, paid by 2 + 1 gold."""
    game = blank()
    gold2 = section_card("gold", 2, other="gold")
    gold1 = section_card("gold", 1, other="red", avoid=(gold2,))
    hand(game, 0, gold2, gold1)
    put(game, 0, "planet", "gutenberg", "logistics")
    put(game, 0, "technology", "battle_drills")
    run(game, "construct", action="develop", discount=0, stage="target")
    while game.pending()[0].kind == "pay":
        answer(game, game.pending()[0].options[0])
    assert game.pending()[0].kind == "side" and not game.state.players[0].hand
    assert {e["colour"] for e in kinds(game, "spent")} == {"gold"}


@pytest.mark.parametrize(("action", "kind", "colour"), [
    ("offensive", "ship", "red"), ("revenue", "technology", "blue"), ("mine", "planet", "green"),
])
def test_r4_operational_actions_cost_5_of_their_kinds_colour_never_gold(
        action: str, kind: str, colour: str) -> None:
    """R4, R7 (AA:797-799, AA:804, AA:816, AA:822): 5 symbols of the colour building the
    kind the action works with; gold does not pay."""
    card = {"ship": "iron_verdict", "technology": "battle_drills", "planet": "keth"}[kind]
    game = blank()
    put(game, 0, kind, card, "operational")
    player = game.state.players[0]
    gold = section_card("gold", 2, other="gold")
    hand(game, 0, section_card(colour, 3), gold)
    assert not operational_ready(CONTENT, player, action)
    three = section_card(colour, 3)
    hand(game, 0, section_card(colour, 2, avoid=(three,)))
    player.hand.remove(gold)
    game.state.deck.append(gold)
    assert operational_ready(CONTENT, player, action)
    other, third = sorted({"red", "blue", "green"} - {colour})
    game = blank()
    put(game, 0, kind, card, "operational")
    a = section_card(other, 3, other=third)
    hand(game, 0, a, section_card(third, 3, other=other, avoid=(a,)))
    assert not operational_ready(CONTENT, game.state.players[0], action)


def test_r7_a_cost_never_falls_below_0() -> None:
    """R7: five Settled Explore planets and Orbital Cartography: 5 + 5 - 10 - 1 is 0."""
    game = blank()
    for planet in ("vitruvious", "mika_1", "odessa_drift", "thessaly_reach", "nimbus_vale"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "technology", "orbital_cartography", "logistics")
    assert cost_and_limit(CONTENT, game.state.players[0], "discover", [])[0] == 0


def test_r7_cards_produced_on_planets_pay_like_the_hand() -> None:
    """R7 (AA:587-592, AA:827-831): a section shown under an operational planet pays, and
    counts against the Assembly Limit."""
    game = blank()
    g3 = section_card("green", 3)
    g2 = section_card("green", 2, avoid=(g3,))
    put(game, 0, "planet", "aurum", "operational", under=(f"{g3}:{half(g3, 'green')}",))
    hand(game, 0, g2)
    put(game, 0, "planet", "keth")  # Discover costs 6 with one planet
    player = game.state.players[0]
    assert targets(CONTENT, player, "discover") == []
    game.state.deck.remove(g := section_card("green", 1, avoid=(g3, g2)))
    player.empire[0].under.append(f"{g}:{half(g, 'green')}")
    assert targets(CONTENT, player, "discover") == []  # 3 + 2 + 1 needs 3 cards
    player.empire[0].under.pop()
    game.state.deck.append(g)
    player.hand.remove(g2)
    game.state.deck.append(g2)
    hand(game, 0, section_card("green", 3, avoid=(g3,)))
    run(game, "construct", action="discover", discount=0, stage="target")
    answer(game, f"planet:{g3}")
    assert game.pending()[0].kind == "side" and player.empire[0].under == []


def test_r5_a_blocked_settled_planet_helps_only_for_its_bypass() -> None:
    """R5 (AA:778-784): a blocked Explore planet lowers Discover by 2 only for 1 credit a
    token; without the credit the discount is lost; the blocked card still raises the
    cost as a planet (AA:780-781)."""
    game = blank()
    player = game.state.players[0]
    planet = put(game, 0, "planet", "vitruvious", "logistics")
    planet.tokens = 1
    put(game, 0, "planet", "keth")
    hand(game, 0, *greens(2))  # 4 green; the cost is 6, or 4 with the bypass
    assert cost_and_limit(CONTENT, player, "discover", []) == (6, 2)
    assert targets(CONTENT, player, "discover") == []
    player.credits = 1
    assert targets(CONTENT, player, "discover") == ["keth"]
    run(game, "construct", action="discover", discount=0, stage="target")
    # the target and the bypass (skip could not pay) are forced
    assert game.pending()[0].kind == "pay"
    answer(game, game.pending()[0].options[0])
    assert game.pending()[0].kind == "side"
    assert player.credits == 0 and kinds(game, "bypassed") == [
        {"card": "vitruvious", "credits": 1}]


def test_r5_the_bypass_may_be_skipped_when_the_payment_needs_no_help() -> None:
    """R5: the bypass prompt offers both while both leave the payment possible."""
    game = blank()
    player = game.state.players[0]
    put(game, 0, "planet", "vitruvious", "logistics").tokens = 2
    put(game, 0, "planet", "keth")
    g3 = section_card("green", 3)
    hand(game, 0, g3, section_card("green", 3, avoid=(g3,)))
    player.credits = 5
    run(game, "construct", action="discover", discount=0, stage="target")
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.options, prompt.context) == (
        "bypass", ["bypass", "skip"], {"card": "vitruvious", "tokens": 2, "use": "discover"})
    answer(game, "skip")
    assert player.credits == 5 and game.pending()[0].kind == "pay"


def test_r5_a_blocked_modifier_of_another_kind_does_not_apply() -> None:
    """R5 and "What the engine settled": a blocked Logistics Network adds no hand card."""
    game = blank()
    put(game, 0, "technology", "logistics_network", "logistics").tokens = 1
    assert hand_size(CONTENT, game.state.players[0]) == 3


def test_r5_a_blocked_action_technology_is_used_for_its_bypass() -> None:
    """R5: an ACTION card's blockade costs 1 credit a token when used, paid before its
    gains: with an empty Bank it cannot be used (a Bank never goes below 0, AA:203-204)."""
    game = blank()
    player = game.state.players[0]
    put(game, 0, "technology", "market_speculators", "logistics").tokens = 1
    run(game, "turn", 0)
    assert "card:market_speculators" not in game.pending()[0].options
    player.credits = 1
    game.state.stack, game.state.prompts = [], []
    run(game, "turn", 0)
    answer(game, "card:market_speculators")
    assert player.credits == 3  # 1 paid; 2 gained, and 1 for itself, an Exploit card


def test_r15_completion_raises_the_next_cost_and_a_technology_counts_itself() -> None:
    """R15 (AA:555-556, AA:988-991): Colonial Charter Deployed gains its credit for its
    own arrival; Develop then costs 6."""
    game = blank()
    put(game, 0, "technology", "colonial_charter")
    complete(game, 0, "colonial_charter")
    answer(game, "logistics")
    player = game.state.players[0]
    assert player.credits == 1
    assert cost_and_limit(CONTENT, player, "develop", [])[0] == 6


def test_r15_a_mission_may_attack_at_once_or_not() -> None:
    """R15 (AA:668-670): a ship gone on a Mission is offered an attack, or skip."""
    game = blank()
    put(game, 0, "ship", "iron_verdict")
    complete(game, 0, "iron_verdict")
    answer(game, "operational")
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.options) == ("attack_target", ["system", "seat:1", "skip"])
    answer(game, "skip")
    assert not game.pending() and not kinds(game, "attack_resolved")
    game = blank()
    put(game, 0, "ship", "iron_verdict")
    top(game, game.state.deck[0])
    complete(game, 0, "iron_verdict")
    answer(game, "operational", "system")
    assert kinds(game, "attack_resolved")[0]["ship"] == "iron_verdict"
    assert game.state.players[0].attacked == ["iron_verdict"]


def test_r8_automatic_construction_one_at_a_time_in_the_players_order() -> None:
    """R8 (AA:497-502, AA:979-987): Calcine Settled lowers Build to 3; two ships with 3 red
    prepared are both ready: the player picks one, which raises Build to 4, so the other
    stays Under Construction."""
    game = blank()
    r1 = section_card("red", 3)
    r2 = section_card("red", 3, avoid=(r1,))
    put(game, 0, "ship", "iron_verdict", under=(f"{r1}:{half(r1, 'red')}",))
    put(game, 0, "ship", "ash_tyrant", under=(f"{r2}:{half(r2, 'red')}",))
    put(game, 0, "planet", "calcine")
    complete(game, 0, "calcine")
    answer(game, "logistics")
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.options) == ("auto_order", ["card:iron_verdict",
                                                            "card:ash_tyrant"])
    answer(game, "card:ash_tyrant", "logistics")
    player = game.state.players[0]
    assert [c.id for c in player.empire] == ["calcine", "ash_tyrant"]
    assert [c.id for c in player.construction] == ["iron_verdict"] and not game.pending()
    assert kinds(game, "automatic") == [{"card": "ash_tyrant"}]
    assert r2 in game.state.discard


def test_r8_a_card_of_cost_0_completes_with_nothing_prepared() -> None:
    """R8: an Under Construction card whose cost falls to 0 completes by itself."""
    game = blank()
    for planet in ("vitruvious", "mika_1", "thessaly_reach"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "technology", "orbital_cartography", "logistics")
    put(game, 0, "planet", "keth")
    put(game, 0, "planet", "odessa_drift")
    complete(game, 0, "odessa_drift")
    answer(game, "logistics")  # Keth: 5 + 4 planets - 8 - 1 = 0
    assert game.pending()[0].context == {"card": "keth"}
