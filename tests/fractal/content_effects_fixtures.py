"""Helpers for tests/fractal/test_content_effects.py: a rich position where every effect of the
content can act, a driver that answers prompts deterministically, and the observable
event each op of the effect vocabulary (docs/effects.md) must leave behind.

The arena is a real 2-player game after setup (tests/rules_fixtures.new_game) in which the
acting seat 0 (Gorias unless asked otherwise) has:

- ``credits`` 20, ``influence`` 10, 3 battle medals, every basic action marker depleted
  (``live_steps`` makes ready those an effect performs);
- sector ``work`` (productive, one free colony space, a face-down-free event slot): 3
  infantries, 1 mech, 2 lightships; events under test are put here;
- sector ``home`` (mystery): an imperial and a scientific colony of seat 0 and 1 infantry;
- sector ``front`` (contested): 1 infantry of seat 0 and 2 infantries of seat 1;
- its starting sector with its productive colony and 2 lightships (no infantry);
- science: 1 on a civil and 2 on a military slot (so "remove_science" can be paid);
- 3 infantries, 3 mechs and 2 warships in reserve.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.decisions import DONE, Prompt
from core.events import Event
from core.games.fractal import board, counters, effects, rules
from core.games.fractal.content import Step
from core.games.fractal.game import Game
from core.games.fractal.state import BASIC_ACTIONS, RESERVE, Sector, State
from tests.fractal.rules_fixtures import clear, colony, content, empty_sector, new_game, place

ACTOR, OTHER = 0, 1

# The event each op must emit at least once (per step) when it does something.
EXPECTED: dict[str, tuple[str, ...]] = {
    "gain": ("resources",),
    "lose": ("resources",),
    "pay": ("resources",),
    "vp": ("vp",),
    "science": ("science_placed",),
    "units": ("unit_placed",),
    "remove_units": ("unit_removed",),
    "recruit": ("unit_recruited",),
    "advance": ("movement_order",),
    "colonize": ("colony_placed",),
    "research": ("science_placed", "technology_developed"),
    "storm": ("storm_moved",),
    "insight": ("insight",),
    "artifact": ("artifact_gained",),
    "elite_tactic": ("tactic_upgraded",),
    "restore": ("action_restored",),
    "damage": ("unit_damaged",),
    "reveal": ("event_revealed",),
    "extra_action_card": (),  # checked on the player: extra_cards grows
    "open_fracture": ("fracture_entered",),
}

SKIPPABLE = (DONE, "skip", "stop")


@dataclass
class Arena:
    game: Game
    work: Sector
    home: Sector
    front: Sector

    @property
    def state(self) -> State:
        return self.game.state

    def ctx(self) -> rules.Ctx:
        return rules.MACHINE.context(self.game.state, self.game.content, self.game.history)


def arena(factions: Iterable[str] = (), seed: int = 1) -> Arena:
    game = new_game(2, seed=seed, factions=factions)
    clear(game)
    state = game.state
    state.options.modules = ["fracture"]  # so that open_fracture acts (the deck as dealt)
    state.phase = "action"
    me = state.players[ACTOR]
    for player in state.players:
        player.credits, player.influence = 20, 10
    me.medals = 3
    for action in BASIC_ACTIONS:
        me.markers[action].depleted = True
    for unit in state.units:  # the starting infantry go home: the arena places its own
        if unit.owner == ACTOR and unit.kind == "infantry":
            board.place(state, unit, RESERVE)
    work = empty_sector(state, 0)
    home = empty_sector(state, 1)
    front = empty_sector(state, 2)
    work.kind, home.kind, front.kind = "productive", "mystery", "arid"
    home.spaces = []
    front.spaces = []
    colony(state, ACTOR, home, "imperial")
    colony(state, ACTOR, home, "scientific")
    place(state, ACTOR, "infantry", work.id, 3)
    place(state, ACTOR, "mech", work.id, 1)
    place(state, ACTOR, "lightship", work.id, 2)
    place(state, ACTOR, "infantry", home.id, 1)
    place(state, ACTOR, "infantry", front.id, 1)
    place(state, OTHER, "infantry", front.id, 2)
    civil, military = state.tech["civil"][0], state.tech["military"][0]
    civil.science[ACTOR] = 1
    military.science[ACTOR] = 2
    return Arena(game, work, home, front)


def first_policy(prompt: Prompt) -> str:
    """The first option that does something (not done, skip or stop) when there is one."""
    for option in prompt.options:
        if option not in SKIPPABLE:
            return option
    return prompt.options[0]


def drive(game: Game, limit: int = 300, first: str | None = None) -> list[Event]:
    """Run the engine, then answer every prompt until the stack is empty; returns the
    events of the whole run. ``first`` answers the first prompt."""
    events: list[Event] = []
    ctx = rules.MACHINE.context(game.state, game.content, events)
    rules.MACHINE.run(ctx)
    n = 0
    while game.state.prompts:
        n += 1
        assert n <= limit, f"no end in sight: {game.state.prompts}"
        prompt = game.state.prompts[0]
        choice = first if (first is not None and n == 1) else first_policy(prompt)
        events.extend(game.apply(prompt.seat, choice))
    assert not game.state.stack, game.state.stack
    return events


def push(game: Game, task_kind: str, seat: int = -1, **data: Any) -> None:
    rules.MACHINE.context(game.state, game.content, game.history).push(task_kind, seat, **data)


def kinds(events: Sequence[Event]) -> Counter[str]:
    return Counter(e.kind for e in events)


def live_steps(a: Arena, steps: Sequence[Step | Mapping[str, Any]], seat: int = ACTOR
               ) -> list[dict[str, Any]]:
    """The steps whose condition holds and whose scale is not 0, as plain tables (evaluated
    before the effect runs). The basic actions the steps perform are made ready first: the
    arena depletes every marker (so that restore has work), and a depleted action cannot
    be performed, even for free."""
    state, cont = a.state, a.game.content
    ready(a, [str(s["op"]) for s in effects.plain(steps)], seat)
    return [s for s in effects.plain(steps)
            if effects.condition_holds(state, cont, seat, s)
            and effects.scale(state, cont, seat, s) > 0]


def ready(a: Arena, actions: Iterable[str], seat: int = ACTOR) -> None:
    """The seat's markers of these basic actions (other names are ignored) not depleted."""
    for action in set(actions) & set(BASIC_ACTIONS):
        a.state.players[seat].markers[action].depleted = False


def missing_events(steps: Sequence[Mapping[str, Any]], events: Sequence[Event]) -> list[str]:
    """For each op, at least as many of its expected events as it has steps; what lacks."""
    seen = kinds(events)
    need: Counter[str] = Counter(str(s["op"]) for s in steps)
    problems = []
    for op, n in need.items():
        if op not in EXPECTED:
            problems.append(f"op {op!r} has no known observable")
            continue
        expected = EXPECTED[op]
        if expected and sum(seen[k] for k in expected) < n:
            problems.append(f"{op} x{n}: expected {expected}, saw {dict(seen)}")
    return problems


def count(a: Arena, counter: str, seat: int = ACTOR) -> int:
    return counters.count(a.state, a.game.content, seat, counter)


def controls(a: Arena, sector: Sector, seat: int = ACTOR) -> bool:
    return board.controls(a.state, sector, seat)


def all_content_ids(kind: str) -> list[str]:
    return sorted(getattr(content(), kind))
