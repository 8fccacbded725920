"""The machinery of the decision words: a prompt as the words read it (:class:`Asked`),
the registries of questions and options, and what every option's words are built with.

Questions are registered per prompt kind (:func:`asks`); options per choice head
(docs/choices.md), or per prompt kind and head where one head means different things in
different prompts (:func:`offers`). ``ask_actions``, ``ask_effects`` and ``ask_conflict``
register the words of Fractal's prompts; ``questions`` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.games.fractal.choices import Choice
from core.games.fractal.words import facts as f
from core.games.fractal.words.names import View, sector_label, sector_name
from core.words import LABEL_WIDTH, OptionWords, fit


@dataclass(frozen=True, slots=True)
class Asked:
    """One prompt as the words read it. ``context`` may be empty: another seat's decision
    is worded from the reader's view, without the context only its seat may see."""

    view: View
    kind: str
    seat: int
    context: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.context.get(key, default)


Ask = Callable[[Asked], tuple[str, str]]  # the question and its hint
Offer = Callable[[Asked, Choice], OptionWords]

QUESTIONS: dict[str, Ask] = {}
OPTIONS: dict[str, Offer] = {}  # by head, or by "kind head" where the prompt matters


def asks(*kinds: str) -> Callable[[Ask], Ask]:
    def register(fn: Ask) -> Ask:
        for kind in kinds:
            QUESTIONS[kind] = fn
        return fn
    return register


def offers(*keys: str) -> Callable[[Offer], Offer]:
    def register(fn: Offer) -> Offer:
        for key in keys:
            OPTIONS[key] = fn
        return fn
    return register


def choice_text(choice: Choice) -> str:
    """A choice written back in its grammar, for the option's ``choice`` field."""
    return ":".join((choice.head, *choice.args))


def option_words(choice: Choice, label: str, text: str, sector: int | None = None,
                 card: tuple[str, str] | None = None) -> OptionWords:
    return OptionWords(choice_text(choice), fit(label, LABEL_WIDTH), text, sector, card)


def place(asked: Asked, sector: int) -> str:
    return sector_name(asked.view, sector)


def place_label(asked: Asked, sector: int, room: int = LABEL_WIDTH) -> str:
    return sector_label(asked.view, sector, room)


def mine(asked: Asked) -> dict[str, Any]:
    """The deciding seat's player record."""
    return f.player(asked.view, asked.seat)
