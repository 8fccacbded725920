"""The title screen's Continue opens a save from its snapshot and checks the log once the
screen shows, before anything of the game is drawn (saves.replay.LogCheck): a snapshot the
log does not reach gives way to the log, with a line in the news; a forged snapshot whose
log does not replay is never drawn, and the player is back at the title with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.game import digest_of
from tests.client.test_client import SIZE, game_screen, settle
from tests.saves.test_hostile_saves import real_parts, write
from tui.app import ShellApp, open_save
from tui.screens.game import GameScreen
from tui.screens.title import TitleScreen
from tui.widgets.news import NewsPane


async def test_a_snapshot_the_log_does_not_reach_gives_way_to_the_log(tmp_path: Path) -> None:
    parts = real_parts()
    log = [tuple(entry) for entry in parts.body["log"]]
    parts.body["snapshot"]["players"][0]["name"] = "Mallory"  # not what the decisions make
    parts.body["digest"] = digest_of(parts.body["snapshot"])
    write(tmp_path, parts)
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")  # Continue
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.check is None
        assert screen.session.game.log[:len(log)] == log  # the bots may have played on
        assert "Mallory" not in str(screen.session.game.snapshot())
        assert screen.query_one("#log").entries  # the past events, from the log
        news = screen.query_one(NewsPane)
        assert news.notice and "did not match its decisions" in news.notice[0]


async def test_a_forged_snapshot_whose_log_does_not_replay_is_never_drawn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = real_parts()
    parts.body["log"].append([0, "fly to the moon"])
    parts.body["snapshot"]["sectors"][0]["q"] = 10**6  # a map of gigabytes, were it drawn
    parts.body["digest"] = digest_of(parts.body["snapshot"])
    write(tmp_path, parts)
    drawn: list[object] = []
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        original = GameScreen._draw

        def draw(screen: GameScreen) -> None:
            drawn.append(screen)
            original(screen)

        monkeypatch.setattr(GameScreen, "_draw", draw)
        await pilot.press("down", "enter")  # Continue
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and drawn == []
        notes = [n.message for n in app._notifications]
        assert any("Cannot resume:" in n and "the log does not replay" in n for n in notes), notes


def test_a_hosted_game_is_rebuilt_from_its_log_before_its_players_are_named(
        tmp_path: Path) -> None:
    parts = real_parts()
    parts.header["seats"][1].update(kind="remote", level="")
    path = write(tmp_path, parts)
    _, hosted = open_save(path, later=True)
    parts.header["seats"][1].update(kind="bot", level="easy")
    _, local = open_save(write(tmp_path, parts, "here"), later=True)
    assert hosted.check is None and hosted.revealed is not None  # its view names players
    assert local.check is not None and local.revealed is None
