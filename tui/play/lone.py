"""Questions answered for a person: those with one legal answer that brings nothing to
light (:meth:`tui.play.facts.Facts.lone`), while the person wants it (a preference, off
until a screen turns it on).

Each answer is kept for the screen, which says so in the log and lets undo take it back
with the decision before it; the records say what the question was, as the person would
have seen it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Answered:
    """A question answered for a person."""

    seat: int
    seq: int  # the game's events before the answer: where it goes in the seat's log
    view: dict[str, Any]  # what the seat saw when it was asked
    decision: dict[str, Any]  # the decision as the seat's frame held it


@dataclass(slots=True)
class LoneAnswers:
    on: bool = False
    answered: list[Answered] = field(default_factory=list)  # not yet taken by a screen

    def take(self) -> list[Answered]:
        """The answers made since the last call, oldest first."""
        taken, self.answered = self.answered, []
        return taken
