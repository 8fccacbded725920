"""A decision's facts: what is known of a decision before anyone makes it.

The one fact today is which of its options are *final*: chosen, they bring something to
light (a tile turned up, a card drawn or shown, a random discard, a shuffle, a secret
told) or roll the dice. Undo never takes such a decision back, the screen asks before it
takes one, and a question with one legal answer is answered for a person only when that
answer is not final.

A table asks its :data:`Marks` once per decision, and only when something needs them (a
person's frame, a lone answer); frames, undo and the host then share the answer. Today
the marks come from :func:`tried`, which plays each option on a copy of the game. When the
engines mark the options as they build a prompt, a ``Marks`` that reads those marks takes
its place where the table is made, and nothing that reads the facts changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from core.decisions import Prompt
from core.frames import final_choices

Marks = Callable[[Any, Prompt], Mapping[str, str]]
"""The final options of a game's pending prompt, in the prompt's order, each with the kind
of event that brings something to light ("" for a roll of the dice)."""


def tried(game: Any, prompt: Prompt) -> Mapping[str, str]:
    """Each option played on a copy of the game: final if it moved the random generator
    or an event it caused revealed something (core.frames.final_choices)."""
    return final_choices(game, prompt)


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
