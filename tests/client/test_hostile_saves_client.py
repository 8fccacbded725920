"""A hostile save seen by the client: the title screen's Continue and the Load list show
its names as plain text, and opening it is one line, back at the title (issue 39)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tests.client.test_client import SIZE, as_text, settle
from tests.saves.test_hostile_saves import HOSTILE, clean, real_parts, write
from tui.app import ShellApp
from tui.screens.load import LoadScreen
from tui.screens.title import TitleScreen


async def test_the_title_and_the_load_list_show_a_hostile_save_as_plain_text(
        tmp_path: Path) -> None:
    parts = real_parts()
    for seat in parts.header["seats"]:
        seat["name"] = f"{HOSTILE}Mallory"
    parts.header["summary"] = f"{HOSTILE}Round 1: Mallory to decide"
    parts.body["options"]["players"] = 10**9  # and it cannot be opened
    write(tmp_path, parts, "evil")
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        label = str(menu.get_option("continue").prompt)
        assert clean(label) and label == "Continue  (evil: Hegemonic: Round 1: Mallory to decide)"
        await pilot.press("down", "down", "enter")  # Load
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        listed = app.screen.query_one("#saves", OptionList)
        shown = as_text(listed.get_option_at_index(0).prompt)
        assert clean(shown) and "Hegemonic: Round 1: Mallory to decide" in shown
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        notes = [n.message for n in app._notifications]
        assert any("Cannot resume:" in n and "Hegemonic is played by 2 to 6 players" in n
                   and clean(n) for n in notes), notes
