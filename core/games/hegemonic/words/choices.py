"""Hegemonic's choice grammar, as the words read it: every option the engine offers is a
head and its arguments separated by colons (docs/hegemonic.md, "Prompts and choices").

``FORMS`` gives each head the arguments it takes: ``int`` a number (a sector, a Location, a
seat, a pair, an index, a level, an amount), ``id`` a content id or a word. A string that
follows none of them is no choice of Hegemonic's (a ValueError).
"""

from __future__ import annotations

from dataclasses import dataclass

INT, ID = "int", "id"

FORMS: dict[str, tuple[tuple[str, ...], ...]] = {
    # head: the argument lists it may take
    "board": ((INT, INT, INT),),
    "sector": ((INT,),),
    "place": ((ID, INT),),
    "card": ((ID,),),
    "tile": ((ID,),),
    "deck": ((),),
    "pile": ((INT,),),
    "advanced": ((ID,),),
    "discard": ((ID,),),
    "advance": ((ID,), (ID, ID)),
    "first": ((INT,),),
    "action": ((ID,),),
    "done": ((),),
    "gift": ((),),
    "scrap": ((ID,),),
    "leader": ((INT,),),
    "seat": ((INT,),),
    "caps": ((), (INT,)),
    "draw": ((),),
    "build": ((INT,),),
    "fill": ((INT,),),
    "relocate": ((INT,),),
    "transcend": ((INT,),),
    "brane": ((INT,),),
    "agent": ((INT,),),
    "fleet": ((INT,),),
    "gate": ((),),
    "regate": ((INT,),),
    "loc": ((INT,),),
    "pattern": ((ID,),),
    "group": ((INT,),),
    "stay": ((),),
    "target": ((INT, INT),),
    "none": ((),),
    "faction": ((ID,),),
    "outpost": ((INT,),),
    "support": ((ID,),),
    "destroy": ((),),
    "spare": ((),),
    "empty": ((),),
    "rebuild": ((),),
    "inactive": ((),),
    "arbiter": ((INT,),),
    "pass": ((),),
}


@dataclass(frozen=True, slots=True)
class Choice:
    head: str
    args: tuple[str, ...]

    def number(self, i: int = 0) -> int:
        return int(self.args[i])

    @property
    def text(self) -> str:
        """The choice written back in the grammar."""
        return ":".join((self.head, *self.args))


def _fits(args: list[str], form: tuple[str, ...]) -> bool:
    if len(args) != len(form):
        return False
    return all(a.lstrip("-").isdigit() if f == INT else bool(a) for a, f in zip(args, form,
                                                                               strict=True))


def parse(text: str) -> Choice:
    """A choice of Hegemonic's grammar (ValueError for any other string)."""
    head, *args = text.split(":")
    forms = FORMS.get(head)
    if forms is None or not any(_fits(args, form) for form in forms):
        raise ValueError(f"{text!r} is no choice of Hegemonic")
    return Choice(head, tuple(args))
