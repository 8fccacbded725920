"""Table talk on the game screen: the one-line input a network game opens under the log
(t), and how a line names the one player it is for (``@Blue see you at 7``).

The input only reads what the player types; the session says the line (the host stamps
who said it, cleans and paces it: core/net/chat.py) and the log shows it when it comes
back, as every other player sees it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

PROMPT = "Say to everyone; @Blue … to one player. Enter sends, Esc cancels."


def addressed(text: str, names: dict[int, list[str]]) -> tuple[int | None, str]:
    """``text`` as (the seat it is for, the line): ``@name rest`` is for the one seat one
    of whose ``names`` (its colour, the words of its name) begins with ``name``, any case;
    anything else is for everyone. ValueError (one line) when no seat or several fit."""
    if not text.startswith("@"):
        return None, text
    word, _, rest = text[1:].partition(" ")
    wanted = word.casefold()
    seats = [seat for seat, words in names.items()
             if wanted and any(w.casefold().startswith(wanted) for w in words)]
    if len(seats) != 1:
        known = ", ".join(words[0] for words in names.values() if words)
        which = "no player" if not seats else "more than one player"
        raise ValueError(f"@{word[:24]} names {which}: one of {known}.")
    return seats[0], rest.strip()


class ChatInput(Input):
    """The line being written; hidden until the player opens it."""

    DEFAULT_CSS = """
    ChatInput { height: 1; border: none; padding: 0 1; display: none; }
    ChatInput:focus { border: none; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    @dataclass
    class Said(Message):
        """The player wrote a line and pressed Enter."""

        text: str

    @dataclass
    class Closed(Message):
        """The input closed (a line said, or Esc)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(placeholder=PROMPT, **kwargs)  # type: ignore[arg-type]

    def open(self) -> None:
        self.display = True
        self.focus()

    def close(self) -> None:
        self.value = ""
        self.display = False
        self.post_message(self.Closed())

    def action_cancel(self) -> None:
        self.close()

    async def action_submit(self) -> None:
        if self.value.strip():
            self.post_message(self.Said(self.value))
        else:
            self.close()
