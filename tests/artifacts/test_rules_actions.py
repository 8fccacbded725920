"""The basic actions besides construction and the operational actions (AA:517-547,
AA:560-592, AA:690-764, AA:791-831): Buy, Prepare, Trade, Remove Blockades, production,
Sell and Gain Revenue, Mining (R12, R17-R22)."""

from __future__ import annotations

from core.games.artifacts.actions import offered
from core.games.artifacts.state import Card
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
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


def buy(game_credits: int, *planets: tuple[str, int]) -> tuple[object, object]:
    game = blank()
    player = game.state.players[0]
    player.credits = game_credits
    for planet, tokens in planets:
        put(game, 0, "planet", planet, "logistics").tokens = tokens
    return game, player


def test_r17_buy_costs_5_and_1_per_extra_card_seen_the_rest_to_the_bottom_unseen() -> None:
    """R17 (AA:520-537): 5 credits for the top card, 1 more per extra card; the buyer
    keeps one, the others go to the bottom in the order drawn; only the buyer sees them."""
    game = blank()
    player = game.state.players[0]
    player.credits = 8
    deck = game.state.ships
    seen = deck[-3:][::-1]
    run(game, "buy", discount=0, stage="start")
    prompt = game.pending()[0]
    assert prompt.context == {"cost": 5}
    # one choice: the deck and the extra cards, the fewest first (3 extra: 8 credits)
    assert prompt.options == [f"deck:{k}:{n}" for n in range(4)
                              for k in ("ship", "technology", "planet")]
    answer(game, "deck:ship:2", f"card:{seen[1]}")
    assert player.credits == 1 and [c.id for c in player.construction] == [seen[1]]
    assert deck[:2] == [seen[2], seen[0]]  # under the deck one by one: the last lowest
    looked = [e for e in game.history if e.kind == "looked"][-1]
    assert looked.secret == {"cards": seen} and "cards" not in game.events_for(1, [looked])[0]


def test_r17_the_extra_cards_are_limited_by_the_deck() -> None:
    """R17: no more cards can be seen than the deck holds."""
    game = blank()
    game.state.players[0].credits = 15
    planets = game.state.planets
    game.state.players[1].construction += [Card(p, "planet") for p in planets[:-2]]
    del planets[:-2]
    run(game, "buy", discount=0, stage="start")
    options = game.pending()[0].options
    assert [o for o in options if o.startswith("deck:planet")] == ["deck:planet:0",
                                                                   "deck:planet:1"]
    assert "deck:ship:10" in options


def test_r17_a_settled_exploit_planet_lowers_buy_by_2() -> None:
    """R17 (AA:335-336): Aurum Settled: a Buy costs 3."""
    game, player = buy(3, ("aurum", 0))
    assert offered(CONTENT, game.state, player, "buy")
    run(game, "buy", discount=0, stage="start")
    assert game.pending()[0].context == {"cost": 3}


def test_r5_r17_a_blocked_exploit_planet_lowers_buy_for_its_bypass() -> None:
    """R5, R17: a blocked Aurum lowers the Buy to 3 for 1 credit: 4 credits buy."""
    game, player = buy(3, ("aurum", 1))
    assert not offered(CONTENT, game.state, player, "buy")
    player.credits = 4
    assert offered(CONTENT, game.state, player, "buy")
    run(game, "buy", discount=0, stage="start")  # the bypass is forced
    assert game.pending()[0].options == ["deck:ship:0", "deck:technology:0", "deck:planet:0"]
    answer(game, "deck:technology:0")  # the card is forced
    assert kinds(game, "bypassed") == [{"card": "aurum", "credits": 1}]
    assert kinds(game, "bought") == [{"deck": "technology", "credits": 3}]
    assert player.credits == 0 and len(player.construction) == 1
    game, player = buy(9, ("aurum", 1))
    run(game, "buy", discount=0, stage="start")
    prompt = game.pending()[0]  # asked before the deck: it changes how many cards are seen
    assert (prompt.kind, prompt.options) == ("bypass", ["bypass", "skip"])
    answer(game, "skip")
    assert game.pending()[0].options[-1] == "deck:planet:4"


