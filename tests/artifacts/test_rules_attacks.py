"""Attacks and the end (AA:640-715, AA:776-790, AA:870-901, AA:928-934): targets, Defense
Plans, results, Blockade tokens, the final scoring and ties (R5, R9, R10, R13, R14, R27,
R32)."""

from __future__ import annotations

from core.games.artifacts.content.model import Row, Table
from core.games.artifacts.game import Game
from core.games.artifacts.scoring import end_parts, standings, winners
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    kinds,
    put,
    resource,
    run,
    top,
)


def with_system(game: Game, system: str) -> None:
    state = game.state
    state.systems.append(state.system)
    state.systems.remove(system)
    state.system = system


def attack(game: Game, ship: str, target: str, number: int) -> None:
    """``ship`` (operational, seat 0's) attacks alone, the revealed card of ``number``."""
    top(game, resource(number=number))
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, target)


def test_r9_destroyed_sends_the_ship_to_the_bottom_of_its_deck() -> None:
    """R9 (AA:928-929): Crimson Maw at 1: the attacking ship is Destroyed."""
    game = blank()
    with_system(game, "crimson_maw")
    put(game, 0, "ship", "covenant", "operational")  # an Expand ship: bonus 0
    attack(game, "covenant", "system", 1)
    assert not game.state.players[0].empire and game.state.ships[0] == "covenant"


def test_r9_damaged_returns_the_ship_under_construction() -> None:
    """R9 (AA:930-931): Crimson Maw at 2: Damaged, back Under Construction, nothing
    prepared."""
    game = blank()
    with_system(game, "crimson_maw")
    put(game, 0, "ship", "covenant", "operational")
    attack(game, "covenant", "system", 2)
    player = game.state.players[0]
    assert not player.empire and [(c.id, c.side, c.under) for c in player.construction] == [
        ("covenant", "", [])]


def test_r9_a_bulwark_is_only_damaged() -> None:
    """R9 and the Exterminate skill: Destroyed damages a Bulwark."""
    game = blank()
    with_system(game, "crimson_maw")
    put(game, 0, "ship", "iron_verdict", "operational")
    attack(game, "iron_verdict", "system", 1)
    assert [c.id for c in game.state.players[0].construction] == ["iron_verdict"]
    assert kinds(game, "damaged") == [{"ship": "iron_verdict"}]


def test_r9_an_attack_without_a_ship_ignores_destroyed() -> None:
    """R9: Ghost Fleet's attack hits no ship."""
    game = blank()
    with_system(game, "crimson_maw")
    put(game, 0, "ship", "covenant", "operational")
    top(game, resource(number=1))
    run(game, "attack", mode="none", ship="", bonus=-5, allowed="system", stage="target")
    assert [c.id for c in game.state.players[0].empire] == ["covenant"]
    assert kinds(game, "attack_resolved")[0]["row"] == 1


def test_r9_r14_blockades_go_on_the_defenders_empire_by_the_attackers_choice() -> None:
    """R9 (AA:932-934), R14 (AA:648-650): the defender picks the Basic tile; at 3 the
    attacker places a token on a card of the defender's Empire."""
    game = blank()
    put(game, 0, "ship", "covenant", "operational")
    put(game, 1, "planet", "keth", "logistics")
    put(game, 1, "technology", "battle_drills", "operational")
    put(game, 1, "planet", "aurum")  # Under Construction: never blocked (AA:785-787)
    attack(game, "covenant", "seat:1", 3)  # no plan card: the Basic tile is forced
    prompt = game.pending()[0]
    assert (prompt.seat, prompt.kind, prompt.options) == (
        0, "blockade_place", ["card:keth", "card:battle_drills"])
    answer(game, "card:battle_drills")
    assert [c.tokens for c in game.state.players[1].empire] == [0, 1]


def test_r14_the_defense_plan_is_secret_until_the_attack_resolves_and_is_kept() -> None:
    """R14 (AA:648-650, AA:675-676): the chosen plan reaches the defender alone, is shown
    as the attack resolves, and stays in the defender's hand."""
    game = blank()
    state = game.state
    state.plans.remove("ghost_signals")
    state.players[1].plans.append("ghost_signals")
    put(game, 0, "ship", "covenant", "operational")
    attack(game, "covenant", "seat:1", 1)
    prompt = game.pending()[0]
    assert (prompt.seat, prompt.kind, prompt.options) == (
        1, "defense_plan", ["basic", "plan:ghost_signals"])
    events = game.apply(1, "plan:ghost_signals")
    chosen = next(e for e in events if e.kind == "plan_chosen")
    assert game.events_for(0, [chosen])[0] == {"kind": "plan_chosen", "seat": 1}
    assert game.events_for(1, [chosen])[0]["plan"] == "plan:ghost_signals"
    resolved = kinds(game, "attack_resolved")[0]
    assert resolved["table"] == "ghost_signals" and resolved["row"] == 1
    assert kinds(game, "plan_revealed") == [{"plan": "plan:ghost_signals"}]
    assert state.players[1].plans == ["ghost_signals"]


