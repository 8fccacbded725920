"""The prompt and event kinds random games seldom or never reach, worded from real
positions: each position is laid out by hand (``hegemonic_fixtures``) and run through the
engine to the decision, which is then worded from the deciding seat's frame, and every
event of the game so far from every seat's. test_words_games.py checks that every kind
its games missed is here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.events import SPECTATOR
from core.frames import frame
from core.games.hegemonic import power
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.games.hegemonic.words import WORDS
from core.plain import to_plain
from tests.hegemonic.hegemonic_fixtures import (
    advance,
    answer,
    at,
    base,
    blank,
    gate,
    give,
    home,
    prompt,
    run,
    tile,
    unit,
)
from tests.hegemonic.test_leaders import led, use
from tests.hegemonic.test_rules_conflict import agents_against_embassies, attack, declare
from tests.hegemonic.test_technologies import complexes_lose_with_a_gate
from tests.hegemonic.words_fixtures import check_line, check_question, check_spots

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def _fleet_outpost() -> Any:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "ember_court", a)
    tile(game, "bastion_rift", at(game, 0, 2))
    stack = base(game, RED, at(game, 0, 2), "martial", height=3)
    unit(game, RED, "fleet", a)
    unit(game, BLUE, "fleet", a)
    game.state.players[RED].caps = 1
    attack(game, RED, "strike")
    answer(game, "stay", f"target:{a}:{BLUE}")
    assert prompt(game).options == [f"outpost:{stack}", "none"]
    return game


def _stealth() -> Any:
    game, a, _ = agents_against_embassies()
    advance(game, RED, "stealth_field_emitter")
    declare(game, a)
    return game


def _takeover_fill() -> Any:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "rust_garden", a)
    tile(game, "foundry_drift", b)
    for n in range(2):
        base(game, BLUE, a, "industrial", n)
        base(game, RED, b, "industrial", n)
    red = game.state.players[RED]
    red.built[0] = 14  # one Complex left on the track
    red.caps = 4
    give(game, RED, "predictive_algorithms_1")
    attack(game, RED, "consolidate")
    answer(game, f"target:{a}:{BLUE}")
    return game


def _left_empty() -> Any:
    game = _takeover_fill()
    answer(game, "empty")
    return game


def _gate_rescue() -> Any:
    game, a, _, _ = complexes_lose_with_a_gate((-2, 2))
    advance(game, RED, "predictive_algorithms")
    attack(game, RED, "consolidate")
    answer(game, f"target:{a}:{BLUE}", "destroy")
    return game


def _gate_rescued() -> Any:
    game = _gate_rescue()
    answer(game, prompt(game).options[0])
    return game


def _hulls() -> Any:
    game = blank()
    a, b, c = at(game, 0, 1), at(game, 0, 2), at(game, 1, 1)
    tile(game, "bastion_rift", a)
    tile(game, "watchfire", b)
    tile(game, "spear_point", c)
    base(game, BLUE, a, "martial", height=3)
    unit(game, RED, "agent", a)
    tile(game, "sunset_coil", at(game, 3, 0))
    base(game, RED, at(game, 3, 0), "political")
    advance(game, BLUE, "bio_adaptive_hulls")
    advance(game, BLUE, "psionic_ecology")
    game.state.players[BLUE].caps = 1
    game.state.players[RED].caps = 3
    attack(game, RED, "sabotage")
    answer(game, "stay", f"target:{a}:{BLUE}", "faction:orange")
    return game


def _hull_escaped() -> Any:
    game = _hulls()
    answer(game, prompt(game).options[0])
    return game


def _psionic() -> Any:
    game, a, _ = agents_against_embassies()
    advance(game, BLUE, "psionic_ecology")
    declare(game, a)
    return game


def _leader() -> Any:
    game, a, _ = agents_against_embassies(modules=("leaders",))
    red = game.state.players[RED]
    red.leader, red.level = "warlord", 2
    declare(game, a)
    return game


def _relocate_to() -> Any:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "ochre_vale", a)
    tile(game, "violet_maw", at(game, -3, 3))
    tile(game, "sunset_coil", at(game, 3, 0))
    embassy = base(game, RED, a, "political")
    game.state.players[RED].caps = 3
    advance(game, RED, "transcendency_routine")
    run(game, "build", RED, builds=["embassy"], count=0)
    answer(game, f"transcend:{embassy}")
    return game


def _relocated() -> Any:
    game = _relocate_to()
    answer(game, prompt(game).options[0])
    return game


def _support() -> Any:
    game, a, _ = agents_against_embassies()
    tile(game, "ochre_vale", at(game, 2, 1))
    base(game, YELLOW, at(game, 2, 1), "political")
    declare(game, a)
    return game


def _support_revealed() -> Any:
    game = _support()
    game.apply(YELLOW, "support:attacker")
    return game


def _arbiter_tie() -> Any:
    game = blank()
    for seat in (RED, BLUE, YELLOW):
        game.state.players[seat].caps = 3
    run(game, "arbitration", -1, stage="arbiter")
    return game


def _rebuild() -> Any:
    game, a, _ = agents_against_embassies()
    tile(game, "hollow", at(game, -2, 3))
    home(game, RED, at(game, -3, 3))
    advance(game, RED, "subliminal_telepathy")
    give(game, BLUE, "nano_fabricants_1")  # Blue wins: Red's Agent is destroyed
    declare(game, a)
    return game


def _gate_destroy() -> Any:
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
    return game


def _leader_advance() -> Any:
    game = led("inventor", 3)
    give(game, RED, "polymorphic_matter_1", "brane_manipulation_1")
    use(game, 3)
    return game


def _leader_unit() -> Any:
    game = led("navigator", 3)
    start, far = at(game, -3, 3), at(game, 3, -3)
    tile(game, "hollow", start)
    tile(game, "quiet_dark", far)
    unit(game, RED, "fleet", start)
    unit(game, RED, "fleet", start)
    use(game, 3)
    return game


def _gate_pair() -> Any:
    game = led("gatewright", 1)
    a, b = at(game, -2, 3), at(game, -1, 3)
    tile(game, "cinder_belt", a)
    tile(game, "ore_veil", b)
    base(game, RED, a, "industrial")
    game.state.players[RED].gates = [[a, b], [a, b], [a, b]]
    use(game, 1)
    return game


def _tech_turned() -> Any:
    game, a, _ = agents_against_embassies(modules=("learning",))
    declare(game, a)
    return game


def _first_arbiter() -> Any:
    return Game.new(Options(players=3, seed=4))


# The prompt kinds random games seldom reach, each with the position that asks it.
DIRECT_PROMPTS: dict[str, Callable[[], Any]] = {
    "fleet_outpost": _fleet_outpost, "stealth": _stealth, "takeover_fill": _takeover_fill,
    "gate_rescue": _gate_rescue, "hulls": _hulls, "leader": _leader,
    "relocate_to": _relocate_to, "support": _support, "arbiter_tie": _arbiter_tie,
    "rebuild": _rebuild, "gate_destroy": _gate_destroy, "leader_advance": _leader_advance,
    "leader_unit": _leader_unit, "gate_pair": _gate_pair,
}
# The event kinds random games seldom reach, each with a position whose history has it.
DIRECT_EVENTS: dict[str, Callable[[], Any]] = {
    "first_arbiter": _first_arbiter, "tech_turned": _tech_turned, "relocated": _relocated,
    "gate_rescued": _gate_rescued, "psionic_ecology": _psionic,
    "hull_escaped": _hull_escaped, "left_empty": _left_empty,
    "support_revealed": _support_revealed, "support_chosen": _support_revealed,
}


@pytest.mark.parametrize("kind", sorted(DIRECT_PROMPTS))
def test_a_seldom_prompt_is_worded(kind: str) -> None:
    game = DIRECT_PROMPTS[kind]()
    asked_prompt = next(p for p in game.pending() if p.kind == kind)
    current = frame(game, asked_prompt.seat)
    view, plain = current["view"], current["prompt"]
    asked = WORDS.question(view, plain)
    assert check_question(asked, plain, kind) == []
    assert check_spots(asked, view, kind) == []
    other = frame(game, (asked_prompt.seat + 1) % len(game.state.players))["view"]
    for choice in plain["options"]:
        assert check_line(WORDS.decision_line(other, plain, choice), None, kind) == []
    assert WORDS.waiting(other, asked_prompt.seat, kind).startswith(
        WORDS.seat_name(other, asked_prompt.seat))


@pytest.mark.parametrize("kind", sorted(DIRECT_EVENTS))
def test_a_seldom_event_is_worded(kind: str) -> None:
    game = DIRECT_EVENTS[kind]()
    found = 0
    for seat in (*range(len(game.state.players)), SPECTATOR):
        current = frame(game, seat)
        for record in game.events_for(seat):
            line = WORDS.event(current["view"], record)
            assert check_line(line, record["kind"], record["kind"]) == []
            found += record["kind"] == kind
    assert found


def _question(game: Any) -> Any:
    current = frame(game, prompt(game).seat)
    return WORDS.question(current["view"], current["prompt"])


def test_the_words_say_what_a_seldom_decision_costs_and_gives() -> None:
    asked = _question(_leader())
    assert asked.text == "Use your Leader before the outcome (4 against 3)"
    assert [o.label for o in asked.options] == ["The Warlord, level 1", "The Warlord, level 2",
                                                "Pass"]
    assert asked.options[1].text.startswith("Add 4 to your Conflict Power")
    asked = _question(_hulls())
    assert asked.options[0].text.endswith("for 1 CAP.")
    game = _takeover_fill()
    asked = _question(game)
    assert "Rust Garden" in asked.text and asked.options[-1].label == "Leave it empty"
    asked = _question(_fleet_outpost())
    assert asked.options[0].label.startswith("Stack M3 in Bastion Rift")


def test_a_faction_option_says_the_power_it_lends() -> None:
    game, a, _ = agents_against_embassies()
    tile(game, "ochre_vale", at(game, 2, 1))
    base(game, RED, at(game, 2, 1), "political")  # a second Orange Embassy
    attack(game, RED, "infiltrate")
    answer(game, "agent:0", "stay", f"target:{a}:{BLUE}")
    asked = _question(game)
    lent = power.faction_power(game.state, RED, "orange")
    assert lent == 5 and asked.options[0].label == f"Orange faction: +{lent}"


def test_a_tie_of_two_cards_at_one_order_names_the_order_and_both_cards() -> None:
    """H:584-604's example: Industrialize and Politicize tie at order 2 (the question once
    named only the first tied player's card: "tied on Industrialize")."""
    game = blank(players=5)
    run(game, "action_phase", -1, stage="cards")
    for seat, card in enumerate(("industrialize", "assault", "politicize", "industrialize",
                                 "discover")):
        game.apply(seat, f"card:{card}")
    asked = prompt(game)
    text = WORDS.question(game.view(asked.seat), to_plain(asked)).text
    assert text == ("Choose who acts first among the players tied at order 2 "
                    "(Industrialize and Politicize)")
