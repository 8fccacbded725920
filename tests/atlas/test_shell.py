"""Everything around the engine, for Fractured Atlas as for Fractal: the registry, saves
(header, resume, verify, replay --text, show, undo), `fractal simulate --game atlas` with
the same JSON line, and `fractal bench --game atlas`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.bench import run_bench, widest
from core.bots.base import Rng
from core.games.atlas import RULES_VERSION
from core.games.atlas.content import load_content
from core.games.atlas.game import Game
from core.games.atlas.state import Options
from core.games.fractal.game import Game as FractalGame
from core.rulesets import GameSetup, ruleset, titles
from saves.bench import random_game
from saves.format import SaveMeta, read_header, read_save
from saves.replay import restore, verify
from saves.store import SaveStore
from saves.undo import UndoLedger
from tests.kernel.test_simulate import RECORD_KEYS, SEAT_KEYS
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


def test_the_registry_offers_both_games() -> None:
    assert titles() == {"fractal": "Fractal", "atlas": "Fractured Atlas"}
    rules = ruleset("atlas")
    assert rules.players == (2, 3, 4) and rules.engine() is Game
    game = rules.new_game(GameSetup(players=3, seed=4, names=["Ann"]))
    assert [p.name for p in game.state.players] == ["Ann", "Blue", "Green"]
    with pytest.raises(ValueError):
        rules.new_game(GameSetup(players=5, seed=1))
    with pytest.raises(ValueError):
        rules.new_game(GameSetup(players=2, seed=1, modules=["fracture"]))


def test_a_save_names_its_ruleset_and_each_game_resumes_into_its_own(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    atlas = played(3, 5, 200)
    fractal = random_game(players=2, seed=3, limit=40)
    store.save("atlas", atlas, SaveMeta.new(["human", "bot:random", "bot:normal"]))
    store.save("fractal", fractal, SaveMeta.new(["human", "bot:random"]))
    header = read_header(tmp_path / "atlas.fractal")
    assert header.ruleset == "atlas" and header.rules_version == RULES_VERSION
    assert header.cycle == atlas.state.round and header.phase == atlas.state.phase
    assert [s.faction for s in header.seats] == [p.advisor for p in atlas.state.players]
    assert header.summary.startswith(f"Round {atlas.state.round}")
    assert read_header(tmp_path / "fractal.fractal").ruleset == "fractal"
    resumed = restore(read_save(tmp_path / "atlas.fractal"))
    assert isinstance(resumed, Game) and resumed.digest() == atlas.digest()
    assert len(resumed.history) == len(atlas.history)
    assert isinstance(restore(read_save(tmp_path / "fractal.fractal")), FractalGame)
    assert verify(read_save(tmp_path / "atlas.fractal")).ok


def test_a_finished_game_s_summary_names_the_winners(tmp_path: Path) -> None:
    game = played(2, 8)
    SaveStore(tmp_path).save("done", game, SaveMeta.new(["human", "bot:random"]))
    header = read_header(tmp_path / "done.fractal")
    assert header.over and header.winners == game.state.winners
    assert header.summary.startswith(f"Over after round {game.state.round}")


def test_replay_verify_text_and_show(tmp_path: Path, capsys: Capture) -> None:
    SaveStore(tmp_path).save("mid", played(3, 6, 150), SaveMeta.new(["human"] * 3))
    where = ["--save-dir", str(tmp_path)]
    assert main(["replay", "mid", "--verify", *where]) == 0
    assert "OK" in capsys.readouterr().out
    assert main(["replay", "mid", "--text", "--seat", "1", *where]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Fractured Atlas, setup") and "> You choose" in text
    assert "Scores:" in text
    assert main(["show", "mid", *where]) == 0
    shown = capsys.readouterr().out
    assert "Borderland" in shown and "Waiting:" in shown and "Hand:" not in shown
    assert main(["show", "mid", "--seat", "5", *where]) == 2


def test_undo_takes_back_a_decision_that_showed_nothing() -> None:
    game = played(2, 12, 60)
    while game.pending()[0].kind != "move":
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    ledger = UndoLedger(game)
    seat = game.pending()[0].seat
    before = game.digest()
    ledger.apply(seat, "stay")
    assert ledger.undoable(seat) >= 1
    assert ledger.undo(seat).digest() == before


def test_simulate_prints_the_same_json_line_with_the_atlas_vp(capsys: Capture) -> None:
    code = main(["simulate", "--game", "atlas", "--players", "4", "--bots", "random",
                 "--games", "2", "--seed", "1", "--json", "--replay-every", "1"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    for record in lines[:2]:
        assert list(record) == RECORD_KEYS and record["map"] == "known_world"
        for seat in record["seats"]:
            assert list(seat) == SEAT_KEYS and list(seat["vp"]) == ["fiefs", "disputed", "tower"]
            assert seat["faction"] in load_content().advisors  # the Advisor kept at setup
            assert seat["total"] == pytest.approx(sum(seat["vp"].values()), abs=0.01)
    summary = lines[2]["summary"]
    assert summary["game"] == "atlas" and summary["broken_games"] == 0
    assert list(summary["average_vp"]) == ["fiefs", "disputed", "tower", "total"]
    assert main(["simulate", "--game", "atlas", "--map", "compact"]) == 2
    assert main(["simulate", "--game", "chess"]) == 2


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
