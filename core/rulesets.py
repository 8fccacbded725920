"""The games this program plays, found by name; each is loaded only when used.

Every game declares itself in its own package (core.declaration.Declaration) and names that
declaration in the ``fractal.games`` entry-point group of ``pyproject.toml``. This module
finds them there and gives the shell (new game, saves, the client, network play, the
simulator and the bench) one :class:`Ruleset` per game: the declaration's facts, and what
every game gets from the kernel on top of its own parts: starting a game from a
:class:`GameSetup`, loading a save's options, its bots, its words and the checks a
simulated game runs after every decision. Listing the games imports none of them, so the
title screen starts fast.
"""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from core import DEFAULT_GAME, checks, plain
from core.bounds import Bounds, check_frame
from core.declaration import Declaration, Module, Setting, Stat
from core.words import listing

if TYPE_CHECKING:
    from core.bots.base import Bot, Model
    from core.events import Event
    from core.game import Game
    from core.words import Words

__all__ = ["DEFAULT_GAME", "Declaration", "GameSetup", "Module", "Outcome", "Progress",
           "Ruleset", "Setting", "Stat", "declarations", "ruleset", "titles"]

ENTRY_POINTS = "fractal.games"
MAX_NAME = 64  # characters of a player's name in a game's options (the client gives 24)


@dataclass(slots=True)
class GameSetup:
    """What a new-game screen or a command line asks for, for any game."""

    players: int
    seed: int
    names: list[str] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a game stands, as a save's header and a listing tell it."""

    cycle: int  # the game's count of rounds so far
    phase: str
    turn: int  # the seat whose turn it is, -1 outside turns
    names: list[str]
    factions: list[str]  # what each seat plays as (a faction, an Advisor), "" if not yet
    summary: str  # one line: the stage, who decides or who won, the scores


def summary(names: Sequence[str], scores: Sequence[object], stage: str,
            waiting: Sequence[int] = (), winners: Sequence[int] | None = None) -> str:
    """A save's line in every game's words: the stage ("Cycle 2, action"), who decides and
    each seat's VP; once ``winners`` are known, the stage the game ended at ("cycle 6") and
    who won. Players go by the names the game's words give them ("Red (Saura)")."""
    vp = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    if winners is not None:
        won = listing([names[w] for w in winners]) or "nobody"
        return f"Over after {stage}: {won} won ({vp} VP)"
    who = ", ".join(names[s] for s in sorted(set(waiting)) if 0 <= s < len(names))
    return f"{stage}: {who or 'nobody'} to decide ({vp} VP)"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a simulated game's record says of it (docs/simulate.md): ``cycles`` counts its
    rounds; ``stats`` holds the figures of the game's declared ``stats``."""

    map: str
    cycles: int
    factions: list[str]
    vp: list[dict[str, int | float]]  # per seat, keyed by the game's ``vp_keys``
    stats: dict[str, int | None] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)  # the optional modules switched on
    # The seat that played first, where the game draws it and keeps it all game (a seat's
    # number is then not its place in the turn order); None where it does not say.
    first: int | None = None


class Invariants(Protocol):
    """A game's checks (the module its declaration names): each returns the broken
    invariants as one-line messages, none when all is well. What every game shares (the
    decisions pending well formed, secret event fields, the seed and the generator) the
    kernel checks itself (core.checks); a game checks what is its own."""

    def check_state(self, state: Any, content: Any, start: Any) -> list[str]:
        """The state after a decision; ``start`` is the state when checking began."""
        ...

    def check_view(self, state: Any, seat: int, view: dict[str, Any]) -> list[str]:
        """Others' hidden information in the view ``seat`` is about to receive."""
        ...

    # check_events(state, seat, records) -> list[str], others' hidden information in the
    # event records ``seat`` receives, where the kernel's scan of secret fields is not all.


