"""The optional compiled engines: the rules modules built with mypyc, beside their sources.

`make native` compiles the modules :func:`modules` lists into extension modules next to
their ``.py`` files, which Python then imports in their place; `make clean-native` removes
them and the pure Python runs again. Nothing needs them: a machine without a compiler plays
the same games, byte for byte, only slower (docs/benchmarks.md measures both).

A compiled module does not see later edits of its source: :func:`status` says which ones
are older than their source, and ``fractal bench`` prints it.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("fractal", "atlas", "hegemonic", "artifacts")
# The shared modules the engines call at every step.
SHARED = ("core/decisions.py", "core/events.py", "core/hexgrid.py", "core/plain.py",
          "core/rng.py")
# Modules of a game left interpreted: classes that subclass an interpreted one (the
# engine's context, the game), what a decision never runs (words, views for screens,
# invariants, documents), and the bots (judged with the engine's figures, not built here).
LEFT = {"__init__.py", "engine.py", "game.py", "view.py", "hidden.py", "invariants.py",
        "cardsdoc.py", "battle_view.py", "words.py", "text.py", "layouts.py", "setup.py",
        "advisor.py"}


def modules() -> list[str]:
    """The sources compiled, relative to the repository's root."""
    found = list(SHARED)
    for game in GAMES:
        folder = ROOT / "core" / "games" / game
        for path in sorted(folder.glob("*.py")) + sorted(folder.glob("modules/*.py")):
            if path.name not in LEFT:
                found.append(path.relative_to(ROOT).as_posix())
    # Content records read by type hints (core.content_schema) stay interpreted: a compiled
    # dataclass keeps no generic hints.
    found += ["core/games/fractal/content/model.py", "core/games/atlas/content/model.py"]
    return found


def compiled(source: Path) -> list[Path]:
    return [source.with_name(source.stem + suffix) for suffix in EXTENSION_SUFFIXES
            if source.with_name(source.stem + suffix).exists()]


def status() -> str:
    """One line: whether the engines run compiled, and which compiled modules are stale."""
    built = {source: compiled(ROOT / source) for source in modules()}
    present = [source for source, found in built.items() if found]
    if not present:
        return "pure Python"
    stale = [source for source in present
             if any(so.stat().st_mtime < (ROOT / source).stat().st_mtime for so in built[source])]
    line = f"compiled (mypyc), {len(present)} of {len(built)} modules"
    return line + (f"; stale, rebuild with make native: {', '.join(stale)}" if stale else "")


def build() -> None:
    """Compile :func:`modules` in place (needs a C compiler and mypy's mypyc)."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    # One extension per module: the compiler runs on every core, and a build after an edit
    # is quicker.
    extensions = mypycify(["--config-file", str(ROOT / "core" / "native.ini"), *modules()],
                          opt_level="3", separate=True)
    setup(name="fractal-native", ext_modules=extensions,
          script_args=["build_ext", "--inplace", "--build-temp", "build/native",
                       "--parallel", str(os.cpu_count() or 1)])


def clean() -> None:
    for source in modules():
        for path in compiled(ROOT / source):
            path.unlink()
    for path in ROOT.glob("*__mypyc*"):
        path.unlink()


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "status"
    if command == "build":
        build()
    elif command == "clean":
        clean()
    else:
        print(status())
