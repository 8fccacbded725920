"""What a game says of itself to the shell: one :class:`Declaration` in its own package.

A game's package declares it in its ``__init__`` and names that declaration in the
``fractal.games`` entry-point group of ``pyproject.toml`` (core.rulesets finds it there).
The declaration is small and imports nothing of the game: the shell lists every game, its
player counts, settings and modules without loading an engine, and reaches the game's
parts through the dotted names below only when it needs them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.bounds import Bounds


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


COUNT, WHEN = "count", "when"


@dataclass(frozen=True, slots=True)
class Stat:
    """A figure of a finished game that a simulated game's record carries (docs/simulate.md):
    a ``count`` (battles fought), averaged per game in a series, or a ``when`` (the round
    something happened, or null), counted over the games where it happened."""

    key: str
    kind: str = COUNT


@dataclass(frozen=True, slots=True)
class Declaration:
    """A game, as the shell knows it before loading any of it.

    The dotted names say where its parts live (``package.module`` or
    ``package.module:attribute``): ``game``, its :class:`core.game.Game` subclass;
    ``words``, its words (a core.words.Words); ``bots``, a function returning
    its bots' model (core.bots.base.Model); ``invariants``, the module of its checks
    (core.rulesets.Invariants); ``client``, its plug-in for the terminal client
    (tui.plugins.RulesetUI), which only the client resolves. ``bounds`` says how far its
    map reaches and how much its views hold, for the checks of data from elsewhere.
    """

    name: str  # how commands and saves name it: ``--game NAME``
    title: str
    players: tuple[int, ...]
    rules_version: str  # raised when old logs replay differently; saves record it
    game: str
    words: str
    bots: str
    invariants: str
    client: str
    settings: tuple[Setting, ...] = ()
    modules: tuple[Module, ...] = ()
    maps: tuple[str, ...] = ("standard",)  # what a simulated series may name, the default first
    pick_kind: str = ""  # the setup choice a balance series may deal at random (a faction)
    pick_setting: str = ""  # the setting (its key) saying how that choice is made, if any
    vp_keys: tuple[str, ...] = ()  # the VP categories of a simulated game's record
    stats: tuple[Stat, ...] = ()  # the figures a simulated game's record adds
    bounds: Bounds = field(default_factory=Bounds)  # what its views and logs hold (core/bounds.py)
    listed: bool = True  # offered in menus and listings (a game made for the tests is not)
