"""The engines' marks (core.game.Game.marks): at every decision of random games of every game
at every player count, the final options each engine marks as it builds the prompt, and
why, are exactly those that playing each option on a copy of the game finds
(core.frames.final_choices, the oracle kept for this). The long run of the same check is
opt-in: ``pytest -m soak tests/contract/test_marks.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.frames import final_choices
from core.game import Game
from core.rulesets import GameSetup, declarations, ruleset

GAMES = [(name, players) for name, d in declarations().items() if d.listed
         for players in d.players]
# The soak: every optional rule of Fractal on, Hegemonic with Leaders (their windows and
# levels), the other games as they come.
SOAK_MODULES = {"fractal": ["wartime_innovation", "elite_training", "diplomacy",
                            "dawn_of_the_galaxy", "fracture"],
                "hegemonic": ["leaders"]}


def check_marks(game: Any, rnd: random.Random, decisions: int) -> int:
    """Play ``decisions`` random decisions, comparing the marks with the oracle at each
    pending prompt; how many options the engine marked without playing on."""
    known = 0
    machine = game.machine
    for _ in range(decisions):
        if game.over:
            break
        for prompt in game.pending():
            marks = game.marks(prompt)
            assert marks == final_choices(game, prompt), (prompt.kind, prompt.options)
            assert list(marks) == [o for o in prompt.options if o in marks]  # its order
            known += len(machine.marks(game.context(), prompt))
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return known


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_engines_marks_are_what_playing_each_option_finds(name: str, players: int) -> None:
    rules = ruleset(name)
    known = 0
    for seed in (1, 2):
        game = rules.new_game(GameSetup(players=players, seed=seed * 10 + players))
        known += check_marks(game, random.Random(seed), 120)
    assert known > 0  # the engine marked options itself, not only by playing on


# The widest prompt of each game's first 400 random decisions (seeds 1 to 8), where
# ``fractal bench`` measures a frame, and the seed that has it.
WIDEST = {"fractal": (7, "advance_step"), "hegemonic": (1, "tile_hex"),
          "atlas": (7, "move"), "artifacts": (1, "buy_deck")}


@pytest.mark.parametrize("name", sorted(WIDEST))
def test_the_widest_prompt_is_marked_without_playing_on(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An Advance's steps, each known from the map; a Pool tile's hexes; a move before the
    Resolution's next decision; a deck looked at."""
    from core.bench import widest

    seed, kind = WIDEST[name]
    game = widest(4, seed, game_name=name)
    prompt = game.pending()[0]
    expected = final_choices(game, prompt)

    def played_on(*_: Any) -> None:
        raise AssertionError("an option was played on a copy")

    monkeypatch.setattr(Game, "_follow", played_on)
    assert prompt.kind == kind and len(prompt.options) > 30
    assert game.marks(prompt) == expected


@pytest.mark.soak
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_soak_the_engines_marks_over_long_games(name: str, players: int) -> None:
    rules = ruleset(name)
    for seed in range(1, 6):
        setup = GameSetup(players=players, seed=1000 + seed,
                          modules=SOAK_MODULES.get(name, []))
        check_marks(rules.new_game(setup), random.Random(seed), 600)
