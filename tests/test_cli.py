import subprocess
import sys

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
