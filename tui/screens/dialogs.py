"""Small modal screens that return a value: a yes/no question, a name to save under, the
hot-seat curtain, a component read in full, the legend of the screen's marks.

Every one is a :class:`Dialog`: it takes no key before it is on screen (a key pressed
before could not be meant for a question the player had not seen, and used to answer a
dialog whose buttons were not there yet) and answers once.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from core.words import CardText

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    """A modal screen whose keys act only once it has been drawn, and that answers once."""

    shown = False
    answered = False

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.shown = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.shown and not self.answered

    def answer(self, result: ResultT) -> None:
        """Dismiss with ``result``, unless the dialog is not on screen yet or has
        answered already."""
        if self.shown and not self.answered:
            self.answered = True
            self.dismiss(result)


class ConfirmScreen(Dialog[bool]):
    """Ask once before something that cannot be taken back. Enter or y: yes; Esc or n: no."""

    AUTO_FOCUS = "#yes"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="primary", id="yes")
                yield Button(f"{self.no} (n)", id="no")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.answer(yes)


class ChoiceScreen(Dialog[str | None]):
    """A question with a few answers, each a button with its own key; Esc answers None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "pick('')", "Back")]

    def __init__(self, question: str, answers: list[tuple[str, str, str]]) -> None:
        """``answers``: (key, label, id) for each button, the first focused."""
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                for n, (key, label, answer) in enumerate(self.answers):
                    yield Button(f"{label} ({key})", variant="primary" if n == 0 else "default",
                                 id=answer)
            yield Static("Esc goes back", classes="dialog-hint")

    def on_mount(self) -> None:
        super().on_mount()
        for key, _, answer in self.answers:
            self._bindings.bind(key, f"pick({answer!r})", show=False)
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id)

    def action_pick(self, answer: str) -> None:
        self.answer(answer or None)


class SaveNameScreen(Dialog[str | None]):
    """A name to save the game under."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game as (letters, digits, space, _ . -):",
                         classes="dialog-text")
            yield Input(self.suggestion, id="save-name", max_length=100)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.answer(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.answer(None)


class CurtainScreen(Dialog[None]):
    """Hot-seat: hides the screen while the terminal passes to the next player."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "lift", "Show my screen")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog curtain"):
            yield Static(Text.assemble(("Pass the terminal to ", ""), (self.player, "bold")),
                         classes="dialog-text")
            yield Static(Text(f"{self.player}: press Enter when only you can see the screen."),
                         classes="dialog-text")

    def action_lift(self) -> None:
        self.answer(None)


class CardScreen(Dialog[None]):
    """A component read in full."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,c", "close", "Close")]

    def __init__(self, card: CardText) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(self.card.name, style="bold")
        text.append(f"   {self.card.kind.replace('_', ' ')}\n\n", style="italic")
        text.append("\n".join(self.card.lines))
        with Vertical(classes="dialog card"):
            yield Static(text, classes="dialog-text")
            yield Static("Esc closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.answer(None)


# The shell's own marks, before the game's (its words' legend).
SHELL_LEGEND = (
    ("!", "after an option: it cannot be taken back (it turns up a card or a tile, or rolls)"),
    ("1-9", "an option's number: its key"),
)


class LegendScreen(Dialog[None]):
    """Every mark and abbreviation on the screen, and what it means (g toggles it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,g", "close", "Close")]

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        super().__init__()
        self.pairs = [*SHELL_LEGEND, *pairs]

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for mark, meaning in self.pairs:
            table.add_row(Text(mark), Text(meaning))
        with VerticalScroll(classes="dialog legend"):
            yield Static(Text("Legend", style="bold"), classes="dialog-text")
            yield Static(table, classes="dialog-text")
            yield Static("g or Esc closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.answer(None)
