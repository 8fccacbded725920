"""What the shell says of Fractured Atlas in its own words: a save's summary, the balance
report's Advisors, and `fractal bench --game atlas` (the shell's guarantees for every game
are tests/contract's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.bench import run_bench, widest
from core.games.atlas.game import Game
from core.games.atlas.state import Options
from core.rng import Rng
from saves.format import SaveMeta, read_header
from saves.store import SaveStore
from tui.cli import main

Capture = pytest.CaptureFixture[str]


def played(players: int, seed: int, decisions: int = 10**6) -> Game:
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


def test_a_finished_game_s_summary_names_the_winners(tmp_path: Path) -> None:
    game = played(2, 8)
    SaveStore(tmp_path).save("done", game, SaveMeta.new(["human", "bot:random"]))
    header = read_header(tmp_path / "done.fractal")
    assert header.over and header.winners == game.state.winners
    assert header.summary.startswith(f"Over after round {game.state.round}")


def test_the_balance_report_speaks_of_advisors(tmp_path: Path) -> None:
    report = tmp_path / "balance-atlas.md"
    assert main(["simulate", "--game", "atlas", "--players", "3", "--games", "2", "--seed", "1",
                 "--factions", "random", "--report", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert "games of Fractured Atlas" in text and "every seat's advisor picked" in text
    assert "## Win rate by advisor" in text and "| known_world | 6 |" in text


def test_bench_measures_the_atlas() -> None:
    figures = run_bench(runs=1, mcts_levels=False, game="atlas")
    assert figures["game"] == "Fractured Atlas" and not figures["notes"]
    assert figures["games_per_second_4p"] and figures["mcts_iterations_per_second"]


def test_bench_times_the_searches_on_the_widest_prompt_of_a_random_game() -> None:
    game = Game.new(Options(players=2, seed=11))
    rng = Rng(11)
    most = 0
    for _ in range(150):
        prompt = game.pending()[0]
        most = max(most, len(prompt.options))
        game.apply(prompt.seat, rng.choice(prompt.options))
    wide = widest(2, 11, decisions=150, game_name="atlas")
    assert len(wide.pending()[0].options) == most > 2
