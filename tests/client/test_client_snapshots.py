"""Pictures of the shell's screens, compared with the ones a person approved
(__snapshots__ beside each test file). A game's own screens are its tests' (Fractal's
board, battle and scores in tests/fractal/test_client_snapshots.py, the Atlas's in
tests/atlas/test_client_snapshots.py), made with :func:`app_playing`: positions come from a
fixed seed and fixed choices, and every screen is shown while a person at the keyboard must
decide, so no bot is thinking.

After a change that alters a screen on purpose: look at the new pictures, then
`pytest FILE --snapshot-update`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.rulesets import ruleset
from tui.app import ShellApp
from tui.preferences import Preferences
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.session import LocalSession, SeatSpec

SIZES = [(80, 24), (160, 50)]
BOARD_SIZES = [(80, 24), (100, 30), (200, 60)]  # the game screen at the sizes players use
SEATS = [SeatSpec("human"), SeatSpec("bot", "normal")]


def app_playing(game: Any, tmp_path: Path) -> tuple[ShellApp, Callable[[Pilot[None]], Any]]:
    Preferences(hints=False).save(tmp_path)  # the board without a first-time toast over it
    app = ShellApp(save_dir=str(tmp_path))

    async def start(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.play(LocalSession(ruleset(game.ruleset), game, list(SEATS), None))
        await pilot.pause()
        await pilot.pause()

    return app, start


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ShellApp(save_dir=str(tmp_path)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(save_dir=str(tmp_path))

    async def open_form(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_form)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ShellApp(save_dir=str(tmp_path))

    async def open_rules(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(RulesScreen("fractal"))
        await pilot.pause()
        await pilot.press("down", "down")  # the third section
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_rules)
