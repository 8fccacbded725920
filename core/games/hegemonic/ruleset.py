"""Hegemonic as the shell sees it: a new game's players, settings and modules, and where
its engine, bots, words and checks live (core/rulesets.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bots.base import Bot, Model
from core.events import SPECTATOR, Event
from core.games.hegemonic import RULES_VERSION, invariants
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import HOME_RULES, LAYOUTS, Options
from core.plain import load
from core.rulesets import GameSetup, Module, Outcome, Progress, Setting

VP_KEYS = ("boards", "technology")
PHASE_WORDS = {"setup": "setup", "collection": "collection", "expansion": "expansion",
               "action1": "action phase 1", "action2": "action phase 2",
               "action3": "action phase 3", "arbitration": "arbitration"}
MODULES = (
    Module("learning", "Learning Game"),
    Module("discard_piles", "Multiple Technology Discard Piles"),
    Module("draft", "Technology Draft"),
    Module("longer", "Longer Game"),
    Module("wild_homes", "\u201cWild\u201d Home Embassies"),
    Module("leaders", "Leaders"),
)
SETTINGS = (
    Setting("layout", "Galaxy", LAYOUTS, "suggested"),
    Setting("homes", "Homes", HOME_RULES, "recommended"),
)


class HegemonicChecker:
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


def begins_phase(prompt: Any) -> bool:
    """An Action Phase opens with every seat's secret choice of an Action Card."""
    return bool(prompt.kind == "action_card")


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The view a search judges its sampled positions from (``Model.judged_view``)."""
    from core.games.hegemonic.view import view_of

    return view_of(game.state, game.content, seat)


class HegemonicRuleset:
    name = "hegemonic"
    title = "Hegemonic"
    players = (2, 3, 4, 5, 6)
    settings = SETTINGS
    modules = MODULES
    rules_version = RULES_VERSION
    maps = ("suggested",)
    pick_kind = "home"
    vp_keys = VP_KEYS

    def engine(self) -> type[Game]:
        return Game

    def options(self, setup: GameSetup) -> Options:
        known = {m.key for m in MODULES}
        unknown = [m for m in setup.modules if m not in known]
        if unknown:
            raise ValueError(f"unknown modules: {', '.join(unknown)}")
        if setup.players not in self.players:
            raise ValueError("Hegemonic is played by 2 to 6 players")
        layout = setup.settings.get("layout", "suggested")
        homes = setup.settings.get("homes", "recommended")
        if layout not in LAYOUTS or homes not in HOME_RULES:
            raise ValueError(f"the galaxy is {' or '.join(LAYOUTS)}, homes "
                             f"{' or '.join(HOME_RULES)}")
        if "learning" in setup.modules and layout != "suggested":
            raise ValueError("the Learning Game uses the suggested layouts")
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names),
                       layout=layout, homes=homes, modules=list(setup.modules))

    def load_options(self, plain: dict[str, Any]) -> Options:
        return load(Options, plain)

    def new_game(self, setup: GameSetup) -> Game:
        return Game.new(self.options(setup))

    def model(self) -> Model:
        from core.games.hegemonic.bots.determinize import determinize
        from core.games.hegemonic.bots.value import EXPLORATION, value

        return Model(determinize=determinize, value=value, stop=begins_phase,
                     settle_stops=frozenset({"action_card"}), exploration=EXPLORATION,
                     judged_view=judged_facts)

    def make_bot(self, level: str, seed: int) -> Bot:
        from core.bots.levels import make_bot

        return make_bot(level, seed, self.model())

    def words(self) -> Any:
        raise NotImplementedError("Hegemonic's words are not written yet")

    def checker(self, game: Game) -> HegemonicChecker:
        return HegemonicChecker(game)

    def progress(self, game: Game) -> Progress:
        state = game.state
        scores = ", ".join(f"{p.name} {p.vp}" for p in state.players)
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
                        factions=[p.house for p in state.players], summary=summary)

    def outcome(self, game: Game) -> Outcome:
        state = game.state
        vp: list[dict[str, int | float]] = [
            {"boards": p.vp - p.tech_vp, "technology": p.tech_vp} for p in state.players]
        return Outcome(map=state.options.layout, cycles=state.round,
                       battles=state.stats["conflicts"], sieges=0, retreats=0,
                       factions=[p.leader or p.house for p in state.players], vp=vp,
                       modules=list(state.options.modules))


RULESET = HegemonicRuleset()