def test_prepare_tucks_up_to_the_limit_under_one_row() -> None:
    """AA:710-723: one row, up to the Assembly Limit of cards of its colour (or gold); a
    Join ship of that row raises it (R6)."""
    game = blank()
    reds = [section_card("red", 1)]
    reds.append(section_card("red", 1, avoid=tuple(reds)))
    reds.append(section_card("red", 2, avoid=tuple(reds)))
    hand(game, 0, *reds)
    put(game, 0, "ship", "iron_verdict")
    put(game, 0, "planet", "keth")
    run(game, "prepare", discount=0, stage="start")  # the ship row only: no green for Keth
    assert all(o.endswith(":iron_verdict") for o in game.pending()[0].options[:-1])
    for rid in reds[:2]:
        answer(game, f"attach:{rid}:{half(rid, 'red')}:iron_verdict")
    assert not game.pending() and len(game.state.players[0].hand) == 1
    game = blank()
    hand(game, 0, *reds)
    put(game, 0, "ship", "iron_verdict")
    put(game, 0, "ship", "ash_tyrant", "logistics")  # Exterminate: +1 card on Build
    run(game, "prepare", discount=0, stage="start")
    for rid in reds:
        answer(game, f"attach:{rid}:{half(rid, 'red')}:iron_verdict")
    assert len(game.state.players[0].construction[0].under) == 3


def test_cards_produced_on_planets_are_prepared_as_if_in_hand() -> None:
    """AA:590-592, AA:827-831, AA:954-961: a card produced on a planet may be used at any
    time as if in hand, by its section showing: Prepare tucks it, within the limit."""
    game = blank()
    red = section_card("red", 2)
    put(game, 0, "planet", "calcine", "operational", under=(f"{red}:{half(red, 'red')}",))
    put(game, 0, "ship", "iron_verdict")
    player = game.state.players[0]
    run(game, "turn", 0)
    assert "prepare" in game.pending()[0].options  # no hand card at all
    answer(game, "prepare", f"attach:{red}:{half(red, 'red')}:iron_verdict")  # a lone row
    assert player.construction[0].under == [f"{red}:{half(red, 'red')}"]
    assert player.empire[0].under == []


def test_cards_produced_on_planets_pay_a_cards_discard_but_not_the_draw_steps() -> None:
    """AA:590-592: Commodity Futures (ADDITIONALLY: discard 1, gain 2 credits) with an
    empty hand is paid with a produced card; the draw step's free discards make room in
    the hand, so they offer hand cards only."""
    game = blank()
    green = section_card("green", 1)
    put(game, 0, "planet", "keth", "operational", under=(f"{green}:{half(green, 'green')}",))
    put(game, 0, "technology", "commodity_futures", "logistics")
    run(game, "turn", 0)
    answer(game, "more:commodity_futures")  # the one card to discard is forced
    player = game.state.players[0]
    assert player.credits == 2 and player.empire[0].under == [] and green in game.state.discard
    game = blank()
    put(game, 0, "planet", "keth", "operational", under=(f"{green}:{half(green, 'green')}",))
    hand(game, 0, red := section_card("red", 1))
    run(game, "turn", 0, stage="draw")
    assert game.pending()[0].options == ["done", f"resource:{red}"]


def test_r18_trade_one_colour_credits_capped_at_15() -> None:
    """R18 (AA:202-204, AA:725-732): 1 credit a symbol of the chosen colour and gold; the
    Bank stops at 15."""
    game = blank()
    player = game.state.players[0]
    player.credits = 12
    b3 = section_card("blue", 3, other="gold")
    hand(game, 0, b3, section_card("red", 3, other="green"))
    run(game, "trade", discount=0, stage="start")
    answer(game, "colour:blue")
    assert game.pending()[0].options == [f"hand:{b3}:{half(b3, 'blue')}",
                                         f"hand:{b3}:{half(b3, 'gold')}", "done"]
    answer(game, f"hand:{b3}:{half(b3, 'blue')}")
    assert player.credits == 15 and kinds(game, "traded") == [{"cards": 1, "credits": 3}]


def test_r19_remove_blockades_one_row_2_symbols_a_token() -> None:
    """R19 (AA:734-750): only the rows with a token and enough symbols are offered; 2
    symbols of the row's colour a token."""
    game = blank()
    put(game, 0, "ship", "iron_verdict", "operational").tokens = 1
    put(game, 0, "planet", "keth", "logistics").tokens = 1
    hand(game, 0, section_card("red", 2, other="blue"))
    run(game, "remove", discount=0, stage="start")
    # the ship row is the only one (no green): forced; then the token, then the payment
    player = game.state.players[0]
    assert [c.tokens for c in player.empire] == [0, 1] and not player.hand


