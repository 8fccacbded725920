"""Lasting effects: what a seat's components add to the rules while the seat has them.

A component's ``passive`` steps count only while its owner holds it (losing access loses
the effect at once), so they are gathered afresh from the state on every question.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.fractal import board
from core.games.fractal.content import Content, Step
from core.games.fractal.state import Player, State


def steps(state: State, content: Content, seat: int, trigger: str = "passive") -> list[Step]:
    """The steps of one trigger (passive, income, cycle_end) of everything the seat has:
    faction, mastery, government, technologies, artifacts, and the Utopian singularity
    while the seat controls it."""
    player = state.players[seat]
    key = (trigger, player.faction, player.mastery_elite, player.government,
           tuple(player.technologies), tuple(player.artifacts))
    table = _GATHERED.get(id(content))
    if table is None or table[0] is not content:
        table = _GATHERED[id(content)] = (content, {})
    gathered = table[1].get(key)
    if gathered is None:
        gathered = table[1][key] = _components(content, player, trigger)
    found = list(gathered)
    if trigger == "passive":
        found += _utopian_passive(state, content, seat)
    return found


# The steps of what a seat holds, by content and by what the seat holds (a few hundred
# combinations a game): asked at nearly every question of a turn. The content is kept
# with its table, so its id cannot be reused while the table lives.
_GATHERED: dict[int, tuple[Content, dict[tuple[object, ...], tuple[Step, ...]]]] = {}


def _components(content: Content, player: Player, trigger: str) -> tuple[Step, ...]:
    found: list[Step] = []
    if player.faction:
        faction = content.factions[player.faction]
        found += getattr(faction.abilities, trigger)
        if trigger == "passive":
            mastery = content.masteries[faction.mastery]
            found += mastery.elite if player.mastery_elite else mastery.normal
    if player.government:
        found += getattr(content.governments[player.government].secondary, trigger)
    for tech in technologies_in_effect(content, player.technologies):
        found += getattr(content.technologies[tech].triggers, trigger)
    for artifact in player.artifacts:
        found += getattr(content.artifacts[artifact].triggers, trigger)
    return tuple(found)


def technologies_in_effect(content: Content, owned: Sequence[str]) -> list[str]:
    """The technologies whose effects count: every copy of a stackable one, a single copy
    of any other (Research: only the stackable symbol lets several copies benefit you)."""
    found: list[str] = []
    for tech in owned:
        if tech not in found or content.technologies[tech].stackable:
            found.append(tech)
    return found


def adds_nothing(content: Content, owned: Sequence[str], tech: str) -> bool:
    """Whether one more copy of ``tech`` would add no effect to the ``owned`` ones."""
    return tech in owned and not content.technologies[tech].stackable


def _utopian_passive(state: State, content: Content, seat: int) -> tuple[Step, ...]:
    for sector in state.sectors:
        if (sector.kind == "utopian" and sector.event_kind == "singularity"
                and sector.event_face_up):
            passive = content.singularities[sector.event].passive
            if passive and board.controls(state, sector, seat):
                return passive
    return ()


def modifier(state: State, content: Content, seat: int, stat: str, **filters: str) -> int:
    """The sum of the seat's ``modify`` steps for a stat, matching every given filter."""
    return total(steps(state, content, seat), stat, **filters)


def total(found: list[Step], stat: str, **filters: str) -> int:
    """``modifier`` over steps already gathered, for callers asking several questions at
    once (gathering them is the expensive part)."""
    result = 0
    for step in found:
        if step.op != "modify" or step.get("stat") != stat:
            continue
        if all(step.get(key, value) == value for key, value in filters.items()):
            result += int(step.get("amount", 0))
    return result


def hooks(state: State, content: Content, seat: int) -> set[str]:
    return {str(s.get("name")) for s in steps(state, content, seat) if s.op == "hook"}


def has_hook(state: State, content: Content, seat: int, name: str) -> bool:
    return name in hooks(state, content, seat)
