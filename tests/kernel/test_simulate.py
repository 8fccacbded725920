"""`fractal simulate`: seeds, seat rotation, the JSON line format, the summary and the CLI.

The games are the tests' own (Stakes, tests/toy): a Fractal record's shape, its faction
picks and modules are tests/fractal/test_simulate.py's. Every game's record and its
invariants at every player count are the contract suite's (tests/contract)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from core.simulate import (
    GameResult,
    SimConfig,
    format_report,
    format_summary,
    paired,
    seat_levels,
    summarize,
)
from tui.commands_sim import cmd_simulate, config_of, register
from tui.play.simulate import play_game, simulate

VP_KEYS = ["imperial", "military", "scientific", "productive", "exploration", "tokens"]


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="fractal")
    register(root.add_subparsers(dest="command"))
    return root


def test_config_is_checked() -> None:
    with pytest.raises(ValueError):
        SimConfig(players=5, bots=("random",), games=1)
    with pytest.raises(ValueError):
        SimConfig(players=2, bots=("random", "random", "random"), games=1)
    with pytest.raises(ValueError):
        SimConfig(players=2, bots=("genius",), games=1)


def test_levels_rotate_through_the_seats_with_swap() -> None:
    fixed = SimConfig(players=3, bots=("random", "easy", "hard"), games=3)
    swapped = SimConfig(players=3, bots=("random", "easy", "hard"), games=3, swap=True)
    assert [seat_levels(fixed, i) for i in range(3)] == [["random", "easy", "hard"]] * 3
    assert [seat_levels(swapped, i) for i in range(3)] == [
        ["random", "easy", "hard"], ["hard", "random", "easy"], ["easy", "hard", "random"]]
    assert seat_levels(SimConfig(players=4, bots=("easy",), games=1), 0) == ["easy"] * 4


def test_a_game_replays_alone_from_its_seed() -> None:
    config = SimConfig(players=2, bots=("random",), games=3, seed=4, replay_every=0,
                       game="toy")
    third = list(simulate(config))[2]
    again = play_game(config, 2)
    assert again.record["decisions"] == third.record["decisions"]
    assert again.record["seats"] == third.record["seats"]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_games_reach_the_end_with_every_invariant(players: int) -> None:
    config = SimConfig(players=players, bots=("random",), games=2, seed=players, replay_every=1,
                       game="toy")
    results = list(simulate(config))
    assert [p for r in results for p in r.problems] == []
    for result in results:
        assert result.record["winners"]


def test_workers_give_the_same_games() -> None:
    serial = SimConfig(players=2, bots=("random",), games=2, seed=3, replay_every=0,
                       game="toy")
    parallel = SimConfig(players=2, bots=("random",), games=2, seed=3, replay_every=0,
                         workers=2, game="toy")
    strip = [{**r.record, "seconds": 0} for r in simulate(serial)]
    assert strip == [{**r.record, "seconds": 0} for r in simulate(parallel)]


def test_an_unguarded_series_plays_as_its_budgets_say_at_any_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from core.bots import levels

    def log_of(unguarded: bool, guard: float) -> list[Any]:
        monkeypatch.setattr(levels, "GUARD_SECONDS", guard)  # mcts:N's guard
        kept: list[Any] = []
        config = SimConfig(players=2, bots=("mcts:30", "random"), games=1, seed=6,
                           replay_every=0, checks=False, game="toy", unguarded=unguarded,
                           keep=lambda game, _levels: kept.append(list(game.log)))
        play_game(config, 0)
        return kept[0]

    idle = log_of(False, 60.0)  # every search ends at its 30 iterations
    # A guard that ends every search at once (a machine busy past bearing)...
    assert log_of(False, 1e-9) != idle
    # ...is lifted: the budgets alone decide, as on the idle machine.
    assert log_of(True, 1e-9) == idle


def test_summary_counts_shared_wins_as_shares() -> None:
    config = SimConfig(players=2, bots=("heuristic", "random"), games=2)

    def record(i: int, winners: list[int]) -> GameResult:
        seats = [{"seat": s, "bot": b, "faction": f, "total": 3,
                  "vp": {**dict.fromkeys(VP_KEYS, 0), "military": 3}}
                 for s, (b, f) in enumerate((("heuristic", "saura"), ("random", "gorias")))]
        return GameResult({"game": i, "seed": i, "players": 2, "map": "extended",
                           "seats": seats, "winners": winners, "cycles": 4, "decisions": 100,
                           "battles": 1, "sieges": 0, "retreats": 2, "seconds": 0.5,
                           "modules": [], "fracture_entered": None})

    summary = summarize(config, [record(0, [0]), record(1, [0, 1])])
    assert summary["win_rate_by_bot"]["heuristic"] == {"seats": 2, "wins": 1.5, "rate": 0.75}
    assert summary["win_rate_by_bot"]["random"]["rate"] == 0.25
    assert summary["win_rate_by_faction"]["gorias"]["wins"] == 0.5
    assert summary["average_vp"]["military"] == 3
    assert summary["decisions_per_game"] == 100
    assert summary["broken_games"] == 0
    assert summary["modules"] == [] and summary["fracture_entered_games"] == 0
    table = format_summary(summary)
    assert "heuristic" in table and "75.0%" in table
    assert "games where fracture entered 0" in table.splitlines()  # a long name keeps a space
    assert summary["win_rate_by_place"] == {}  # no game said who played first


def test_places_in_the_turn_order_count_from_the_first_player() -> None:
    """Seat 1 played first in both games and won one: the first place wins 1 of 2, seat 1
    as many, whatever seat 0's number says."""
    config = SimConfig(players=2, bots=("random",), games=2, game="artifacts")
    records = []
    for i, winner in enumerate((1, 0)):
        seats = [{"seat": s, "bot": "random", "faction": "", "total": 0, "vp": {}}
                 for s in range(2)]
        records.append(GameResult({"game": i, "seed": i, "players": 2, "map": "standard",
                                   "seats": seats, "winners": [winner], "cycles": 1,
                                   "decisions": 9, "seconds": 0.1, "modules": [],
                                   "first": 1}))
    summary = summarize(config, records)
    assert summary["win_rate_by_place"] == {"1": {"seats": 2, "wins": 1.0, "rate": 0.5},
                                            "2": {"seats": 2, "wins": 1.0, "rate": 0.5}}
    records[1].record["winners"] = [1]
    places = summarize(config, records)["win_rate_by_place"]
    assert places["1"]["wins"] == 2.0 and places["2"]["wins"] == 0.0
    assert "place" in format_summary(summarize(config, records))
    assert "## Win rate by place in the turn order" in format_report(
        summarize(config, records), "fractal simulate", "today")


