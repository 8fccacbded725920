"""What must hold after every step of any Fractal game: the simulator's and the tests' net.

Each check returns a list of broken invariants as one-line messages (empty when all is
well), so that a caller can report every problem of a step at once:

- :func:`check_state`: resources, tracks and components within their limits, every unit in
  a reserve, on the board or removed, VP per category at most 5, prompts well formed.
- :func:`check_view`: a seat's view holds none of the others' hidden information (their
  tactic hands, face-down events and technologies, the face-down objective, deck orders,
  the random generator's state).
- :func:`check_replay`: replaying the log from the options gives the same digest. Slow:
  sample it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from core.fractal.empire import science_tokens_used
from core.fractal.game import Game
from core.fractal.state import (
    BLOOD_POOL,
    BOX,
    COLONIES_PER_TRACK,
    DEPLETION_MAX,
    MAX_CREDITS,
    MAX_INFLUENCE,
    MAX_VP,
    RESERVE,
    SCIENCE_TOKENS,
    UNIT_KINDS,
    VP_CATEGORIES,
    State,
)


def check_state(state: State, units: int | None = None) -> list[str]:
    """Broken invariants of a state; ``units`` is the unit count the game started with."""
    problems: list[str] = []
    problems += _players(state)
    problems += _units(state, units)
    problems += _board(state)
    problems += _prompts(state)
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
        for action, marker in p.markers.items():
            if not 0 <= marker.cost <= DEPLETION_MAX:
                problems.append(f"{who}'s {action} depletion costs {marker.cost}")
        if p.medals < 0 or p.faction_tokens < 0 or p.pool < 0:
            problems.append(f"{who} has a negative count of medals, faction tokens or pool")
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


def _prompts(state: State) -> list[str]:
    problems: list[str] = []
    if state.over:
        if state.prompts:
            problems.append("the game is over but decisions are pending")
        if not state.winners:
            problems.append("the game is over without winners")
        return problems
    if not state.prompts:
        problems.append("the game is not over and no decision is pending")
    seen: set[int] = set()
    for prompt in state.prompts:
        if prompt.seat in seen:
            problems.append(f"seat {prompt.seat} has two pending prompts")
        seen.add(prompt.seat)
        if not prompt.options:
            problems.append(f"seat {prompt.seat}'s {prompt.kind} prompt has no legal choice")
        elif len(set(prompt.options)) != len(prompt.options):
            problems.append(f"seat {prompt.seat}'s {prompt.kind} prompt repeats a choice")
    return problems


# Hidden information ------------------------------------------------------------------


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    """Hidden information of others found in ``view``, the view of ``seat``."""
    strings: set[str] = set()
    ints: set[int] = set()
    lists: list[list[Any]] = []
    for leaf in _walk(view, lists):
        if isinstance(leaf, str):
            strings.add(leaf)
        elif isinstance(leaf, int) and not isinstance(leaf, bool):
            ints.add(leaf)
    problems: list[str] = []
    for secret, what in _secrets(state, seat):
        if secret in strings:
            problems.append(f"view of seat {seat} shows {what} {secret!r}")
    orders = {"action deck": state.action_deck, "artifact deck": state.artifact_deck}
    for name, deck in orders.items():
        if len(set(deck)) > 1 and any(seq == deck or seq == deck[::-1] for seq in lists):
            problems.append(f"view of seat {seat} shows the order of the {name}")
    if state.rng > (1 << 32) and state.rng in ints:
        problems.append(f"view of seat {seat} shows the random generator's state")
    return problems


def _secrets(state: State, seat: int) -> Iterator[tuple[str, str]]:
    """(id, description) of what ``seat`` may not see, less what it legitimately sees."""
    player = state.players[seat]
    known = " ".join(player.known)
    public: set[str] = set(player.tactics)
    for sector in state.sectors:
        if sector.event and sector.event_face_up:
            public.add(sector.event)
    for slots in state.tech.values():
        for slot in slots:
            if slot.cards and slot.top_face_up:
                public.add(slot.cards[-1])
    for p in state.players:
        public.update(p.technologies)
        public.update(p.resolved)
    if state.objectives:
        public.add(state.objectives[0])
    for task in state.stack:
        if task.kind == "battle":  # tactics revealed in a battle stay on the table, public
            for cards in (*task.data.get("played", {}).values(),
                          *task.data.get("out", {}).values()):
                public.update(cards)

    def hidden(item: str) -> bool:
        return item not in public and item not in known

    for other in state.players:
        if other.seat != seat:
            for tactic in other.tactics:
                if hidden(tactic):
                    yield tactic, f"seat {other.seat}'s tactic"
    for sector in state.sectors:
        if sector.event and not sector.event_face_up and hidden(sector.event):
            yield sector.event, f"the face-down event of sector {sector.id}:"
    for slots in state.tech.values():
        for slot in slots:
            face_down = slot.cards if not slot.top_face_up else slot.cards[:-1]
            for card in face_down:
                if hidden(card):
                    yield card, "a face-down technology"
    if len(state.objectives) > 1 and not state.age2_revealed and hidden(state.objectives[1]):
        yield state.objectives[1], "the face-down Age 2 objective"


def _walk(value: Any, lists: list[list[Any]]) -> Iterator[Any]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _walk(item, lists)
    elif isinstance(value, list | tuple):
        lists.append(list(value))
        for item in value:
            yield from _walk(item, lists)
    else:
        yield value


# Replay ------------------------------------------------------------------------------


def check_replay(game: Game) -> list[str]:
    """Replaying the log from the options must rebuild the very same state."""
    try:
        again = Game.replay(game.state.options, list(game.log))
    except Exception as error:  # an engine bug: report it as a broken invariant
        return [f"replaying the log failed: {type(error).__name__}: {error}"]
    if again.digest() != game.digest():
        return [f"replaying {len(game.log)} decisions gives a different digest"]
    return []
