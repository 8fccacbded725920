"""Table talk on the game screen: the one-line input a network game opens under the log
(t), and how a line names the one player it is for (``@Blue see you at 7``).

The input only reads what the player types; the session says the line (the host stamps
who said it, cleans and paces it: core/net/chat.py) and the log shows it when it comes
back, as every other player sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.widget import Widget
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
    """The line being written; hidden until the player opens it. ``say`` says a line and
    tells whether it went (a line refused stays, to be mended); ``back`` is where the keys
    go once the input closes.

    Keys typed fast (a paste, a quick typist) keep their order: the game screen takes t
    before the keys after it are sent on, so they come here; Enter and Esc are taken in
    turn with the letters before them; and the keys sent here after them, before the
    input closed, go on to the game as if typed there. No key of a line lands on the
    game, where a digit would choose, and no key for the game joins a line.
    """

    DEFAULT_CSS = """
    ChatInput { height: 1; border: none; padding: 0 1; display: none; }
    ChatInput:focus { border: none; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, say: Callable[[str], bool], back: Callable[[], Widget],
                 **kwargs: object) -> None:
        super().__init__(placeholder=PROMPT, **kwargs)  # type: ignore[arg-type]
        self.say = say
        self.back = back

    def open(self) -> None:
        self.display = True
        self.screen.set_focus(self)

    def close(self) -> None:
        self.value = ""
        self.display = False
        self.screen.set_focus(self.back())

    def action_cancel(self) -> None:
        self.close()

    async def _on_key(self, event: events.Key) -> None:
        if self.display and event.key not in ("enter", "escape"):
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        if not self.display:  # sent here before the line closed: the game's
            self.app.post_message(events.Key(event.key, event.character))
        elif event.key == "enter":
            await self.action_submit()
        else:
            self.close()

    async def action_submit(self) -> None:
        if not self.value.strip() or self.say(self.value):
            self.close()