def test_r10_a_value_above_the_table_resolves_effect_4_below_1_row_1() -> None:
    """R10 (AA:685-686: "If your Attack Value is higher than 4 and target you attack has
    no effect matching your Attack Value, resolve effect 4"): a value with a row resolves
    it; above the table's rows, row 4; below 1, row 1."""
    rows = tuple(Row(v, ()) for v in (1, 2, 3, 4))
    four = Table("t", "T", rows)
    assert [four.row(v).value for v in (-2, 0, 1, 4, 5, 9)] == [1, 1, 1, 4, 4, 4]
    crimson = CONTENT.systems["crimson_maw"]
    assert [crimson.row(v).value for v in (5, 6, 7, 12)] == [5, 6, 4, 4]
    game = blank()
    with_system(game, "hollow_reach")  # rows 1 to 5
    put(game, 0, "ship", "kestrel_nine", "operational")  # an Explore ship: bonus 2
    top(game, resource(number=4), resource(number=4, avoid=(resource(number=4),)))
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system")
    while game.pending() and game.pending()[0].kind == "reveal_pick":
        answer(game, game.pending()[0].options[0])
    assert [(r["value"], r["row"]) for r in kinds(game, "attack_resolved")] == [(6, 4)]
    assert len(game.state.players[0].artifacts) == 1  # Hollow Reach's row 4: an artifact


def test_r13_each_ship_attacks_once_a_turn_one_target_system_replaced_once() -> None:
    """R13 (AA:683-687, AA:809-813): an Offensive's ships may stop early (done); a ship
    that attacked is not offered again this turn."""
    game = blank()
    with_system(game, "glass_nebula")
    for ship in ("covenant", "steady_hand"):
        put(game, 0, "ship", ship, "operational")
    system = game.state.system
    top(game, resource(number=1), resource(number=1, avoid=(resource(number=1),)))
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system")
    assert game.pending()[0].options == ["ship:covenant", "ship:steady_hand"]
    answer(game, "ship:covenant")
    assert game.pending()[0].options == ["ship:steady_hand", "done"]
    answer(game, "done")
    assert game.state.players[0].attacked == ["covenant"] and game.state.system != system
    assert len(kinds(game, "system_replaced")) == 1
    run(game, "attack", mode="offensive", ship="", bonus=0, allowed="any", stage="target")
    answer(game, "system")  # steady_hand is the only ship left: forced
    assert game.state.players[0].attacked == ["covenant", "steady_hand"]


def test_ship_skills_envoy_and_raider() -> None:
    """The Player Aid skills (R31): an Envoy gains 1 credit after its attack; a Raider
    adds 1 against a player only."""
    game = blank()
    with_system(game, "glass_nebula")
    put(game, 0, "ship", "covenant", "operational")
    attack(game, "covenant", "system", 1)
    assert game.state.players[0].credits == 1
    game = blank()
    put(game, 0, "ship", "gilded_hook", "operational")
    attack(game, "gilded_hook", "seat:1", 1)
    assert kinds(game, "attack_resolved")[0]["value"] == 2
    game = blank()
    with_system(game, "glass_nebula")
    put(game, 0, "ship", "gilded_hook", "operational")
    attack(game, "gilded_hook", "system", 1)
    assert kinds(game, "attack_resolved")[0]["value"] == 1


def test_r32_a_blocked_operational_technology_scores_at_the_end_for_its_bypass() -> None:
    """R32 (AA:880-882): the owner pays 1 credit a token, or it scores nothing."""
    for choice, credits, technology in (("bypass", 0, 2), ("skip", 1, 0)):
        game = blank()
        player = game.state.players[0]
        player.credits = 1
        for planet in ("calcine", "ferrum", "scoria", "gutenberg"):
            put(game, 0, "planet", planet, "logistics")
        put(game, 0, "technology", "orbital_cartography", "operational").tokens = 1
        run(game, "final")
        prompt = game.pending()[0]
        assert (prompt.kind, prompt.options) == ("bypass", ["skip", "bypass"])
        answer(game, choice)
        assert player.credits == credits and player.end_vp["technology"] == technology


def test_r27_ties_go_to_credits_then_empire_cards_then_are_shared() -> None:
    """R27 (AA:884-889): equal totals; then the Bank; then the Empire; then both win."""
    game = blank()
    state = game.state
    first, second = state.players

    def scored() -> list[int]:
        for player in state.players:
            player.faction = ""
            player.end_vp = end_parts(CONTENT, player, [])
        return winners(state)

    first.vp = second.vp = 1
    second.credits = 1
    assert scored() == [1]
    first.credits = 1
    first.vp = 0
    put(game, 0, "technology", "battle_drills", "logistics")  # 1 VP as an Empire card
    assert scored() == [0]
    second.vp = 0
    put(game, 1, "technology", "colonial_charter", "logistics")
    assert scored() == [0, 1]
    assert [(row["seat"], row["place"]) for row in standings(state)] == [(0, 1), (1, 1)]
    second.credits = 0  # the Bank breaks the tie: the standings the shell shows follow
    assert [(row["seat"], row["place"]) for row in standings(state)] == [(0, 1), (1, 2)]
