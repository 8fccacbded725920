"""What the words work out from a view: a player's board as the engine's own records, so
that costs, Assembly Limits and the reasons an action is not offered come from the
engine's rules (core/games/artifacts/board.py, construct.py) and never from a second copy.
Only a seat's own view holds its hand; another seat's is empty here."""

from __future__ import annotations

from typing import Any

from core.games.artifacts.board import cost_and_limit
from core.games.artifacts.content.model import KIND_COLOUR
from core.games.artifacts.faces import stand_in
from core.games.artifacts.state import Card, Player
from core.games.artifacts.words.names import ACTION_KINDS, View, content

CONSTRUCT = {"discover", "develop", "build"}


def player_record(view: View, seat: int) -> dict[str, Any]:
    record: dict[str, Any] = view["players"][seat]
    return record


def board_player(view: View, seat: int) -> Player:
    """A seat's board rebuilt as the engine's Player, from the view; a card known by its
    face only stands as a card of its face, alike on that side (faces.py)."""
    p = player_record(view, seat)
    cards = [[Card(stand_in(content(), c["id"]), c["kind"], c["side"], c["tokens"],
                   list(c["under"])) for c in p[column]] for column in ("construction", "empire")]
    return Player(p["seat"], p["name"], p["faction"], p["credits"], p["vp"],
                  list(p["hand"] or []), list(p["plans"] or []), list(p["artifacts"] or []),
                  cards[0], cards[1], list(p["used"]), list(p["attacked"]))


def cost(view: View, seat: int, action: str) -> tuple[int, int]:
    """What an action costs the seat now and its Assembly Limit, blocked helpers left
    out (R5)."""
    return cost_and_limit(content(), board_player(view, seat), action, [])


def colour_of(action: str) -> str:
    """The colour that pays a construction or an operational action (R4)."""
    return KIND_COLOUR[ACTION_KINDS[action]]


def cards_of(view: View, seat: int, column: str, kind: str = "any",
             side: str = "any") -> list[dict[str, Any]]:
    return [c for c in player_record(view, seat)[column]
            if kind in ("any", c["kind"]) and side in ("any", c["side"])]


def planet_holding(view: View, seat: int, resource: str) -> str:
    """The planet of the seat's Empire a Resource card is tucked under, "" if none."""
    for card in cards_of(view, seat, "empire", "planet"):
        if any(u.split(":")[0] == resource for u in card["under"]):
            return str(card["id"])
    return ""


def tucked_half(view: View, seat: int, resource: str) -> str:
    for card in cards_of(view, seat, "empire", "planet"):
        for tucked in card["under"]:
            rid, half = tucked.split(":")
            if rid == resource:
                return str(half)
    return "top"


def find_card(view: View, card: str) -> tuple[int, dict[str, Any]] | None:
    """The seat and board record of a card on any board."""
    for p in view["players"]:
        for column in ("construction", "empire"):
            for c in p[column]:
                if c["id"] == card:
                    return int(p["seat"]), c
    return None
