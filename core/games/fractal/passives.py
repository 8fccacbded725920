"""Lasting effects: what a seat's components add to the rules while the seat has them.

A component's ``passive`` steps count only while its owner holds it (losing access loses
the effect at once), so they are gathered afresh from the state on every question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from core.games.fractal import board
from core.games.fractal.content import Content, Step
from core.games.fractal.state import Player, Sector, State

T = TypeVar("T")


def steps(state: State, content: Content, seat: int, trigger: str = "passive") -> list[Step]:
    """The steps of one trigger (passive, income, cycle_end) of everything the seat has:
    faction, mastery, government, technologies, artifacts, and the Utopian singularity
    while the seat controls it."""
    found = list(_held(state, content, seat, trigger)[0])
    if trigger == "passive":
        found += _utopian_passive(state, content, seat)
    return found


def parts(state: State, content: Content, seat: int) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """The passive steps of what the seat holds and those of the Utopian singularity it
    controls: two tuples that stay the same objects while the seat's passives stay the
    same, so that what is worked out from them can be kept (see ``derived``)."""
    return _held(state, content, seat, "passive")[0], _utopian_passive(state, content, seat)


def derived(state: State, content: Content, seat: int, question: tuple[object, ...],
            work: Callable[[list[Step]], T]) -> T:
    """``work`` done on the seat's passive steps, kept for the same steps and question: the
    movement ranges, keywords and modifiers are asked many times a turn, the passives
    seldom change."""
    held, utopian = parts(state, content, seat)
    key = (id(held), id(utopian), *question)
    found = _DERIVED.get(key)
    if found is None or found[0] is not held or found[1] is not utopian:
        found = _DERIVED[key] = (held, utopian, work([*held, *utopian]))
    result: T = found[2]
    return result


# By the identities of the two tuples of ``parts`` (kept with the result, so that an id is
# not reused while its entry lives) and the question.
_DERIVED: dict[tuple[object, ...], tuple[tuple[Step, ...], tuple[Step, ...], Any]] = {}


def _held(state: State, content: Content, seat: int,
          trigger: str) -> tuple[tuple[Step, ...], frozenset[str]]:
    """The steps of one trigger of the components the seat holds, and the names of their
    hooks, gathered once for what the seat holds."""
    player = state.players[seat]
    key = (trigger, player.faction, player.mastery_elite, player.government,
           tuple(player.technologies), tuple(player.artifacts))
    table = _GATHERED.get(id(content))
    if table is None or table[0] is not content:
        table = _GATHERED[id(content)] = (content, {})
    gathered = table[1].get(key)
    if gathered is None:
        found = _components(content, player, trigger)
        gathered = table[1][key] = (found, _hook_names(found))
    return gathered


# The steps of what a seat holds, by content and by what the seat holds (a few hundred
# combinations a game): asked at nearly every question of a turn. The content is kept
# with its table, so its id cannot be reused while the table lives.
_GATHERED: dict[int, tuple[Content, dict[tuple[object, ...],
                                         tuple[tuple[Step, ...], frozenset[str]]]]] = {}


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
    for sector in _utopian_sectors(state.sectors):
        if sector.event_kind == "singularity" and sector.event_face_up:
            passive = content.singularities[sector.event].passive
            if passive and board.controls(state, sector, seat):
                return passive
    return ()


def _utopian_sectors(sectors: list[Sector]) -> list[Sector]:
    """The Utopian sectors of the map, found once for the map's list of sectors (asked at
    almost every question). A sector's kind is set when its tile is laid, which never
    makes it Utopian after setup (a faction's starting tile is of the starting kind), and
    the map only ever grows (The Fracture), so the list and its length tell it apart."""
    last = _UTOPIAN[0]  # read once: bots on other threads may replace it meanwhile
    if last[0] is not sectors or last[1] != len(sectors):
        last = _UTOPIAN[0] = (sectors, len(sectors),
                              [s for s in sectors if s.kind == "utopian"])
    found: list[Sector] = last[2]
    return found


# The last map asked about: its list of sectors, their number and its Utopian sectors.
_UTOPIAN: list[tuple[Any, int, list[Sector]]] = [(None, 0, [])]


def modifier(state: State, content: Content, seat: int, stat: str, **filters: str) -> int:
    """The sum of the seat's ``modify`` steps for a stat, matching every given filter."""
    return derived(state, content, seat, ("modifier", stat, *filters.items()),
                   lambda found: total(found, stat, **filters))


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
    return set(_held(state, content, seat, "passive")[1]) | _hook_names(
        _utopian_passive(state, content, seat))


def has_hook(state: State, content: Content, seat: int, name: str) -> bool:
    if name in _held(state, content, seat, "passive")[1]:
        return True
    extra = _utopian_passive(state, content, seat)
    return bool(extra) and name in _hook_names(extra)


def _hook_names(found: Sequence[Step]) -> frozenset[str]:
    return frozenset(str(s.get("name")) for s in found if s.op == "hook")
