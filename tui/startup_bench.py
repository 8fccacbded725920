"""How long `fractal` takes to show an interactive title screen, against a minimal Textual
app measured in the same run: both started in a real terminal (tmux), alternately, and
timed until their text is on the screen (``fractal bench --startup``)."""

from __future__ import annotations

import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from core import PROGRAM

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("minimal app ready")
        yield Footer()

Minimal().run()
"""
POLL = 0.005
TIMEOUT = 20.0


@dataclass(frozen=True, slots=True)
class Startup:
    fractal: float  # median seconds to the title screen
    minimal: float  # median seconds to the minimal app's line
    pairs: int

    @property
    def ratio(self) -> float:
        return self.fractal / self.minimal


def _fractal_command() -> str:
    found = shutil.which(PROGRAM, path=os.path.dirname(sys.executable))
    return shlex.quote(found) if found else f"{shlex.quote(sys.executable)} -m tui.cli"


def _time_to_text(command: str, text: str, session: str) -> float:
    """Seconds from starting ``command`` in a new tmux window to ``text`` on its screen."""
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "30",
                    command], check=True)
    try:
        while time.perf_counter() - start < TIMEOUT:
            shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                   capture_output=True, text=True).stdout
            if text in shown:
                return time.perf_counter() - start
            time.sleep(POLL)
        raise TimeoutError(f"{text!r} did not appear within {TIMEOUT:.0f} s")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def measure(pairs: int = 5, save_dir: str | None = None) -> Startup:
    """Median of ``pairs`` alternating runs of each. Needs tmux."""
    if shutil.which("tmux") is None:
        raise OSError("tmux is not installed: the start-up time is measured in tmux")
    env = f"FRACTAL_SAVE_DIR={shlex.quote(save_dir)} " if save_dir else ""
    fractal = f"env {env}TERM=xterm-256color {_fractal_command()}"
    minimal = (f"env TERM=xterm-256color {shlex.quote(sys.executable)} -c "
               f"{shlex.quote(MINIMAL_APP)}")
    session = f"fractal-startup-{os.getpid()}"
    ours, theirs = [], []
    for _ in range(pairs):
        ours.append(_time_to_text(fractal, "New game", session))
        theirs.append(_time_to_text(minimal, "minimal app ready", session))
    return Startup(statistics.median(ours), statistics.median(theirs), pairs)
