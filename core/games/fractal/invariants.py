"""What must hold after every step of any Fractal game: the simulator's and the tests' net.

Each check returns a list of broken invariants as one-line messages (empty when all is
well), so that a caller can report every problem of a step at once:

- :func:`check_state`: resources, tracks and components within their limits, every unit in
  a reserve, on the board or removed, VP per category at most 5; what the state keeps
  worked out (``State.derived``: units by place and owner, the map's adjacency) equal to
  what the state holds now, so a rule that moves a unit without ``board.place`` or changes
  the map without ``board.map_changed`` shows.
- :func:`check_view` and :func:`check_events`: what a seat receives holds none of the
  others' hidden information (``hidden.py``: face-down events and technologies, the
  face-down objective, deck orders and cards, others' insight and draws, tactics chosen
  but not revealed); :func:`check_words`, the same for the sentences a seat reads, where
  cards go by their names.

The kernel checks the rest for every game (core.checks: prompts well formed, secret event
fields, the seed and the generator's state).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from core.checks import leaves, named
from core.games.fractal import board, hidden
from core.games.fractal.content import Content
from core.games.fractal.empire import science_tokens_used
from core.games.fractal.state import (
    BLOOD_POOL,
    BOX,
    COLONIES_PER_TRACK,
    FACTION_TOKENS,
    MAX_CREDITS,
    MAX_INFLUENCE,
    MAX_VP,
    RESERVE,
    SCIENCE_TOKENS,
    UNIT_KINDS,
    VP_CATEGORIES,
    State,
)


def check_state(state: State, content: object = None, start: State | None = None) -> list[str]:
    """Broken invariants of a state; ``start`` is the state when checking began (units are
    never made or destroyed: removed ones go to the box)."""
    problems: list[str] = []
    problems += _players(state)
    problems += _units(state, len(start.units) if start else None)
    problems += _board(state)
    problems += _derived(state, content)
    return problems


def _players(state: State) -> list[str]:
    problems: list[str] = []
    for p in state.players:
        who = f"seat {p.seat}"
        if not 0 <= p.credits <= MAX_CREDITS:
            problems.append(f"{who} has {p.credits} credits (0..{MAX_CREDITS})")
        if not 0 <= p.influence <= MAX_INFLUENCE:
            problems.append(f"{who} has {p.influence} influence (0..{MAX_INFLUENCE})")
        used = science_tokens_used(state, p.seat)
        if used > SCIENCE_TOKENS:
            problems.append(f"{who} uses {used} science tokens (max {SCIENCE_TOKENS})")
        for category in VP_CATEGORIES:
            vp = p.vp.get(category, 0)
            if not 0 <= vp <= MAX_VP:
                problems.append(f"{who} has {vp} {category} VP (0..{MAX_VP})")
        if set(p.vp) - set(VP_CATEGORIES):
            problems.append(f"{who} has unknown VP categories {sorted(set(p.vp))}")
        if p.vp_tokens < 0:
            problems.append(f"{who} has {p.vp_tokens} victory tokens")
        for track, taken in p.taken.items():
            if not 0 <= taken <= COLONIES_PER_TRACK:
                problems.append(f"{who} took {taken} colonies from the {track} track")
        if p.medals < 0 or p.pool < 0:
            problems.append(f"{who} has a negative count of medals or pool")
        held = sum(1 for a in state.agreements if a.owner == p.seat)
        if p.faction_tokens < 0 or p.faction_tokens + held != FACTION_TOKENS:
            problems.append(f"{who} has {p.faction_tokens} faction tokens and {held} held by "
                            f"partners, of {FACTION_TOKENS}")
    for slots in state.tech.values():
        for slot in slots:
            for seat, science in slot.science.items():
                if science < 0:
                    problems.append(f"seat {seat} has {science} science on a {slot.type} slot")
    return problems


def _units(state: State, expected: int | None) -> list[str]:
    problems: list[str] = []
    sectors = len(state.sectors)
    seats = len(state.players)
    if expected is not None and len(state.units) != expected:
        problems.append(f"{len(state.units)} units exist, {expected} at the start")
    for i, unit in enumerate(state.units):
        if unit.id != i:
            problems.append(f"unit {unit.id} is stored at index {i}")
        if unit.kind not in UNIT_KINDS:
            problems.append(f"unit {unit.id} is of unknown kind {unit.kind!r}")
        if not -1 <= unit.owner < seats:
            problems.append(f"unit {unit.id} has owner {unit.owner}")
        if unit.where not in (RESERVE, BOX, BLOOD_POOL) and not 0 <= unit.where < sectors:
            problems.append(f"unit {unit.id} is nowhere: {unit.where}")
        if unit.damage < 0:
            problems.append(f"unit {unit.id} has {unit.damage} damage")
    return problems


def _board(state: State) -> list[str]:
    problems: list[str] = []
    seats = len(state.players)
    for i, sector in enumerate(state.sectors):
        if sector.id != i:
            problems.append(f"sector {sector.id} is stored at index {i}")
        for space in sector.spaces:
            if not -1 <= space.owner < seats:
                problems.append(f"sector {sector.id} has a colony of seat {space.owner}")
    return problems


def _derived(state: State, content: object) -> list[str]:
    problems: list[str] = []
    kept = state.derived
    by_place: dict[int, list[int]] = {}
    by_owner: dict[int, list[int]] = {}
    for unit in state.units:
        by_place.setdefault(unit.where, []).append(unit.id)
        by_owner.setdefault(unit.owner, []).append(unit.id)
    for name, found, fresh in (("place", kept.units_at, by_place),
                               ("owner", kept.units_owned, by_owner)):
        if found is not None and {k: [u.id for u in v] for k, v in found.items()} != fresh:
            problems.append(f"the units kept by {name} are not where the units are")
    if kept.grid is not None and isinstance(content, Content) and kept.grid[0] is content:
        grid = kept.grid[1]
        fresh_grid = board.map_grid(state, content)
        if (grid.hexes, grid.storms, grid.links) != (
                fresh_grid.hexes, fresh_grid.storms, fresh_grid.links):
            problems.append("the map's adjacency kept is not the map's")
    return problems


# Hidden information ------------------------------------------------------------------


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    """Hidden information of others found in ``view``, the view of ``seat``."""
    where = f"view of seat {seat}"
    found = leaves(view)
    problems = named(_secrets(state, seat), found, where)
    orders = {"action deck": state.action_deck, "artifact deck": state.artifact_deck}
    for name, deck in orders.items():
        if len(set(deck)) > 1 and any(seq == deck or seq == deck[::-1] for seq in found.lists):
            problems.append(f"{where} shows the order of the {name}")
    for task in view.get("stack", ()):
        problems += _task_leaks(task, seat, where)
    problems += _battle_leaks(view.get("battle"), seat, where)
    return problems


def check_events(state: State, seat: int, records: list[dict[str, Any]]) -> list[str]:
    """Hidden information of others found in the event records ``seat`` receives (run
    after the decision that caused them, against the state it left)."""
    where = f"events of seat {seat}"
    found = leaves(records)
    return named(_secrets(state, seat), found, where) + named(_deck_cards(state, seat),
                                                              found, where)


def check_words(state: State, seat: int, texts: list[str],
                name_of: Callable[[str], str]) -> list[str]:
    """Hidden information of others named in the words ``seat`` reads (``name_of`` gives a
    content id's name): the secrets of :func:`check_view` and :func:`check_events`, looked
    for as whole words, since a sentence names a card rather than giving its id."""
    where = f"words of seat {seat}"
    text = "\n".join(texts)
    public = _public(state, seat)
    problems = []
    for secret, what in (*_secrets(state, seat), *_deck_cards(state, seat)):
        for card in secret.split("=", 1)[-1].split(","):  # an insight fact names its cards
            if card in public:  # seen by another through insight, face up for all since
                continue
            name = name_of(card)
            if name and re.search(rf"\b{re.escape(name)}\b", text):
                problems.append(f"{where} name {what} {name!r}")
    return problems


def _public(state: State, seat: int) -> set[str]:
    """Ids any seat may see now, those ``seat`` learned through insight and those it holds
    while deciding (the artifacts it drew, the cards it puts back after an insight)."""
    public: set[str] = set()
    for sector in state.sectors:
        if sector.event and sector.event_face_up:
            public.add(sector.event)
    for slots in state.tech.values():
        for slot in slots:
            if slot.cards and slot.top_face_up:
                public.add(slot.cards[-1])
    for p in state.players:
        public.update(p.technologies, p.resolved, p.artifacts, p.tactics, p.played_cards)
    public.update(state.action_pool, state.action_discard, state.artifact_discard)
    for pile in state.tech_discard.values():
        public.update(pile)
    if state.objectives:
        public.add(state.objectives[0])
        if state.age2_revealed:
            public.add(state.objectives[1])
    for known in _known(state, seat):
        public.update(known.split("=", 1)[-1].split(","))
    for task in state.stack:  # what the seat holds in hand while it decides, it may name
        if task.seat == seat and task.kind in ("draw_artifacts", "insight"):
            public.update(task.data.get("drawn", ()), task.data.get("hand", ()))
    return public


def _known(state: State, seat: int) -> list[str]:
    """What the seat learned through insight (a spectator learned nothing)."""
    return state.players[seat].known if 0 <= seat < len(state.players) else []


def _secrets(state: State, seat: int) -> Iterator[tuple[str, str]]:
    """(id, description) of what ``seat`` may not see, less what it legitimately sees."""
    public = _public(state, seat)
    for sector in state.sectors:
        if sector.event and not sector.event_face_up and sector.event not in public:
            yield sector.event, f"the face-down event of sector {sector.id}:"
    for slots in state.tech.values():
        for slot in slots:
            face_down = slot.cards if not slot.top_face_up else slot.cards[:-1]
            for card in face_down:
                if card not in public:
                    yield card, "a face-down technology"
    age2 = state.objectives[1] if len(state.objectives) > 1 else ""
    if age2 and not state.age2_revealed and age2 not in public:
        yield state.objectives[1], "the face-down Age 2 objective"
    own = _known(state, seat)
    for other in state.players:
        if other.seat != seat:
            for fact in other.known:
                if fact not in own:
                    yield fact, f"what seat {other.seat} learned through insight:"
    for task in state.stack:
        if task.seat == seat:
            continue
        held = task.data.get("drawn", ()) if task.kind == "draw_artifacts" else (
            task.data.get("hand", ()) if task.kind == "insight" else ())
        for card in held:
            if card not in public:
                yield card, f"a card seat {task.seat} holds in its {task.kind}:"


def _deck_cards(state: State, seat: int) -> Iterator[tuple[str, str]]:
    """Cards now in a deck that the seat has no public reason to name: an event naming
    one would tell where it lies."""
    public = _public(state, seat)
    for name, deck in (("action", state.action_deck), ("artifact", state.artifact_deck)):
        for card in deck:
            if card not in public:
                yield card, f"a card of the {name} deck"


def _task_leaks(task: dict[str, Any], seat: int, where: str) -> list[str]:
    if task["seat"] == seat:
        return []
    public = hidden.PUBLIC_TASK_FIELDS.get(task["kind"], frozenset())
    problems = [f"{where} shows the {key} of seat {task['seat']}'s {task['kind']}"
                for key in task["data"] if key not in public]
    for key in hidden.PER_SEAT_TASK_FIELDS.get(task["kind"], ()):
        others = set(task["data"].get(key, {})) - {str(seat)}
        if others:
            problems.append(f"{where} shows seats {sorted(others)}' {key} in a "
                            f"{task['kind']}")
    return problems


def _battle_leaks(record: dict[str, Any] | None, seat: int, where: str) -> list[str]:
    """The battle record tells each side's chosen tactic to that side only: hands are
    public, so the card's id alone would not show that it leaked."""
    return [f"{where} shows the tactic seat {side['seat']} chose in a battle"
            for side in (record or {}).get("sides", ()) if side["seat"] != seat
            and "choice" in side]
