"""`fractal bench --wait`: a game where seat 0 answers at once and bots play the others."""

from __future__ import annotations

import argparse
import json

import pytest

from tui.commands_sim import register
from tui.play.bench import wait_game


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="fractal")
    register(root.add_subparsers(dest="command"))
    return root


def test_only_the_other_seats_are_waited_for_and_the_game_stops_at_the_limit() -> None:
    found = wait_game("fractal", 3, "random", seed=3, limit=6)
    assert {d[0] for d in found.decisions} == {1, 2}
    assert len(found.waits) == 6 and len(found.decisions) >= 6  # each wait is for bots
    whole = wait_game("fractal", 2, "random", seed=3, limit=0)
    assert len(whole.waits) > 6  # to the game's end


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["bench", "--wait", "--game", "fractal", "--players", "2",
                                "--bots", "random", "--runs", "1", "--waits", "4",
                                "--json"])
    assert args.run(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["wait_players"] == 2 and figures["wait_bots"] == "random"
    assert figures["waits"] == 4 and figures["bot_decisions"] >= 4


def test_a_player_count_the_game_has_not_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["bench", "--wait", "--game", "fractal", "--players", "9"])
    assert args.run(args) == 2
    assert "player count" in capsys.readouterr().err
