"""The save file format: round trips, every kind of bad file, versions and migrations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from saves import format as fmt
from saves.format import (
    FORMAT_VERSION,
    MAGIC,
    PREFIX_SIZE,
    Migration,
    SaveError,
    SaveMeta,
    decode,
    encode,
    read_header,
    read_save,
    save_of,
)
from saves.replay import restore
from tests.saves.fixtures import make_v1_save
from tests.saves.fixtures.fake_game import FakeGame, play
from tests.toy.game import Options

DOCUMENTED_CODES = {"empty", "foreign", "truncated", "corrupted", "newer", "unsupported",
                    "invalid", "missing", "unreadable"}


def small_game(seed: int = 3, decisions: int = 12) -> FakeGame:
    game: FakeGame = play(FakeGame.new(Options(players=2, seed=seed)), decisions, seed)
    return game


def small_save_bytes(compress: bool = True) -> bytes:
    return encode(save_of(small_game(), SaveMeta.new(["human", "bot:2"])), compress=compress)


def write(tmp_path: Path, data: bytes, name: str = "game.fractal") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def expect_error(path: Path, *codes: str) -> SaveError:
    """Reading fails with one of ``codes``, as one line naming the file; nothing changes."""
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    with pytest.raises(SaveError) as caught:
        read_save(path)
    err = caught.value
    assert err.code in codes, err
    assert err.code in DOCUMENTED_CODES
    message = str(err)
    assert "\n" not in message and message.startswith(str(path) + ": ")
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    return err


# -- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_round_trip_at_random_points_gives_identical_state_and_future(seed: int) -> None:
    chooser = random.Random(seed)
    game = small_game(seed, chooser.randrange(0, 40))
    loaded = decode(encode(save_of(game, SaveMeta.new())))
    assert loaded.body.snapshot == game.snapshot()
    assert loaded.body.log == game.log
    assert loaded.body.digest == game.digest()
    resumed = restore(loaded, FakeGame)
    assert resumed.digest() == game.digest()
    # The same future choices give the same results.
    play(game, 30, seed + 100)
    for seat, choice in game.log[len(resumed.log):]:
        resumed.apply(seat, choice)
    assert resumed.digest() == game.digest()


def test_header_describes_the_game() -> None:
    game = small_game(decisions=5)
    meta = SaveMeta.new(["human", "bot:hard"])
    header = decode(encode(save_of(game, meta))).header
    assert header.ruleset == "toy"
    assert header.game_id == meta.game_id and header.created == meta.created
    assert header.played.endswith("Z") and header.created <= header.played
    assert [(s.name, s.kind, s.level, s.faction) for s in header.seats] == [
        ("P1", "human", "", "f0"), ("P2", "bot", "hard", "f1")]
    assert header.decisions == 5 and header.cycle == game.state.cycle
    assert header.waiting == [game.pending()[0].seat]
    assert "\n" not in header.summary and "P1" in header.summary
    assert SaveMeta.of(header).kinds == ["human", "bot:hard"]


def test_unknown_seat_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        save_of(small_game(), SaveMeta.new(["human", "wizard"]))


def test_uncompressed_body_reads_too() -> None:
    save = decode(small_save_bytes(compress=False))
    assert save.body.log == small_game().log


def test_read_header_reads_only_the_header(tmp_path: Path) -> None:
    data = bytearray(small_save_bytes())
    data[-40] ^= 0xFF  # damage the body: the header still reads
    path = write(tmp_path, bytes(data))
    assert read_header(path).decisions == 12
    expect_error(path, "corrupted")


# -- bad files ------------------------------------------------------------------------------


def test_every_truncation_is_reported(tmp_path: Path) -> None:
    data = small_save_bytes()
    path = tmp_path / "cut.fractal"
    for length in range(len(data)):
        path.write_bytes(data[:length])
        err = expect_error(path, "empty" if length == 0 else "truncated")
        if length:
            assert "truncated" in err.reason


@pytest.mark.parametrize("compress", [True, False])
def test_random_byte_flips_are_reported(tmp_path: Path, compress: bool) -> None:
    data = small_save_bytes(compress)
    chooser = random.Random(1234)
    path = tmp_path / "flipped.fractal"
    positions = sorted(set(range(PREFIX_SIZE)) | set(chooser.sample(range(len(data)), 300)))
    for pos in positions:
        damaged = bytearray(data)
        damaged[pos] ^= chooser.randrange(1, 256)
        path.write_bytes(bytes(damaged))
        expect_error(path, "corrupted")


def test_empty_file(tmp_path: Path) -> None:
    assert expect_error(write(tmp_path, b""), "empty").reason == "empty file"


@pytest.mark.parametrize("foreign", [
    b"\x89PNG\r\n\x1a\n" + bytes(200),
    json.dumps({"game": "fractal", "log": []}).encode(),
    b"x",
    b"PK\x03\x04" + bytes(100),
])
def test_other_formats_are_foreign(tmp_path: Path, foreign: bytes) -> None:
    err = expect_error(write(tmp_path, foreign), "foreign")
    assert "not a Fractal save" in err.reason


def test_newer_version_is_reported(tmp_path: Path) -> None:
    data = encode(save_of(small_game(), SaveMeta.new()), version=FORMAT_VERSION + 1)
    path = write(tmp_path, data)
    err = expect_error(path, "newer")
    assert f"format version {FORMAT_VERSION + 1}" in err.reason
    with pytest.raises(SaveError, match="newer"):
        read_header(path)


def test_a_reserved_flag_is_invalid_not_newer(tmp_path: Path) -> None:
    """The envelope is frozen, so no newer program sets another flag: a file that does is
    refused as invalid, saying which bit, not as written by a newer Fractal of the same
    version."""
    header = fmt._pack({"any": 1})
    data = fmt.envelope(header, b"", version=FORMAT_VERSION, flags=0x80)
    err = expect_error(write(tmp_path, data), "invalid")
    assert err.reason == "invalid: reserved flag bits set (0x0080)"
    assert "newer" not in str(err)


def test_trailing_bytes_are_corruption(tmp_path: Path) -> None:
    expect_error(write(tmp_path, small_save_bytes() + b"\0"), "corrupted")


def test_valid_envelope_with_wrong_contents_is_invalid(tmp_path: Path) -> None:
    header = fmt._pack({"ruleset": "fractal"})  # fields missing
    data = fmt.envelope(header, fmt._pack({}), version=FORMAT_VERSION, flags=0)
    err = expect_error(write(tmp_path, data), "invalid")
    assert "missing field" in err.reason
    good_header = encode(save_of(small_game(), SaveMeta.new()))
    prefix = fmt.parse_prefix(good_header, "")
    raw_header = good_header[PREFIX_SIZE : PREFIX_SIZE + prefix.header_len]
    bomb = fmt.envelope(raw_header, b"not zlib", version=FORMAT_VERSION, flags=fmt.FLAG_ZLIB)
    expect_error(write(tmp_path, bomb, "bomb.fractal"), "invalid")


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path / "nothing.fractal")
    assert caught.value.code == "missing"
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path)  # a directory
    assert caught.value.code == "unreadable"


def test_damaged_marker_is_corruption_not_foreign(tmp_path: Path) -> None:
    data = bytearray(small_save_bytes())
    data[3] ^= 0x20
    expect_error(write(tmp_path, bytes(data)), "corrupted")


# -- versions and migrations ----------------------------------------------------------------


def test_v1_fixture_is_generated_by_its_script() -> None:
    assert make_v1_save.FIXTURE.read_bytes() == make_v1_save.build()
    assert make_v1_save.FIXTURE.read_bytes()[:8] == MAGIC


def test_v1_fixture_loads() -> None:
    save = read_save(make_v1_save.FIXTURE)
    assert save.version == 1
    assert save.header.seats[1].level == "3"
    assert save.body.snapshot["science"] == {0: 3, 1: 1}


def _bump(monkeypatch: pytest.MonkeyPatch, migrations: dict[int, Migration]) -> None:
    monkeypatch.setattr(fmt, "FORMAT_VERSION", 2)
    monkeypatch.setattr(fmt, "MIGRATIONS", migrations)


def test_v1_fixture_migrates_after_a_version_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def header(plain: dict[str, object]) -> dict[str, object]:
        calls.append("header")
        return {**plain, "summary": f"{plain['summary']} (migrated)"}

    def body(plain: dict[str, object]) -> dict[str, object]:
        calls.append("body")
        log = plain["log"]
        assert isinstance(log, list)
        return {**plain, "log": [*log, [0, "pass"]]}

    _bump(monkeypatch, {1: Migration(header, body)})
    path = make_v1_save.FIXTURE
    before = path.read_bytes()
    save = read_save(path)
    assert save.version == 1 and calls == ["header", "body"]
    assert save.header.summary.endswith("(migrated)")
    assert save.body.log[-1] == (0, "pass") and len(save.body.log) == 5
    assert read_header(path).summary.endswith("(migrated)")
    assert path.read_bytes() == before
    # Written again, it is a version-2 file that reads without migrating.
    calls.clear()
    again = decode(encode(save))
    assert again.version == 2 and calls == []


def test_old_version_without_migration_is_unsupported(monkeypatch: pytest.MonkeyPatch) -> None:
    _bump(monkeypatch, {})
    path = make_v1_save.FIXTURE
    err = expect_error(path, "unsupported")
    assert "format version 1" in err.reason


def test_version_zero_is_unsupported(tmp_path: Path) -> None:
    data = small_save_bytes()
    prefix = fmt.parse_prefix(data, "")
    header = data[PREFIX_SIZE : PREFIX_SIZE + prefix.header_len]
    body = data[PREFIX_SIZE + prefix.header_len : -fmt.CHECKSUM_SIZE]
    old = fmt.envelope(header, body, version=0, flags=prefix.flags)
    expect_error(write(tmp_path, old), "unsupported")
