"""`fractal simulate` on Fractal: its record's documented shape, the faction picks a
series deals and the modules a record names. (The simulator itself is tested on the test
game in tests/kernel/test_simulate.py.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.bots.random_bot import RandomBot
from core.decisions import Prompt
from core.rng import derive
from core.simulate import SimConfig
from tests.kernel.test_simulate import VP_KEYS
from tui.play.simulate import play_game, simulate

RECORD_KEYS = ["game", "seed", "players", "map", "seats", "winners", "cycles", "decisions",
               "battles", "sieges", "retreats", "seconds", "modules", "first",
               "fracture_entered"]
SEAT_KEYS = ["seat", "bot", "faction", "vp", "total"]


def test_a_game_record_has_the_documented_shape() -> None:
    config = SimConfig(players=2, bots=("random",), games=1, seed=9)
    result = play_game(config, 0)
    record = json.loads(json.dumps(result.record))
    assert list(record) == RECORD_KEYS
    assert record["seed"] == derive(9, 0)
    assert record["players"] == 2 and record["map"] == "extended"
    for s, seat in enumerate(record["seats"]):
        assert list(seat) == SEAT_KEYS
        assert seat["seat"] == s and seat["bot"] == "random"
        assert list(seat["vp"]) == VP_KEYS
        assert seat["total"] == sum(seat["vp"].values())


class FirstChoice(RandomBot):
    """Always the first option: its faction picks are fully predictable."""

    def choose(self, view: dict[str, Any], prompt: Prompt) -> str:
        return prompt.options[0]


def test_random_faction_picks_override_the_bots_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tui.play.table.make_bot", lambda level, seed, model: FirstChoice(seed))
    with pytest.raises(ValueError):
        SimConfig(players=2, bots=("random",), games=1, factions="auction")

    def factions(mode: str) -> list[list[str]]:
        config = SimConfig(players=3, bots=("random",), games=3, seed=8, checks=False,
                           replay_every=0, factions=mode)
        return [[s["faction"] for s in r.record["seats"]] for r in simulate(config)]

    chosen, picked = factions("chosen"), factions("random")
    # FirstChoice takes the offer's first faction; the simulator's uniform picks differ.
    assert picked != chosen
    assert picked == factions("random")  # the simulator's picks are seeded by the game
    assert all(len(set(seats)) == 3 for seats in picked)


def test_games_with_modules_say_so_in_their_record() -> None:
    config = SimConfig(players=2, bots=("random",), games=1, seed=3,
                       modules=("diplomacy", "fracture"))
    result = play_game(config, 0)
    assert not result.problems
    assert result.record["modules"] == ["diplomacy", "fracture"]
    entered = result.record["fracture_entered"]
    assert entered is None or 1 <= entered <= 4


def test_modules_on_the_command_line() -> None:
    from core.games.fractal.modules import NAMES
    from core.rulesets import parse_modules, ruleset

    rules = ruleset("fractal")
    assert parse_modules(rules, "all") == list(NAMES)
    assert parse_modules(rules, "diplomacy, fracture") == ["diplomacy", "fracture"]
    assert parse_modules(rules, "") == []
    with pytest.raises(ValueError, match="Fractal has no module warp"):
        parse_modules(rules, "diplomacy,warp")
