"""`fractal show` and `fractal replay --text`: the game as plain text, from saves.

The snapshot files in tests/fixtures/words/ were read through by hand once; when the words
or the rules change on purpose, write them again with ``FRACTAL_SNAPSHOTS=update pytest
tests/fractal/test_words_text.py`` and read the difference before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from core.games.fractal.game import Game
from core.games.fractal.state import Options
from saves.format import SaveMeta, save_of
from saves.store import SaveStore
from tui.cli import main

SNAPSHOTS = Path(__file__).resolve().parent / "fixtures" / "words"
Capture = pytest.CaptureFixture[str]


def played(players: int, map_name: str, seed: int, decisions: int | None) -> Game:
    """A game played at random for that many decisions (None: to its end)."""
    game = Game.new(Options(players=players, map=map_name, seed=seed))
    pick = random.Random(seed)
    while not game.over and (decisions is None or len(game.log) < decisions):
        prompt = game.pending()[0]
        game.apply(prompt.seat, pick.choice(prompt.options))
    return game


def saved(directory: Path, name: str, game: Game) -> str:
    meta = SaveMeta("fixed", "2025-01-01T00:00:00.000Z", ["human"] * len(game.state.players))
    SaveStore(directory).write(name, save_of(game, meta, played="2025-01-01T00:00:00.000Z"))
    return name


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def matches_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("FRACTAL_SNAPSHOTS") == "update":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# --- snapshots -----------------------------------------------------------------------------


def test_show_a_four_player_game_to_the_seat_deciding(tmp_path: Path, capsys: Capture) -> None:
    game = played(4, "extended", 12, 150)
    seat = game.pending()[0].seat
    name = saved(tmp_path, "four", game)
    code, out, _ = run(capsys, "show", name, "--seat", str(seat), "--save-dir", str(tmp_path))
    assert code == 0
    matches_snapshot("show-4p-extended.txt", out)


def test_show_a_two_player_game_in_ascii_to_a_spectator(tmp_path: Path,
                                                        capsys: Capture) -> None:
    name = saved(tmp_path, "two", played(2, "compact", 5, 80))
    code, out, _ = run(capsys, "show", name, "--ascii", "--save-dir", str(tmp_path))
    assert code == 0 and out.isascii()
    matches_snapshot("show-2p-compact-ascii.txt", out)


def test_replay_a_short_game_as_text(tmp_path: Path, capsys: Capture) -> None:
    name = saved(tmp_path, "short", played(2, "compact", 9, 60))
    code, out, _ = run(capsys, "replay", name, "--text", "--seat", "0",
                       "--save-dir", str(tmp_path))
    assert code == 0
    matches_snapshot("replay-2p-seat0.txt", out)


# --- the commands --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> Game:
    return played(4, "extended", 33, None)


def test_replay_text_words_every_decision_of_a_finished_game(
        tmp_path: Path, capsys: Capture, finished: Game) -> None:
    name = saved(tmp_path, "done", finished)
    code, out, _ = run(capsys, "replay", name, "--text", "--save-dir", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert sum(1 for line in lines if line.startswith("> ")) == len(finished.log)
    assert "The game is over" in out and lines[-5] == "Scores:"
    assert "winner" in out and "seen by a spectator" in lines[0]


def test_show_prints_the_map_the_boards_and_the_question(tmp_path: Path,
                                                         capsys: Capture) -> None:
    game = played(4, "compact", 3, 200)
    seat = game.pending()[0].seat
    name = saved(tmp_path, "mid", game)
    _, spectator, _ = run(capsys, "show", name, "--save-dir", str(tmp_path))
    _, player, _ = run(capsys, "show", name, "--seat", str(seat), "--save-dir", str(tmp_path))
    for out in (spectator, player):
        assert "Sectors:" in out and "Technologies:" in out
        assert sum(1 for line in out.splitlines() if " VP (" in line) == 4
    assert "Waiting: " in spectator and "Your decision" not in spectator
    assert "Your decision" in player and "   1. " in player


def test_a_seat_that_does_not_exist_is_refused(tmp_path: Path, capsys: Capture) -> None:
    name = saved(tmp_path, "two", played(2, "compact", 5, 10))
    for command in (["show", name], ["replay", name, "--text"]):
        code, out, err = run(capsys, *command, "--seat", "2", "--save-dir", str(tmp_path))
        assert code == 2 and not out
        assert err.count("\n") == 1 and "no seat 2" in err
