"""Hostile saves, their checksums right: every way to open a save refuses a bad one with
one line and exit 2, shows no escape from it, and costs little (issue 39)."""

from __future__ import annotations

import tracemalloc
import zlib
from pathlib import Path

import pytest

from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from saves.forge import Parts, digest_of, put_together, take_apart
from saves.format import SaveMeta, encode, save_of
from tui.cli import main

HOSTILE = "\x1b]0;X\x07\x1b]52;c;aGk=\x1b\\\x1b[2J\x9b31m\u202e"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def real_parts(game: str = "hegemonic", decisions: int = 30, seed: int = 2) -> Parts:
    rules = ruleset(game)
    played = rules.new_game(GameSetup(players=min(rules.players), seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        prompt = rng.choice(played.pending())
        played.apply(prompt.seat, rng.choice(prompt.options))
    kinds = ["human"] + ["bot:easy"] * (played.seats - 1)
    return take_apart(encode(save_of(played, SaveMeta.new(kinds))))


def write(directory: Path, parts: Parts, name: str = "game", stored: bytes | None = None
          ) -> Path:
    path = directory / f"{name}.fractal"
    path.write_bytes(put_together(parts, stored))
    return path


def clean(text: str) -> bool:
    return not any(raw in text for raw in RAW)


# Every way to open a save from the command line, but the title screen's (a client test).
OPENERS = (["resume"], ["replay"], ["replay", "--verify"], ["replay", "--text"], ["show"],
           ["host", "--headless", "--relay", "127.0.0.1:9", "--resume"])


def refused_everywhere(path: Path, capsys: pytest.CaptureFixture[str], reason: str) -> None:
    for command in OPENERS:
        assert main([*command, str(path), "--save-dir", str(path.parent)]) == 2, command
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and reason in err and clean(err), (command, err)


def test_escapes_in_a_saves_names_are_listed_as_plain_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    for seat in parts.header["seats"]:
        seat["name"] = f"{HOSTILE}Mallory"
        seat["faction"] = HOSTILE
    parts.header["summary"] = f"{HOSTILE}Round 1"
    parts.header["phase"] = HOSTILE
    write(tmp_path, parts)
    write(tmp_path, parts, f"evil{HOSTILE}")  # a file's own name, from the directory
    assert main(["saves", "--save-dir", str(tmp_path)]) == 0
    shown = capsys.readouterr()
    assert clean(shown.out) and clean(shown.err)
    assert "]52;" not in shown.out  # each escape sequence goes whole, not its ESC alone
    assert "Mallory" in shown.out and "Hegemonic: Round 1" in shown.out and "evil" in shown.out
    assert main(["saves", "--json", "--save-dir", str(tmp_path)]) == 0
    assert clean(capsys.readouterr().out)


@pytest.mark.parametrize(("options", "reason"), [
    ({"players": 10**9}, "invalid options: Hegemonic is played by 2 to 6 players, not "
                         "1000000000"),
    ({"players": -1}, "not -1"),
    ({"players": "x"}, "invalid options: the options' players is not int"),
    ({"modules": ["nope"]}, "invalid options: Hegemonic has no module nope"),
    ({"names": [HOSTILE, "B"]}, "names are not 2 names"),
    ({"layout": "spiral"}, "Galaxy is one of suggested, free, not 'spiral'"),
])
def test_options_a_new_game_could_not_have_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], options: dict[str, object],
        reason: str) -> None:
    parts = real_parts()
    parts.body["options"].update(options)
    refused_everywhere(write(tmp_path, parts), capsys, reason)


@pytest.mark.parametrize("game_id", ["../../elsewhere", "a/b", f"x{HOSTILE}", ""])
def test_a_game_id_that_names_no_file_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    parts = real_parts()
    parts.header["game_id"] = game_id
    refused_everywhere(write(tmp_path, parts), capsys, "the game_id is not a word")


