"""The optional compiled engines: the rules of every game, the kernel's decision machine
and the bots, built with mypyc into extension modules beside their sources.

``make native`` builds them (a C compiler and the project's dev tools, mypy among them);
Python then imports each in place of its source. ``make clean-native`` removes them.
Nothing needs them: without them every game plays the same, byte for byte, at about half
the speed (docs/benchmarks.md, "Engine speed", measures both).

An extension does not follow later edits of its source, and compiled modules call one
another directly, so they run all together or not at all: when any of them is older than
its source (an edit, a checkout), :func:`guard` has Python import the sources of every one
of them, and :func:`status` says so (``fractal bench`` prints it).
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from core import PROGRAM

ROOT = Path(__file__).resolve().parent.parent
# Written by a build: the sources it compiled, one a line; absent, nothing is compiled.
BUILT = ROOT / "core" / "native.built"
# The kernel's modules the engines and the searches run at every step.
KERNEL = ("core/decisions.py", "core/events.py", "core/plain.py", "core/rng.py",
          "core/hexgrid.py", "core/machine.py", "core/bots/base.py",
          "core/bots/heuristic.py", "core/bots/levels.py", "core/bots/mcts.py",
          "core/bots/random_bot.py")
# A game's modules left interpreted: its Game class (mypyc fails on its static methods set
# from functions; the kernel's Game, which the tests' games subclass too, stays with it),
# what a decision never runs (views for screens, words, invariants, setup, documents) and
# its content records (in content/, never listed), whose type hints core.content_schema
# reads.
LEFT = frozenset({"__init__.py", "game.py", "view.py", "battle_view.py",
                  "hidden.py", "invariants.py", "setup.py", "layouts.py", "cardsdoc.py",
                  "advisor.py", "text.py", "words.py"})


def modules() -> list[str]:
    """The sources a build compiles, relative to the repository's root."""
    found = list(KERNEL)
    for folder in sorted((ROOT / "core" / "games").iterdir()):
        if not (folder / "__init__.py").is_file():
            continue
        rules = sorted(folder.glob("*.py")) + sorted(folder.glob("modules/*.py"))
        found += [path.relative_to(ROOT).as_posix() for path in rules if path.name not in LEFT]
        found += [path.relative_to(ROOT).as_posix() for path in sorted(folder.glob("bots/*.py"))
                  if path.name != "__init__.py"]
    return found


def name_of(source: str) -> str:
    """The module a source defines: ``core/bots/mcts.py`` is ``core.bots.mcts``."""
    parts = source.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def extension_of(source: str) -> Path | None:
    """The compiled module built from a source, if there is one."""
    path = ROOT / source
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = path.with_name(path.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def built() -> list[str]:
    """The sources the last build compiled (none if there is no build)."""
    try:
        return BUILT.read_text().split()
    except OSError:
        return []


def stale(sources: Sequence[str]) -> list[str]:
    """The sources edited since the last build, or whose compiled module is gone. The
    build's own record dates it: an extension left as it was by a rebuild (its code did
    not change) keeps an older date than sources edited since."""
    try:
        when = BUILT.stat().st_mtime
    except OSError:
        return list(sources)
    return [source for source in sources
            if extension_of(source) is None or _edited_since(source, when)]


def _edited_since(source: str, when: float) -> bool:
    """Whether a source changed after ``when`` (or is gone): asked as ``core`` is imported,
    so it never raises."""
    try:
        return (ROOT / source).stat().st_mtime > when
    except OSError:
        return True


class SourcesFirst:
    """Finds the source of each compiled module in place of its extension (a finder of
    ``sys.meta_path``)."""

    def __init__(self, sources: Sequence[str]) -> None:
        self.sources = {name_of(source): ROOT / source for source in sources}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        import importlib.util

        package = [str(source.parent)] if source.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, source,
                                                      submodule_search_locations=package)


# Set to "off", the sources run even where a build is up to date: the test suite's choice
# (its tests replace functions of modules that compiled callers would not see replaced).
SWITCH = f"{PROGRAM.upper()}_NATIVE"


def guard() -> None:
    """Run the sources of every compiled module if any of them is out of date, or if the
    environment turns the build off. Called as the ``core`` package is imported, before
    any compiled module is."""
    sources = built()
    if sources and (os.environ.get(SWITCH) == "off" or stale(sources)):
        sys.meta_path.insert(0, SourcesFirst(sources))


