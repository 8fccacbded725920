"""The layout holds the seam: the shell and the kernel name no game, import none, and the
bots stand below every game (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

from core.rulesets import DEFAULT_GAME, ENTRY_POINTS, declarations

ROOT = Path(__file__).resolve().parents[2]
GAMES_PACKAGES = ("core.games", "tui.games", "tests")


def shell_files() -> Iterator[Path]:
    """The kernel's own modules, the bots, the network, saves and the client's shell."""
    yield from (ROOT / "core").glob("*.py")
    for folder in ("core/bots", "core/net", "saves"):
        yield from (ROOT / folder).rglob("*.py")
    yield from (p for p in (ROOT / "tui").rglob("*.py") if "games" not in p.parts)


def imported(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_the_shell_and_the_kernel_import_no_game() -> None:
    found = [f"{path.relative_to(ROOT)}: {module}" for path in shell_files()
             for module in imported(path) if module.startswith(GAMES_PACKAGES)]
    assert found == []


def test_core_imports_nothing_of_saves_or_the_client() -> None:
    found = [f"{path.relative_to(ROOT)}: {module}" for path in (ROOT / "core").rglob("*.py")
             for module in imported(path) if module.startswith(("saves", "tui"))]
    assert found == []


def test_a_game_is_named_only_by_the_default_game_constant() -> None:
    names = set(declarations())
    titles = {d.title for name, d in declarations().items() if name != DEFAULT_GAME}
    found = []
    for path in shell_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if node.value in names or any(title in node.value for title in titles):
                found.append(f"{path.relative_to(ROOT)} {node.value!r}")
    # The default game's constant (the program is named after it).
    assert found == [f"core/__init__.py {DEFAULT_GAME!r}"]


def test_each_game_is_entered_by_one_line_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    entries = project["project"]["entry-points"][ENTRY_POINTS]
    assert set(entries) == set(declarations())
    assert all(value.endswith(":GAME") for value in entries.values())
