"""The Blockade bypass for every ability (R5, AA:778-784, AA:935-942): a blocked card acts as
blank unless its owner pays 1 credit a token where the ability would be used; the engine
asks (a ``bypass`` prompt) only when paying and skipping are both possible, for a player
and a bot alike. Payments' helpers are in test_rules_construction.py and
test_rules_actions.py; the ACTION and ADDITIONALLY cards in test_rules_soundness.py."""

from __future__ import annotations

from core.games.artifacts import rules
from core.games.artifacts.game import Game
from core.games.artifacts.tokens import start_blockade, supply
from tests.artifacts.artifacts_fixtures import (
    answer,
    blank,
    half,
    hand,
    kinds,
    put,
    resource,
    run,
    section_card,
    top,
)
from tests.artifacts.test_rules_attacks import with_system


def _prompt(game: Game) -> tuple[str, list[str], dict[str, object]]:
    prompt = game.pending()[0]
    return prompt.kind, prompt.options, prompt.context


def test_r5_a_blocked_hand_size_is_asked_before_the_refill() -> None:
    """Logistics Network (+1 hand card) with 1 token: the draw step asks for its bypass;
    paid, the hand fills to 4, skipped to 3; with no credit it fills to 3 unasked."""
    for choice, size, credits in (("bypass", 4, 0), ("skip", 3, 1)):
        game = blank()
        put(game, 0, "technology", "logistics_network", "logistics").tokens = 1
        game.state.players[0].credits = 1
        run(game, "turn", 0, stage="draw")
        assert _prompt(game) == ("bypass", ["bypass", "skip"], {
            "card": "logistics_network", "tokens": 1, "use": "hand"})
        answer(game, choice)
        player = game.state.players[0]
        assert (len(player.hand), player.credits) == (size, credits)
    game = blank()
    put(game, 0, "technology", "logistics_network", "logistics").tokens = 1
    run(game, "turn", 0, stage="draw")
    assert len(game.state.players[0].hand) == 3 and kinds(game, "bypassed") == []


def test_r5_a_blocked_attack_bonus_is_paid_once_for_the_whole_offensive() -> None:
    """Targeting Matrix (+1 attack value) with 2 tokens: asked once after the target (an
    Offensive is one attack, AA:679-682), then every ship's value has the +1."""
    game = blank()
    with_system(game, "hollow_reach")
    put(game, 0, "technology", "targeting_matrix", "logistics").tokens = 2
    put(game, 0, "ship", "covenant", "operational")  # bonus 0
    put(game, 0, "ship", "steady_hand", "operational")  # bonus 0
    game.state.players[0].credits = 3
    top(game, resource(number=1), resource(number=2, avoid=(resource(number=1),)))
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system")
    assert _prompt(game) == ("bypass", ["bypass", "skip"], {
        "card": "targeting_matrix", "tokens": 2, "use": "power"})
    answer(game, "bypass", "ship:covenant", "ship:steady_hand")
    assert [r["value"] for r in kinds(game, "attack_resolved")] == [2, 3]
    assert kinds(game, "bypassed") == [{"card": "targeting_matrix", "credits": 2}]


def test_r5_the_defender_pays_for_a_blocked_defence_after_its_plan() -> None:
    """Diplomatic Corps (-1 to attacks on its owner) with 1 token: the defender chooses its
    plan, then whether to pay; paid, the attack value falls by 1."""
    for choice, value in (("bypass", 2), ("skip", 3)):
        game = blank()
        put(game, 1, "technology", "diplomatic_corps", "logistics").tokens = 1
        game.state.players[1].credits = 2
        put(game, 0, "ship", "covenant", "operational")
        top(game, resource(number=3))
        run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any",
            stage="target")
        answer(game, "seat:1")  # the Basic tile, the only plan, is forced
        prompt = game.pending()[0]
        assert (prompt.seat, prompt.kind, prompt.context["use"]) == (1, "bypass", "guard")
        answer(game, choice)
        assert kinds(game, "attack_resolved")[0]["value"] == value


def test_r5_a_blocked_trade_bonus_is_asked_once_the_symbols_are_banked() -> None:
    """Trade Consortium (+2 credits a Trade) with 1 token, an empty Bank: the Trade's own
    credits come first, then its bypass can be paid from them."""
    game = blank()
    put(game, 0, "technology", "trade_consortium", "logistics").tokens = 1
    red = section_card("red", 3)
    hand(game, 0, red)
    run(game, "trade", discount=0, stage="start")
    answer(game, "colour:red", f"hand:{red}:{half(red, 'red')}")
    assert _prompt(game)[0] == "bypass" and game.state.players[0].credits == 3
    answer(game, "bypass")
    assert game.state.players[0].credits == 4  # 3, less 1 for the bypass, and 2
    assert kinds(game, "traded") == [{"cards": 1, "credits": 5}]


