import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import build_parser, main, package_version


def test_version_comes_from_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"fractal {package_version()}"
    assert package_version() != "unknown"


def test_help_lists_play() -> None:
    assert "play" in build_parser().format_help()


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "--help"], capture_output=True, text=True, check=True
    )
    assert "usage: fractal" in done.stdout


EXPECTED_COUNTS = {
    "sector": 43, "faction": 7, "government": 14, "mastery": 7, "tactic": 68, "action": 55,
    "technology": 54, "objective": 16, "obstacle": 20, "anomaly": 20, "artifact": 20,
    "singularity": 8, "living_galaxy": 22, "living_storm": 6,
}


def test_games_lists_the_words_simulate_takes_for_the_setup_pick(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "  simulate --factions (faction): chosen, random, dealt\n" in out
    assert "  simulate --factions (advisor): chosen, random\n" in out


def test_cards_json_lists_every_component(capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from collections import Counter

    assert main(["cards", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert Counter(r["kind"] for r in records) == EXPECTED_COUNTS
    assert all({"kind", "id", "name"} <= r.keys() for r in records)


def test_cards_kind_filter(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--kind", "faction"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7 and all(line.startswith("faction") for line in lines)


def test_cards_markdown_is_the_committed_doc(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    assert main(["cards", "--markdown"]) == 0
    doc = Path(__file__).resolve().parents[2] / "docs" / "cards.md"
    assert capsys.readouterr().out == doc.read_text(encoding="utf-8")


def test_simulate_keeps_every_game_as_a_save_that_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "3",
                 "--save-dir", str(tmp_path)]) == 0
    saves = sorted(p.stem for p in tmp_path.glob("*.fractal"))
    assert len(saves) == 2
    capsys.readouterr()
    assert main(["replay", saves[0], "--verify", "--save-dir", str(tmp_path)]) == 0
    assert "OK" in capsys.readouterr().out


def test_resume_without_saves_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no saves" in err


def test_resume_of_a_corrupt_save_leaves_it_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.fractal"
    bad.write_bytes(b"\x89FRACTAL garbage")
    before = bad.read_bytes()
    assert main(["resume", "broken", "--save-dir", str(tmp_path)]) == 2
    assert "broken.fractal" in capsys.readouterr().err
    assert bad.read_bytes() == before


def test_simulate_writes_the_balance_report(tmp_path: Path) -> None:
    report = tmp_path / "balance.md"
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "1", "--map", "both",
                 "--report", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    for section in ("faction", "seat position", "map", "bot"):
        assert f"## Win rate by {section}" in text
    assert "| compact | 2 |" in text and "| extended | 2 |" in text


@pytest.mark.parametrize("words", [
    ["--save-dir", "DIR", "--name", "Ada", "--no-mouse", "play"],
    ["play", "--save-dir", "DIR", "--name", "Ada", "--no-mouse"],
    ["--save-dir", "DIR", "resume", "--name", "Ada", "--no-mouse"],
    ["--name", "Ada", "--no-mouse", "host", "--save-dir", "DIR"],
])
def test_global_options_count_before_or_after_the_command(words: list[str]) -> None:
    args = build_parser().parse_args(words)
    assert (args.save_dir, args.player, args.no_mouse) == ("DIR", "Ada", True)


def test_a_command_without_global_options_keeps_the_defaults() -> None:
    args = build_parser().parse_args(["saves"])
    assert (args.save_dir, args.player, args.no_mouse) == (None, None, False)
    assert build_parser().parse_args(["--save-dir", "D", "saves"]).save_dir == "D"


@pytest.mark.parametrize("command", [["host", "--seats", "human,remote"], ["join", "ABCDE-FGHJK"]])
def test_host_and_join_open_the_client_with_the_players_name(
        command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.app import ShellApp

    opened: list[ShellApp] = []
    monkeypatch.setattr(ShellApp, "run", lambda app, **_: opened.append(app))
    assert main(["--name", "Ada", *command, "--relay", "127.0.0.1:7777"]) == 0
    assert [app.player for app in opened] == ["Ada"]
