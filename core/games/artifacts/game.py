"""An Alien Artifacts game: core.game's surface over its engine, setup and views."""

from __future__ import annotations

from core.game import Game as BaseGame

# Every rule module, each registering its task kinds with rules.MACHINE (setup below).
from core.games.artifacts import (  # noqa: F401
    FACTION_RULES,
    GAME,
    actions,
    attack,
    construct,
    effects,
    marks,
    operations,
    payment,
    produce,
    scoring,
    tokens,
    turn,
)
from core.games.artifacts.content import Content, load_content
from core.games.artifacts.rules import MACHINE
from core.games.artifacts.scoring import total
from core.games.artifacts.setup import new_state
from core.games.artifacts.state import Options, State
from core.games.artifacts.view import view_of
from core.rulesets import GameSetup, Outcome, Progress, summary


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
        factions = setup.settings.get("factions", "dealt")
        if factions not in FACTION_RULES:
            raise ValueError(f"factions are dealt or chosen, not {factions!r}")
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names),
                       factions=factions)


    def progress(self) -> Progress:
        state = self.state
        if self.over:
            line = summary(self.seat_names(), [total(p) for p in state.players],
                           f"{state.turns} turns", winners=state.winners)
        else:
            line = summary(self.seat_names(), [p.vp for p in state.players],
                           f"Pass {state.passes}, marker {state.marker}",
                           [p.seat for p in self.pending()])
        return Progress(cycle=state.passes, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.faction for p in state.players], summary=line)

    def seat_names(self) -> list[str]:
        """The players as the game's words call them ("Red (Star Union)"), for saves' summaries."""
        from core.games.artifacts.words.names import seat_name

        view = {"players": [{"name": p.name, "faction": p.faction}
                            for p in self.state.players]}
        return [seat_name(view, seat) for seat in range(len(self.state.players))]

    def outcome(self) -> Outcome:
        state = self.state
        vp: list[dict[str, int | float]] = [dict(p.end_vp) for p in state.players]
        return Outcome(map="standard", cycles=state.passes,
                       factions=[p.faction for p in state.players], vp=vp, first=state.first)
