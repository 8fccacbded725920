"""The rulesets this program plays, found by name; each is imported only when used.

The shell (new game, saves, the client, network play, the simulator and the bench) knows a
ruleset through :class:`Ruleset` alone: its title and player counts, the settings and
modules a new game offers, how to start a game from a :class:`GameSetup`, its engine class
(to rebuild saved games), its bots and their model, its words, the checks a simulated game
runs after every decision, and what a save's header and a simulated game's record say of
a game. Listing the rulesets imports none of them, so the title screen starts fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.events import Event


@dataclass(frozen=True, slots=True)
class Setting:
    """A choice a new game offers, such as the map: one of ``values``."""

    key: str
    title: str
    values: tuple[str, ...]
    default: str


@dataclass(frozen=True, slots=True)
class Module:
    """An optional rule a new game may switch on."""

    key: str
    title: str


@dataclass(slots=True)
class GameSetup:
    """What a new-game screen or a command line asks for, for any ruleset."""

    players: int
    seed: int
    names: list[str] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a game stands, as a save's header and a listing tell it."""

    cycle: int  # the ruleset's count of rounds so far (Fractal's cycle, the Atlas's round)
    phase: str
    turn: int  # the seat whose turn it is, -1 outside turns
    names: list[str]
    factions: list[str]  # what each seat plays as (a faction, an Advisor), "" if not yet
    summary: str  # one line: the stage, who decides or who won, the scores


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a simulated game's record says of it (docs/simulate.md), in the ruleset's own
    terms where the record's keys name Fractal's: ``cycles`` counts its rounds, ``battles``
    its fights, and a ruleset without sieges or retreats counts 0."""

    map: str
    cycles: int
    battles: int
    sieges: int
    retreats: int
    factions: list[str]
    vp: list[dict[str, int | float]]  # per seat, keyed by the ruleset's ``vp_keys``
    modules: list[str] = field(default_factory=list)  # the advanced modules switched on
    fracture_entered: int | None = None  # the cycle Fractal's Fracture entered play


class Checker(Protocol):
    """The invariants a simulated (or tested) game checks as it goes."""

    def view(self, seat: int, view: dict[str, Any]) -> list[str]:
        """Broken rules of hidden information in the view ``seat`` is about to receive."""
        ...

    def step(self, events: Sequence[Event]) -> list[str]:
        """Broken invariants of the state after a decision, and of what every seat and a
        spectator receive of its ``events``."""
        ...

    def replay(self) -> list[str]:
        """Whether the log replays to the same state (slow: sample it)."""
        ...


class Ruleset(Protocol):
    name: str
    title: str
    players: tuple[int, ...]
    settings: tuple[Setting, ...]
    modules: tuple[Module, ...]
    rules_version: str  # raised when old logs replay differently; saves record it
    maps: tuple[str, ...]  # the maps a simulated series may name, the default first
    pick_kind: str  # the setup choice a balance series may deal at random (a faction)
    vp_keys: tuple[str, ...]  # the VP categories of a simulated game's record

    def engine(self) -> Any:
        """The game class: ``new(options)``, ``replay(options, log)``, ``from_snapshot``."""
        ...

    def options(self, setup: GameSetup) -> Any:
        """The engine's options for a setup (raises ValueError with a one-line reason)."""
        ...

    def load_options(self, plain: dict[str, Any]) -> Any:
        """The engine's options from plain data, as a save holds them."""
        ...

    def new_game(self, setup: GameSetup) -> Any:
        """A game started from the setup (raises ValueError with a one-line reason)."""
        ...

    def model(self) -> Any:
        """What its searching bots know of the rules (core.bots.base.Model)."""
        ...

    def make_bot(self, level: str, seed: int) -> Any:
        """A bot of that level (core.bots.levels.LEVELS) playing this ruleset."""
        ...

    def words(self) -> Any:
        """The ruleset's words (core.words.Words)."""
        ...

    def checker(self, game: Any) -> Checker:
        """The invariants of this game, checked after each of its decisions."""
        ...

    def progress(self, game: Any) -> Progress:
        ...

    def outcome(self, game: Any) -> Outcome:
        ...


def parse_modules(rules: Ruleset, text: str) -> list[str]:
    """A command line's ``--modules``: "all" (every module), or names separated by commas;
    an unknown name raises ValueError."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = [m.key for m in rules.modules]
    if names == ["all"]:
        return known
    wrong = [name for name in names if name not in known]
    if wrong:
        raise ValueError(f"unknown modules: {', '.join(wrong)}; known: all, {', '.join(known)}")
    return names


def module_titles(rules: Ruleset, keys: list[str]) -> list[str]:
    """The titles of a game's modules, for headers and lists."""
    titles = {m.key: m.title for m in rules.modules}
    return [titles.get(key, key) for key in keys]


# name -> (title, module whose RULESET attribute is the ruleset)
RULESETS: dict[str, tuple[str, str]] = {
    "fractal": ("Fractal", "core.games.fractal.ruleset"),
    "atlas": ("Fractured Atlas", "core.games.atlas.ruleset"),
    "hegemonic": ("Hegemonic", "core.games.hegemonic.ruleset"),
}


def titles() -> dict[str, str]:
    """Every ruleset's name and title, without importing any of them."""
    return {name: title for name, (title, _) in RULESETS.items()}


def ruleset(name: str) -> Ruleset:
    if name not in RULESETS:
        raise LookupError(f"unknown game {name!r}; known: {', '.join(RULESETS)}")
    found: Ruleset = importlib.import_module(RULESETS[name][1]).RULESET
    return found
