"""Words for the prompt and event kinds that random games seldom or never reach, each
worded directly from a real position: ``DIRECT_PROMPTS`` and ``DIRECT_EVENTS`` list them,
and tests/fractal/test_words_games.py checks that every kind its games missed is listed here."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from core.frames import frame
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import WORDS, questions
from core.words import FINAL
from tests.fractal.words_fixtures import check_line, check_question

Prompt = dict[str, Any]
Record = dict[str, Any]
ME, OTHER = 0, 1


@pytest.fixture(scope="module")
def game() -> Game:
    """A 3-player game played at random into the action phase of cycle 2."""
    game = Game.new(Options(players=3, map="extended", seed=21))
    pick = random.Random(21)
    while not (game.state.cycle == 2 and game.state.phase == "action"):
        prompt = game.pending()[0]
        game.apply(prompt.seat, pick.choice(prompt.options))
    return game


def _colony(view: dict[str, Any], seat: int) -> tuple[int, int, str]:
    """A sector where ``seat`` has a colony, the colony's space and its track."""
    for sector in view["sectors"]:
        for i, space in enumerate(sector["spaces"]):
            if space["owner"] == seat:
                return sector["id"], i, space["track"]
    raise AssertionError(f"seat {seat} has no colony")


def _units_of(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [u for u in view["units"] if u["owner"] == seat and u["where"] >= 0]


def _remove_unit(view: dict[str, Any]) -> Prompt:
    ids = [u["id"] for u in _units_of(view, ME)][:2]
    return {"seat": ME, "kind": "remove_unit", "options": [f"unit:{i}" for i in ids],
            "context": {"unit": "infantry", "left": 1}}


def _tactic_cost(view: dict[str, Any]) -> Prompt:
    mine = _units_of(view, ME)[:2]
    return {"seat": ME, "kind": "tactic_cost", "options": [f"unit:{u['id']}" for u in mine],
            "context": {"sector": mine[0]["where"], "tactic": "red:ramming_run",
                        "unit": "lightship", "left": 1}}


def _blood_pool(view: dict[str, Any]) -> Prompt:
    return {"seat": ME, "kind": "blood_pool", "options": ["kind:infantry", "kind:mech", "done"],
            "context": {"left": 2}}


def _skirmish_loss(view: dict[str, Any]) -> Prompt:
    mine = _units_of(view, ME)[:2]
    return {"seat": ME, "kind": "skirmish_loss", "options": [f"unit:{u['id']}" for u in mine],
            "context": {"sector": mine[0]["where"], "left": 2}}


def _upgrade_order(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, OTHER)[0]
    return {"seat": ME, "kind": "upgrade_order", "options": ["upgrade:before", "upgrade:after"],
            "context": {"sector": sector, "tactic": "red:siege_walkers"}}


def _damage_sector(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, OTHER)[0]
    return {"seat": ME, "kind": "damage_sector", "options": [f"sector:{sector}"],
            "context": {"kind": "direct"}}


def _siege(view: dict[str, Any]) -> Prompt:
    sector, index, _ = _colony(view, OTHER)
    return {"seat": ME, "kind": "siege", "options": [f"raze:{index}", f"invade:{index}", "done"],
            "context": {"sector": sector}}


def _target_player(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, OTHER)[0]
    return {"seat": ME, "kind": "target_player", "options": ["seat:1", "seat:2"],
            "context": {"sector": sector, "tactic": "red:combined_arms"}}


def _simultaneous_order(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, OTHER)[0]
    return {"seat": ME, "kind": "simultaneous_order", "options": ["seat:1", "seat:2"],
            "context": {"sector": sector, "first": []}}


def _composition(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, OTHER)[0]
    return {"seat": ME, "kind": "composition", "options": ["composition:0", "composition:1"],
            "context": {"sector": sector, "tactic": "red:ground_assault"}}


def _battle_medal(view: dict[str, Any]) -> Prompt:
    sectors = [_colony(view, OTHER)[0], _colony(view, ME)[0]]
    return {"seat": ME, "kind": "battle_medal", "options": [f"sector:{s}" for s in sectors],
            "context": {"left": 1}}


def _cost_technology(view: dict[str, Any]) -> Prompt:
    sector = _colony(view, ME)[0]
    return {"seat": ME, "kind": "cost_technology",
            "options": ["technology:envoy_school", "technology:warp_lanes"],
            "context": {"sector": sector, "event": "warding_pylons", "tech": "civil", "left": 1}}


def _cost_unit(view: dict[str, Any]) -> Prompt:
    units = [u for u in _units_of(view, ME) if u["kind"] == "infantry"]
    return {"seat": ME, "kind": "cost_unit", "options": [f"unit:{u['id']}" for u in units],
            "context": {"kind": "infantry", "event": "warding_pylons", "left": 1}}


def _elite_pick(view: dict[str, Any]) -> Prompt:
    return {"seat": ME, "kind": "elite_pick",
            "options": ["tactic:red:shield_wall", "tactic:red:retreat"], "context": {}}


def _elite_training(view: dict[str, Any]) -> Prompt:
    return {"seat": ME, "kind": "elite_training", "options": ["train", "decline"],
            "context": {"medals": 2}}


DIRECT_PROMPTS: dict[str, Callable[[dict[str, Any]], Prompt]] = {
    "remove_unit": _remove_unit, "upgrade_order": _upgrade_order,
    "damage_sector": _damage_sector, "siege": _siege, "target_player": _target_player,
    "simultaneous_order": _simultaneous_order, "composition": _composition,
    "battle_medal": _battle_medal, "cost_technology": _cost_technology,
    "cost_unit": _cost_unit, "elite_pick": _elite_pick, "elite_training": _elite_training,
    "tactic_cost": _tactic_cost, "skirmish_loss": _skirmish_loss, "blood_pool": _blood_pool,
}


@pytest.mark.parametrize("kind", sorted(DIRECT_PROMPTS))
def test_rare_prompts_have_words(game: Game, kind: str) -> None:
    view = game.view(ME)
    prompt = DIRECT_PROMPTS[kind](view)
    asked = WORDS.question(view, prompt)
    assert check_question(asked, prompt, kind) == []
    for choice in prompt["options"]:  # and as another seat's decision, in a log
        line = WORDS.decision_line(game.view(OTHER), prompt, choice)
        assert check_line(line, None, kind) == [] and line.text.startswith("Red")


def test_siege_words_name_the_colony_and_its_owner(game: Game) -> None:
    view = game.view(ME)
    prompt = _siege(view)
    _, _, track = _colony(view, OTHER)
    raze, invade, done = WORDS.question(view, prompt).options
    assert raze.label == f"Raze Blue's {track}"
    assert f"{track} colony" in invade.text and "1 military VP" in invade.text
    assert done.label == "End the siege"
    assert raze.spot == prompt["context"]["sector"]


def test_composition_words_count_the_units(game: Game) -> None:
    first, second = WORDS.question(game.view(ME), _composition(game.view(ME))).options
    assert first.label == "3 infantry" and "1 indirect and 3 retreat damage" in first.text
    assert second.label == "1 infantry"


# --- events --------------------------------------------------------------------------------


def _events(view: dict[str, Any]) -> dict[str, list[Record]]:
    sector, _, track = _colony(view, OTHER)
    return {
        "blockade_medal": [{"kind": "blockade_medal", "seat": -1, "sector": sector,
                            "placed": True},
                           {"kind": "blockade_medal", "seat": -1, "sector": sector,
                            "placed": False}],
        "colony_invaded": [{"kind": "colony_invaded", "seat": ME, "sector": sector,
                            "track": track, "defender": OTHER}],
        "colony_razed": [{"kind": "colony_razed", "seat": 2, "sector": sector,
                          "track": track, "defender": OTHER}],
        "deck_reshuffled": [{"kind": "deck_reshuffled", "seat": -1, "deck": "artifact",
                             "cards": 14}],
        "watcher_skipped": [{"kind": "watcher_skipped", "seat": OTHER}],
        "missing_in_action": [{"kind": "missing_in_action", "seat": OTHER, "sector": sector}],
        "tactics_discarded": [{"kind": "tactics_discarded", "seat": ME, "sector": sector,
                               "tactics": ["red:retreat", "red:shield_wall+elite"],
                               "returned": ["red:shield_wall+elite"]}],
        "insight": [{"kind": "insight", "seat": ME, "target": "deck:action",
                     "seen": ["grand_oration", "land_grant"]},
                    {"kind": "insight", "seat": OTHER, "target": "objective"}],
        "tactic_chosen": [{"kind": "tactic_chosen", "seat": OTHER, "sector": sector}],
        "unit_banished": [{"kind": "unit_banished", "seat": ME, "unit": "mech",
                           "sector": sector, "by": OTHER}],
        "game_over": [{"kind": "game_over", "seat": -1, "winners": [ME, OTHER]}],
        "damage_blocked": [{"kind": "damage_blocked", "seat": OTHER, "sector": sector,
                            "damage": "indirect"}],
        "technology_banished": [{"kind": "technology_banished", "seat": -1,
                                 "technology": "phase_weapon"}],
        "mastery_elite": [{"kind": "mastery_elite", "seat": OTHER}],
        "elite_drawn": [{"kind": "elite_drawn", "seat": ME, "medals": 2, "count": 2,
                         "cards": ["red:shield_wall", "red:retreat"]},
                        {"kind": "elite_drawn", "seat": OTHER, "medals": 2, "count": 2}],
        "skirmish": [{"kind": "skirmish", "seat": OTHER, "sector": sector, "lost": 1,
                      "destroyed": 2}],
        "fracture_claimed": [{"kind": "fracture_claimed", "seat": ME, "sector": sector},
                             {"kind": "fracture_claimed", "seat": OTHER, "sector": sector}],
        "fracture_roll": [{"kind": "fracture_roll", "seat": ME, "roll": 10},
                          {"kind": "fracture_roll", "seat": OTHER, "roll": 4}],
        "agreement_broken": [{"kind": "agreement_broken", "seat": ME, "owner": OTHER,
                              "sector": sector, "influence": 2}],
        "elite_training_answered": [
            {"kind": "elite_training_answered", "seat": -1, "trainers": [ME, OTHER]},
            {"kind": "elite_training_answered", "seat": -1, "trainers": []}],
    }


DIRECT_EVENTS = frozenset({
    "blockade_medal", "colony_invaded", "colony_razed", "deck_reshuffled", "watcher_skipped",
    "missing_in_action", "tactics_discarded", "insight", "tactic_chosen", "unit_banished",
    "game_over", "damage_blocked", "technology_banished", "mastery_elite", "elite_drawn",
    "skirmish", "fracture_claimed", "agreement_broken", "elite_training_answered",
    "fracture_roll"})


def test_every_listed_event_is_worded_here(game: Game) -> None:
    assert set(_events(game.view(ME))) == DIRECT_EVENTS


EXPECTED = {
    "fracture_roll": ["You roll 10 for the Fracture: the Fracture opens.",
                      "Blue ({blue}) rolls 4 for the Fracture: the Fracture stays closed."],
    "agreement_broken": ["You enter Blue ({blue})'s colony sector {sector}: the agreement "
                         "ends, 2 influence lost and the token returned."],
    "elite_training_answered": ["Elite training: you and Blue ({blue}) train.",
                                "Elite training: nobody trains."],
    "blockade_medal": ["{sector} is blockaded.", "The blockade of {sector} is lifted."],
    "colony_invaded": ["You invade Blue ({blue})'s {track} colony in {sector}."],
    "colony_razed": ["Green ({green}) razes Blue ({blue})'s {track} colony in {sector}."],
    "deck_reshuffled": ["The discard pile is shuffled into a new artifact deck of 14 cards."],
    "watcher_skipped": ["Blue ({blue}) has no free order to take as the watcher."],
    "insight": ["You look at the top of the action deck: Grand Oration and Land Grant.",
                "Blue ({blue}) looks at the face-down Age 2 objective."],
    "tactic_chosen": ["Blue ({blue}) chooses a tactic card in {sector}."],
    "tactics_discarded": ["Hostile conditions in {sector}: you discard Retreat and Shield Wall "
                          "(elite) (Shield Wall (elite) goes back to hand)."],
    "game_over": ["The game is over: you and Blue ({blue}) share the victory."],
    "skirmish": ["Neutral units fight Blue ({blue}) in {sector}: 1 unit lost, 2 neutral units "
                 "destroyed."],
    "fracture_claimed": ["You control {sector} first and draw an artifact.",
                         "Blue ({blue}) controls {sector} first and draws an artifact."],
    "elite_drawn": ["You spend 2 medals and draw 2 elite tactics: Shield Wall and Retreat.",
                    "Blue ({blue}) spends 2 medals and draws 2 elite tactics."],
}


@pytest.mark.parametrize("kind", sorted(DIRECT_EVENTS))
def test_rare_events_have_sentences(game: Game, kind: str) -> None:
    view = game.view(ME)
    names = {"sector": WORDS.spot_name(view, _colony(view, OTHER)[0]),
             "track": _colony(view, OTHER)[2],
             "blue": WORDS.seat_name(view, OTHER).split("(")[1][:-1],
             "green": WORDS.seat_name(view, 2).split("(")[1][:-1]}
    lines = [WORDS.event(view, record) for record in _events(view)[kind]]
    for line in lines:
        assert check_line(line, kind, kind) == []
    if kind in EXPECTED:
        assert [line.text for line in lines] == [t.format(**names) for t in EXPECTED[kind]]


def test_a_line_says_whom_it_concerns(game: Game) -> None:
    view = game.view(ME)
    invaded = WORDS.event(view, _events(view)["colony_invaded"][0])
    assert invaded.seats == (ME, OTHER) and invaded.mine and invaded.category == "battle"
    razed = WORDS.event(game.view(2), _events(view)["colony_razed"][0])
    assert razed.mine and razed.spot == _colony(view, OTHER)[0]
    skipped = WORDS.event(view, _events(view)["watcher_skipped"][0])
    assert skipped.seats == (OTHER,) and not skipped.mine


def test_a_line_is_marked_with_the_seat_it_is_about(game: Game) -> None:
    """A log marks a line with its first seat: another's card striking the reader is
    theirs, not the reader's (issue 29: "Blue's Shield Wall strikes against you")."""
    view = game.view(ME)
    colour = view["players"][OTHER]["colour"]
    struck = WORDS.event(view, {"kind": "tactic_resolved", "seat": OTHER,
                                "sector": _colony(view, OTHER)[0],
                                "tactic": f"{colour}:shield_wall", "composition": 2,
                                "target": ME, "block": 2})
    assert struck.text.startswith(f"{WORDS.seat_name(view, OTHER)}'s Shield Wall strikes "
                                  f"against you")
    assert struck.seats == (OTHER, ME) and struck.mine
    razed = WORDS.event(view, _events(view)["colony_razed"][0])
    assert razed.seats == (2, OTHER)  # the razer, then the defender
    revealed = WORDS.event(view, {"kind": "tactics_revealed", "seat": -1, "sector": 0,
                                  "turn": 1, "tactics": {"2": "green:retreat",
                                                         "0": "red:retreat"},
                                  "initiatives": {"2": 2, "0": 2}})
    assert revealed.seats == (0, 2)  # about nobody in particular: in seat order


def test_another_seats_secret_choice_is_only_named(game: Game) -> None:
    view = game.view(ME)
    sector = _colony(view, OTHER)[0]
    prompt = {"seat": OTHER, "kind": "tactic", "options": ["tactic:blue:retreat"],
              "context": {"sector": sector}}
    line = WORDS.decision_line(view, prompt, "tactic:blue:retreat")
    assert "Retreat" not in line.text and line.text.endswith("chooses a tactic card.")
    back = {"seat": OTHER, "kind": "insight_return", "options": ["top:0", "bottom:0"]}
    assert WORDS.decision_line(view, back, "top:0").text.endswith("puts a card back.")


def test_unknown_kinds_get_stand_ins_not_errors(game: Game) -> None:
    view = game.view(ME)
    asked = WORDS.question(view, {"seat": ME, "kind": "brand_new", "options": ["done"]})
    assert asked.text == "Make your choice" and asked.options[0].label == "An option"
    assert not questions.covers("brand_new", "done")
    line = WORDS.event(view, {"kind": "brand_new", "seat": ME})
    assert line.text == "Something happened that has no words yet."


def test_choices_that_cannot_be_taken_back_say_so() -> None:
    game = Game.new(Options(players=2, map="compact", seed=6))
    pick = random.Random(6)
    while True:  # on to a decision where some option reveals something
        prompt = game.pending()[0]
        current = frame(game, prompt.seat, len(game.history))
        if current["prompt"]["final"] and len(current["prompt"]["final"]) < len(prompt.options):
            break
        game.apply(prompt.seat, pick.choice(prompt.options))
    asked = WORDS.question(current["view"], current["prompt"])
    for option in asked.options:
        final = option.choice in current["prompt"]["final"]
        assert option.text.endswith("undo never takes that back.") == final
        assert FINAL not in option.text  # the words say why: a reason, not the catch-all
