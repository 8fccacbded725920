"""The rulesets this program plays, found by name; each is imported only when used.

The shell (new game, saves, the client, network play) knows a ruleset through
:class:`Ruleset` alone: its title and player counts, the settings and modules a new game
offers, how to start a game from a :class:`GameSetup`, its engine class (to rebuild saved
games), its bots and its words. Listing the rulesets imports none of them, so the title
screen starts fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Protocol


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


class Ruleset(Protocol):
    name: str
    title: str
    players: tuple[int, ...]
    settings: tuple[Setting, ...]
    modules: tuple[Module, ...]

    def engine(self) -> Any:
        """The game class: ``new(options)``, ``replay(options, log)``, ``from_snapshot``."""
        ...

    def new_game(self, setup: GameSetup) -> Any:
        """A game started from the setup (raises ValueError with a one-line reason)."""
        ...

    def make_bot(self, level: str, seed: int) -> Any:
        """A bot of that level (core.bots.levels.LEVELS) playing this ruleset."""
        ...

    def words(self) -> Any:
        """The ruleset's words (core.words.Words)."""
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
    "fractal": ("Fractal", "core.fractal.ruleset"),
}


def titles() -> dict[str, str]:
    """Every ruleset's name and title, without importing any of them."""
    return {name: title for name, (title, _) in RULESETS.items()}


def ruleset(name: str) -> Ruleset:
    if name not in RULESETS:
        raise LookupError(f"unknown game {name!r}; known: {', '.join(RULESETS)}")
    found: Ruleset = importlib.import_module(RULESETS[name][1]).RULESET
    return found
