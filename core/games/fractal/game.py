"""A Fractal game: core.game's surface over Fractal's engine, setup and views."""

from __future__ import annotations

from core.game import Game as BaseGame

# Every rule module, each registering its task kinds with rules.MACHINE (setup below).
from core.games.fractal import (  # noqa: F401
    GAME,
    action_cards,
    actions,
    battle,
    colonize,
    conflict,
    cycle,
    effects,
    government,
    insight,
    marks,
    movement,
    obstacles,
    recruit,
    research,
    sieges,
    storms,
)
from core.games.fractal.content import Content, load_content
from core.games.fractal.modules import diplomacy, elite_training, fracture, wartime  # noqa: F401
from core.games.fractal.rules import MACHINE
from core.games.fractal.setup import new_state
from core.games.fractal.state import Options, State
from core.games.fractal.view import view_of
from core.rulesets import GameSetup, Outcome, Progress, summary

VP_CATEGORIES = ("imperial", "military", "scientific", "productive", "exploration")


class Game(BaseGame[State, Content, Options]):
    __slots__ = ()
    ruleset = GAME.name
    machine = MACHINE
    options_type = Options
    state_type = State
    load_content = staticmethod(load_content)
    new_state = staticmethod(new_state)
    view_of = staticmethod(view_of)

    @classmethod
    def options_for(cls, setup: GameSetup) -> Options:
        return Options(players=setup.players, map=setup.settings.get("map", "extended"),
                       seed=setup.seed, names=list(setup.names), modules=list(setup.modules),
                       random_factions=setup.settings.get("factions") == "random")


    def progress(self) -> Progress:
        state = self.state
        scores = [sum(p.vp.values()) + p.vp_tokens for p in state.players]
        if self.over:
            line = summary(self.seat_names(), scores, f"cycle {state.cycle}",
                           winners=state.winners)
        else:
            line = summary(self.seat_names(), scores, f"Cycle {state.cycle}, {state.phase}",
                           [p.seat for p in self.pending()])
        return Progress(cycle=state.cycle, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.faction for p in state.players], summary=line)

    def seat_names(self) -> list[str]:
        """The players as the game's words call them ("Red (Saura)"), for saves' summaries."""
        from core.games.fractal.words.names import seat_name

        view = {"players": [{"colour": p.colour, "name": p.name,
                             "faction": p.faction}
                            for p in self.state.players]}
        return [seat_name(view, seat) for seat in range(len(self.state.players))]

    def outcome(self) -> Outcome:
        state = self.state
        vp: list[dict[str, int | float]] = []
        for player in state.players:
            row: dict[str, int | float] = {key: int(player.vp.get(key, 0))
                                           for key in VP_CATEGORIES}
            row["tokens"] = int(player.vp_tokens)
            vp.append(row)
        stats = state.stats
        return Outcome(map=state.options.map, cycles=state.cycle,
                       factions=[p.faction for p in state.players], vp=vp,
                       stats={"battles": int(stats.get("battles", 0)),
                              "sieges": int(stats.get("sieges", 0)),
                              "retreats": int(stats.get("retreats", 0)),
                              "fracture_entered": state.fracture.entered or None},
                       modules=list(state.options.modules))
