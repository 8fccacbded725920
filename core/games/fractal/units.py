"""Unit keywords: what each unit type can do, and what effects and radiation change."""

from __future__ import annotations

from core.games.fractal import board, passives
from core.games.fractal.content import Content, Step
from core.games.fractal.state import State, Unit

BASE_KEYWORDS: dict[str, dict[str, int]] = {
    "infantry": {"ground": 1, "colonize": 1, "invade": 1},
    "mech": {"ground": 1, "vanguard": 1, "resist": 1},
    "lightship": {"space": 1, "transport": 2},
    "warship": {"space": 1, "transport": 3, "resist": 1},
}

# Radiation strips every ability but these.
RADIATION_KEEPS = frozenset({"ground", "space", "colonize", "transport"})


def keywords(state: State, content: Content, unit: Unit) -> dict[str, int]:
    """The unit's keywords with their values, as they stand where it is now."""
    result = dict(_of_kind(state, content, unit))
    if _irradiated(state, content, unit):
        result = {k: v for k, v in result.items() if k in RADIATION_KEEPS}
    return result


def _of_kind(state: State, content: Content, unit: Unit) -> dict[str, int]:
    """The keywords of the unit's type for its owner, wherever it stands (read only)."""
    if unit.owner < 0:
        return BASE_KEYWORDS[unit.kind]
    kind = unit.kind
    return passives.derived(state, content, unit.owner, ("keywords", kind),
                            lambda found: _with_passives(kind, found))


def _irradiated(state: State, content: Content, unit: Unit) -> bool:
    return unit.where >= 0 and "radiation" in board.living_galaxy_effects(
        state.sectors[unit.where], content)


def _with_passives(kind: str, found: list[Step]) -> dict[str, int]:
    result = dict(BASE_KEYWORDS[kind])
    for step in found:
        if step.get("unit") != kind:
            continue
        if step.op == "keyword":
            name = str(step.get("keyword"))
            result[name] = max(result.get(name, 0), int(step.get("value", 1)))
        elif (step.op == "modify" and step.get("stat") == "transport"
              and "transport" in result):
            result["transport"] = max(0, result["transport"] + int(step.get("amount", 0)))
    return result


def has(state: State, content: Content, unit: Unit, keyword: str) -> int:
    """The value of a keyword on the unit, 0 when it lacks it (``keywords`` without copying
    them: asked for every unit of a move, a colony, a battle)."""
    value = _of_kind(state, content, unit).get(keyword, 0)
    if value and keyword not in RADIATION_KEEPS and _irradiated(state, content, unit):
        return 0
    return value
