"""The rulebook's worked examples (docs/alien-artifacts.md, "The rulebook's worked
examples"), reproduced with their numbers."""

from __future__ import annotations

from core.games.artifacts.board import cost_and_limit
from core.games.artifacts.game import Game
from core.games.artifacts.scoring import end_parts
from core.games.artifacts.state import Options
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    complete,
    half,
    hand,
    kinds,
    put,
    resource,
    run,
    section_card,
    top,
)


def test_1_star_union_setup() -> None:
    """AA:170-176, R16: 2 technologies seen, 1 kept; 1 planet; 1 ship in the Empire,
    operational, without an attack."""
    game = Game.new(Options(players=2, seed=1))
    seat = game.pending()[0].seat
    assert game.state.players[seat].faction == "star_union"
    seen = game.pending()[0].options
    assert len(seen) == 2
    game.apply(seat, seen[0])
    player = game.state.players[seat]
    assert [c.kind for c in player.construction] == ["technology", "planet"]
    assert [(c.kind, c.side) for c in player.empire] == [("ship", "operational")]
    assert seen[1].split(":")[1] in game.state.technologies[:2]  # to the bottom
    assert not any(e.kind == "attack_declared" for e in game.history)


def test_2_automatic_construction() -> None:
    """AA:508-515, R8: Calcine Settled lowers Build a Ship by 2; Black Plague with 3 red
    prepared completes at once and its prepared card is discarded."""
    game = blank()
    red3 = section_card("red", 3)
    put(game, 0, "ship", "black_plague", under=(f"{red3}:{half(red3, 'red')}",))
    green = [section_card("green", 3), section_card("green", 3, avoid=(section_card("green", 3),))]
    hand(game, 0, *green)
    put(game, 0, "planet", "calcine")
    run(game, "construct", action="discover", discount=0, stage="target")
    answer(game, *[f"hand:{g}:{half(g, 'green')}" for g in green[:1]])
    while game.pending()[0].kind == "pay":
        answer(game, game.pending()[0].options[0])
    answer(game, "logistics")  # Calcine Settled
    assert game.pending()[0].kind == "side"
    assert game.pending()[0].context == {"card": "black_plague"}
    answer(game, "logistics")
    player = game.state.players[0]
    assert [c.id for c in player.empire] == ["calcine", "black_plague"]
    assert red3 in game.state.discard and not player.construction


def test_3_gold_pays_a_basic_action() -> None:
    """AA:490, R7: a green and a gold card pay a green cost."""
    game = blank()
    green, gold = section_card("green", 3), section_card("gold", 2)
    hand(game, 0, green, gold)
    put(game, 0, "planet", "keth")
    run(game, "construct", action="discover", discount=0, stage="target")
    assert f"hand:{gold}:{half(gold, 'gold')}" in game.pending()[0].options
    answer(game, f"hand:{gold}:{half(gold, 'gold')}")  # the green card is then the only one
    assert game.pending()[0].kind == "side" and not game.state.players[0].hand


def test_4_buying_with_7_credits() -> None:
    """AA:535-537, R17: 5 and 2 extra: 3 technologies seen, 1 kept, 2 to the bottom."""
    game = blank()
    game.state.players[0].credits = 7
    run(game, "buy", discount=0, stage="start")
    assert game.pending()[0].options[-1] == "deck:planet:2"  # 5 and 1 a card: 2 extra
    answer(game, "deck:technology:2")
    seen = game.pending()[0].options
    assert len(seen) == 3
    answer(game, seen[1])
    player = game.state.players[0]
    assert player.credits == 0 and [c.id for c in player.construction] == [seen[1][5:]]