def test_a_digest_that_is_no_digest_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`replay --verify` prints the stored digest: one with escapes once reached the
    terminal."""
    parts = real_parts()
    parts.body["digest"] = HOSTILE
    refused_everywhere(write(tmp_path, parts), capsys,
                       "invalid body: the digest is not 64 hexadecimal digits")


def test_a_bot_of_an_unknown_level_is_refused_where_it_would_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    parts.header["seats"][1]["level"] = "grandmaster"
    path = write(tmp_path, parts)
    for command in (["resume"], ["host", "--headless", "--relay", "127.0.0.1:9", "--resume"]):
        assert main([*command, str(path), "--save-dir", str(tmp_path)]) == 2
        assert "seat 2 is a bot of level 'grandmaster'" in capsys.readouterr().err
    assert main(["show", str(path)]) == 0  # showing it makes no bot


def test_a_compressed_bomb_is_refused_within_a_few_megabytes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    squeeze = zlib.compressobj(9)
    bomb = b"".join(squeeze.compress(b"\0" * 2**20) for _ in range(512)) + squeeze.flush()
    path = write(tmp_path, parts, "bomb", stored=bomb)  # 512 MB inflated, 500 kB stored
    tracemalloc.start()
    try:
        assert main(["replay", "--verify", str(path)]) == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "compressed body is incomplete or too large" in capsys.readouterr().err
    assert peak < 20 * 2**20  # 512 MB of zeros, never inflated past the bound


def test_a_body_of_a_million_empty_maps_is_refused_by_its_budget(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    parts.body["snapshot"] = {"maps": [{}] * 90_000, "more": [{}] * 90_000,
                              "again": [{}] * 90_000}
    path = write(tmp_path, parts)
    assert main(["replay", "--verify", str(path)]) == 2
    assert "more than 250000 lists, maps and entries" in capsys.readouterr().err


def test_a_900_deep_list_ends_replay_verify_with_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    deep: list[object] = []
    for _ in range(900):
        deep = [deep]
    parts.body["options"]["names"] = deep
    path = write(tmp_path, parts)
    assert main(["replay", "--verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid body: lists and maps nested deeper than 24" in err


def test_a_log_the_engine_refuses_beside_an_intact_snapshot_opens_from_the_snapshot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    parts.body["log"].append([0, "fly to the moon"])
    path = write(tmp_path, parts)
    assert main(["replay", "--verify", str(path)]) == 1
    assert "is refused" in capsys.readouterr().out
    assert main(["show", str(path)]) == 0  # from the snapshot
    from saves.replay import load_game
    from tui.session import LocalSession, SeatSpec

    _, resumed = load_game(path)
    session = LocalSession(ruleset("hegemonic"), resumed.game,
                           [SeatSpec("human"), SeatSpec("human")],
                           None)
    assert session.undoable(0) == 0  # the undo history starts at the resume


def test_a_snapshot_beyond_the_map_with_its_digest_forged_is_not_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = real_parts()
    parts.body["log"].append([0, "fly to the moon"])
    parts.body["snapshot"]["sectors"][0]["q"] = 10**6
    parts.body["digest"] = digest_of(parts.body["snapshot"])
    path = write(tmp_path, parts)
    assert main(["show", str(path)]) == 2
    assert "the log does not replay" in capsys.readouterr().err


@pytest.mark.parametrize(("where", "value"), [
    (("sectors", 0, "r"), 1.5),  # a coordinate the map cannot place
    (("players", 0, "name"), {"a": 1}),  # a name that is no text
    (("sectors", 0, "faction"), f"{HOSTILE}Osiris"),  # a text that writes to the terminal
    (("turn",), "x"),
])
def test_a_forged_snapshot_of_the_wrong_types_is_not_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: tuple[object, ...],
        value: object) -> None:
    """Each once ended `show` in a traceback or wrote to the terminal; the snapshot is now
    held to the types of the game's state and to its bounds before it is played."""
    parts = real_parts()
    parts.body["log"].append([0, "fly to the moon"])
    here = parts.body["snapshot"]
    for step in where[:-1]:
        here = here[step]
    here[where[-1]] = value
    parts.body["digest"] = digest_of(parts.body["snapshot"])
    path = write(tmp_path, parts)
    for command in (["show"], ["resume"]):
        assert main([*command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the log does not replay" in err and clean(err)


def test_host_resume_checks_that_it_can_save_before_it_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, real_parts())
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    assert main(["host", "--headless", "--relay", "127.0.0.1:9", "--resume", str(path),
                 "--save-dir", str(not_a_folder)]) == 2
    err = capsys.readouterr().err  # before any relay is reached
    assert err.count("\n") == 1 and "cannot save here: File exists" in err, err
