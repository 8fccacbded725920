"""The decision bar: what you must decide now, with only the legal choices.

It works on words alone (core/words.py): the question, a hint, and each option's label, so
a new kind of decision needs words, not a new screen. A label takes the width the bar has
(``core.words.label_in``): whole where it fits, cut where the column is narrow, fitted
again when the terminal is resized. Options are picked from the list with the arrows and
Enter, or by their number; the map can point at one too. The first time a kind of decision
comes up, a line under the hint says where the rules explain it.

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

from core.words import LABEL_WIDTH, OptionWords, QuestionWords, label_in

NUMBERED = 9  # options 1 to 9 can be picked by their number
NUMBER = "  "  # the columns an option's number takes
FINAL_MARK, WARNING_MARK = " !", " ⚠"


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
        self._final: frozenset[str] = frozenset()
        self._room = 0  # the columns the labels were fitted to

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
        self._final = final
        choices = self.query_one("#choices", OptionList)
        self._fill(choices)
        choices.display = True
        choices.highlighted = 0 if words.options else None
        self.set_class(True, "-asking")

    def on_resize(self) -> None:
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        """The labels fitted again to a new width, the highlight where it was."""
        choices = self.query_one("#choices", OptionList)
        if not self.options or self._columns(choices) == self._room:
            return
        highlighted = choices.highlighted
        self._fill(choices)
        choices.highlighted = highlighted

    def _fill(self, choices: OptionList) -> None:
        self._room = self._columns(choices)
        choices.clear_options()
        choices.add_options([self._option(i, o, o.choice in self._final, self._room)
                             for i, o in enumerate(self.options)])

    @staticmethod
    def _columns(choices: OptionList) -> int:
        """The columns an option's line has, its scrollbar's kept free (the words' own
        width before the list has any)."""
        width = choices.content_region.width - choices.styles.scrollbar_size_vertical
        return width if width > 0 else LABEL_WIDTH + len(NUMBER)

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
    def _option(index: int, option: OptionWords, final: bool, columns: int) -> Option:
        marks = (FINAL_MARK if final else "") + (WARNING_MARK if option.warning else "")
        label = Text()
        label.append(f"{index + 1} " if index < NUMBERED else NUMBER, style="bold")
        label.append(label_in(option, columns - len(NUMBER) - len(marks)))
        if final:
            label.append(FINAL_MARK, style="bold")  # a mark, not only a colour: cannot be undone
        if option.warning:
            label.append(WARNING_MARK, style="bold")  # costs more than it says: to confirm
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
