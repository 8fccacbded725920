"""The grammar of Fractured Atlas's choice strings (docs/fractured-atlas.md, "Choices").

A choice is a bare word or a head and its arguments joined by colons; a head always takes
the same arguments, so :func:`parse` reads any choice without its prompt. Arguments are a
card id, an action, a Place (its index in the view's ``places``), a stack (its index in the
Place's ``stacks``), a level in a stack (0 = bottom), a seat, or a map cell's x and y.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import IllegalChoice

BARE = frozenset({"done", "none", "pass", "stay", "hire", "keep", "discard", "expertise"})

# head -> the kinds of its arguments; "seat*" takes one seat or more.
FORMS: dict[str, tuple[str, ...]] = {
    "advisor": ("card",),
    "card": ("card",),
    "action": ("action",),
    "directive": ("action",),
    "cell": ("x", "y"),
    "route": ("place", "place"),
    "take": ("place", "stack"),
    "place": ("place",),
    "swap": ("place", "stack", "place", "stack"),
    "build": ("place", "stack", "stack"),
    "token": ("place", "stack", "level"),
    "against": ("seat*",),
    "influence": ("place", "stack"),
    "move": ("place", "stack", "place"),
    "fold": ("place", "stack", "stack"),
    "evict": ("place", "stack"),
}


class BadChoice(IllegalChoice):
    """A string that follows no form of the grammar."""


@dataclass(frozen=True, slots=True)
class Choice:
    head: str
    args: tuple[str, ...] = ()

    def ints(self) -> tuple[int, ...]:
        return tuple(int(a) for a in self.args)


def parse(choice: str) -> Choice:
    if choice in BARE:
        return Choice(choice)
    head, _, rest = choice.partition(":")
    kinds = FORMS.get(head)
    if kinds is None or not rest:
        raise BadChoice(f"{choice!r} is no choice")
    args = tuple(rest.split(":"))
    many = kinds == ("seat*",)
    if (not many and len(args) != len(kinds)) or any(not _fits(a, k) for a, k in zip(
            args, kinds * len(args) if many else kinds, strict=False)):
        raise BadChoice(f"{choice!r} does not follow {head}:{':'.join(kinds)}")
    return Choice(head, args)


def _fits(arg: str, kind: str) -> bool:
    if kind in ("card", "action"):
        return arg.replace("_", "").isalpha() and arg.islower()
    if kind in ("x", "y"):
        return arg.lstrip("-").isdigit()
    return arg.isdigit()
