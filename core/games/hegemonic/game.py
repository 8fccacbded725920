"""A Hegemonic game: core.game's surface over Hegemonic's engine, setup and views, so
screens, bots, saves and the network drive it as they drive the other rulesets."""

from __future__ import annotations

from core.game import Game as BaseGame

# Every rule module, each registering its task kinds with rules.MACHINE (setup below).
from core.games.hegemonic import (  # noqa: F401
    GAME,
    actions,
    arbitration,
    attack,
    build,
    conflict,
    discover,
    marks,
    rounds,
)
from core.games.hegemonic.content import Content, load_content
from core.games.hegemonic.rules import MACHINE
from core.games.hegemonic.setup import new_state
from core.games.hegemonic.state import Options, State
from core.games.hegemonic.view import view_of
from core.rulesets import GameSetup, Outcome, Progress, summary

PHASE_WORDS = {"setup": "setup", "collection": "collection", "expansion": "expansion",
               "action1": "action phase 1", "action2": "action phase 2",
               "action3": "action phase 3", "arbitration": "arbitration"}


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
        layout = setup.settings.get("layout", "suggested")
        if "learning" in setup.modules and layout != "suggested":
            raise ValueError("the Learning Game uses the suggested layouts")
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names),
                       layout=layout, homes=setup.settings.get("homes", "recommended"),
                       modules=list(setup.modules))


    def progress(self) -> Progress:
        state = self.state
        scores = [p.vp for p in state.players]
        if self.over:
            line = summary(self.seat_names(), scores, f"round {state.round}",
                           winners=state.winners)
        else:
            stage = (f"Round {state.round}, {PHASE_WORDS.get(state.phase, state.phase)}"
                     if state.round else "Setup")
            line = summary(self.seat_names(), scores, stage, [p.seat for p in self.pending()])
        return Progress(cycle=state.round, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.house for p in state.players], summary=line)

    def seat_names(self) -> list[str]:
        """The players as the game's words call them ("Red (Bushido)"), for saves' summaries."""
        from core.games.hegemonic.words.names import seat_name

        view = {"players": [{"name": p.name, "colour": p.colour, "house": p.house}
                            for p in self.state.players]}
        return [seat_name(view, seat) for seat in range(len(self.state.players))]

    def outcome(self) -> Outcome:
        state = self.state
        vp: list[dict[str, int | float]] = [
            {"boards": p.vp - p.tech_vp, "technology": p.tech_vp} for p in state.players]
        return Outcome(map=state.options.layout, cycles=state.round,
                       factions=[p.leader or p.house for p in state.players], vp=vp,
                       stats={"battles": state.stats["conflicts"],
                              "gifts": sum(1 for _, choice in self.log if choice == "gift")},
                       modules=list(state.options.modules))
