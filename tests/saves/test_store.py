"""The save store: where it lives, atomic writes with backups, fallback, listing, lookup."""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs
import pytest

from saves import store as store_mod
from saves.format import FORMAT_VERSION, SaveError, SaveMeta, encode, read_save, save_of, utc_text
from saves.store import SaveStore, backup_of, find_save, list_saves, save_dir
from tests.saves.fixtures.fake_game import FakeGame, play
from tests.toy.game import Options


def game(seed: int = 1, decisions: int = 10) -> FakeGame:
    g: FakeGame = play(FakeGame.new(Options(players=2, seed=seed)), decisions, seed)
    return g


# -- where saves live -----------------------------------------------------------------------


def test_default_dir_is_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FRACTAL_SAVE_DIR", raising=False)
    expected = Path(platformdirs.user_data_dir("fractal", appauthor=False)) / "saves"
    assert save_dir() == expected
    assert SaveStore().directory == expected


def test_environment_variable_overrides_default(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv("FRACTAL_SAVE_DIR", str(tmp_path / "env"))
    assert SaveStore().directory == tmp_path / "env"
    SaveStore().save("named", game(), SaveMeta.new())
    assert (tmp_path / "env" / "named.fractal").is_file()


def test_explicit_dir_overrides_environment(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.setenv("FRACTAL_SAVE_DIR", str(tmp_path / "env"))
    store = SaveStore(tmp_path / "explicit")
    assert store.directory == tmp_path / "explicit"
    store.save("named", game(), SaveMeta.new())
    assert (tmp_path / "explicit" / "named.fractal").is_file()
    assert not (tmp_path / "env").exists()


@pytest.mark.parametrize("bad", ["", "../x", "a/b", ".hidden", "x" * 101, "a\nb"])
def test_bad_names_are_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(ValueError):
        SaveStore(tmp_path).path_of(bad)


# -- writing --------------------------------------------------------------------------------


def test_autosave_keeps_previous_version_as_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.autosave(g, meta)
    assert path.name == f"auto-{meta.game_id}.fractal"
    assert not backup_of(path).exists()
    play(g, 2, 9)
    store.autosave(g, meta)
    assert read_save(path).header.decisions == 5
    assert read_save(backup_of(path)).header.decisions == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, path.name + ".bak"]


def test_damaged_current_file_never_replaces_good_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.save("mine", g, meta)
    store.save("mine", play(g, 1, 2), meta)
    good_backup = backup_of(path).read_bytes()
    path.write_bytes(path.read_bytes()[:50])  # the disk ate it
    store.save("mine", play(g, 1, 3), meta)
    assert backup_of(path).read_bytes() == good_backup
    assert read_save(path).header.decisions == 5


def test_load_falls_back_to_backup_without_writing(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.save("mine", g, meta)
    store.save("mine", play(g, 2, 2), meta)
    path.write_bytes(b"garbage")
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
    loaded = store.load("mine")
    assert loaded.from_backup and loaded.path == backup_of(path)
    assert loaded.problem is not None and loaded.problem.code == "foreign"
    assert loaded.save.header.decisions == 3
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
    assert after == before


def test_load_reports_the_save_when_backup_cannot_help(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.save("mine", game(), SaveMeta.new())
    path.write_bytes(b"")
    with pytest.raises(SaveError) as caught:
        store.load("mine")
    assert caught.value.code == "empty" and str(caught.value).startswith(str(path))
    backup_of(path).write_bytes(b"\x89PNG")
    with pytest.raises(SaveError, match="backup: not a Fractal save"):
        store.load("mine")


def test_newer_save_is_not_shadowed_by_its_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.save("mine", g, meta)
    store.save("mine", play(g, 1, 2), meta)
    path.write_bytes(encode(save_of(g, meta), version=FORMAT_VERSION + 1))
    with pytest.raises(SaveError) as caught:
        store.load("mine")
    assert caught.value.code == "newer"


def test_failed_write_leaves_old_file_and_no_temp(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.save("mine", g, meta)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_mod.os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.save("mine", play(g, 2, 2), meta)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_sweep_removes_only_stale_temp_files(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    stale = tmp_path / ".auto-x.fractal.abc.tmp"
    fresh = tmp_path / ".auto-y.fractal.def.tmp"
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert store.sweep() == 1
    assert not stale.exists() and fresh.exists()


# -- listing and lookup ---------------------------------------------------------------------


def _save_played_at(store: SaveStore, name: str, played: str, seed: int) -> Path:
    return store.write(name, save_of(game(seed), SaveMeta.new(), played=played))


def test_listing_is_newest_first_and_shows_broken_files(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    _save_played_at(store, "b-middle", "2025-01-02T00:00:00.000Z", 1)
    _save_played_at(store, "a-newest", "2025-01-03T00:00:00.000Z", 2)
    _save_played_at(store, "c-oldest", "2025-01-01T00:00:00.000Z", 3)
    (tmp_path / "broken.fractal").write_bytes(b"\x89FRAC")
    old = time.mktime((2020, 1, 1, 0, 0, 0, 0, 0, 0))
    os.utime(tmp_path / "broken.fractal", (old, old))
    (tmp_path / ".x.fractal.123.tmp").write_bytes(b"partial")
    (tmp_path / "notes.txt").write_text("not a save")
    items = store.list()
    assert [i.name for i in items] == ["a-newest", "b-middle", "c-oldest", "broken"]
    assert items[0].header is not None and items[0].error is None
    assert items[-1].header is None and items[-1].error is not None
    assert items[-1].error.code == "truncated"


def test_listing_reads_headers_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    big = play(FakeGame.lasting(9999).new(Options(players=2, seed=1)), 6000, 1)
    path = store.save("big", big, SaveMeta.new())
    damaged = bytearray(path.read_bytes())
    damaged[-100] ^= 0xFF  # in the body: loading fails, listing does not notice
    path.write_bytes(bytes(damaged))
    read = []
    real_open = open

    class Spy:
        def __init__(self, handle: object) -> None:
            self.handle = handle

        def __enter__(self) -> Spy:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

        def fileno(self) -> int:
            return int(self.handle.fileno())  # type: ignore[attr-defined]

        def read(self, n: int = -1) -> bytes:
            data: bytes = self.handle.read(n)  # type: ignore[attr-defined]
            read.append(len(data))
            return data

    monkeypatch.setattr("builtins.open", lambda *a, **k: Spy(real_open(*a, **k)))
    items = list_saves(tmp_path)
    monkeypatch.undo()
    assert items[0].error is None and items[0].header is not None
    assert items[0].header.decisions == 6000
    assert sum(read) <= 4096 < len(damaged)
    with pytest.raises(SaveError, match="checksum"):
        read_save(path)


def test_listing_of_missing_dir_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "none") == []


def test_orphan_backup_is_listed_and_found(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    g, meta = game(decisions=3), SaveMeta.new()
    path = store.save("mine", g, meta)
    store.save("mine", play(g, 1, 2), meta)
    path.unlink()
    (item,) = store.list()
    assert item.name == "mine" and item.from_backup and item.header is not None
    assert find_save("mine", tmp_path) == path
    assert store.load("mine").from_backup


def test_find_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    with pytest.raises(SaveError) as caught:
        find_save(None, tmp_path)
    assert caught.value.code == "missing"
    _save_played_at(store, "older", "2025-01-01T00:00:00.000Z", 1)
    newest = _save_played_at(store, "newer", utc_text(), 2)
    (tmp_path / "zzz.fractal").write_bytes(b"bad")
    assert find_save(None, tmp_path) == newest
    assert find_save("older", tmp_path) == tmp_path / "older.fractal"
    assert find_save("older.fractal", tmp_path) == tmp_path / "older.fractal"
    assert find_save(str(newest), tmp_path / "elsewhere") == newest
    monkeypatch.setenv("FRACTAL_SAVE_DIR", str(tmp_path))
    assert find_save("older") == tmp_path / "older.fractal"
    for missing in ["nope", "../etc/passwd", str(tmp_path / "gone.fractal")]:
        with pytest.raises(SaveError) as caught:
            find_save(missing, tmp_path)
        assert caught.value.code == "missing"


def test_written_bytes_are_the_encoded_save(tmp_path: Path) -> None:
    g, meta = game(), SaveMeta.new()
    save = save_of(g, meta, played="2025-01-01T00:00:00.000Z")
    path = SaveStore(tmp_path).write("exact", save)
    assert path.read_bytes() == encode(save)
