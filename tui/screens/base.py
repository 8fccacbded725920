"""What every screen of the shell shares: a clear message while the terminal is too small,
and no key acting before the screen has been drawn."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
ROOMY_WIDTH, ROOMY_HEIGHT = 100, 30  # below either, screens drop what they can spare
ResultT = TypeVar("ResultT")


class ShellScreen(Screen[ResultT]):
    """A screen that covers itself with a one-line request to grow the window whenever the
    terminal is smaller than the client can lay out, and lifts it when it grows. While it is
    covered no key acts (a player could not see what a key did), but for quitting; nor
    before the screen is first drawn (a key pressed for the screen before is dropped)."""

    _hidden_focus: Widget | None = None
    shown = False

    def compose_too_small(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        # Once the messages already queued are handled, not after the next refresh: on a busy
        # guest that refresh could come a second after the question was on screen, and the
        # player's key for it was dropped.
        self.call_later(self._drawn)

    def _drawn(self) -> None:
        self.shown = True
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "quit" or (self.shown and not self.has_class("-too-small"))

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and not self.has_class("-too-small"):
            self._hidden_focus = self.focused
            self.set_focus(None)  # keys reach no widget behind the notice
        elif not small and self.has_class("-too-small"):
            self.set_focus(self._hidden_focus)
            self._hidden_focus = None
        self.set_class(small, "-too-small")
        self.set_class(width < ROOMY_WIDTH or height < ROOMY_HEIGHT, "-compact")
        if small:
            self.query_one("#too-small", Static).update(
                f"Fractal needs a terminal of at least {MIN_WIDTH} x {MIN_HEIGHT}; "
                f"this one is {width} x {height}. Make the window larger to go on.")
