"""A key pressed between a player's answer and their next question (a network game's round
trip) says the answer is on its way, never that it is someone else's turn."""

from __future__ import annotations

from pathlib import Path

from tests.client.test_client import SIZE, game_screen, launch, settle
from tests.client.test_input import ENGINE_WORDS, notice
from tui.app import ShellApp
from tui.widgets.decision import DecisionBar


async def test_a_key_while_the_player_s_own_answer_travels_says_so(tmp_path: Path) -> None:
    app = ShellApp(launch("human,normal"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.header.seat in {w.seat for w in screen.header.waiting}
        decisions = len(screen.session.game.log)
        screen.query_one(DecisionBar).wait("")  # as when the answer has been sent
        await pilot.press("1")
        await pilot.pause()
        said = notice(app)
        assert said.startswith("Your choice is on its way"), said
        assert not any(word in said for word in ENGINE_WORDS)
        assert len(screen.session.game.log) == decisions
