"""Soundness: an ability is offered only when the whole of its use can be paid, each cost
counted against what the costs before it leave (R5's bypass first, then each step).

Random games found the fault these tests pin: a blocked ACTION card was offered when its
bypass alone took the player's last credits (it had no `pay` step of its own, so nothing
compared the Bank to zero), and General Capital Dominance's Buy was checked against the
credits before its bypass was paid, leaving a `buy_extra` prompt with no option."""

from __future__ import annotations

import pytest

from core.games.artifacts.game import Game
from core.games.artifacts.invariants import check_state
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    hand,
    put,
    run,
    section_card,
)


def _turn_with(tech: str, tokens: int, credits: int) -> Game:
    game = blank()
    put(game, 0, "technology", tech, "logistics").tokens = tokens
    game.state.players[0].credits = credits
    run(game, "turn", 0)
    return game


def test_r5_a_blocked_action_card_is_offered_only_if_its_bypass_can_be_paid() -> None:
    """Stellar Atlas (ACTION, no credits of its own) with 2 tokens: 1 credit cannot use it,
    2 can, and using it leaves 0, never less."""
    game = _turn_with("stellar_atlas", 2, 1)
    assert "card:stellar_atlas" not in game.pending()[0].options
    game = _turn_with("stellar_atlas", 2, 2)
    answer(game, "card:stellar_atlas")
    assert game.state.players[0].credits == 0


def test_r5_a_bypass_is_counted_before_the_buy_its_card_takes() -> None:
    """General Capital Dominance (ADDITIONALLY: a Buy) with 1 token: 5 credits pay the Buy
    but not the bypass too; 6 pay both, and the Buy then offers no extra card."""
    game = _turn_with("general_capital_dominance", 1, 5)
    assert "more:general_capital_dominance" not in game.pending()[0].options
    game = _turn_with("general_capital_dominance", 1, 6)
    answer(game, "more:general_capital_dominance")
    assert game.pending()[0].options == ["deck:ship:0", "deck:technology:0", "deck:planet:0"]
    answer(game, "deck:ship:0")
    player = game.state.players[0]
    assert player.credits == 0 and len(player.construction) == 1


def test_a_pay_step_is_counted_before_the_ship_its_card_sends() -> None:
    """The Ashen Brood's Skirmish pays 3 credits, then a ship attacks: a ship blocked by 1
    token cannot be its ship with 3 credits (nothing would be left for its bypass)."""
    game = blank()
    player = game.state.players[0]
    player.faction = "ashen_brood"
    put(game, 0, "ship", "hammerfall", "operational").tokens = 1
    player.credits = 3
    run(game, "turn", 0)
    assert "faction" not in game.pending()[0].options
    player.credits = 4
    game.state.stack, game.state.prompts = [], []
    run(game, "turn", 0)
    assert "faction" in game.pending()[0].options


def _abilities() -> list[str]:
    refs = [f"tech:{t.id}" for t in CONTENT.technologies.values()
            if t.logistics.mode in ("action", "additionally")]
    refs += [f"faction:{f}" for f in CONTENT.factions]
    refs += [f"artifact:{a.id}" for a in CONTENT.artifacts.values() if a.ability.mode == "turn"]
    return refs


def _position(ref: str, tokens: int, credits: int) -> Game:
    """A board with something for every ability to act on: a hand of three, a card Under
    Construction in each row, an operational ship and planet (a card produced on it),
    a rival with an Empire card; the ability's card (blocked by ``tokens``) or artifact."""
    game = blank()
    player = game.state.players[0]
    head, card = ref.split(":")
    reds = section_card("red", 2), section_card("green", 2), section_card("blue", 2)
    hand(game, 0, *reds)
    put(game, 0, "ship", "iron_verdict")
    put(game, 0, "technology", "orbital_cartography")
    put(game, 0, "planet", "keth")
    put(game, 0, "ship", "hammerfall", "operational")
    produced = section_card("green", 1, avoid=reds)
    put(game, 0, "planet", "calcine", "operational", under=(f"{produced}:top",))
    put(game, 1, "planet", "aurum", "logistics")
    if head == "tech":
        put(game, 0, "technology", card, "logistics").tokens = tokens
    elif head == "faction":
        player.faction = card
    else:
        game.state.artifacts.remove(card)
        player.artifacts.append(card)
    player.credits = credits
    return game


@pytest.mark.parametrize("ref", _abilities())
def test_every_ability_offered_is_used_without_a_debt_or_an_empty_prompt(ref: str) -> None:
    """The class of fault, over every ACTION, ADDITIONALLY, Faction Action and turn
    artifact of the content: whenever the action prompt offers it (blocked or not, at any
    Bank), using it to its end, every prompt answered with its first option, keeps every
    invariant: no Bank below 0, no prompt without options."""
    option = {"tech": "card", "faction": "faction"}.get(ref.split(":")[0], "artifact")
    for tokens in (0, 1, 2):
        for credits in range(0, 7):
            if ref.split(":")[0] != "tech" and tokens:
                continue
            game = _position(ref, tokens, credits)
            run(game, "turn", 0)
            choice = {"card": f"card:{ref.split(':')[1]}", "faction": "faction",
                      "artifact": ref}[option]
            options = game.pending()[0].options
            more = f"more:{ref.split(':')[1]}"
            if more in options:
                choice = more
            if choice not in options:
                continue
            game.apply(0, choice)
            while game.pending() and not (game.pending()[0].kind in ("after", "discard")
                                          and game.state.turn == 0
                                          and len(game.state.stack) <= 2):
                prompt = game.pending()[0]
                assert prompt.options, (ref, tokens, credits, prompt.kind)
                game.apply(prompt.seat, prompt.options[0])
                assert check_state(game.state, game.content) == [], (ref, tokens, credits)
