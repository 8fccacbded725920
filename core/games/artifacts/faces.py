"""Cards named by their public side (R31, "Hidden information"): the Ship, Technology and
Planet decks lie Logistics side up (AA:97-99), and a card Under Construction or in an
Empire on its Logistics side shows that side alone. Where cards share a Logistics side
but not their operational side (the ten Ships of a Type share one Assembly bonus and
differ in attack bonus), a seat that has not seen a card's operational side knows it only
by its *face*: ``ship.explore``, ``planet.exploit``, ``technology.<the first card with
that Logistics side>``. A card whose face no other card shares, or whose face mates are
all alike on the other side, is named by its id: naming it tells nothing more.

A seat knows a card it holds on its board, one it has looked at (a Buy, a card's look at
a deck: ``Player.seen``), and one whose operational side has been face up for everyone
(``State.shown``). To a seat that does not, a card on a board is named by an *alias*: its
face and the spot of its place, ``ship.explore#2153``, unique on the table and telling
nothing of the card (the spot is the board's place: 2000 + 100 a seat, + 50 in the
Empire, + the card's index in its column). Views, prompts and events use these names
(view.py, tokens.py, rules.Ctx); the invariants check that nothing else slips through.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.artifacts.content import Content
from core.games.artifacts.state import State

HIDDEN_BASE = 2000  # the first spot of a hidden card's place on a board
SEAT_SPOTS, EMPIRE_SPOTS = 100, 50
COLUMNS = ("construction", "empire")


@cache
def _faces(content: Content) -> dict[str, tuple[str, str, bool]]:
    """Each ship, technology and planet: its face, the face's stand-in (the first card of
    the content with it) and whether cards of that face differ on their other side."""
    public: dict[str, tuple[str, str]] = {}  # card -> (face, stand-in)
    hidden: dict[str, set[Any]] = {}  # face -> the operational sides of its cards
    groups: list[tuple[str, Any, str, Any]] = []
    for ship in content.ships.values():
        groups.append((ship.id, ("ship", ship.type), f"ship.{ship.type}", ship.bonus))
    for planet in content.planets.values():
        groups.append((planet.id, ("planet", planet.type), f"planet.{planet.type}", ()))
    for tech in content.technologies.values():
        groups.append((tech.id, ("technology", tech.type, tech.logistics), "", tech.score))
    first: dict[Any, str] = {}
    for card, key, name, other in groups:
        stand_in = first.setdefault(key, card)
        face = name or f"technology.{stand_in}"
        public[card] = (face, stand_in)
        hidden.setdefault(face, set()).add(other)
    return {card: (face, stand_in, len(hidden[face]) > 1)
            for card, (face, stand_in) in public.items()}


def face(content: Content, card: str) -> str:
    return _faces(content)[card][0]


@cache
def ambiguous_cards(content: Content) -> tuple[str, ...]:
    """Every card whose name would tell more than its public side does."""
    return tuple(card for card, (_, _, differ) in _faces(content).items() if differ)


def ambiguous(content: Content, card: str) -> bool:
    """Whether a card's name would tell more than its public side does (asked of every
    name in every event)."""
    return card in _ambiguous_set(content)


@cache
def _ambiguous_set(content: Content) -> frozenset[str]:
    return frozenset(ambiguous_cards(content))


def stand_in(content: Content, name: str) -> str:
    """A card of the content with the public side ``name`` shows (a face or an alias): what
    every rule of that side reads alike; any other name is itself."""
    wanted = name.split("#")[0]
    for face_name, first, _ in _faces(content).values():
        if face_name == wanted:
            return first
    return name


def known(state: State, seat: int) -> set[str]:
    """The cards ``seat`` has seen both sides of: its own, those it looked at, those whose
    operational side is or was face up."""
    found = set(state.shown)
    for player in state.players:
        found |= {c.id for c in (*player.construction, *player.empire)
                  if c.side == "operational" or player.seat == seat}
    if 0 <= seat < len(state.players):
        found |= set(state.players[seat].seen)
    return found


def knows(state: State, seat: int, card: str) -> bool:
    return card in known(state, seat)


def hidden(content: Content, state: State, seat: int, card: str) -> bool:
    """Whether ``seat`` may know ``card`` only by its face."""
    return ambiguous(content, card) and not knows(state, seat, card)


def place_spot(seat: int, column: str, index: int) -> int:
    return HIDDEN_BASE + SEAT_SPOTS * seat + EMPIRE_SPOTS * COLUMNS.index(column) + index


def place_of(spot: int) -> tuple[int, str, int] | None:
    """The seat, column and index of a board place's spot; None for another number."""
    if spot < HIDDEN_BASE:
        return None
    seat, rest = divmod(spot - HIDDEN_BASE, SEAT_SPOTS)
    column, index = divmod(rest, EMPIRE_SPOTS)
    return seat, COLUMNS[column], index


def alias(face_name: str, spot: int) -> str:
    return f"{face_name}#{spot}"


def aliases(content: Content, state: State, seat: int) -> dict[str, str]:
    """The cards on the boards that ``seat`` knows by their face only, each with its
    alias."""
    found = {}
    seen = known(state, seat)
    for player in state.players:
        for column in COLUMNS:
            for index, card in enumerate(getattr(player, column)):
                if card.id not in seen and ambiguous(content, card.id):
                    spot = place_spot(player.seat, column, index)
                    found[card.id] = alias(face(content, card.id), spot)
    return found


def disguise(value: Any, names: dict[str, str]) -> Any:
    """Plain data with every string that is a key of ``names`` replaced by its value."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [disguise(v, names) for v in value]
    if isinstance(value, dict):
        return {k: disguise(v, names) for k, v in value.items()}
    return value


def see(state: State, seat: int, cards: list[str]) -> None:
    """``seat`` has looked at these cards, both sides."""
    seen = state.players[seat].seen
    seen += [c for c in cards if c not in seen]


def show(state: State, card: str) -> None:
    """A card's operational side is face up for everyone."""
    if card not in state.shown:
        state.shown.append(card)
