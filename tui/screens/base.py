"""What every screen of the shell shares: a clear message while the terminal is too small."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
ROOMY_WIDTH, ROOMY_HEIGHT = 100, 30  # below either, screens drop what they can spare
ResultT = TypeVar("ResultT")


class ShellScreen(Screen[ResultT]):
    """A screen that covers itself with a one-line request to grow the window whenever the
    terminal is smaller than the client can lay out, and lifts it when it grows."""

    def compose_too_small(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        self.set_class(width < ROOMY_WIDTH or height < ROOMY_HEIGHT, "-compact")
        if small:
            self.query_one("#too-small", Static).update(
                f"Fractal needs a terminal of at least {MIN_WIDTH} x {MIN_HEIGHT}; "
                f"this one is {width} x {height}. Make the window larger to go on.")