def test_5_8_10_rising_costs() -> None:
    """AA:567-568, AA:607-609, AA:638-639: Discover with 1 planet costs 6, Develop with 2
    technologies 7, Build with 2 ships 7."""
    game = blank()
    player = game.state.players[0]
    put(game, 0, "planet", "keth", "operational")
    put(game, 0, "technology", "colonial_charter", "operational")
    put(game, 0, "technology", "battle_drills", "operational")
    put(game, 0, "ship", "wayfarer", "operational")
    put(game, 0, "ship", "covenant", "operational")
    assert cost_and_limit(CONTENT, player, "discover", [])[0] == 6
    assert cost_and_limit(CONTENT, player, "develop", [])[0] == 7
    assert cost_and_limit(CONTENT, player, "build", [])[0] == 7


def test_7_gutenbergs_cost() -> None:
    """AA:594-597: 5 + 2 planets - 2 (Vitruvious) - 2 (Mika 1) = 3."""
    game = blank()
    put(game, 0, "planet", "vitruvious", "logistics")
    put(game, 0, "planet", "mika_1", "logistics")
    assert cost_and_limit(CONTENT, game.state.players[0], "discover", [])[0] == 3


def test_13_removing_2_blockades() -> None:
    """AA:747-750, R19: 2 tokens need 4 red; 3 + 2 paid, the extra symbol lost."""
    game = blank()
    ship = put(game, 0, "ship", "wayfarer", "operational")
    ship.tokens = 2
    red3 = section_card("red", 3)
    red2 = section_card("red", 2, avoid=(red3,))
    hand(game, 0, red3, red2)
    run(game, "remove", discount=0, stage="start")
    # the first token is the only choice (answered at once), then a second or done
    assert game.pending()[0].options == ["card:wayfarer", "done"]
    answer(game, "card:wayfarer")
    assert game.pending()[0].kind == "pay"
    answer(game, f"hand:{red3}:{half(red3, 'red')}")  # the 2 red is then the only card
    assert ship.tokens == 0 and not game.state.players[0].hand
    assert game.state.discard == [red3, red2]


def test_14_preparing() -> None:
    """AA:753-758: 4 green prepared under a planet of cost 5: 1 more green completes it."""
    game = blank()
    g3 = section_card("green", 3)
    g1 = section_card("green", 1, avoid=(g3,))
    planet = put(game, 0, "planet", "keth")
    hand(game, 0, g3, g1)
    run(game, "prepare", discount=0, stage="start")
    answer(game, f"attach:{g3}:{half(g3, 'green')}:keth", f"attach:{g1}:{half(g1, 'green')}:keth")
    assert len(planet.under) == 2 and not game.pending()
    one = section_card("green", 1, avoid=(g3, g1))
    hand(game, 0, one)
    run(game, "construct", action="discover", discount=0, stage="target")
    # the target and the one green card are the only choices: the side is asked
    assert game.pending()[0].kind == "side" and game.state.discard == [one]


def test_15_trading() -> None:
    """AA:760-764, R18: 3 + 2 symbols: 5 credits."""
    game = blank()
    b3 = section_card("blue", 3)
    b2 = section_card("blue", 2, avoid=(b3,))
    hand(game, 0, b3, b2)
    run(game, "trade", discount=0, stage="start")
    answer(game, "colour:blue", f"hand:{b3}:{half(b3, 'blue')}", f"hand:{b2}:{half(b2, 'blue')}")
    assert game.state.players[0].credits == 5


