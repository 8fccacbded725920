"""What must hold after every step of any Fractured Atlas game: the simulator's and the
tests' net. Each check returns the broken invariants as one-line messages (empty when all
is well).

- :func:`check_state`: every token is in a supply, on an Advisor or on the map, and their
  count per player never changes; slots, Towers and hands within their limits; every card
  in exactly one place; the map's shape as exploring allows.
- :func:`check_view` and :func:`check_events`: what a seat receives holds none of the
  others' hidden information (``hidden.py``): no card of another hand, of the deck or
  dealt to another seat, no secret choice before its reveal, no Atlas order beyond its
  known bottom; :func:`check_words`, the same for sentences.

core.rulesets.Checker runs them with the kernel's own (core.checks: prompts well formed,
secret event fields, the seed and the generator's state), and replays the log, for the
simulator and the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from core.checks import leaves, named
from core.games.atlas import board, hidden
from core.games.atlas.content import Content, load_content
from core.games.atlas.state import State


def check_state(state: State, content: Content | None = None,
                start: State | None = None) -> list[str]:
    """Broken invariants of a state (each player's count of tokens is fixed by the rules,
    so ``start``, the state when checking began, adds nothing here)."""
    content = content or load_content()
    return [*_tokens(state, content), *_places(state, content), *_cards(state, content)]


def _attacked(state: State) -> set[int]:
    """Places where an attack is under way: their six-slot limit waits for its end."""
    return {t.data["place"] for t in state.stack if t.kind == "attack" and "place" in t.data}


def _tokens(state: State, content: Content) -> list[str]:
    problems = []
    for p in state.players:
        on_map = board.tokens_on_map(state, p.seat)
        if p.supply < 0 or p.advisor_tokens < 0:
            problems.append(f"seat {p.seat}: supply {p.supply}, advisor {p.advisor_tokens}")
        if p.supply + p.advisor_tokens + on_map != content.tokens:
            problems.append(f"seat {p.seat} has {p.supply} + {p.advisor_tokens} + {on_map} "
                            f"tokens, not {content.tokens}")
        if p.advisor_tokens and not p.advisor:
            problems.append(f"seat {p.seat} has tokens on no Advisor")
    return problems


def _places(state: State, content: Content) -> list[str]:
    problems = []
    n = len(state.players)
    attacked = _attacked(state)
    cells = [(p.x, p.y) for p in state.places]
    if len(set(cells)) != len(cells):
        problems.append("two Places share a cell")
    grid = board.grid_neighbours(state, content)
    for i, place in enumerate(state.places):
        name = place.card
        if len(place.stacks) > content.slots and i not in attacked:
            problems.append(f"{name} holds {len(place.stacks)} stacks")
        if any(not s or any(not 0 <= t < n for t in s) for s in place.stacks):
            problems.append(f"{name} has an empty stack or an unknown token")
        if content.power(name).no_towers and any(len(s) > 1 for s in place.stacks):
            problems.append(f"a Tower stands on {name}")
        suits = set(content.suits(name))
        if grid[i] and not any(suits & set(content.suits(state.places[j].card)) for j in grid[i]):
            problems.append(f"{name} shares no suit with any neighbour")
        if content.power(name).no_explore_adjacent and any(j > i for j in grid[i]):
            problems.append(f"a Place was explored next to {name}")
    if state.atlas_known > len(state.atlas):
        problems.append("more known Atlas cards than the Atlas holds")
    return problems


def _cards(state: State, content: Content) -> list[str]:
    problems = []
    turned = [t.data["card"] for t in state.stack if t.kind == "explore" and "card" in t.data]
    places = [p.card for p in state.places] + state.atlas + turned
    if sorted(places) != sorted(content.locations):
        problems.append("the Places on the map and in the Atlas are not every Location")
    if state.phase == "advisors":
        return problems
    held = [*state.deck, *state.discard]
    for p in state.players:
        held += [*p.hand, p.advisor] + ([p.played] if p.played else [])
        if len(p.hand) > content.hand:
            problems.append(f"seat {p.seat} holds {len(p.hand)} cards")
        if p.advisor and not (content.card(p.advisor).is_personality
                              and content.card(p.advisor).two_suited):
            problems.append(f"seat {p.seat}'s Advisor {p.advisor} is no two-suited Personality")
    counts = Counter(held)
    if sorted(counts) != sorted(content.action_cards) or set(counts.values()) != {1}:
        problems.append("the action cards are not each in exactly one place")
    return problems


# --- hidden information --------------------------------------------------------------------


def _secrets(state: State, seat: int) -> Iterator[tuple[str, str]]:
    """(card, where) for every card ``seat`` may not know of."""
    for card in state.deck:
        yield card, "the Action Deck"
    for p in state.players:
        if p.seat == seat:
            continue
        for card in p.hand:
            yield card, f"seat {p.seat}'s hand"
        for card in p.dealt:
            yield card, f"the Advisors dealt to seat {p.seat}"
        if state.phase == "advisors" and p.seat in state.chosen:
            yield state.chosen[p.seat], f"seat {p.seat}'s secret Advisor"


def _found(state: State, seat: int, value: Any, where: str) -> list[str]:
    return named(_secrets(state, seat), leaves(value), where)


def _without_turned_over(view: dict[str, Any]) -> dict[str, Any]:
    """The view less the cards an attack in progress turned over for all to see: like an
    event's public fields, they may since have been shuffled back into the deck."""
    stack = [{**t, "data": {**t["data"], "fight": {**t["data"]["fight"], "cards": []}}}
             if "fight" in t["data"] else t for t in view["stack"]]
    fought = view.get("attack")
    return {**view, "stack": stack,
            "attack": {**fought, "cards": []} if fought else fought}


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    problems = _found(state, seat, _without_turned_over(view), f"seat {seat}'s view")
    if view.get("atlas_bottom") != state.atlas[:state.atlas_known]:
        problems.append(f"seat {seat}'s view shows the Atlas beyond its known bottom")
    for p in view["players"]:
        if p["seat"] != seat and (p.get("hand") is not None or "choice" in p or "dealt" in p):
            problems.append(f"seat {seat}'s view shows seat {p['seat']}'s hand or choice")
    return problems


def check_events(state: State, seat: int, records: list[dict[str, Any]]) -> list[str]:
    """Secrets in the records ``seat`` receives of one decision: another seat's secret
    fields, or a card it may not know of in a field the policy does not open to all
    (``hidden.PUBLIC_CARD_FIELDS``; a card shown there may since have gone back into the
    deck or a hand, shuffled and drawn within the same decision)."""
    problems = []
    for record in records:
        kind = record["kind"]
        secret = hidden.SECRET_EVENT_FIELDS.get(kind, ())
        shown = set(hidden.PUBLIC_CARD_FIELDS.get(kind, ()))
        if record["seat"] == seat:
            shown.update(secret)
        rest = {k: v for k, v in record.items() if k not in shown}
        problems += _found(state, seat, rest, f"a {kind} event for seat {seat}")
    return problems


def check_words(state: State, seat: int, texts: list[str], received: Any = None,
                content: Content | None = None) -> list[str]:
    """No sentence for ``seat`` names a card it may not know of, unless the records it
    was written from (``received``: event records, checked by :func:`check_events`) hold
    that card: a card discarded in the open may be back in a hand or the deck by now."""
    content = content or load_content()
    shown = leaves(received or []).strings
    names = {content.card(card).name: where for card, where in _secrets(state, seat)
             if card not in shown}
    return [f"seat {seat} reads {name!r} ({where}): {text!r}"
            for text in texts for name, where in names.items() if name in text]
