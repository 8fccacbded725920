"""The part of every game's view that the shell reads, as a typed record.

A view is the game's own plain data (docs/view.md), but the shell (the game screen, the
network host and guest, the scoring screen, the bots' shares of a win) reads the same few
facts of every game: whose view it is, the phase, the players, who must decide, the
winners, the standings and the modules in play. Every game's view carries them under the
same keys, and :func:`header` reads them, so that a view without them fails here with a
one-line reason, not somewhere in a screen. The contract suite checks it for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

OVER = "over"  # the phase of a finished game, in every game


class BadView(ValueError):
    """A view without the facts the shell reads."""


@dataclass(frozen=True, slots=True)
class Waiting:
    seat: int
    kind: str  # the prompt kind the seat must answer


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    place: int  # 1 is first; tied seats share a place
    vp: int | float  # a game may split points between players


@dataclass(frozen=True, slots=True)
class Header:
    seat: int  # whose view it is; -1 for a spectator
    phase: str
    names: tuple[str, ...]  # each seat's player, in seat order
    waiting: tuple[Waiting, ...]
    winners: tuple[int, ...]
    standings: tuple[Standing, ...]  # best first
    modules: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.phase == OVER


def header(view: Mapping[str, Any]) -> Header:
    """The shell's facts of a view (BadView if any is missing or malformed)."""
    try:
        players = view["players"]
        names = tuple(str(p["name"]) for p in players)
        if [int(p["seat"]) for p in players] != list(range(len(players))):
            raise BadView("the view's players are not in seat order")
        found = Header(
            seat=int(view["seat"]), phase=str(view["phase"]), names=names,
            waiting=tuple(Waiting(int(w["seat"]), str(w["kind"])) for w in view["waiting"]),
            winners=tuple(int(s) for s in view["winners"]),
            standings=tuple(Standing(int(r["seat"]), int(r["place"]), _number(r["vp"]))
                            for r in view.get("standings", ())),
            modules=tuple(str(m) for m in (view.get("options") or {}).get("modules", ())))
    except (KeyError, TypeError, ValueError) as error:
        raise BadView(f"a view without the shell's facts: {type(error).__name__} {error}") \
            from None
    seats = range(len(names))
    if found.seat not in (-1, *seats) or any(w.seat not in seats for w in found.waiting):
        raise BadView("the view names a seat the game has not")
    if any(s not in seats for s in found.winners):
        raise BadView("the view's winners are not seats of the game")
    return found


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{value!r} is not a number of points")
    return value
