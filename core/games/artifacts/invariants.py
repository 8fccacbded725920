"""What must hold after every step of any Alien Artifacts game: the tests' and the
simulator's net (core.rulesets.Invariants). Each check returns the broken invariants as
one-line messages.

- :func:`check_state`: every card of every deck in exactly one place (a deck, a hand, a
  board, tucked, a discard pile, or held by the task looking at it), Banks within 0-15,
  VP and tokens not negative, tokens on Empire cards only and no more than the box's 38.
- :func:`check_view` and :func:`check_events`: what a seat receives holds none of the
  others' hands, Defense Plans or Alien Artifacts, no deck order, no id of a card the seat
  knows by its face only (faces.py); the view's options are the engine's.

The kernel checks the rest for every game (core.checks: prompts well formed, secret event
fields, the seed and the generator's state).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.events import SPECTATOR
from core.games.artifacts import faces
from core.games.artifacts.content import Content, load_content
from core.games.artifacts.state import State
from core.plain import to_plain


def _held_by_tasks(state: State) -> tuple[list[str], list[str]]:
    """Resource cards and deck cards a task holds while it resolves."""
    resources: list[str] = []
    cards: list[str] = []
    for t in state.stack:
        if t.kind == "strike":
            resources += t.data["cards"]
        elif t.kind == "produce" and t.data["card"]:
            resources.append(t.data["card"])
        elif t.kind == "take":
            cards += t.data["cards"]
    return resources, cards


def check_state(state: State, content: Content | None = None,
                start: State | None = None) -> list[str]:
    content = content or load_content()
    problems = []
    resources, cards = _held_by_tasks(state)
    resources += state.deck + state.discard
    for player in state.players:
        resources += player.hand
        for card in (*player.construction, *player.empire):
            resources += [u.split(":")[0] for u in card.under]
            cards.append(card.id)
        if not 0 <= player.credits <= content.rules.bank_max:
            problems.append(f"seat {player.seat} has {player.credits} credits")
        if player.vp < 0:
            problems.append(f"seat {player.seat} has {player.vp} VP")
        for card in player.construction:
            if card.side or card.tokens:
                problems.append(f"Under Construction {card.id} has a side or tokens")
        for card in player.empire:
            if card.side not in ("logistics", "operational") or card.tokens < 0:
                problems.append(f"Empire card {card.id} is {card.side!r} with {card.tokens}")
            if card.under and card.kind != "planet":
                problems.append(f"Empire card {card.id} holds tucked cards")
    placed = sum(c.tokens for p in state.players for c in p.empire)
    if placed > content.rules.tokens:
        problems.append(f"{placed} Blockade tokens on cards, more than the {content.rules.tokens}")
    cards += state.ships + state.technologies + state.planets
    problems += _once("Resource card", resources, list(content.resources))
    problems += _once("card", cards, [*content.ships, *content.technologies, *content.planets])
    plans = state.plans + [p for pl in state.players for p in pl.plans]
    problems += _once("Defense Plan", plans, list(content.plans))
    artifacts = (state.artifacts + state.artifact_pile
                 + [a for pl in state.players for a in pl.artifacts])
    problems += _once("Alien Artifact", artifacts, list(content.artifacts))
    problems += _once("Alien System", [*state.systems, state.system], list(content.systems))
    return problems


def _once(what: str, found: list[str], expected: list[str]) -> list[str]:
    counted = Counter(found)
    if counted == Counter(expected):
        return []
    extra = sorted((counted - Counter(expected)).elements())
    missing = sorted((Counter(expected) - counted).elements())
    return [f"{what}s out of place: extra {extra[:5]}, missing {missing[:5]}"]


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    problems = []
    text = repr(view)
    for player in view["players"]:
        if player["seat"] != seat and any(player[k] is not None
                                          for k in ("hand", "plans", "artifacts")):
            problems.append(f"seat {seat} sees seat {player['seat']}'s secret cards")
    for other in state.players:
        if other.seat == seat:
            continue
        for card in other.hand:
            if card in state.discard:
                continue
            if f"'{card}'" in text:
                problems.append(f"seat {seat} sees {card} in seat {other.seat}'s hand")
    if any(p["seat"] != seat for p in view["prompts"]) or (seat == SPECTATOR and view["prompts"]):
        problems.append(f"seat {seat} sees another seat's options")
    elif view["prompts"] != [to_plain(p) for p in state.prompts if p.seat == seat]:
        problems.append(f"seat {seat}'s view words its options otherwise than the engine")
    problems += [f"seat {seat}'s view names {card}, which it knows by its face only"
                 for card in _faced(state, seat) if f"'{card}'" in text]
    return problems


def _faced(state: State, seat: int) -> list[str]:
    """The cards ``seat`` may know by their faces only (faces.py)."""
    known = faces.known(state, seat)
    return [card for card in faces.ambiguous_cards(load_content()) if card not in known]


def check_events(state: State, seat: int, records: list[dict[str, Any]]) -> list[str]:
    text = repr(records) if records else ""
    return [f"seat {seat} reads {card} in an event, a card it knows by its face only"
            for card in (_faced(state, seat) if text else []) if f"'{card}'" in text]