def test_r20_a_section_of_the_planets_type_may_be_shown_for_1_vp() -> None:
    """R20 (AA:560-578): the matching section or the one with fewer symbols."""
    rid = next(r for r, res in CONTENT.resources.items()
               if res.sections[0].type == "explore"
               and res.sections[0].symbols > res.sections[1].symbols)
    game = blank()
    put(game, 0, "planet", "keth", "operational")
    top(game, rid)
    run(game, "produce", planet="keth", left=1, card="")
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.options) == ("produce_section", ["top", "bottom"])
    answer(game, "top")
    assert game.state.players[0].vp == 1
    assert kinds(game, "produced") == [{"planet": "keth", "card": rid, "half": "top", "vp": 1}]


def test_r20_without_a_match_the_fewer_symbols_are_shown() -> None:
    """R20 (AA:576-578): no matching section: the smaller one, no prompt, no VP; a tie is
    the player's choice."""
    unequal = next(r for r, res in CONTENT.resources.items()
                   if "explore" not in {s.type for s in res.sections}
                   and res.sections[0].symbols != res.sections[1].symbols)
    game = blank()
    planet = put(game, 0, "planet", "keth", "operational")
    top(game, unequal)
    run(game, "produce", planet="keth", left=1, card="")
    smaller = min(("top", "bottom"),
                  key=lambda h: CONTENT.resources[unequal].sections[h == "bottom"].symbols)
    assert planet.under == [f"{unequal}:{smaller}"] and game.state.players[0].vp == 0
    tie = next(r for r, res in CONTENT.resources.items()
               if "explore" not in {s.type for s in res.sections}
               and res.sections[0].symbols == res.sections[1].symbols)
    top(game, tie)
    run(game, "produce", planet="keth", left=1, card="")
    assert game.pending()[0].options == ["top", "bottom"]


def test_r12_a_scoring_table_scores_its_highest_row_met() -> None:
    """R12 (AA:619-621, AA:875-877): Orbital Cartography with 6 planets scores its second
    row (2 during the game), not the first as well."""
    game = blank()
    for planet in ("calcine", "ferrum", "scoria", "gutenberg", "aurum", "opaline"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "technology", "orbital_cartography", "operational")
    top(game, resource(has="explore"))
    run(game, "sell", tech="orbital_cartography")
    assert game.state.players[0].vp == 2
    top(game, resource(lacks="explore"))
    run(game, "sell", tech="orbital_cartography")
    assert game.state.players[0].vp == 2  # no Type match: nothing


def test_r21_gain_revenue_one_technology_at_a_time_and_stop_early() -> None:
    """R21 (AA:815-819): the player picks each operational technology, a reveal each, and
    may stop; a blocked one is offered for its bypass only."""
    game = blank()
    player = game.state.players[0]
    for planet in ("calcine", "ferrum", "scoria", "gutenberg"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "technology", "orbital_cartography", "operational")
    put(game, 0, "technology", "colonial_charter", "operational")
    put(game, 0, "technology", "battle_drills", "operational").tokens = 1
    run(game, "revenue", left=["orbital_cartography", "colonial_charter", "battle_drills"])
    assert game.pending()[0].options == ["tech:orbital_cartography", "tech:colonial_charter",
                                         "done"]
    top(game, resource(has="explore"))
    answer(game, "tech:orbital_cartography", "done")
    assert player.vp == 1 and len(kinds(game, "sold")) == 1 and not game.pending()


def test_r22_mining_produces_1_on_each_operational_planet() -> None:
    """R22 (AA:821-831): every operational planet produces 1, in the player's order; a
    Settled one does not."""
    game = blank()
    put(game, 0, "planet", "keth", "operational")
    put(game, 0, "planet", "aurum", "operational")
    put(game, 0, "planet", "calcine", "logistics")
    run(game, "mine", left=["keth", "aurum"])
    assert game.pending()[0].options == ["planet:keth", "planet:aurum"]
    answer(game, "planet:aurum")
    while game.pending():
        answer(game, game.pending()[0].options[0])
    player = game.state.players[0]
    assert [len(c.under) for c in player.empire] == [1, 1, 0]
    assert [e["planet"] for e in kinds(game, "produced")] == ["aurum", "keth"]


def test_r29_an_empty_deck_cannot_be_bought() -> None:
    """R29 (AA:919, AA:962-969): an empty card deck is not offered, and shows no top."""
    game = blank()
    state = game.state
    state.players[0].credits = 5
    state.players[1].construction += [Card(s, "ship") for s in state.ships]
    state.ships.clear()
    view = game.view(0)
    assert view["decks"]["ship"] == {"count": 0, "top": "", "known": []}
    run(game, "buy", discount=0, stage="start")
    assert game.pending()[0].options == ["deck:technology:0", "deck:planet:0"]
