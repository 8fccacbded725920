"""No import circle in tui/: every import, at the top of a module or inside a function,
points one way, so that a module can be read, tested and loaded without the ones that use
it (the play layer without the screens, the relay's commands without the game)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` by its dotted name (a package by its own name)."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that ``name`` imports anywhere in its text."""
    return {module for module in named(name, path, known) if module in known and module != name}


def named(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``name`` imports anywhere in its text, by its absolute name. ``from P
    import m`` names the module P.m when ``known`` has one (importing a package's module is
    not an import of the package's own code that could close a circle)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[:len(package) - node.level + 1], *base.split(".")])
            inner = [f"{base}.{alias.name}" for alias in node.names
                     if f"{base}.{alias.name}" in known]
            found.update(inner)
            if len(inner) < len(node.names):
                found.add(base)
    return found


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of the graph, as the modules around it; [] when there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(module: str) -> list[str]:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state and (found := walk(target)):
                return found
        path.pop()
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state and (found := walk(module)):
            return found
    return []


def test_the_circle_finder_finds_a_circle_and_no_false_one() -> None:
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_a_relative_import_and_a_packages_module_are_told_apart(tmp_path: Path) -> None:
    known = {"p": tmp_path / "p" / "__init__.py", "p.m": tmp_path / "p" / "m.py",
             "p.n": tmp_path / "p" / "n.py"}
    for path in known.values():
        path.parent.mkdir(exist_ok=True)
    known["p.m"].write_text("from p import n\nfrom . import n as again\n", encoding="utf-8")
    known["p.n"].write_text("def f():\n    from .m import g\n    from p import CONSTANT\n",
                            encoding="utf-8")
    assert imports("p.m", known["p.m"], known) == {"p.n"}
    assert imports("p.n", known["p.n"], known) == {"p.m", "p"}


def test_no_module_of_tui_is_part_of_an_import_circle() -> None:
    known = modules("tui")
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert "tui.play.table" in graph["tui.session"]  # the imports are found
    found = circle(graph)
    assert not found, "import circle: " + " -> ".join(found)


def test_the_play_layer_loads_neither_textual_nor_asyncio_nor_the_rest_of_tui() -> None:
    known = modules("tui")
    layer = {name: path for name, path in known.items() if name.startswith("tui.play")}
    assert "tui.play.table" in layer
    for name, path in layer.items():
        outside = {module for module in named(name, path, known)
                   if module.split(".")[0] in ("textual", "asyncio")
                   or (module.startswith("tui") and not module.startswith("tui.play"))}
        assert not outside, f"{name} imports {sorted(outside)}"
