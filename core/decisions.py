"""Pending decisions: who must decide what, and the enumerable legal choices.

A choice is a short string such as ``"pay:recruit"``, ``"sector:12"`` or ``"done"``:
it travels unchanged through the log, the save file, a bot and the network, and a
screen maps it to a key. ``context`` carries plain facts a screen needs to word the
question (the sector being resolved, how many units are left to place...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.errors import GameOver, IllegalChoice, NotYourDecision
from core.plain import copy_plain

DONE = "done"


@dataclass(slots=True)
class Prompt:
    seat: int
    kind: str
    options: list[str]
    context: dict[str, Any] = field(default_factory=dict)

    # Written out rather than generated: compiled (``make native``), a dataclass's generated
    # ``__init__`` runs interpreted, and the engine makes a prompt at nearly every step.
    def __init__(self, seat: int, kind: str, options: list[str],
                 context: dict[str, Any] | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.context = {} if context is None else context

    def allows(self, choice: str) -> bool:
        return choice in self.options

    def copy(self) -> Prompt:
        """An independent copy: a context may share lists with the task that asked."""
        return Prompt(self.seat, self.kind, list(self.options), copy_plain(self.context))


def check_choice(over: bool, prompts: list[Prompt], seat: int, choice: str) -> Prompt:
    """The prompt ``choice`` answers; a typed error (core.errors) unless it is legal for
    ``seat`` right now."""
    if over:
        raise GameOver("the game is over")
    for prompt in prompts:
        if prompt.seat == seat:
            if choice not in prompt.options:
                raise IllegalChoice(f"{choice!r} is not a legal choice for {prompt.kind}")
            return prompt
    raise NotYourDecision(f"seat {seat} has no decision to make now")


def arg(choice: str) -> str:
    """The part after the first colon: ``"sector:12"`` -> ``"12"``."""
    return choice.split(":", 1)[1]


def int_arg(choice: str) -> int:
    return int(arg(choice))
