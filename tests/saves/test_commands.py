"""`fractal saves` and `fractal replay`, through the parser they register into."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import saves.replay
from saves.commands import register
from saves.format import SaveMeta, save_of
from saves.store import SaveStore
from tests.saves.fixtures.fake_game import FakeGame, play
from tests.toy.game import Options

Capture = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves.replay, "engine_for", lambda ruleset: FakeGame)


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="fractal")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


def fill(directory: Path) -> SaveStore:
    store = SaveStore(directory)
    for i, played in enumerate(["2025-01-01T00:00:00.000Z", "2025-02-01T00:00:00.000Z"]):
        game = play(FakeGame.new(Options(players=2, seed=i, names=["Ada", "Bob"])), 9, i)
        store.write(f"game{i}", save_of(game, SaveMeta.new(["human", "bot:3"]), played=played))
    return store


def test_saves_lists_newest_first(tmp_path: Path, capsys: Capture) -> None:
    fill(tmp_path)
    (tmp_path / "bad.fractal").write_bytes(b"{}")  # listed by its mtime: now, the newest
    assert run("saves", "--save-dir", str(tmp_path)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["bad", "game1", "game0"]
    assert "not a Fractal save" in lines[0]
    assert "Bob (bot:3)" in lines[1] and "2025-02-01 00:00" in lines[1]


def test_saves_list_json(tmp_path: Path, capsys: Capture,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    fill(tmp_path)
    monkeypatch.setenv("FRACTAL_SAVE_DIR", str(tmp_path))
    assert run("saves", "list", "--json") == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in records] == ["game1", "game0"]
    assert records[0]["header"]["seats"][1] == {
        "name": "Bob", "kind": "bot", "level": "3", "faction": "f1"}
    assert records[0]["error"] is None


def test_saves_in_empty_dir(tmp_path: Path, capsys: Capture) -> None:
    assert run("saves", "--save-dir", str(tmp_path / "none")) == 0
    assert capsys.readouterr().out.strip() == "no saves"


def test_replay_verify_ok(tmp_path: Path, capsys: Capture) -> None:
    fill(tmp_path)
    assert run("replay", "game0", "--verify", "--save-dir", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "game0.fractal: OK, 9 decisions" in out


def test_replay_prints_the_decisions(tmp_path: Path, capsys: Capture) -> None:
    fill(tmp_path)
    assert run("replay", str(tmp_path / "game1.fractal")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 10 and lines[0].split()[0] == "1" and "Ada:" in lines[0]


def test_replay_verify_mismatch_exits_1(tmp_path: Path, capsys: Capture) -> None:
    store = fill(tmp_path)
    save = store.load("game0").save
    save.body.digest = "f" * 64
    store.write("game0", save)
    assert run("replay", "game0", "--verify", "--save-dir", str(tmp_path)) == 1
    assert "MISMATCH" in capsys.readouterr().out


@pytest.mark.parametrize("content", [b"", b"\x89PNG\r\n\x1a\n", b"\x89FRACTAL\x00"])
def test_bad_file_is_one_line_and_exit_2(tmp_path: Path, capsys: Capture,
                                         content: bytes) -> None:
    path = tmp_path / "broken.fractal"
    path.write_bytes(content)
    mtime = path.stat().st_mtime_ns
    assert run("replay", "broken", "--verify", "--save-dir", str(tmp_path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith(f"fractal: {path}: ")
    assert path.read_bytes() == content and path.stat().st_mtime_ns == mtime


def test_replay_of_missing_save_exits_2(tmp_path: Path, capsys: Capture) -> None:
    assert run("replay", "nothing", "--save-dir", str(tmp_path)) == 2
    assert "no such save" in capsys.readouterr().err
