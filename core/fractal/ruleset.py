"""Fractal as the shell sees it: what a new game offers, and where its engine, bots and
words live (core/rulesets.py)."""

from __future__ import annotations

from typing import Any

from core.bots.base import Bot
from core.fractal.atlas import NAMES as MAPS
from core.fractal.game import Game
from core.fractal.state import Options
from core.rulesets import GameSetup, Module, Setting


class FractalRuleset:
    name = "fractal"
    title = "Fractal"
    players = (2, 3, 4)
    settings = (Setting("map", "Map", MAPS, "extended"),
                Setting("factions", "Factions", ("chosen", "random"), "chosen"))
    modules = (
        Module("wartime_innovation", "Wartime innovation"),
        Module("elite_training", "Elite training"),
        Module("diplomacy", "Diplomacy"),
        Module("dawn_of_the_galaxy", "Dawn of the Galaxy"),
        Module("fracture", "The Fracture"),
    )

    def engine(self) -> type[Game]:
        return Game

    def options(self, setup: GameSetup) -> Options:
        return Options(players=setup.players, map=setup.settings.get("map", "extended"),
                       seed=setup.seed, names=list(setup.names),
                       modules=list(setup.modules),
                       random_factions=setup.settings.get("factions") == "random")

    def new_game(self, setup: GameSetup) -> Game:
        return Game.new(self.options(setup))

    def make_bot(self, level: str, seed: int) -> Bot:
        from core.bots.levels import make_bot

        return make_bot(level, seed)

    def words(self) -> Any:
        from core.fractal import words

        return words


RULESET = FractalRuleset()
