"""Fractal as the shell sees it: what a new game offers, and where its engine, bots, words
and checks live (core/rulesets.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bots.base import Bot, Model
from core.events import SPECTATOR, Event
from core.games.fractal import RULES_VERSION
from core.games.fractal.game import Game
from core.games.fractal.layouts import NAMES as MAPS
from core.games.fractal.state import Options
from core.plain import load
from core.rulesets import GameSetup, Module, Outcome, Progress, Setting

VP_KEYS = ("imperial", "military", "scientific", "productive", "exploration")


class FractalChecker:
    """The invariants of ``core.games.fractal.invariants`` for one game; the count of units is
    the one the game started with."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.units = len(game.state.units)

    def view(self, seat: int, view: dict[str, Any]) -> list[str]:
        from core.games.fractal.invariants import check_view

        return check_view(self.game.state, seat, view)

    def step(self, events: Sequence[Event]) -> list[str]:
        from core.games.fractal.invariants import check_events, check_state

        state = self.game.state
        problems = check_state(state, self.units)
        for seat in (*range(len(state.players)), SPECTATOR):
            problems += check_events(state, seat, self.game.events_for(seat, list(events)))
        return problems

    def replay(self) -> list[str]:
        from core.games.fractal.invariants import check_replay

        return check_replay(self.game)


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
    rules_version = RULES_VERSION
    maps = ("extended", "compact")
    pick_kind = "faction"
    vp_keys = (*VP_KEYS, "tokens")

    def engine(self) -> type[Game]:
        return Game

    def options(self, setup: GameSetup) -> Options:
        return Options(players=setup.players, map=setup.settings.get("map", "extended"),
                       seed=setup.seed, names=list(setup.names),
                       modules=list(setup.modules),
                       random_factions=setup.settings.get("factions") == "random")

    def load_options(self, plain: dict[str, Any]) -> Options:
        return load(Options, plain)

    def new_game(self, setup: GameSetup) -> Game:
        return Game.new(self.options(setup))

    def model(self) -> Model:
        from core.bots.levels import fractal_model

        return fractal_model()

    def make_bot(self, level: str, seed: int) -> Bot:
        from core.bots.levels import make_bot

        return make_bot(level, seed, self.model())

    def words(self) -> Any:
        from core.games.fractal import words

        return words

    def checker(self, game: Game) -> FractalChecker:
        return FractalChecker(game)

    def progress(self, game: Any) -> Progress:
        state = game.state
        scores = ", ".join(f"{p.name} {sum(p.vp.values()) + p.vp_tokens}"
                           for p in state.players)
        if game.over:
            won = " and ".join(state.players[w].name for w in state.winners) or "nobody"
            summary = f"Over after cycle {state.cycle}: {won} won ({scores} VP)"
        else:
            waiting = sorted({p.seat for p in game.pending()})
            who = ", ".join(state.players[s].name for s in waiting
                            if 0 <= s < len(state.players))
            summary = (f"Cycle {state.cycle}, {state.phase}: {who or 'nobody'} to decide "
                       f"({scores} VP)")
        return Progress(cycle=state.cycle, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.faction for p in state.players], summary=summary)

    def outcome(self, game: Game) -> Outcome:
        state = game.state
        vp: list[dict[str, int | float]] = []
        for player in state.players:
            row: dict[str, int | float] = {key: int(player.vp.get(key, 0)) for key in VP_KEYS}
            row["tokens"] = int(player.vp_tokens)
            vp.append(row)
        stats = state.stats
        return Outcome(map=state.options.map, cycles=state.cycle,
                       battles=int(stats.get("battles", 0)), sieges=int(stats.get("sieges", 0)),
                       retreats=int(stats.get("retreats", 0)),
                       factions=[p.faction for p in state.players], vp=vp,
                       modules=list(state.options.modules),
                       fracture_entered=state.fracture.entered or None)


RULESET = FractalRuleset()
