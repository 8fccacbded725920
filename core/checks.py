"""What every game's checks share, so that a game's invariants (core.rulesets.Invariants)
check only what is its own: its counts, its limits, and which of its ids a seat may not
know.

The kernel's own checks, run by core.rulesets.Checker for every game beside the game's:
the decisions pending are well formed (:func:`pending`), no event record a seat receives
holds another seat's secret fields (:func:`secret_fields`, from the game's machine), and
nothing a seat receives holds a field named seed or rng or the random generator's state
(:func:`generator`). And the scan a game's own checks use: :func:`leaves` gathers every
string, number, list and key of plain data, :func:`named` says which of the ids a seat may
not know are among them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# A generator's state this small could be any ordinary number of a view; past the first
# draw it never is.
_SMALL = 1 << 32


@dataclass(slots=True)
class Leaves:
    """What plain data holds: every string (also each part of one between colons, as a
    choice names its ids: ``card:ace_knots``) and every dict key, every integer, every
    list. The values of ``kind`` keys are left out: the kind of an event, task or prompt
    names no secret."""

    strings: set[str] = field(default_factory=set)
    ints: set[int] = field(default_factory=set)
    lists: list[list[Any]] = field(default_factory=list)
    keys: set[str] = field(default_factory=set)


def leaves(value: Any) -> Leaves:
    found = Leaves()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str):
                    found.keys.add(key)
                    found.strings.add(key)
                if key != "kind":
                    stack.append(inner)
        elif isinstance(item, list | tuple):
            found.lists.append(list(item))
            stack.extend(item)
        elif isinstance(item, str):
            found.strings.add(item)
            if ":" in item:
                found.strings.update(item.split(":"))
        elif isinstance(item, int) and not isinstance(item, bool):
            found.ints.add(item)
    return found


def named(secrets: Iterable[tuple[str, str]], found: Leaves, where: str) -> list[str]:
    """The ids of ``secrets`` (each an id and where it lies hidden) that ``found`` holds,
    as one line each."""
    return [f"{where} shows {what} {secret!r}" for secret, what in secrets
            if secret in found.strings]


def generator(rng: int, found: Leaves, where: str) -> list[str]:
    """A field named seed or rng, or the random generator's state ``rng``, in what a seat
    receives."""
    problems = []
    if {"seed", "rng"} & found.keys:
        problems.append(f"{where} has a field named seed or rng")
    if rng > _SMALL and rng in found.ints:
        problems.append(f"{where} shows the random generator's state")
    return problems


def secret_fields(seat: int, records: Iterable[Mapping[str, Any]],
                  fields: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Another seat's secret fields (the machine's ``secret_fields``) in the event records
    ``seat`` receives."""
    return [f"seat {seat} receives the {name} of seat {record['seat']}'s {record['kind']}"
            for record in records if record.get("seat") != seat
            for name in fields.get(str(record.get("kind", "")), ()) if name in record]


def pending(state: Any) -> list[str]:
    """The decisions pending, well formed: a game not over waits for someone and has no
    winners yet, one over waits for nobody and has winners; no seat is asked twice, and
    every prompt has options, none repeated."""
    problems = []
    if state.over and state.prompts:
        problems.append("the game is over but decisions are pending")
    if not state.over and not state.prompts:
        problems.append("the game is not over and no decision is pending")
    if state.over != bool(state.winners):
        problems.append("winners without the end, or the end without winners")
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
