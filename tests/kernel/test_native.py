"""The optional compiled build (core/native.py): what it compiles, and that an out-of-date
or switched-off build runs the sources. The build itself needs a C compiler and is checked
by ``fractal native check``; these tests run without one."""

from __future__ import annotations

import os
import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from core import native, plain


def test_the_build_lists_the_rules_the_machine_and_the_searches_and_nothing_a_screen_runs(
) -> None:
    sources = native.modules()
    assert len(sources) == len(set(sources))
    assert all((native.ROOT / source).is_file() for source in sources)
    assert {"core/machine.py", "core/bots/mcts.py", "core/games/fractal/movement.py",
            "core/games/hegemonic/state.py", "core/games/atlas/bots/value.py",
            "core/games/artifacts/payment.py"} <= set(sources)
    for source in sources:
        path = Path(source)
        assert path.name not in native.LEFT, source
        assert "content" not in path.parts and "words" not in path.parts, source


def test_a_source_names_its_module() -> None:
    assert native.name_of("core/bots/mcts.py") == "core.bots.mcts"
    assert native.name_of("core/games/fractal/bots/__init__.py") == "core.games.fractal.bots"


def test_the_sources_are_found_in_place_of_the_compiled_modules() -> None:
    finder = native.SourcesFirst(["core/bots/mcts.py", "core/games/fractal/bots/__init__.py"])
    module = finder.find_spec("core.bots.mcts", None)
    assert module is not None and module.origin == str(native.ROOT / "core/bots/mcts.py")
    assert module.submodule_search_locations is None
    package = finder.find_spec("core.games.fractal.bots", None)
    assert package is not None and package.submodule_search_locations == [
        str(native.ROOT / "core/games/fractal/bots")]
    assert finder.find_spec("core.rng", None) is None  # not compiled: the usual finders


@pytest.fixture
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository of one compiled module, ``core/thing.py``, built after its source."""
    source = tmp_path / "core" / "thing.py"
    source.parent.mkdir()
    source.write_text("X = 1\n")
    (tmp_path / "core" / f"thing{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    built = tmp_path / "core" / "native.built"
    built.write_text("core/thing.py\n")
    os.utime(source, (1_000, 1_000))
    os.utime(built, (2_000, 2_000))
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "BUILT", built)
    monkeypatch.delenv(native.SWITCH, raising=False)
    return source


def test_a_build_newer_than_its_sources_runs(fake_build: Path) -> None:
    assert native.built() == ["core/thing.py"]
    assert native.stale(native.built()) == []
    assert native.status() == "compiled (mypyc), 1 modules"


def test_a_source_edited_after_the_build_turns_every_compiled_module_off(
        fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    os.utime(fake_build, (3_000, 3_000))
    assert native.stale(native.built()) == ["core/thing.py"]
    assert native.status().startswith("pure Python: 1 of 1 compiled modules are older")
    finders: list[object] = []
    monkeypatch.setattr(sys, "meta_path", finders)
    native.guard()
    assert len(finders) == 1 and isinstance(finders[0], native.SourcesFirst)
    assert finders[0].sources == {"core.thing": fake_build}


def test_a_missing_compiled_module_turns_the_build_off(fake_build: Path) -> None:
    (fake_build.parent / f"thing{EXTENSION_SUFFIXES[0]}").unlink()
    assert native.stale(native.built()) == ["core/thing.py"]


def test_the_switch_turns_an_up_to_date_build_off(
        fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    finders: list[object] = []
    monkeypatch.setattr(sys, "meta_path", finders)
    native.guard()
    assert finders == []  # up to date: the compiled modules run
    monkeypatch.setenv(native.SWITCH, "off")
    native.guard()
    assert len(finders) == 1
    assert native.status() == f"pure Python: {native.SWITCH}=off"


def test_without_a_build_nothing_is_compiled_and_nothing_guards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "BUILT", tmp_path / "native.built")
    finders: list[object] = []
    monkeypatch.setattr(sys, "meta_path", finders)
    native.guard()
    assert finders == [] and native.built() == [] and native.status() == "pure Python"


def test_a_compiled_class_s_hints_are_read_from_its_source(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc keeps a dataclass's field types without their arguments (``list[int]`` as
    ``list``): saves would come back as plain lists. Stood in for here by a module whose
    file is an extension and whose class carries the erased types."""
    (tmp_path / "record.py").write_text(
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Record:\n"
        "    counts: list[int]\n    names: dict[str, tuple[int, ...]]\n    seat: int = -1\n")
    module = types.ModuleType("native_record")
    module.__file__ = str(tmp_path / f"record{EXTENSION_SUFFIXES[0]}")
    erased = type("Record", (), {"__module__": "native_record",
                                 "__annotations__": {"counts": list, "names": dict,
                                                     "seat": int}})
    monkeypatch.setitem(sys.modules, "native_record", module)
    assert plain.hints(erased) == {"counts": list[int], "names": dict[str, tuple[int, ...]],
                                   "seat": int}


def test_a_failed_build_says_so_in_one_line_and_leaves_nothing_compiled(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    cleaned: list[bool] = []

    def failing() -> None:
        raise SystemExit("error: command 'gcc' failed: No such file or directory\nmore")

    monkeypatch.setattr(native, "build", failing)
    monkeypatch.setattr(native, "clean", lambda: cleaned.append(True))
    assert native.main("build") == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "command 'gcc' failed" in error
    assert cleaned == [True]


def test_a_compiled_module_whose_source_is_gone_turns_the_build_off(fake_build: Path) -> None:
    fake_build.unlink()  # asked as `core` is imported: it must not raise
    assert native.stale(native.built()) == ["core/thing.py"]


def test_the_check_needs_an_up_to_date_build(
        fake_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.utime(fake_build, (3_000, 3_000))
    assert native.check() == 1
    assert "no up-to-date build" in capsys.readouterr().err
