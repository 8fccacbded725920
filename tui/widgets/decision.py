"""The decision bar: what you must decide now, with only the legal choices.

It works on words alone (core/words.py): the question, a hint, and each option's label, so
a new kind of decision needs words, not a new screen. Options are picked from the list
with the arrows and Enter, or by their number; the map can point at one too. The first
time a kind of decision comes up, a line under the hint says where the rules explain it.

Every choice it sends carries the number of the question it was made for (the session's,
tui.session.Session.question), so that a key pressed for one question is never taken for
the next; the same question asked again keeps the player's place in the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.words import OptionWords, QuestionWords

NUMBERED = 9  # options 1 to 9 can be picked by their number


class DecisionBar(Vertical):
    SCOPED_CSS = False  # its compact look follows the screen's class
    DEFAULT_CSS = """
    DecisionBar {
        padding: 0 1 0 0;
    }
    DecisionBar #question, DecisionBar #hint {
        height: auto;
    }
    DecisionBar #hint {
        color: $text-muted;
    }
    DecisionBar #first-time {
        height: auto;
        color: $accent;
    }
    DecisionBar #option-text {
        height: 3;
    }
    DecisionBar #choices {
        height: 1fr;
        min-height: 3;
        border: none;
        padding: 0;
    }
    .-compact DecisionBar #option-text {
        height: 2;
    }
    """

    @dataclass
    class Chosen(Message):
        """The player picked an option (still to be confirmed if it is final) of the
        question numbered ``question``."""

        option: OptionWords
        question: int | None

    @dataclass
    class Pointed(Message):
        """The highlight moved to an option: the map may follow it."""

        option: OptionWords

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.options: tuple[OptionWords, ...] = ()
        self.question: int | None = None  # the number of the question shown
        self._asked: tuple[object, ...] = ()  # what it was asked with, to know it again

    def compose(self) -> ComposeResult:
        yield Static("", id="question")
        yield Static("", id="hint")
        yield Static("", id="first-time")
        yield OptionList(id="choices")
        yield Static("", id="option-text")  # the highlighted option in full

    def ask(self, words: QuestionWords, final: frozenset[str], question: int | None,
            first_time: str = "") -> None:
        """Show a decision of the player at the keyboard, numbered ``question``; with
        ``first_time``, the line for a kind of decision met for the first time."""
        asked = (question, words, final)
        if asked == self._asked:
            return  # drawn again as it is: the highlight stays where the player left it
        self._asked = asked
        self.question = question
        self.query_one("#first-time", Static).update(Text(first_time))
        self.query_one("#first-time", Static).display = bool(first_time)
        self.options = words.options
        self.query_one("#question", Static).update(Text(words.text, style="bold"))
        hint = words.hint
        if words.action:
            hint = f"{words.action}: {hint}" if hint else words.action
        self.query_one("#hint", Static).update(Text(hint, style="italic"))
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        choices.add_options([self._option(i, o, o.choice in final)
                             for i, o in enumerate(words.options)])
        choices.display = True
        choices.highlighted = 0 if words.options else None
        self.set_class(True, "-asking")

    def wait(self, text: str) -> None:
        """No decision here: say who the game waits for."""
        self.options = ()
        self.question = None
        self._asked = ()
        self.query_one("#first-time", Static).display = False
        self.query_one("#question", Static).update(Text(text))
        self.query_one("#hint", Static).update("")
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        choices.display = False
        self.query_one("#option-text", Static).update("")
        self.set_class(False, "-asking")

    def point_at_spot(self, spot: int) -> bool:
        """Highlight the first option about this spot; False when there is none."""
        for i, option in enumerate(self.options):
            if option.spot == spot:
                self.query_one("#choices", OptionList).highlighted = i
                return True
        return False

    def options_at(self, spot: int) -> list[OptionWords]:
        return [o for o in self.options if o.spot == spot]

    def focus_choices(self) -> None:
        choices = self.query_one("#choices", OptionList)
        if choices.display:
            choices.focus()

    def action_pick(self, index: int) -> None:
        if index < len(self.options):
            self.post_message(self.Chosen(self.options[index], self.question))

    @staticmethod
    def _option(index: int, option: OptionWords, final: bool) -> Option:
        label = Text()
        label.append(f"{index + 1} " if index < NUMBERED else "  ", style="bold")
        label.append(option.label)
        if final:
            label.append(" !", style="bold")  # a mark, not only a colour: cannot be undone
        if option.warning:
            label.append(" ⚠", style="bold")  # costs more than it says: asked to confirm
        return Option(label, id=str(index))

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(self.options[int(event.option.id or 0)], self.question))

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.options:
            option = self.options[int(event.option.id or 0)]
            text = Text(option.text, style="italic")
            if option.warning:
                text = Text.assemble((f"⚠ {option.warning} ", "bold"), text)
            self.query_one("#option-text", Static).update(text)
            self.post_message(self.Pointed(option))
