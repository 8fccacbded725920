"""A Fractured Atlas game: core.game's surface over the Atlas's engine, setup and views, so
screens, bots, saves and the network drive it as they drive Fractal."""

from __future__ import annotations

from core.game import Game as BaseGame

# Every rule module, each registering its task kinds with rules.MACHINE.
from core.games.atlas import (  # noqa: F401
    GAME,
    actions,
    advisor,
    attack,
    build,
    exploit,
    explore,
    magic,
    marks,
    resolution,
    rounds,
    scoring,
    trade,
)
from core.games.atlas.content import Content, load_content
from core.games.atlas.rules import MACHINE
from core.games.atlas.setup import new_state
from core.games.atlas.state import Options, State
from core.games.atlas.view import view_of
from core.rulesets import GameSetup, Outcome, Progress, summary

PHASE_WORDS = {"advisors": "choosing Advisors", "cards": "choosing cards",
               "actions": "actions", "advisor": "Advisors", "resolution": "resolution"}


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
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names))


    def progress(self) -> Progress:
        state = self.state
        table = {row.seat: row for row in scoring.standings(state, self.content)}
        scores = [scoring.as_number(table[p.seat].total) for p in state.players]
        if self.over:
            line = summary(self.seat_names(), scores, f"round {state.round}",
                           winners=state.winners)
        else:
            stage = f"Round {state.round}" if state.round else "Setup"
            line = summary(self.seat_names(), scores,
                           f"{stage}, {PHASE_WORDS.get(state.phase, state.phase)}",
                           [p.seat for p in self.pending()])
        return Progress(cycle=state.round, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.advisor for p in state.players], summary=line)

    def seat_names(self) -> list[str]:
        """The players as the game's words call them ("Red (Sailor)"), for saves' summaries."""
        from core.games.atlas.words import seat_name

        view = {"players": [{"name": p.name, "colour": p.colour,
                             "advisor": p.advisor or None}
                            for p in self.state.players]}
        return [seat_name(view, seat) for seat in range(len(self.state.players))]

    def outcome(self) -> Outcome:
        state = self.state
        table = {row.seat: row for row in scoring.standings(state, self.content)}
        vp: list[dict[str, int | float]] = [
            {"fiefs": table[s].fiefs, "disputed": scoring.as_number(table[s].disputed),
             "tower": table[s].tower} for s in range(len(state.players))]
        return Outcome(map=GAME.maps[0], cycles=state.round,
                       factions=[p.first_advisor for p in state.players], vp=vp,
                       stats={"battles": state.stats["attacks"]})
