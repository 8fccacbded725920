"""The title screen: start, continue or load a game, play over the network, read the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui.screens.base import ShellScreen

BANNER = "F R A C T A L"
TAGLINE = "a 4X space board game for the terminal"

ITEMS = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("load", "Load"),
    ("host", "Host network game"),
    ("join", "Join network game"),
    ("rules", "Rules"),
    ("quit", "Quit"),
)


class TitleScreen(ShellScreen[None]):
    @dataclass
    class Picked(Message):
        """An item of the menu was chosen: the app opens what it names."""

        key: str

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", "New game", show=False),
        Binding("c", "pick('continue')", "Continue", show=False),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(self, newest: str | None, status: str = "", known: bool = True) -> None:
        super().__init__()
        self.newest = newest  # the newest save's summary, None when there is none
        # False until the saves are read: the Continue item then says nothing of them, as
        # the game a command line asks for may open in a moment.
        self.known = known
        self.status = status

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            with Center():
                yield OptionList(*self._options(), id="menu")
            yield Static(Text(self.status), id="title-status")
        yield Footer()
        yield from self.compose_too_small()

    def _options(self) -> list[Option]:
        return [Option(self._continue_label(), id=key, disabled=self.newest is None)
                if key == "continue" else Option(label, id=key) for key, label in ITEMS]

    def _continue_label(self) -> str:
        if not self.known:
            return "Continue"
        return f"Continue  ({self.newest})" if self.newest else "Continue  (no save)"

    def show_newest(self, newest: str | None) -> None:
        """Name the newest save in the Continue item, once the saves have been read."""
        self.newest, self.known = newest, True
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("continue", self._continue_label())
        if newest is None:
            menu.disable_option("continue")
        else:
            menu.enable_option("continue")

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, key: str) -> None:
        if key == "continue" and self.newest is None:
            if not self.known:
                return  # the saves are being read
            self.notify("There is no saved game to continue.", severity="warning")
            return
        self.post_message(self.Picked(key))