def test_11_attack_value() -> None:
    """AA:651-666: a revealed 2 plus the ship's bonus 1: value 3 (Black Plague)."""
    game = blank()
    put(game, 0, "ship", "black_plague", "operational")
    two = next(r for r, res in CONTENT.resources.items() if res.number == 2)
    top(game, two)
    run(game, "attack", mode="one", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system")
    resolved = [e for e in game.history if e.kind == "attack_resolved"]
    assert resolved[-1].data["value"] == 3


def test_16_final_scoring() -> None:
    """AA:890-901: 15 VP in play + 10 Empire cards + 4 (Colonial Charter: 3 Types among
    operational technologies) + Star Union: 2 operational ships and 4 Exterminate cards:
    35."""
    game = blank()
    player = game.state.players[0]
    player.faction, player.vp = "star_union", 15
    put(game, 0, "technology", "colonial_charter", "operational")
    dull = [t for t, tech in CONTENT.technologies.items()
            if tech.type in ("explore", "exploit") and tech.score.rows[0][0] >= 3
            and tech.score.count.name in ("credits", "produced", "plans", "artifacts")]
    for type_ in ("explore", "exploit"):  # two more Types, their own tables unmet
        tech = next(t for t in dull if CONTENT.technologies[t].type == type_)
        put(game, 0, "technology", tech, "operational")
    put(game, 0, "ship", "wayfarer", "operational")
    put(game, 0, "ship", "black_plague", "operational")
    for planet in ("calcine", "ferrum", "scoria"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "planet", "keth", "logistics")
    put(game, 0, "planet", "zephra", "logistics")
    parts = end_parts(CONTENT, player, [])
    assert parts == {"play": 15, "empire": 10, "technology": 4, "faction": 6}
    assert sum(parts.values()) == 35


def test_6_exploit_production() -> None:
    """AA:584-589, R15, R20: an Explore planet Exploited produces 3 cards; the 2 that show
    an Explore section score 1 VP each."""
    game = blank()
    put(game, 0, "planet", "keth")
    first = resource(has="explore")
    second = resource(has="explore", avoid=(first,))
    third = resource(lacks="explore")
    top(game, first, second, third)
    complete(game, 0, "keth")
    answer(game, "operational")
    while game.pending():
        prompt = game.pending()[0]
        card = CONTENT.resources[prompt.context["card"]]
        explore = [h for h, s in zip(("top", "bottom"), card.sections, strict=True)
                   if s.type == "explore"]
        answer(game, explore[0] if explore else prompt.options[0])
    planet = game.state.players[0].empire[0]
    assert [u.split(":")[0] for u in planet.under] == [first, second, third]
    assert game.state.players[0].vp == 2


def test_9_sell_to_the_corporation() -> None:
    """AA:624-628, R12, R15: Orbital Cartography (Explore) developed operational with 4
    planets in the Empire; the revealed card shows an Explore section: its first row ("4
    planets") scores 1 VP during the game, and the card is discarded."""
    game = blank()
    for planet in ("calcine", "ferrum", "scoria", "gutenberg"):
        put(game, 0, "planet", planet, "logistics")
    put(game, 0, "technology", "orbital_cartography")
    card = resource(has="explore")
    top(game, card)
    complete(game, 0, "orbital_cartography")
    answer(game, "operational")
    assert game.state.players[0].vp == 1
    assert game.state.discard == [card]
    assert kinds(game, "sold") == [{"tech": "orbital_cartography", "card": card, "vp": 1}]


def test_12_one_attack_for_many_ships() -> None:
    """AA:679-682, R13: an Offensive of 3 ships with Battle Drills (1 VP after each of your
    attacks) gains 1 VP, not 3; the Alien System is replaced once."""
    game = blank()
    state = game.state
    state.systems.append(state.system)
    state.systems.remove("glass_nebula")
    state.system = "glass_nebula"  # row 1 does nothing
    put(game, 0, "technology", "battle_drills", "logistics")
    ships = ("iron_verdict", "ash_tyrant", "red_sentence")  # bonus 0, no reveal skill
    for ship in ships:
        put(game, 0, "ship", ship, "operational")
    ones = [r for r, res in CONTENT.resources.items() if res.number == 1][:3]
    top(game, *ones)
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system", *(f"ship:{s}" for s in ships))
    assert [e["row"] for e in kinds(game, "attack_resolved")] == [1, 1, 1]
    assert game.state.players[0].vp == 1
    assert len(kinds(game, "system_replaced")) == 1
    assert game.state.players[0].attacked == list(ships)
