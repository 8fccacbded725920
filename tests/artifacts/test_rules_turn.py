"""Alien Artifacts' turn and the game's end (AA:396-445, AA:766-775, AA:834-868): one action,
the after-action window, the draw step, the round marker and the end trigger (R2, R3, R11,
R23, R24, R25)."""

from __future__ import annotations

from core.games.artifacts import rules
from core.games.artifacts.cards import draw_resources
from core.games.artifacts.game import Game
from core.games.artifacts.state import Card
from tests.artifacts.artifacts_fixtures import answer, blank, hand, kinds, put, run, section_card

PASS = {"action": "trade", "pay_colour": "gold", "pay": "done", "after": "done",
        "discard": "done"}


def pass_turn(game: Game) -> None:
    """The current seat trades nothing (how a player passes) and keeps its hand."""
    seat = game.state.turn
    while game.state.turn == seat and not game.over:
        answer(game, PASS[game.pending()[0].kind])


def draw(game: Game, seat: int, n: int) -> list[str]:
    ctx = rules.MACHINE.context(game.state, game.content, game.history)
    return draw_resources(ctx, seat, n)


def test_r2_each_reshuffle_moves_the_marker_one_space_right() -> None:
    """R2 (AA:429-430, AA:844-846): the empty deck is reshuffled from the discard pile at
    the next draw, and the marker moves toward 1."""
    game = blank(3)
    state = game.state
    state.marker = 3
    state.discard, state.deck = state.deck[1:], state.deck[:1]
    draw(game, 0, 1)
    assert (state.marker, state.passes, state.ending) == (3, 1, False)
    draw(game, 0, 1)
    assert (state.marker, state.passes, len(state.discard)) == (2, 2, 0)
    assert kinds(game, "reshuffled")[0]["marker"] == 2


def test_r3_the_end_is_triggered_by_the_last_card_drawn_on_marker_1() -> None:
    """R3 (AA:855-861): the deck emptied on space 1 triggers the end at once; the marker
    never goes below 1."""
    game = blank()
    state = game.state
    state.marker = 1
    state.discard, state.deck = state.deck[2:], state.deck[:2]
    draw(game, 0, 1)
    assert not state.ending
    draw(game, 0, 1)
    assert state.ending and len(kinds(game, "end_triggered")) == 1
    draw(game, 0, 1)
    assert state.marker == 1 and len(kinds(game, "end_triggered")) == 1


def test_r3_an_empty_deck_and_discard_pile_draw_nothing() -> None:
    """R3: with no card left anywhere to draw, a draw draws nothing."""
    game = blank()
    state = game.state
    state.players[1].hand, state.deck = state.deck, []
    assert draw(game, 0, 2) == [] and state.players[0].hand == []


def test_r3_after_the_trigger_everyone_has_had_as_many_turns() -> None:
    """R3 (AA:864-868): the end triggered in the first player's draw step: the turn is
    played out, the other seats play, then the final scoring, nobody playing twice."""
    game = blank(3)
    state = game.state
    state.marker = 1
    state.discard, state.deck = state.deck[3:], state.deck[:3]
    run(game, "turn", 0)
    pass_turn(game)
    assert state.ending and state.turn == 1
    pass_turn(game)
    pass_turn(game)
    assert game.over
    assert [e["turns"] for e in kinds(game, "turn")] == [1, 2, 3]
    assert [e.seat for e in game.history if e.kind == "turn"] == [0, 1, 2]


def test_r3_the_end_triggered_by_the_last_seat_ends_after_its_turn() -> None:
    """R3: triggered in the turn of the seat before the first player, nobody plays more."""
    game = blank(2)
    state = game.state
    state.marker, state.ending = 1, True
    run(game, "turn", 1)
    pass_turn(game)
    assert game.over and [e.seat for e in game.history if e.kind == "turn"] == [1]


