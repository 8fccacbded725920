"""Load: the saved games, newest first, read from their headers only."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves.store import Listing
from tui.screens.base import ShellScreen


class LoadScreen(ShellScreen[Path | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, saves: list[Listing]) -> None:
        super().__init__()
        self.saves = saves

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Static("Load a game", classes="screen-title")
            if self.saves:
                yield OptionList(*(self._option(i, s) for i, s in enumerate(self.saves)),
                                 id="saves")
            else:
                yield Static("No saved games yet: a game is saved after every move.")
        yield Footer()
        yield from self.compose_too_small()

    @staticmethod
    def _option(index: int, item: Listing) -> Option:
        text = Text(item.name, style="bold")
        when = item.when[:16].replace("T", " ")
        if item.header is not None:
            text.append(f"  {when}\n  {item.header.described}")
        else:
            reason = item.error.reason if item.error else "unreadable"
            text.append(f"  {when}\n  cannot be read: {reason}", style="dim")
        return Option(text, id=str(index), disabled=item.header is None)

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.saves[int(event.option.id or 0)].path)

    def action_back(self) -> None:
        self.dismiss(None)