def test_r5_a_blocked_gold_as_wild_is_paid_for_when_the_payment_needs_it() -> None:
    """Bureau of Standards (gold pays Gain Revenue) with 1 token: a Revenue paid with gold
    needs its bypass: offered only with a credit, and then paid without a question."""
    game = blank()
    put(game, 0, "technology", "bureau_of_standards", "logistics").tokens = 1
    put(game, 0, "technology", "orbital_cartography", "operational")
    blue = section_card("blue", 3, other="gold")
    gold = section_card("gold", 2, avoid=(blue,))
    hand(game, 0, blue, gold)
    run(game, "turn", 0)
    assert "revenue" not in game.pending()[0].options
    game = blank()
    put(game, 0, "technology", "bureau_of_standards", "logistics").tokens = 1
    put(game, 0, "technology", "orbital_cartography", "operational")
    hand(game, 0, blue, gold)
    game.state.players[0].credits = 1
    run(game, "turn", 0)
    answer(game, "revenue")
    assert _prompt(game)[0] == "pay" and kinds(game, "bypassed") == [
        {"card": "bureau_of_standards", "credits": 1}]


def test_r5_a_blocked_planet_produces_for_its_bypass() -> None:
    """Echo Prism (produce 1 on each operational Planet): a blocked one is asked about;
    paid, it produces too."""
    game = blank()
    put(game, 0, "planet", "keth", "operational")
    put(game, 0, "planet", "calcine", "operational").tokens = 1
    game.state.players[0].credits = 1
    game.state.artifacts.remove("echo_prism")
    game.state.players[0].artifacts.append("echo_prism")
    run(game, "effect", 0, ref="artifact:echo_prism", index=0, rival=-1, ship="", twins=0,
        setup=False)
    while game.pending()[0].kind == "produce_section":
        answer(game, game.pending()[0].options[0])
    assert _prompt(game) == ("bypass", ["bypass", "skip"], {
        "card": "calcine", "tokens": 1, "use": "produce"})
    answer(game, "bypass")
    while game.pending() and game.pending()[0].kind == "produce_section":
        answer(game, game.pending()[0].options[0])
    assert [e["planet"] for e in kinds(game, "produced")] == ["keth", "calcine"]


def test_r5_a_blocked_exploit_ship_raises_the_trade_limit_for_its_bypass() -> None:
    """R5, R6: a blocked Exploit ship in the fleet: the Trade asks, and paid, a third card
    may be traded."""
    game = blank()
    put(game, 0, "ship", "gilded_hook", "logistics").tokens = 1
    reds = [section_card("red", 1)]
    reds += [section_card("red", 1, avoid=tuple(reds))]
    reds += [section_card("red", 1, avoid=tuple(reds))]
    hand(game, 0, *reds)
    game.state.players[0].credits = 1
    run(game, "trade", discount=0, stage="start")
    answer(game, "colour:red", "bypass")
    for rid in reds:
        answer(game, f"hand:{rid}:{half(rid, 'red')}")
    assert game.state.players[0].credits == 3  # 1 - 1 + 3 symbols


def test_r5_r6_a_blocked_ship_of_the_row_raises_the_prepare_limit_for_its_bypass() -> None:
    """R5, R6 (AA:719-723): preparing the Ship row with a blocked Exterminate ship in the
    fleet: skipped, 2 cards; paid, 3."""
    for choice, tucked in (("skip", 2), ("bypass", 3)):
        game = blank()
        put(game, 0, "ship", "ash_tyrant", "logistics").tokens = 1
        put(game, 0, "ship", "iron_verdict")
        reds = [section_card("red", 1)]
        reds += [section_card("red", 1, avoid=tuple(reds))]
        reds += [section_card("red", 2, avoid=tuple(reds))]
        hand(game, 0, *reds)
        game.state.players[0].credits = 1
        run(game, "prepare", discount=0, stage="start")
        answer(game, choice)
        while game.pending():
            options = game.pending()[0].options
            answer(game, options[0])
        assert len(game.state.players[0].construction[0].under) == tucked


def test_r33_a_blockade_places_what_the_supply_of_38_holds() -> None:
    """R33 (AA:63, 38 Blockade tokens): with 37 on cards, a result of 2 tokens places 1
    and says the other is not placed; a token removed goes back to the supply."""
    game = blank()
    put(game, 1, "planet", "aurum", "logistics").tokens = 37
    put(game, 1, "planet", "keth", "logistics")
    assert supply(game.content, game.state) == 1
    ctx = rules.MACHINE.context(game.state, game.content, game.history)
    start_blockade(ctx, 0, 1, 2)
    game.machine.run(ctx)
    answer(game, "card:keth")
    assert supply(game.content, game.state) == 0 and game.view(0)["tokens_left"] == 0
    assert kinds(game, "tokens_out") == [{"missing": 1}]
    assert kinds(game, "blockaded") == [{"rival": 1, "card": "keth"}]
    game.state.players[1].empire[0].tokens -= 1  # as Remove Blockades does
    assert supply(game.content, game.state) == 1