class Checker:
    """The invariants of one game, the kernel's and its own, checked as it goes (by the
    simulator and the tests)."""

    def __init__(self, game: Game[Any, Any, Any], invariants: Invariants) -> None:
        self.game = game
        self.start = game.state.copy()
        self.invariants = invariants

    def view(self, seat: int, view: dict[str, Any]) -> list[str]:
        """What ``seat`` is about to receive as its view."""
        state = self.game.state
        problems = checks.generator(state.rng, checks.leaves(view), f"seat {seat}'s view")
        return problems + self.invariants.check_view(state, seat, view)

    def events(self, seat: int, records: list[dict[str, Any]]) -> list[str]:
        """The event records ``seat`` receives."""
        state = self.game.state
        problems = checks.secret_fields(seat, records, self.game.machine.secret_fields)
        problems += checks.generator(state.rng, checks.leaves(records),
                                     f"the events of seat {seat}")
        own = getattr(self.invariants, "check_events", None)
        return problems + (own(state, seat, records) if own else [])

    def step(self, events: Sequence[Event]) -> list[str]:
        """The state after a decision, and what every seat and a spectator receive of its
        ``events``."""
        from core.events import SPECTATOR

        game = self.game
        problems = checks.pending(game.state)
        problems += self.invariants.check_state(game.state, game.content, self.start)
        for seat in (*range(game.seats), SPECTATOR):
            problems += self.events(seat, game.events_for(seat, list(events)))
        return problems

    def replay(self) -> list[str]:
        """Whether the log replays to the very same state (slow: sample it)."""
        game = self.game
        try:
            again = type(game).replay(game.options, list(game.log))
        except Exception as error:  # an engine bug: report it as a broken invariant
            return [f"replaying the log failed: {type(error).__name__}: {error}"]
        if again.digest() != game.digest():
            return [f"replaying {len(game.log)} decisions gives a different digest"]
        return []


def resolve(dotted: str) -> Any:
    """``package.module`` or ``package.module:attribute``, imported."""
    module, _, attribute = dotted.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attribute) if attribute else found