def status() -> str:
    """One line: whether the engines run compiled, and why not when a build is there."""
    sources = built()
    if not sources:
        return "pure Python"
    if os.environ.get(SWITCH) == "off":
        return f"pure Python: {SWITCH}=off"
    old = stale(sources)
    if old:
        return (f"pure Python: {len(old)} of {len(sources)} compiled modules are older than "
                f"their sources ({old[0]}...); make native rebuilds them")
    return f"compiled (mypyc), {len(sources)} modules"


def build() -> None:
    """Compile :func:`modules` in place (needs a C compiler, mypy's mypyc and setuptools)."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    sources = modules()
    clean()
    os.chdir(ROOT)  # mypyc writes its C under build/, as setuptools its objects
    # One extension a module, so that the compiler runs on every core.
    extensions = mypycify(["--config-file", str(ROOT / "core" / "native.ini"), *sources],
                          opt_level="3", separate=True)
    setup(name="fractal-native", ext_modules=extensions,
          script_args=["build_ext", "--inplace", "--build-temp", "build/native",
                       "--parallel", str(os.cpu_count() or 1)])
    BUILT.write_text("".join(f"{source}\n" for source in sources))


def clean() -> None:
    """Remove every compiled module: the sources run again."""
    for source in {*built(), *modules()}:
        while (extension := extension_of(source)) is not None:
            extension.unlink()
    for group in ROOT.glob("core/**/*__mypyc*"):
        group.unlink()
    BUILT.unlink(missing_ok=True)


# The games ``check`` plays: every game at its fewest and most players with random choices,
# then a short search by each bot family (decisions capped: the sources are slow).
CHECKED_LEVELS = (("random", 2_000), ("heuristic", 40), ("mcts:30", 40))


def fingerprints() -> list[str]:
    """A line per game of :data:`CHECKED_LEVELS`: its name, seed and the digest of where it
    ended. The same lines compiled and from the sources mean the same games."""
    from core.bots.levels import lift_guard
    from core.rulesets import GameSetup, declarations, ruleset

    lines = []
    for game in sorted(declarations()):
        rules = ruleset(game)
        for level, cap in CHECKED_LEVELS:
            for players in (min(rules.players), max(rules.players)):
                seed = 7 + players
                played = rules.new_game(GameSetup(players=players, seed=seed))
                bots = [rules.make_bot(level, seed + seat) for seat in range(players)]
                for bot in bots:
                    lift_guard(bot)
                for _ in range(cap):
                    if played.over:
                        break
                    prompt = played.pending()[0]
                    played.apply(prompt.seat, bots[prompt.seat].choose(
                        played.view(prompt.seat), prompt))
                lines.append(f"{game} {players}p {level} seed {seed}: {played.digest()}")
    return lines


FINGERPRINTS = ("from core import native; "
                "print(native.status(), *native.fingerprints(), sep=chr(10))")


def check() -> int:
    """Play :func:`fingerprints` compiled and from the sources, each in a process of its
    own: 0 if they are the same games."""
    import subprocess

    sources = built()
    if not sources or stale(sources):
        print("fractal native check: no up-to-date build to compare with the sources "
              "(make native builds one)", file=sys.stderr)
        return 1

    def run(switch: str) -> list[str]:
        env = {**os.environ, SWITCH: switch}
        done = subprocess.run([sys.executable, "-c", FINGERPRINTS], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise RuntimeError(f"the games with {SWITCH}={switch} stopped: {last}")
        return done.stdout.splitlines()

    try:
        compiled, interpreted = run("on"), run("off")
    except RuntimeError as error:
        print(f"fractal native check: {error}", file=sys.stderr)
        return 1
    print(f"engines: {compiled.pop(0)}; then {interpreted.pop(0)}")
    differ = [f"{a} | {b}" for a, b in zip(compiled, interpreted, strict=True) if a != b]
    for line in differ:
        print(f"differs, compiled | sources: {line}")
    print(f"{len(compiled) - len(differ)} of {len(compiled)} games the same compiled and "
          f"from the sources")
    return 1 if differ else 0


def main(command: str) -> int:
    """``fractal native COMMAND``: build, check, clean or status."""
    if command == "check":
        return check()
    if command == "build":
        try:
            build()
        except (Exception, SystemExit) as error:  # setuptools exits on a compiler's error
            clean()  # no part of a build is left to be imported
            print(f"fractal native: the build failed, the sources run: "
                  f"{str(error).splitlines()[0] if str(error) else type(error).__name__} "
                  f"(it needs a C compiler and the dev tools of make setup)", file=sys.stderr)
            return 1
    elif command == "clean":
        clean()
    print(status())
    return 0
