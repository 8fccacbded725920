"""Fractured Atlas as the shell sees it: a new game's players, and where its engine, bots,
words and checks live (core/rulesets.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bots.base import Bot, Model
from core.bots.heuristic import TRIES
from core.bots.levels import Search
from core.bots.mcts import Budget
from core.events import SPECTATOR, Event
from core.games.atlas import RULES_VERSION, invariants, scoring
from core.games.atlas.game import Game
from core.games.atlas.state import Options
from core.plain import load
from core.rulesets import GameSetup, Module, Outcome, Progress, Setting

VP_KEYS = ("fiefs", "disputed", "tower")
PHASE_WORDS = {"advisors": "choosing Advisors", "cards": "choosing cards",
               "actions": "actions", "advisor": "Advisors", "resolution": "resolution"}


class AtlasChecker:
    """``invariants`` for one game, after each of its decisions."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def view(self, seat: int, view: dict[str, Any]) -> list[str]:
        return invariants.check_view(self.game.state, seat, view)

    def step(self, events: Sequence[Event]) -> list[str]:
        state = self.game.state
        problems = invariants.check_state(state, self.game.content)
        for seat in (*range(len(state.players)), SPECTATOR):
            records = self.game.events_for(seat, list(events))
            problems += invariants.check_events(state, seat, records)
        return problems

    def replay(self) -> list[str]:
        return invariants.check_replay(self.game)


def begins_round(prompt: Any) -> bool:
    """A round opens with every seat's secret choice of an action card."""
    return bool(prompt.kind == "card")


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges its sampled positions from (``Model.judged_view``)."""
    from core.games.atlas.view import view_of

    return view_of(game.state, game.content, seat, derived=False)


# An Atlas search runs about 2.6 times as many iterations a second as a Fractal one, and
# Fractal's normal uses a fifth to a quarter of its second: so here normal searches five
# times Fractal's normal (Fractal's hard, held to normal's second) and hard four times that.
# Normal beat the heuristic in 63% of games with Fractal's budget, 75% with this one
# (docs/benchmarks.md).
SEARCHES = {
    "normal": Search(Budget(iterations=2000, seconds=1.0, per_choice=200), prior_visits=50,
                     prior_tries=4 * TRIES),
    "hard": Search(Budget(iterations=8000, seconds=5.0, per_choice=800), prior_visits=200,
                   prior_tries=16 * TRIES),
}


class AtlasRuleset:
    name = "atlas"
    title = "Fractured Atlas"
    players = (2, 3, 4)
    settings: tuple[Setting, ...] = ()
    modules: tuple[Module, ...] = ()
    rules_version = RULES_VERSION
    maps = ("known_world",)
    pick_kind = "advisor"
    vp_keys = VP_KEYS

    def engine(self) -> type[Game]:
        return Game

    def options(self, setup: GameSetup) -> Options:
        if setup.modules:
            raise ValueError("Fractured Atlas has no optional modules")
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names))

    def load_options(self, plain: dict[str, Any]) -> Options:
        return load(Options, plain)

    def new_game(self, setup: GameSetup) -> Game:
        return Game.new(self.options(setup))

    def model(self) -> Model:
        from core.games.atlas.bots.determinize import determinize
        from core.games.atlas.bots.value import EXPLORATION, value

        return Model(determinize=determinize, value=value, stop=begins_round,
                     settle_stops=frozenset({"card"}), exploration=EXPLORATION,
                     judged_view=judged_facts, searches=SEARCHES)

    def make_bot(self, level: str, seed: int) -> Bot:
        from core.bots.levels import make_bot

        return make_bot(level, seed, self.model())

    def words(self) -> Any:
        from core.games.atlas import words

        return words

    def checker(self, game: Game) -> AtlasChecker:
        return AtlasChecker(game)

    def progress(self, game: Game) -> Progress:
        state = game.state
        table = {row.seat: row for row in scoring.standings(state, game.content)}
        scores = ", ".join(f"{p.name} {scoring.as_number(table[p.seat].total)}"
                           for p in state.players)
        if game.over:
            won = " and ".join(state.players[w].name for w in state.winners)
            summary = f"Over after round {state.round}: {won} won ({scores} VP)"
        else:
            waiting = sorted({p.seat for p in game.pending()})
            who = ", ".join(state.players[s].name for s in waiting)
            stage = f"Round {state.round}" if state.round else "Setup"
            summary = (f"{stage}, {PHASE_WORDS.get(state.phase, state.phase)}: "
                       f"{who or 'nobody'} to decide ({scores} VP)")
        return Progress(cycle=state.round, phase=state.phase, turn=state.turn,
                        names=[p.name for p in state.players],
                        factions=[p.advisor for p in state.players], summary=summary)

    def outcome(self, game: Game) -> Outcome:
        state = game.state
        table = {row.seat: row for row in scoring.standings(state, game.content)}
        vp: list[dict[str, int | float]] = [
            {"fiefs": table[s].fiefs, "disputed": scoring.as_number(table[s].disputed),
             "tower": table[s].tower} for s in range(len(state.players))]
        return Outcome(map=self.maps[0], cycles=state.round, battles=state.stats["attacks"],
                       sieges=0, retreats=0,
                       factions=[p.first_advisor for p in state.players], vp=vp)


RULESET = AtlasRuleset()