class Ruleset:
    """A game as the shell drives it: its declaration, and its parts loaded on first use."""

    def __init__(self, declaration: Declaration) -> None:
        self.declaration = declaration

    @property
    def name(self) -> str:
        return self.declaration.name

    @property
    def title(self) -> str:
        return self.declaration.title

    @property
    def players(self) -> tuple[int, ...]:
        return self.declaration.players

    @property
    def settings(self) -> tuple[Setting, ...]:
        return self.declaration.settings

    @property
    def modules(self) -> tuple[Module, ...]:
        return self.declaration.modules

    @property
    def rules_version(self) -> str:
        return self.declaration.rules_version

    @property
    def maps(self) -> tuple[str, ...]:
        return self.declaration.maps

    @property
    def pick_kind(self) -> str:
        return self.declaration.pick_kind

    @property
    def pick_words(self) -> tuple[str, ...]:
        """How a series may make the setup pick (``fractal simulate --factions``):
        ``chosen`` (each seat's bot chooses when the game asks), ``random`` (every seat's
        at random, for a balance report) when the game has a pick, and the values of the
        game's own setting for it (dealt, chosen...)."""
        own = next((s.values for s in self.settings
                    if s.key == self.declaration.pick_setting), ())
        return tuple(dict.fromkeys(("chosen", *(("random",) if self.pick_kind else ()), *own)))

    @property
    def vp_keys(self) -> tuple[str, ...]:
        return self.declaration.vp_keys

    @property
    def stats(self) -> tuple[Stat, ...]:
        return self.declaration.stats

    @property
    def bounds(self) -> Bounds:
        return self.declaration.bounds

    def engine(self) -> type[Game[Any, Any, Any]]:
        """The game class: ``new(options)``, ``replay(options, log)``, ``from_snapshot``."""
        found: type[Game[Any, Any, Any]] = resolve(self.declaration.game)
        return found

    def options(self, setup: GameSetup) -> Any:
        """The engine's options for a setup (ValueError with a one-line reason)."""
        if setup.players not in self.players:
            raise ValueError(f"{self.title} is played by {counts(self.players)} players")
        known = {m.key for m in self.modules}
        wrong = [m for m in setup.modules if m not in known]
        if wrong:
            raise ValueError(f"{self.title} has no module {', '.join(wrong)}")
        for setting in self.settings:
            value = setup.settings.get(setting.key, setting.default)
            if value not in setting.values:
                raise ValueError(f"{setting.title} is one of {', '.join(setting.values)}")
        return self.engine().options_for(setup)

    def load_options(self, plain: dict[str, Any]) -> Any:
        """The engine's options from plain data, as a save holds them, checked as a new
        game's are (:meth:`check_options`; ValueError with a one-line reason)."""
        try:
            options = self.engine().load_options(plain)
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise ValueError(f"not the options of a {self.title} game "
                             f"({type(error).__name__}: {error})") from None
        self.check_options(options)
        return options

    def check_options(self, options: Any) -> None:
        """Options that come from elsewhere (a save) held to what a new game's can be: each
        field of its type, the player count, modules and settings the declaration offers,
        and names fit for a screen. ValueError with a one-line reason."""
        kind: type = type(options)
        hints = plain.hints(kind)
        for spec in dataclasses.fields(options):
            if not _conforms(getattr(options, spec.name), hints[spec.name]):
                raise ValueError(f"the options' {spec.name} is not "
                                 f"{getattr(hints[spec.name], '__name__', hints[spec.name])}")
        if options.players not in self.players:
            raise ValueError(f"{self.title} is played by {counts(self.players)} players, not "
                             f"{str(options.players)[:24]}")
        names = getattr(options, "names", [])
        if len(names) > options.players or not all(_is_name(name) for name in names):
            raise ValueError(f"the options' names are not {options.players} names of at most "
                             f"{MAX_NAME} printable characters")
        modules = getattr(options, "modules", [])
        known = {m.key for m in self.modules}
        wrong = [m for m in modules if m not in known]
        if wrong or len(set(modules)) != len(modules):
            raise ValueError(f"{self.title} has no module {', '.join(wrong)[:80]}" if wrong
                             else "a module is named twice in the options")
        for setting in self.settings:
            value = getattr(options, setting.key, None)
            if isinstance(value, str) and value not in setting.values:
                raise ValueError(f"{setting.title} is one of {', '.join(setting.values)}, "
                                 f"not {value[:40]!r}")

    def check_loaded(self, game: Game[Any, Any, Any]) -> None:
        """A game loaded from data this program did not make (a save's snapshot) is
        played only if its state has the types of the game's (core.plain.mismatch), its
        options are a new game's, its state keeps every invariant of the game, and what
        each seat is shown (the view, the decision with its final options, its words) is
        within the game's bounds. ValueError, one line, if not."""
        from core.events import SPECTATOR
        from core.frames import frame
        from core.header import header
        from core.plain import mismatch

        wrong = mismatch(type(game.state), game.snapshot(), "the snapshot")
        if wrong:
            raise ValueError(wrong)
        self.check_options(game.options)
        words = self.words()
        try:
            problems = self.checker(game).step([])
            game.progress()  # the header of its next save
            for seat in (*range(game.seats), SPECTATOR):
                shown = frame(game, seat, len(game.history))
                check_frame(self.bounds, shown)
                header(shown["view"])
                words.show(shown["view"], shown["prompt"])
        except ValueError:  # OutOfBounds, a view without the shell's facts: one line already
            raise
        except Exception as error:  # what the data breaks in the engine refuses it
            raise ValueError(f"{type(error).__name__}: {error}") from None
        if problems:
            raise ValueError(f"a broken rule: {problems[0]}")

    def new_game(self, setup: GameSetup) -> Game[Any, Any, Any]:
        """A game started from the setup (ValueError with a one-line reason)."""
        return self.engine().new(self.options(setup))

    def model(self) -> Model:
        """What its searching bots know of the rules (core.bots.base.Model)."""
        found: Model = resolve(self.declaration.bots)()
        return found

    def make_bot(self, level: str, seed: int) -> Bot:
        """A bot of that level (core.bots.levels.LEVELS) playing this game."""
        from core.bots.levels import make_bot

        return make_bot(level, seed, self.model())

    def words(self) -> Words:
        """The game's words (core.words.Words)."""
        found: Words = resolve(self.declaration.words)
        return found

    def checker(self, game: Game[Any, Any, Any]) -> Checker:
        """The invariants of this game, checked after each of its decisions."""
        return Checker(game, resolve(self.declaration.invariants))

    def progress(self, game: Game[Any, Any, Any]) -> Progress:
        return game.progress()

    def outcome(self, game: Game[Any, Any, Any]) -> Outcome:
        return game.outcome()


