"""Lasting effects: what a seat's components add to the rules while the seat has them.

A component's ``passive`` steps count only while its owner holds it (losing access loses
the effect at once), so they are gathered afresh from the state on every question.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.fractal import board
from core.fractal.content import Content, Step, Triggers
from core.fractal.state import State


def components(state: State, content: Content, seat: int) -> Iterator[Triggers]:
    """The triggers of everything the seat has."""
    player = state.players[seat]
    if player.faction:
        faction = content.factions[player.faction]
        yield faction.abilities
        mastery = content.masteries[faction.mastery]
        yield Triggers(passive=mastery.elite if player.mastery_elite else mastery.normal)
    if player.government:
        yield content.governments[player.government].secondary
    for tech in player.technologies:
        yield content.technologies[tech].triggers
    for artifact in player.artifacts:
        yield content.artifacts[artifact].triggers
    utopian = _utopian_singularity(state, content, seat)
    if utopian is not None:
        yield utopian


def _utopian_singularity(state: State, content: Content, seat: int) -> Triggers | None:
    for sector in state.sectors:
        if (sector.kind == "utopian" and sector.event_kind == "singularity"
                and sector.event_face_up):
            passive = content.singularities[sector.event].passive
            if passive and board.controls(state, sector, seat):
                return Triggers(passive=passive)
    return None


def steps(state: State, content: Content, seat: int, trigger: str = "passive") -> Iterator[Step]:
    for triggers in components(state, content, seat):
        yield from getattr(triggers, trigger)


def modifier(state: State, content: Content, seat: int, stat: str, **filters: str) -> int:
    """The sum of the seat's ``modify`` steps for a stat, matching every given filter."""
    total = 0
    for step in steps(state, content, seat):
        if step.op != "modify" or step.get("stat") != stat:
            continue
        if all(step.get(key, value) == value for key, value in filters.items()):
            total += int(step.get("amount", 0))
    return total


def hooks(state: State, content: Content, seat: int) -> set[str]:
    return {str(s.get("name")) for s in steps(state, content, seat) if s.op == "hook"}


def has_hook(state: State, content: Content, seat: int, name: str) -> bool:
    return name in hooks(state, content, seat)
