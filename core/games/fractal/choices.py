"""The grammar of Fractal's choice strings: one form per meaning (docs/choices.md).

A choice is a bare word (``done``) or a head and its arguments joined by colons
(``slot:civil:2``). A head always takes the same arguments, whichever prompt offers it,
so a screen, a bot, the words layer or a log reader can parse any choice with
:func:`parse` without knowing which prompt it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.games.fractal.state import ACTIONS, TECH_TYPES, TRACKS, UNIT_KINDS

# What each kind of argument may look like.
ARGUMENTS: dict[str, str] = {
    "unit": r"\d+",  # a unit's id
    "sector": r"\d+",  # a sector's id
    "seat": r"\d+",
    "index": r"\d+",  # a position in a list the prompt's context or the view names
    "count": r"[1-9]\d*",
    "id": r"[a-z0-9_]+",  # a content id: artifact, faction, government, technology
    "tactic": r"[a-z0-9_]+:[a-z0-9_]+(?:\+elite)?",  # "<colour or faction>:<design>[+elite]"
    "kind": "|".join(UNIT_KINDS),
    "action": "|".join(ACTIONS),
    "track": "|".join(TRACKS),
    "tech": "|".join(TECH_TYPES),
    "side": "up|down",
    "when": "before|after",
    "deck": "action|artifact",
    "vertex": r"-?\d+,-?\d+,-?\d+,-?\d+,-?\d+,-?\d+",  # three hexes as q,r pairs
    "agreement": "trade|diplomatic|cultural",  # a Diplomacy agreement
}

# Head -> names of its arguments; bare words have none.
FORMS: dict[str, tuple[str, ...]] = {
    "done": (),  # stop an "up to" sequence here
    "stop": (),  # the moving unit ends its order where it is
    "move": (),  # the watcher's free movement order
    "place": (), "skip": (),  # a swarm's growth: place the unit or not
    "objective": (),  # insight on the face-down Age 2 objective
    "pay": ("action",),  # a basic action, paid in credits
    "deplete": ("action",),  # a basic action, paid by depleting its marker
    "action": ("action",),  # a special action: government or action card
    "artifact": ("id",),
    "card": ("index", "side"),  # an action card of the pool, played face up or down
    "colony": ("sector", "track"),
    "composition": ("index",),
    "deck": ("deck",),
    "develop": ("tech", "index"),
    "event": ("sector",),  # the face-down event tile on a sector
    "faction": ("id",),
    "government": ("id",),
    "invade": ("index",),  # a colony space of the besieged sector
    "raze": ("index",),
    "kind": ("kind",),
    "units": ("count", "kind"),  # a Recruit: this many units of this kind
    "all": ("sector",),  # every unit left of a Recruit into this sector
    "load": ("unit",),  # this space unit with every ground unit that fits aboard
    "stack": ("sector",),  # every space unit of yours in this sector, moving together
    "to": ("sector",),  # go to this sector along a clear way; the order ends there
    "recruit": ("kind",),  # the watcher's free recruit
    "redeploy": ("unit", "sector"),
    "replace": ("sector", "index", "track"),  # resettle: a colony space, retaken from a track
    "resolve": ("sector", "index"),  # an option of the event on that sector
    "restore": ("action",),
    "seat": ("seat",),
    "sector": ("sector",),
    "slot": ("tech", "index"),
    "storm": ("index",),
    "tactic": ("tactic",),
    "technology": ("id",),  # one of your developed technologies
    "times": ("count",),
    "top": ("index",), "bottom": ("index",),  # a card seen through insight goes back there
    "unit": ("unit",),
    "upgrade": ("when",),
    "vertex": ("vertex",),
    # Advanced modules and the Fracture
    "trade": (),  # Wartime innovation: return a medal for science
    "train": (),  # Elite training: spend two medals to draw elite tactics
    "decline": (),  # say no to what a module offers (a trade, training, an agreement)
    "accept": (),  # take the agreement proposed
    # Diplomacy: offer this player an exchange: the token you would hold, then theirs
    "propose": ("seat", "agreement", "agreement"),
}


@dataclass(frozen=True, slots=True)
class Choice:
    head: str
    args: tuple[str, ...]

    def number(self, position: int = 0) -> int:
        return int(self.args[position])


def _pattern(head: str, names: tuple[str, ...]) -> re.Pattern[str]:
    parts = [re.escape(head), *(f"({ARGUMENTS[name]})" for name in names)]
    return re.compile(":".join(parts))


_PATTERNS = {head: _pattern(head, names) for head, names in FORMS.items()}


class BadChoice(ValueError):
    """A string that follows none of the forms of docs/choices.md."""


def parse(choice: str) -> Choice:
    head = choice.split(":", 1)[0]
    pattern = _PATTERNS.get(head)
    found = pattern.fullmatch(choice) if pattern else None
    if found is None:
        raise BadChoice(f"{choice!r} is not a Fractal choice")
    return Choice(head, found.groups())


def well_formed(choice: str) -> bool:
    try:
        parse(choice)
    except BadChoice:
        return False
    return True