def test_cli_prints_json_lines_then_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["simulate", "--game", "toy", "--players", "2", "--games", "2",
                                "--seed", "1", "--json", "--replay-every", "0"])
    status = cmd_simulate(args)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["game"] for line in lines[:2]] == [0, 1]
    assert list(lines[2]) == ["summary"]
    assert lines[2]["summary"]["games"] == 2
    assert status == (1 if lines[2]["summary"]["broken_games"] else 0)


def test_a_series_played_in_parts_sums_up_as_played_whole(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    common = ["simulate", "--game", "toy", "--players", "3", "--seed", "5", "--swap",
              "--bots", "random,easy,random", "--json", "--replay-every", "0"]

    def run(*more: str) -> list[dict[str, Any]]:
        cmd_simulate(parser().parse_args([*common, *more]))
        return [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    whole = run("--games", "4")
    parts = []
    for first in ("2", "0"):  # parts in any order
        lines = run("--games", "2", "--first", first)
        parts.append(tmp_path / f"part{first}.jsonl")
        parts[-1].write_text("".join(json.dumps(line) + "\n" for line in lines))
    summed = run("--records", *map(str, parts))
    assert [{**g, "seconds": 0} for g in whole[:4]] == [
        {**json.loads(line), "seconds": 0}
        for line in (parts[1].read_text() + parts[0].read_text()).splitlines()
        if line.startswith('{"game"')]
    assert ({**summed[0]["summary"], "seconds_per_game": 0}
            == {**whole[4]["summary"], "seconds_per_game": 0})


def test_records_of_another_table_or_twice_are_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    part = tmp_path / "part.jsonl"
    cmd_simulate(parser().parse_args(["simulate", "--game", "toy", "--games", "1", "--json"]))
    part.write_text(capsys.readouterr().out)
    twice = parser().parse_args(["simulate", "--game", "toy", "--records", str(part), str(part)])
    assert cmd_simulate(twice) == 2
    assert "game 0 is there twice" in capsys.readouterr().err
    other = parser().parse_args(["simulate", "--game", "toy", "--players", "3",
                                 "--records", str(part)])
    assert cmd_simulate(other) == 2
    assert "a game of 2 players" in capsys.readouterr().err


def duel(game: int, levels: tuple[str, str], totals: tuple[int, int], winners: list[int],
         seed: int = 0) -> dict[str, Any]:
    """A two-seat record with only what a comparison reads."""
    return {"game": game, "seed": seed or 100 + game, "players": 2, "winners": winners,
            "seats": [{"seat": i, "bot": levels[i], "total": totals[i]} for i in (0, 1)]}


def test_two_runs_of_a_series_compare_game_by_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Game 0 changed for the candidate (a loss 8-10 became a win 12-9), game 1 stayed a
    win (margin 2 then 1), game 2 became a draw (a loss before, margin -3 then 0); game 3
    was played by the candidate alone. Margins: 3, 1, 0 against -2, 2, -3 (changes 5, -1, 3:
    mean 7/3, standard error sqrt(28/3 / 3) ~ 1.764)."""
    before = [duel(0, ("x", "y"), (8, 10), [1]), duel(1, ("y", "x"), (5, 7), [1]),
              duel(2, ("x", "y"), (4, 7), [1])]
    after = [duel(0, ("x", "y"), (12, 9), [0]), duel(1, ("y", "x"), (6, 7), [1]),
             duel(2, ("x", "y"), (7, 7), [0, 1]), duel(3, ("y", "x"), (1, 2), [1])]
    found = paired(after, before)
    assert found["x"] == {"games": 3, "wins": 2.5, "wins_before": 1.0, "changed_for": 2,
                          "changed_against": 0, "margin": round(4 / 3, 3),
                          "margin_before": -1.0, "margin_change_error": 1.764}
    assert found["y"]["wins"] == 0.5 and found["y"]["changed_against"] == 2
    with pytest.raises(ValueError, match="game 1 was dealt otherwise"):
        paired([duel(1, ("y", "x"), (5, 7), [1], seed=7)], before)
    with pytest.raises(ValueError, match="dealt otherwise"):
        paired([duel(1, ("x", "y"), (5, 7), [1])], before)
    with pytest.raises(ValueError, match="no game in common"):
        paired([duel(5, ("x", "y"), (5, 7), [1])], before)


def test_the_comparison_is_printed_below_the_summary(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A toy series against itself with game 0's winner (easy, seat 1) moved to seat 0:
    easy gained that outcome against the other run, random lost it."""
    common = ["simulate", "--game", "toy", "--bots", "random,easy", "--swap", "--seed", "3"]
    cmd_simulate(parser().parse_args([*common, "--games", "2", "--json"]))
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()][:2]
    assert records[0]["winners"] == [1] and records[0]["seats"][1]["bot"] == "easy"
    after, before = tmp_path / "after.jsonl", tmp_path / "before.jsonl"
    after.write_text("".join(json.dumps(r) + "\n" for r in records))
    moved = [{**records[0], "winners": [0]}, records[1]]
    before.write_text("".join(json.dumps(r) + "\n" for r in moved))
    assert cmd_simulate(parser().parse_args([*common, "--records", str(after),
                                             "--against", str(before)])) == 0
    easy, random = capsys.readouterr().out.split("easy, game by game")[1].split("random, game")
    assert "against the other run (2 games):" in easy
    assert "wins 2 against 1; outcomes changed 1 for, 0 against" in easy
    assert "wins 0 against 1; outcomes changed 0 for, 1 against" in random
    alone = parser().parse_args([*common, "--against", str(before)])
    assert cmd_simulate(alone) == 2
    assert "give both" in capsys.readouterr().err


def test_cli_table_and_bad_levels(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["simulate", "--game", "toy", "--games", "1",
                                "--bots", "random,easy"])
    assert config_of(args).bots == ("random", "easy")
    cmd_simulate(args)
    assert "win rate by bot" in capsys.readouterr().out
    bad = parser().parse_args(["simulate", "--bots", "genius"])
    assert cmd_simulate(bad) == 2


def test_bench_is_registered() -> None:
    args = parser().parse_args(["bench", "--json", "--quick", "--runs", "1"])
    assert args.json and args.quick and callable(args.run)