def _conforms(value: Any, hint: Any) -> bool:
    """Whether a loaded value has its field's type (the plain types options are made of;
    any other type passes here, and is the engine's to check)."""
    if hint in (int, float, str, bool):
        if hint is float and type(value) is int:
            return True
        return type(value) is hint
    if typing.get_origin(hint) is list:
        (item,) = typing.get_args(hint)
        return type(value) is list and all(_conforms(v, item) for v in value)
    return True


def _is_name(name: Any) -> bool:
    from core.net.text import screen_text

    return type(name) is str and len(name) <= MAX_NAME and screen_text(name) == name


def counts(players: tuple[int, ...]) -> str:
    """Player counts as people say them: "2 to 4", "2, 3 or 5"."""
    ordered = sorted(players)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]} to {ordered[-1]}"
    if len(ordered) == 1:
        return str(ordered[0])
    return ", ".join(str(n) for n in ordered[:-1]) + f" or {ordered[-1]}"


@cache
def declarations() -> dict[str, Declaration]:
    """Every game installed, by name: the default game first, then by title. A game whose
    package is not importable here (the tests' own game outside the tests) is left out."""
    from importlib.metadata import entry_points  # some 30 ms: not before the title shows

    found: dict[str, Declaration] = {}
    for point in entry_points(group=ENTRY_POINTS):
        try:
            declared = point.load()
        except ModuleNotFoundError as error:
            if error.name and point.module.split(".")[0] == error.name:
                continue
            raise
        if not isinstance(declared, Declaration) or declared.name != point.name:
            raise LookupError(f"the entry point {point.name!r} is not that game's declaration")
        found[point.name] = declared
    return dict(sorted(found.items(), key=lambda kv: (kv[0] != DEFAULT_GAME, kv[1].title)))


def titles(also: str = "") -> dict[str, str]:
    """The name and title of every game the menus offer (and of ``also``, a game asked for
    by name though no menu offers it), without importing any of them."""
    return {name: d.title for name, d in declarations().items() if d.listed or name == also}


@cache
def ruleset(name: str) -> Ruleset:
    found = declarations().get(name)
    if found is None:
        known = ", ".join(n for n, d in declarations().items() if d.listed)
        raise LookupError(f"unknown game {name!r}; known: {known}")
    return Ruleset(found)


def parse_modules(rules: Ruleset, text: str) -> list[str]:
    """A command line's ``--modules``: "all" (every module of the game), or names
    separated by commas; an unknown name raises ValueError naming the game's modules."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = [m.key for m in rules.modules]
    if names == ["all"]:
        return known
    wrong = [name for name in names if name not in known]
    if wrong:
        offered = f"known: all, {', '.join(known)}" if known else "it has none"
        raise ValueError(f"{rules.title} has no module {', '.join(wrong)}; {offered}")
    return names


def module_titles(rules: Ruleset, keys: list[str]) -> list[str]:
    """The titles of a game's modules, for headers and lists."""
    titles_of = {m.key: m.title for m in rules.modules}
    return [titles_of.get(key, key) for key in keys]
