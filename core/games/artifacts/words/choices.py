"""Alien Artifacts' choice grammar, as the words read it (docs/alien-artifacts.md,
"Decisions"): a head and its arguments separated by colons. ``FORMS`` gives each head its
number of arguments; a string that follows none is no choice of the game (a ValueError)."""

from __future__ import annotations

from dataclasses import dataclass

FORMS: dict[str, tuple[int, ...]] = {
    # bare words
    "buy": (0,), "discover": (0,), "develop": (0,), "build": (0,), "prepare": (0,),
    "trade": (0,), "remove": (0,), "offensive": (0,), "revenue": (0,), "mine": (0,),
    "done": (0,), "gold": (0,), "logistics": (0,), "operational": (0,), "system": (0,),
    "skip": (0,), "basic": (0,), "go": (0,), "bypass": (0,), "top": (0,), "bottom": (0,),
    # faction is a bare action and, in setup, faction:<id>
    "faction": (0, 1),
    # one argument: a card, a seat, a deck, a row, a colour, a number
    "card": (1,), "more": (1,), "artifact": (1,), "planet": (1,), "colour": (1,),
    "row": (1,), "seat": (1,), "plan": (1,), "ship": (1,),
    "resource": (1,), "tech": (1,),
    # deck:<kind> (a look), deck:<kind>:<extra cards> (a Buy)
    "deck": (1, 2),
    # hand:<resource>:<half>; attach:<resource>:<half>:<card>
    "hand": (2,), "attach": (3,),
}


@dataclass(frozen=True, slots=True)
class Choice:
    head: str
    args: tuple[str, ...]

    @property
    def arg(self) -> str:
        return self.args[0]

    @property
    def text(self) -> str:
        """The choice written back in the grammar."""
        return ":".join((self.head, *self.args))


def parse(text: str) -> Choice:
    """A choice of Alien Artifacts' grammar (ValueError for any other string)."""
    head, *args = text.split(":")
    if len(args) not in FORMS.get(head, ()) or not all(args):
        raise ValueError(f"{text!r} is no choice of Alien Artifacts")
    return Choice(head, tuple(args))