def test_r23_the_draw_step_refills_to_3_and_a_bigger_hand_stays() -> None:
    """R23 (AA:420-426, AA:834-842): the hand is refilled to 3 after the free discards; a
    hand above 3 is kept whole and draws nothing; Logistics Network fills to 4."""
    game = blank()
    player = game.state.players[0]
    hand(game, 0, *game.state.deck[:4])
    run(game, "turn", 0)
    pass_turn(game)
    assert len(player.hand) == 4
    game = blank()
    player = game.state.players[0]
    hand(game, 0, game.state.deck[0])
    run(game, "turn", 0)
    pass_turn(game)
    assert len(player.hand) == 3
    game = blank()
    put(game, 0, "technology", "logistics_network", "logistics")
    run(game, "turn", 0)
    pass_turn(game)
    assert len(game.state.players[0].hand) == 4


def test_r23_the_draw_step_discards_are_free_and_optional() -> None:
    """AA:836-840: any number of hand cards discarded before the refill."""
    game = blank()
    cards = game.state.deck[-3:]
    hand(game, 0, *cards)
    run(game, "turn", 0)
    while game.pending()[0].kind != "discard":
        answer(game, PASS[game.pending()[0].kind])
    answer(game, f"resource:{cards[0]}", "done")
    assert game.state.discard == [cards[0]] and len(game.state.players[0].hand) == 3


def test_r24_turn_artifacts_at_the_action_and_after_prompts() -> None:
    """R24 (AA:766-775): a turn artifact is played before or after the action, is not the
    action, and goes to the artifact discard pile."""
    game = blank()
    state = game.state
    player = state.players[0]
    for artifact in ("ancient_hoard", "crown_of_the_first", "phase_cannon"):
        state.artifacts.remove(artifact)
        player.artifacts.append(artifact)
    run(game, "turn", 0)
    options = game.pending()[0].options
    assert "artifact:ancient_hoard" in options and "artifact:phase_cannon" not in options
    answer(game, "artifact:ancient_hoard")
    assert player.credits == 5 and game.pending()[0].kind == "action"
    answer(game, "trade", "gold")  # an empty hand trades nothing
    assert game.pending()[0].options == ["done", "artifact:crown_of_the_first"]
    answer(game, "artifact:crown_of_the_first")
    assert player.vp == 3 and state.artifact_pile == ["ancient_hoard", "crown_of_the_first"]


def test_r24_turn_artifacts_at_the_draw_step_and_between_the_ships_of_an_offensive() -> None:
    """R24 (AA:772-774, "at any point during your turn"): Ancient Hoard (5 credits) at the
    draw step's discards, and between two ships of an Offensive; the decision is asked
    again after it. Not inside a payment, nor at another seat's decision."""
    game = blank()
    player = game.state.players[0]
    game.state.artifacts.remove("ancient_hoard")
    player.artifacts.append("ancient_hoard")
    hand(game, 0, card := game.state.deck[-1])
    run(game, "turn", 0, stage="draw")
    assert game.pending()[0].options == ["done", f"resource:{card}", "artifact:ancient_hoard"]
    answer(game, "artifact:ancient_hoard")
    assert player.credits == 5 and game.pending()[0].kind == "discard"
    game = blank()
    player = game.state.players[0]
    game.state.artifacts.remove("ancient_hoard")
    player.artifacts.append("ancient_hoard")
    put(game, 0, "ship", "covenant", "operational")
    put(game, 0, "ship", "steady_hand", "operational")
    reds = [section_card("red", 3)]
    reds.append(section_card("red", 2, avoid=tuple(reds)))
    hand(game, 0, *reds)
    run(game, "turn", 0)
    answer(game, "offensive")
    pay = game.pending()[0]
    assert pay.kind == "pay" and not any(o.startswith("artifact:") for o in pay.options)
    while game.pending()[0].kind == "pay":
        answer(game, game.pending()[0].options[0])
    answer(game, "seat:1")  # the defender has only the Basic tile
    assert game.pending()[0].options == ["ship:covenant", "ship:steady_hand",
                                         "artifact:ancient_hoard"]
    answer(game, "ship:covenant")
    assert "artifact:ancient_hoard" in game.pending()[0].options  # between the two ships
    answer(game, "artifact:ancient_hoard")
    assert player.credits == 1 + 5 and game.pending()[0].kind == "ship_order"  # an Envoy's 1


