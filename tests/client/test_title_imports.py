"""`fractal` alone reaches its title screen having imported only what the title needs: not
the commands' parsers and the modules they load (the saves' format, store and replay, the
simulations', the engines), nor the package metadata that finds the games (some 30 ms of
importlib.metadata): the saves are read and the games found once the title shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_title_s_command_line_and_app_import_nothing_the_title_does_not_need() -> None:
    probe = ("import sys\n"
             "from tui.cli import cmd_title, title_args\n"
             "assert title_args(['--save-dir', 'x', '--no-mouse']).run is cmd_title\n"
             "import tui.app\n"
             "print([m for m in sys.modules if m.startswith(('saves.', 'importlib.metadata',\n"
             "       'tui.commands_sim', 'core.games', 'core.bots', 'msgpack', 'tui.session'))])\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_a_command_line_naming_a_command_or_asking_for_help_is_the_whole_parser_s() -> None:
    from tui.cli import title_args

    assert title_args([]) is not None
    assert title_args(["play"]) is None
    assert title_args(["--save-dir", "x", "resume"]) is None
    assert title_args(["--help"]) is None and title_args(["--version"]) is None
    assert title_args(["--name", ""]) is None  # refused: the whole parser says why
