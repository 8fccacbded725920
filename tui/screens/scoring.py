"""The end of a game: who won, the score table with its tie-breakers, a bar per player;
then replay the game, start a new one, or quit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Static

from core.header import header
from tui.plugins import RulesetUI
from tui.screens.base import ShellScreen


class ScoringScreen(ShellScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "next('replay')", "Replay"),
        Binding("n", "next('new')", "New game"),
        Binding("q,escape", "next('title')", "Title"),
    ]

    @dataclass
    class Next(Message):
        """What the player wants after the scores: replay, new, or title."""

        key: str

    def __init__(self, view: dict[str, Any], words: Any, ui: RulesetUI) -> None:
        super().__init__()
        self.view = view
        self.words = words
        self.ui = ui

    def compose(self) -> ComposeResult:
        winners = [self.words.seat_name(self.view, s) for s in header(self.view).winners]
        won = " and ".join(winners) or "Nobody"
        with VerticalScroll(id="scoring"):
            yield Static(Text(f"Game over: {won} {'win' if len(winners) > 1 else 'wins'}"),
                         classes="screen-title")
            yield Static(self.ui.scores(self.view, self.words), id="scores")
            yield Static("r: replay the game step by step · n: new game · q: title screen",
                         classes="dialog-hint")
        yield Footer()
        yield from self.compose_too_small()

    def action_next(self, key: str) -> None:
        self.dismiss(None)
        self.app.post_message(self.Next(key))
