"""The Textual client. Until the client issue lands, a title screen that says so."""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Static

PLACEHOLDER = (
    "[b]FRACTAL[/b]\n\n"
    "The game screens (map, empire board, hand and log) are being built.\n"
    "Meanwhile, bots play full games headless: fractal simulate --help\n\n"
    "{status}Press q to quit."
)


class FractalApp(App[None]):
    TITLE = "Fractal"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]
    CSS = "#title { width: 100%; height: 100%; content-align: center middle; }"

    def __init__(self, status: str = "") -> None:
        super().__init__()
        self.status = status

    def compose(self) -> ComposeResult:
        yield Header()
        status = f"{escape(self.status)}\n\n" if self.status else ""
        yield Static(PLACEHOLDER.format(status=status), id="title")
        yield Footer()
