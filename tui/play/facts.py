"""A decision's facts: what is known of a decision before anyone makes it.

The one fact today is which of its options are *final*: chosen, they bring something to
light (a tile turned up, a card drawn or shown, a random discard, a shuffle, a secret
told) or roll the dice. Undo never takes such a decision back, the screen asks before it
takes one, and a question with one legal answer is answered for a person only when that
answer is not final.

A table asks its :data:`Marks` once per decision, and only when something needs them (a
person's frame, a lone answer); frames, undo and the host then share the answer. The marks
are the engine's (:func:`marked`): the task that built the prompt says which of its
options bring something to light, as it knows what its chooser will do (an option whose
outcome rests on the tasks that follow is played alone on a copy, core.game.Game.marks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from core.decisions import Prompt

Marks = Callable[[Any, Prompt], Mapping[str, str]]
"""The final options of a game's pending prompt, in the prompt's order, each with the kind
of event that brings something to light ("" for a roll of the dice)."""


def marked(game: Any, prompt: Prompt) -> Mapping[str, str]:
    """The engine's marks of the game's pending prompt (core.game.Game.marks)."""
    found: Mapping[str, str] = game.marks(prompt)
    return found


@dataclass(frozen=True, slots=True)
class Facts:
    """The facts of one seat's pending decision."""

    prompt: Prompt  # a copy, as it was asked
    # the options that cannot be taken back, in the prompt's order, and why (``Marks``)
    final: Mapping[str, str]

    def reveals(self, choice: str) -> bool:
        return choice in self.final

    def lone(self) -> str | None:
        """The decision's one legal answer, when it has one and it is not final: a
        question there is no point asking a person."""
        options = self.prompt.options
        return options[0] if len(options) == 1 and not self.final else None
