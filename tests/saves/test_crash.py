"""Crash safety: SIGKILL a process many times while it autosaves; no game is ever lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.format import SaveError
from saves.replay import verify
from saves.store import SaveStore, backup_of, list_saves
from tests.saves.fixtures.autosave_loop import ENGINE, GAME_ID

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30


def _run_and_kill(directory: Path, chooser: random.Random) -> list[int]:
    """Start the autosaving child, let it save for a random moment, SIGKILL it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.saves.fixtures.autosave_loop", str(directory)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None
    first = child.stdout.readline()  # it has resumed and saved once: now kill it anywhere
    time.sleep(chooser.uniform(0, 0.04))
    os.kill(child.pid, signal.SIGKILL)
    rest, errors = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL, errors
    return [int(line) for line in (first + rest).split()]


def test_sigkill_during_autosave_never_loses_a_game(tmp_path: Path) -> None:
    chooser = random.Random(20250301)
    store = SaveStore(tmp_path)
    name = f"auto-{GAME_ID}"
    acknowledged = 0
    fallbacks = 0
    for kill in range(KILLS):
        saved = _run_and_kill(tmp_path, chooser)
        assert saved, f"run {kill} saved nothing"
        assert saved[0] >= acknowledged  # it resumed where the last run's saves ended
        acknowledged = saved[-1]
        loaded = store.load(name)
        fallbacks += loaded.from_backup
        assert loaded.save.header.decisions >= acknowledged
        for item in list_saves(tmp_path):
            assert item.error is None, item.error
            try:
                store.load(item.name)
            except SaveError as err:
                pytest.fail(f"after kill {kill}: {err}")
    final = store.load(name)
    assert final.save.header.decisions >= acknowledged > KILLS
    assert verify(final.save, ENGINE).ok
    assert verify(store.load("named").save, ENGINE).ok
    assert backup_of(store.path_of(name)).is_file()
    # The atomic rename keeps the current file whole: the backup is a second line of defence.
    assert fallbacks == 0
