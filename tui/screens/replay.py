"""Replay: a finished game again, decision by decision, on the game screen's panes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.widgets import Static

from core.events import SPECTATOR
from core.plain import to_plain
from tui.screens.game import GameScreen
from tui.session import ReplaySession
from tui.widgets.decision import DecisionBar
from tui.widgets.log import LogPane

JUMP = 10


class ReplayScreen(GameScreen, inherit_bindings=False):
    # Its own keys only: a replay takes no decision, undo or save.
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the panes would take the arrows to scroll themselves.
        Binding("right,l,period", "step(1)", "Next", priority=True),
        Binding("left,h,comma", "step(-1)", "Back", priority=True),
        Binding("pagedown", f"step({JUMP})", f"+{JUMP}", show=False, priority=True),
        Binding("pageup", f"step(-{JUMP})", f"-{JUMP}", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("m", "focus_pane('main')", "Map"),
        Binding("v", "next_empire", "Empire of…"),
        Binding("f", "filter_log", "Filter log"),
        Binding("z", "zoom", "Zoom"),
        Binding("g", "legend", "Legend"),
        Binding("q,escape", "close", "Close"),
    ]
    AUTO_FOCUS = "#log"

    def __init__(self, session: ReplaySession) -> None:
        super().__init__(session)
        self.replay = session

    def action_step(self, delta: int) -> None:
        self._go(self.replay.position + delta)

    def action_jump(self, position: int) -> None:
        self._go(len(self.replay.log) if position < 0 else position)

    def _go(self, position: int) -> None:
        if self.replay.go_to(position):
            self.seq = 0
            self.query_one(LogPane).reset()
        self.refresh_game()

    def _draw_decision(self, view: dict[str, Any], prompt: dict[str, Any] | None) -> None:
        bar = self.query_one(DecisionBar)
        done, total = self.replay.position, len(self.replay.log)
        head = f"Replay: decision {done} of {total} (← → step, PgUp PgDn by {JUMP}, q closes)"
        upcoming = self.replay.next_decision()
        if upcoming is None:
            bar.wait(head + "\nThe end of the game.")
            return
        decision, choice = upcoming
        question = self.words.question(view, {**to_plain(decision), "final": []})
        label = next((o.label for o in question.options if o.choice == choice), choice)
        who = self.words.seat_name(view, decision.seat)
        bar.wait(head)
        bar.query_one("#hint", Static).update(Text(f"Next: {who}: {question.text} → {label}"))

    def palette_commands(self) -> Iterable[SystemCommand]:
        """A replay's own commands: looking, not deciding."""
        yield SystemCommand("Next empire board", "Show another player's empire",
                            self.action_next_empire)
        yield SystemCommand("Filter the log", "Everyone, or one player at a time",
                            self.action_filter_log)

    def _next_viewer(self) -> int:
        return SPECTATOR

    def action_close(self) -> None:
        self.dismiss(None)