def test_r24_attack_artifacts_after_a_reveal() -> None:
    """R24: an attack artifact is offered after the reveal, before the result, and adds to
    that attack's value."""
    game = blank()
    state = game.state
    state.artifacts.remove("phase_cannon")
    state.players[0].artifacts.append("phase_cannon")
    run(game, "attack", mode="none", ship="", bonus=0, allowed="system", stage="target")
    prompt = game.pending()[0]
    assert (prompt.kind, prompt.options) == ("boost", ["artifact:phase_cannon", "go"])
    number = game.content.resources[kinds(game, "revealed")[0]["card"]].number
    answer(game, "artifact:phase_cannon")
    assert kinds(game, "attack_resolved")[0]["value"] == number + 3


def test_r25_additionally_once_a_turn_before_or_after_the_action() -> None:
    """R25 (AA:504-506, AA:1001-1002): Intersystem Investment Bank, 3 credits for 1 VP,
    once a turn; offered again next turn."""
    game = blank()
    player = game.state.players[0]
    player.credits = 9
    put(game, 0, "technology", "intersystem_investment_bank", "logistics")
    run(game, "turn", 0)
    assert "more:intersystem_investment_bank" in game.pending()[0].options
    answer(game, "more:intersystem_investment_bank")
    assert (player.credits, player.vp) == (6, 1)
    assert "more:intersystem_investment_bank" not in game.pending()[0].options
    answer(game, "trade", "gold")  # the after prompt is only "done": the turn ends
    assert game.state.turn == 1
    game.state.stack, game.state.prompts = [], []
    run(game, "turn", 0)
    assert "more:intersystem_investment_bank" in game.pending()[0].options


def test_r25_additionally_after_the_action_when_unused_before() -> None:
    """R25: the same card, unused before the action, is offered after it."""
    game = blank()
    player = game.state.players[0]
    player.credits = 3
    put(game, 0, "technology", "intersystem_investment_bank", "logistics")
    run(game, "turn", 0)
    answer(game, "trade", "gold")
    assert game.pending()[0].options == ["more:intersystem_investment_bank", "done"]


def test_r11_the_faction_action_is_offered_when_it_can_be_paid() -> None:
    """R11 (AA:443-444): Star Union's Call to Arms costs 5 credits."""
    game = blank()
    player = game.state.players[0]
    player.faction, player.credits = "star_union", 4
    run(game, "turn", 0)
    assert "faction" not in game.pending()[0].options
    game.state.stack, game.state.prompts = [], []
    player.credits = 5
    run(game, "turn", 0)
    assert game.pending()[0].options == ["buy", "trade", "faction"]
    answer(game, "faction")
    assert player.credits == 0 and game.pending()[0].kind == "take_keep"


def test_an_action_is_offered_only_when_it_can_happen() -> None:
    """AA:442-445 and the prompt table: with nothing to build, pay or remove, Trade (the
    pass) and nothing else."""
    game = blank()
    run(game, "turn", 0)
    assert game.pending()[0].kind == "pay_colour"  # the lone "trade" was answered at once
    game = blank()
    red = section_card("red", 3)
    hand(game, 0, red, section_card("red", 2, avoid=(red,)))
    game.state.players[0].construction.append(Card("wayfarer", "ship"))
    game.state.ships.remove("wayfarer")
    run(game, "turn", 0)
    assert game.pending()[0].options == ["build", "prepare", "trade"]
