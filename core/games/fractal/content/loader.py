"""Read the content TOML files, validate them, and build a `Content`.

The effect vocabulary below is the one documented in docs/effects.md (a test checks that the
two agree). Any problem raises `ContentError` naming the file and, when it can be found, the
line of the offending record or field.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn

from core.games.fractal.content.model import (
    COLONY_TYPES,
    COLOURS,
    DAMAGE_KINDS,
    SECTOR_KINDS,
    TECH_TYPES,
    UNIT_TYPES,
    VP_CATEGORIES,
    ActionCard,
    Artifact,
    Composition,
    Content,
    Damage,
    Effect,
    EventCard,
    EventOption,
    ExploitArea,
    Faction,
    Government,
    LivingGalaxy,
    LivingStorm,
    Mastery,
    Objective,
    ObjectiveRow,
    Sector,
    Singularity,
    Step,
    TacticCard,
    TacticDesign,
    TacticVersion,
    Technology,
    Tokens,
    Triggers,
    Upgrade,
    combine_objectives,
)

CONTENT_DIR = Path(__file__).parent


class ContentError(ValueError):
    """A content file is invalid. `file` and `line` say where (line 0 when unknown)."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file = file
        self.line = line
        self.reason = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


# --------------------------------------------------------------------------- vocabulary

Check = Callable[[Any], str | None]


def _int(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"expected an integer, got {value!r}"
        if low is not None and value < low:
            return f"{value} is below {low}"
        if high is not None and value > high:
            return f"{value} is above {high}"
        return None

    return check


def _one_of(*values: str) -> Check:
    def check(value: Any) -> str | None:
        if value not in values:
            return f"{value!r} is not one of {', '.join(values)}"
        return None

    return check


def _is_true(value: Any) -> str | None:
    return None if value is True else f"expected true, got {value!r}"


def _is_bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false, got {value!r}"


COUNTERS: frozenset[str] = frozenset(
    [f"colonies.{c}" for c in (*COLONY_TYPES, "any")]
    + [f"units.{u}" for u in (*UNIT_TYPES, "any")]
    + [f"technologies.{t}" for t in (*TECH_TYPES, "any")]
    + [f"controlled.{k}" for k in (*SECTOR_KINDS, "living_galaxy", "any")]
    + ["science", "influence", "credits", "medals", "artifacts", "obstacles", "anomalies"]
)

# The most a seat can ever reach on a counter (for objective sanity); absent = unbounded.
COUNTER_MAX: Mapping[str, int] = MappingProxyType(
    {
        **{f"colonies.{c}": 3 for c in COLONY_TYPES},
        "colonies.any": 12,
        "units.infantry": 14,
        "units.lightship": 8,
        "units.mech": 6,
        "units.warship": 2,
        "units.any": 30,
        "controlled.utopian": 1,
        "controlled.starting": 4,
        "controlled.non_habitable": 6,
        "controlled.productive": 8,
        "controlled.mystery": 4,
        "controlled.biodiverse": 4,
        "controlled.arid": 8,
        "controlled.living_galaxy": 6,
        "medals": 15,
        "obstacles": 20,
        "anomalies": 20,
        "artifacts": 20,
    }
)


def _counter(value: Any) -> str | None:
    return None if value in COUNTERS else f"unknown counter {value!r}"


def _condition(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"counter", "at_least"}:
        return "`if` must be { counter = ..., at_least = N }"
    return _counter(value["counter"]) or _int(1)(value["at_least"])


@dataclass(frozen=True, slots=True)
class OpSpec:
    """Fields of an op: required ones, optional ones, and `any_of` (at least one present)."""

    required: Mapping[str, Check] = field(default_factory=dict)
    optional: Mapping[str, Check] = field(default_factory=dict)
    any_of: tuple[str, ...] = ()


_COUNT = {"count": _int(1)}
_UNIT = _one_of(*UNIT_TYPES)

IMMEDIATE_OPS: Mapping[str, OpSpec] = MappingProxyType(
    {
        "gain": OpSpec(
            optional={"credits": _int(1), "influence": _int(1), "vp_tokens": _int(1)},
            any_of=("credits", "influence", "vp_tokens"),
        ),
        "lose": OpSpec(
            optional={"credits": _int(1), "influence": _int(1)}, any_of=("credits", "influence")
        ),
        "pay": OpSpec(
            optional={"credits": _int(1), "influence": _int(1)}, any_of=("credits", "influence")
        ),
        "vp": OpSpec(required={"category": _one_of(*VP_CATEGORIES), "amount": _int(1)}),
        "science": OpSpec(
            required={"amount": _int(1)},
            optional={"tech": _one_of(*TECH_TYPES), "one_slot": _is_bool},
        ),
        "units": OpSpec(
            required={
                "unit": _UNIT,
                "count": _int(1),
                "where": _one_of("colony", "here", "starting"),
            },
            optional={"black": _is_bool},
        ),
        "remove_units": OpSpec(
            required={"unit": _UNIT, "count": _int(1), "where": _one_of("here", "any")}
        ),
        "recruit": OpSpec(),
        "advance": OpSpec(),
        "colonize": OpSpec(optional={"where": _one_of("here")}),
        "research": OpSpec(),
        "storm": OpSpec(required=_COUNT),
        "insight": OpSpec(required=_COUNT),
        "artifact": OpSpec(required={"draw": _int(1), "keep": _int(1)}),
        "elite_tactic": OpSpec(required=_COUNT),
        "restore": OpSpec(required=_COUNT),
        "damage": OpSpec(
            required={
                "kind": _one_of(*DAMAGE_KINDS),
                "count": _int(1),
                "where": _one_of("here", "contested"),
            }
        ),
        "reveal": OpSpec(required=_COUNT),
        "extra_action_card": OpSpec(required=_COUNT),
        "open_fracture": OpSpec(),  # The Fracture module
    }
)

# Fields any immediate step may carry.
STEP_MODIFIERS: Mapping[str, Check] = MappingProxyType(
    {"per": _counter, "max": _int(1), "if": _condition}
)

STATS: tuple[str, ...] = (
    "research_science",
    "movement_orders",
    "movement_range",
    "recruit_units",
    "basic_action_cost",
    "income_credits",
    "action_cards",
    "depletion_value",
    "tech_cost",
    "prestige_influence",
    "initiative",
    "transport",
)
KEYWORDS: tuple[str, ...] = (
    "resist",
    "courage",
    "vanguard",
    "veteran",
    "support",
    "invade",
    "colonize",
)

# Hook name -> the rule it implements (mirrored by the hooks table of docs/effects.md).
HOOKS: Mapping[str, str] = MappingProxyType(
    {
        "delverar_ruin_paths": (
            "Mystery sectors, the Utopian sector and sectors where an anomaly was resolved are "
            "adjacent to one another for your movement orders. After you resolve an anomaly, "
            "perform 1 insight."
        ),
        "borroka_banish": (
            "Enemy units removed by damage from your tactic cards are banished (returned to "
            "the box) instead of going back to their owner's reserve. Black units are removed "
            "as usual."
        ),
        "vax_exclusive_tech": (
            "When you develop a technology, banish every other copy of it that is not already "
            "developed by a player (in the slots, face-down cards included, or on the discard "
            "pile); science tokens on a banished top card return to their owners. A slot whose "
            "top card is banished shows its next card face-down until the next cleanup; a slot "
            "left empty stays empty."
        ),
        "exodian_resettle": (
            "When you Colonize you may instead replace one of your colonies in a sector you "
            "control by a colony of another type the space accepts (the old one returns to its "
            "track). Whenever you replace a colony (this way or by Invade), place 2 infantries "
            "from your reserve in that sector."
        ),
        "saura_blood_pool": (
            "Your units removed from the board (damage, tactic costs, effects) go to your "
            "Blood Pool instead of your reserve. When you Recruit, also deploy up to 2 units "
            "from the Blood Pool in sectors with your colonies. At the start of each income "
            "phase, return the Blood Pool to your reserve and gain 1 credit per 2 units "
            "returned."
        ),
        "gorias_bone_trade": (
            "During each income phase, gain 1 credit per enemy colony in a sector where you "
            "have at least 2 units. When you Raze or Invade a colony, also gain 2 credits."
        ),
        "txingur_no_infantry": (
            "You can never choose infantries when you recruit: neither on a Recruit action "
            "(yours, or a free one a component gives) nor on the watcher's free recruit. "
            "Other effects that place infantries work."
        ),
        "txingur_swarm_growth": (
            "When a movement order of yours ends in a sector without enemy colonies, you may "
            "place 1 infantry from your reserve there; at most 3 per Advance action."
        ),
    }
)

PASSIVE_OPS: Mapping[str, OpSpec] = MappingProxyType(
    {
        "modify": OpSpec(
            required={"stat": _one_of(*STATS), "amount": _int()},
            optional={"unit": _UNIT, "tech": _one_of(*TECH_TYPES)},
        ),
        "keyword": OpSpec(
            required={"unit": _UNIT, "keyword": _one_of(*KEYWORDS), "value": _int(1)}
        ),
        "hook": OpSpec(required={"name": _one_of(*HOOKS)}),
    }
)

UPGRADE_OPS: Mapping[str, OpSpec] = MappingProxyType(
    {
        "initiative": OpSpec(required={"amount": _int()}),
        "damage": OpSpec(required={"kind": _one_of(*DAMAGE_KINDS), "count": _int(1)}),
        "block": OpSpec(required={"count": _int(-1)}),
    }
)


def _unit_map(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return "expected a table of units, e.g. { infantry = 1 }"
    for unit, count in value.items():
        if unit not in UNIT_TYPES:
            return f"unknown unit {unit!r}"
        problem = _int(1)(count)
        if problem:
            return problem
    return None


def _tech_count(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"tech", "count"}:
        return "expected { tech = ..., count = N }"
    return _one_of(*TECH_TYPES, "any")(value["tech"]) or _int(1)(value["count"])


def _control(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"kind", "count"}:
        return "expected { kind = ..., count = N }"
    return _one_of(*SECTOR_KINDS, "living_galaxy")(value["kind"]) or _int(1)(value["count"])


REQUIREMENTS: Mapping[str, Check] = MappingProxyType(
    {
        "pay_influence": _int(1),
        "pay_credits": _int(1),
        "have_units": _unit_map,
        "remove_units": _unit_map,
        "remove_science": _int(1),
        "have_technologies": _tech_count,
        "remove_technologies": _tech_count,
        "control": _control,
        "colonize": _is_true,
    }
)

LIVING_GALAXY_EFFECTS: tuple[str, ...] = (
    "block_movement",
    "hostile_conditions",
    "wormhole",
    "radiation",
    "interference",
)
EVENTS: tuple[str, ...] = ("obstacle", "anomaly", "living_galaxy", "singularity", "none")

# --------------------------------------------------------------------------- expected counts

SECTOR_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "utopian": 1,
        "starting": 7,
        "non_habitable": 6,
        "productive": 8,
        "mystery": 4,
        "biodiverse": 4,
        "arid": 8,
        "fracture": 5,  # The Fracture module, in play only once it has entered
    }
)
FACTION_NAMES: tuple[str, ...] = (
    "Delverar",
    "Borroka",
    "VAX117",
    "Exodians",
    "Saura",
    "Gorias",
    "Txingur",
)
TOKEN_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "living_galaxy": 22,
        "living_storm": 6,
        "battle_medal": 15,
        "blockade_medal": 10,
        "science": 32,
        "colony": 48,
        "faction": 12,
        "first_player": 1,
        "victory": 12,
        "action_marker": 24,
        "victory_die": 20,
    }
)
UNITS_PER_COLOUR: Mapping[str, int] = MappingProxyType(
    {"infantry": 8, "mech": 4, "lightship": 8, "warship": 2}
)
BLACK_UNITS: Mapping[str, int] = MappingProxyType({"infantry": 6, "mech": 2})
SHARED_TACTICS = 8
FACTION_TACTICS = 2
TACTIC_CARDS = 68
ACTION_CARDS = 54
TECHNOLOGIES_PER_TYPE = 27
MIN_PER_STACK = 5
TECH_COSTS: Mapping[int, str] = MappingProxyType({1: "1-2", 2: "1-2", 3: "3-5", 5: "3-5", 7: "7"})

# --------------------------------------------------------------------------- sources


class Source:
    """One TOML file: its parsed data and raw lines, to report where a problem lies."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        try:
            self.text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ContentError(path.name, 0, f"cannot read: {error}") from error
        self.lines = self.text.splitlines()
        try:
            self.data: dict[str, Any] = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            match = re.search(r"line (\d+)", str(error))
            raise ContentError(
                path.name, int(match.group(1)) if match else 0, f"invalid TOML: {error}"
            ) from error

    def record_line(self, record_id: str, occurrence: int = 1) -> int:
        pattern = re.compile(rf'^\s*id\s*=\s*"{re.escape(record_id)}"')
        seen = 0
        for number, line in enumerate(self.lines, start=1):
            if pattern.match(line):
                seen += 1
                if seen == occurrence:
                    return number
        return 0

    def line_of(self, record_id: str | None, key: str | None = None) -> int:
        """The line of a record (by id), or of `key` inside it.

        `key` is a field name or an op; a key written in double quotes ('"warp_lanes"') is
        searched for literally, to point at a value.
        """
        start = self.record_line(record_id) if record_id else 0
        if key is None:
            return start
        if key.startswith('"'):
            pattern = re.compile(re.escape(key))
        else:
            pattern = re.compile(
                rf'(^|[\s{{,\[])({re.escape(key)}\s*=|op\s*=\s*"{re.escape(key)}")'
            )
        for number in range(max(start, 1), len(self.lines) + 1):
            line = self.lines[number - 1]
            if number > start and start and line.lstrip().startswith("[[") and number != 1:
                break
            if pattern.search(line):
                return number
        return start


@dataclass(slots=True)
class Ctx:
    """Where we are: a file and a record, to fail with a precise location."""

    source: Source
    record: str | None = None

    def fail(self, message: str, key: str | None = None) -> NoReturn:
        subject = f"{self.record!r}: " if self.record else ""
        raise ContentError(
            self.source.name, self.source.line_of(self.record, key), subject + message
        )


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# --------------------------------------------------------------------------- field readers


def _keys(
    ctx: Ctx, raw: Any, required: AbstractSet[str], optional: AbstractSet[str] = frozenset()
) -> None:
    if not isinstance(raw, dict):
        ctx.fail(f"expected a table, got {raw!r}")
    for key in raw:
        if key not in required and key not in optional:
            ctx.fail(f"unknown key {key!r}", key)
    for key in sorted(required):
        if key not in raw:
            ctx.fail(f"missing key {key!r}")


def _str(ctx: Ctx, raw: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        ctx.fail(f"{key} must be a string", key)
    return value


def _intval(
    ctx: Ctx,
    raw: Mapping[str, Any],
    key: str,
    default: int | None = None,
    low: int | None = None,
) -> int:
    value = raw.get(key, default)
    problem = _int(low)(value)
    if problem:
        ctx.fail(f"{key}: {problem}", key)
    assert isinstance(value, int)
    return value


def _boolval(ctx: Ctx, raw: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        ctx.fail(f"{key} must be true or false", key)
    return value


def _enum(ctx: Ctx, raw: Mapping[str, Any], key: str, values: tuple[str, ...]) -> str:
    value = _str(ctx, raw, key)
    if value not in values:
        ctx.fail(f"{key} = {value!r} is not one of {', '.join(values)}", key)
    return value


def _units(ctx: Ctx, value: Any, key: str) -> Mapping[str, int]:
    problem = _unit_map(value)
    if problem:
        ctx.fail(f"{key}: {problem}", key)
    return MappingProxyType(dict(value))


def _steps(ctx: Ctx, raw: Any, key: str, ops: Mapping[str, OpSpec], immediate: bool) -> Effect:
    if not isinstance(raw, list):
        ctx.fail(f"{key} must be a list of steps", key)
    steps = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("op"), str):
            ctx.fail(f"{key}: every step is a table with an op", key)
        op = item["op"]
        spec = ops.get(op)
        if spec is None:
            ctx.fail(f"{key}: unknown op {op!r} here (allowed: {', '.join(ops)})", op)
        fields = {k: v for k, v in item.items() if k != "op"}
        allowed = {**spec.required, **spec.optional, **(STEP_MODIFIERS if immediate else {})}
        for name, value in fields.items():
            check = allowed.get(name)
            if check is None:
                ctx.fail(f"{key}: unknown field {name!r} for op {op!r}", name)
            problem = check(value)
            if problem:
                ctx.fail(f"{key}: op {op!r}, field {name!r}: {problem}", name)
        for name in spec.required:
            if name not in fields:
                ctx.fail(f"{key}: op {op!r} needs field {name!r}", op)
        if spec.any_of and not any(name in fields for name in spec.any_of):
            ctx.fail(f"{key}: op {op!r} needs one of {', '.join(spec.any_of)}", op)
        if "max" in fields and "per" not in fields:
            ctx.fail(f"{key}: op {op!r} has max without per", "max")
        steps.append(Step(op, _freeze(fields)))
    return tuple(steps)


def _effect(ctx: Ctx, raw: Mapping[str, Any], key: str) -> Effect:
    return _steps(ctx, raw.get(key, []), key, IMMEDIATE_OPS, immediate=True)


def _passive(ctx: Ctx, raw: Mapping[str, Any], key: str) -> Effect:
    return _steps(ctx, raw.get(key, []), key, PASSIVE_OPS, immediate=False)


TRIGGER_KEYS = {"effect", "passive", "income", "cycle_end"}


def _triggers(ctx: Ctx, raw: Mapping[str, Any]) -> Triggers:
    return Triggers(
        effect=_effect(ctx, raw, "effect"),
        passive=_passive(ctx, raw, "passive"),
        income=_effect(ctx, raw, "income"),
        cycle_end=_effect(ctx, raw, "cycle_end"),
    )


# --------------------------------------------------------------------------- per kind


def _sector(ctx: Ctx, raw: dict[str, Any]) -> Sector:
    fracture = raw.get("kind") == "fracture"
    _keys(ctx, raw, {"id", "name", "kind", "colony", "event"},
          {"at", "egress", "neutral"} if fracture else set())
    colony = raw["colony"]
    if not isinstance(colony, list) or not all(
        isinstance(space, list) and space and all(c in COLONY_TYPES for c in space)
        for space in colony
    ):
        ctx.fail("colony must be a list of spaces, each a list of colony types", "colony")
    return Sector(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        kind=_enum(ctx, raw, "kind", SECTOR_KINDS),
        colony=tuple(tuple(space) for space in colony),
        event=_enum(ctx, raw, "event", EVENTS),
        **(_fracture_tile(ctx, raw) if fracture else {}),
    )


def _fracture_tile(ctx: Ctx, raw: dict[str, Any]) -> dict[str, Any]:
    """A Fracture sector's place in its group, its egress and its neutral units."""
    at = raw.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(n, int) for n in at)):
        ctx.fail("at must be the tile's [q, r] in the Fracture", "at")
    neutral = raw.get("neutral", {})
    if not isinstance(neutral, dict) or any(
            kind not in ("infantry", "mech") or _int(1)(n) for kind, n in neutral.items()):
        ctx.fail("neutral maps infantry and mech to counts", "neutral")
    return {"at": (at[0], at[1]), "egress": _boolval(ctx, raw, "egress"),
            "neutral": tuple(sorted(neutral.items()))}


def _faction(ctx: Ctx, raw: dict[str, Any]) -> Faction:
    _keys(
        ctx,
        raw,
        {
            "id",
            "name",
            "complexity",
            "lore",
            "starting_sector",
            "starting_units",
            "starting_colony",
            "governments",
            "mastery",
            "tactic",
            "abilities",
        },
    )
    abilities = raw["abilities"]
    _keys(ctx, abilities, set(), TRIGGER_KEYS)
    governments = raw["governments"]
    if not (isinstance(governments, list) and len(governments) == 2):
        ctx.fail("governments must list two government ids", "governments")
    complexity = _intval(ctx, raw, "complexity", low=1)
    if complexity > 3:
        ctx.fail("complexity must be 1 to 3", "complexity")
    return Faction(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        complexity=complexity,
        lore=_str(ctx, raw, "lore"),
        starting_sector=_str(ctx, raw, "starting_sector"),
        starting_units=_units(ctx, raw["starting_units"], "starting_units"),
        starting_colony=_enum(ctx, raw, "starting_colony", COLONY_TYPES),
        governments=(str(governments[0]), str(governments[1])),
        mastery=_str(ctx, raw, "mastery"),
        tactic=_str(ctx, raw, "tactic"),
        abilities=_triggers(ctx, abilities),
    )


def _government(ctx: Ctx, raw: dict[str, Any]) -> Government:
    _keys(
        ctx,
        raw,
        {"id", "name", "faction", "requirement", "action"},
        {"passive", "income", "cycle_end"},
    )
    requirement = _intval(ctx, raw, "requirement", low=1)
    if requirement > 4:
        ctx.fail("requirement must be 1 to 4", "requirement")
    action = _effect(ctx, raw, "action")
    if not action:
        ctx.fail("action must have at least one step", "action")
    secondary = _triggers(ctx, raw)
    if secondary.is_empty():
        ctx.fail("a government needs a secondary effect (passive, income or cycle_end)")
    return Government(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        faction=_str(ctx, raw, "faction"),
        requirement=requirement,
        action=action,
        secondary=secondary,
    )


def _mastery(ctx: Ctx, raw: dict[str, Any]) -> Mastery:
    _keys(ctx, raw, {"id", "name", "faction", "normal", "elite"})
    return Mastery(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        faction=_str(ctx, raw, "faction"),
        normal=_passive(ctx, raw, "normal"),
        elite=_passive(ctx, raw, "elite"),
    )


def _composition(ctx: Ctx, raw: Any) -> Composition:
    _keys(ctx, raw, {"units", "damage"}, {"remove"})
    units = _units(ctx, raw["units"], "units")
    remove = _units(ctx, raw["remove"], "remove") if "remove" in raw else MappingProxyType({})
    for unit, count in remove.items():
        if units.get(unit, 0) < count:
            ctx.fail("a composition removes more units than it requires", "remove")
    damage = raw["damage"]
    _keys(ctx, damage, set(), {*DAMAGE_KINDS, "block"})
    for kind, count in damage.items():
        problem = _int(-1 if kind == "block" else 0)(count)
        if problem:
            ctx.fail(f"damage {kind}: {problem}", kind)
    if not any(damage.values()):
        ctx.fail("a composition must deal damage or block", "damage")
    return Composition(units=units, remove=remove, damage=Damage(**damage))


def _tactic_version(ctx: Ctx, raw: Any, key: str) -> TacticVersion:
    _keys(ctx, raw, {"initiative", "compositions"}, {"upgrades"})
    compositions = raw["compositions"]
    if not isinstance(compositions, list) or not compositions:
        ctx.fail(f"{key}: compositions must be a non-empty list", "compositions")
    upgrades = []
    for upgrade in raw.get("upgrades", []):
        _keys(ctx, upgrade, {"tech", "effect"})
        effect = _steps(ctx, upgrade["effect"], "upgrades", UPGRADE_OPS, immediate=False)
        upgrades.append(Upgrade(tech=_str(ctx, upgrade, "tech"), effect=effect))
    return TacticVersion(
        initiative=_intval(ctx, raw, "initiative", low=0),
        compositions=tuple(_composition(ctx, c) for c in compositions),
        upgrades=tuple(upgrades),
    )


def _tactic(ctx: Ctx, raw: dict[str, Any]) -> TacticDesign:
    _keys(ctx, raw, {"id", "name", "owner", "normal", "elite"}, {"ignore_resist"})
    return TacticDesign(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        owner=_str(ctx, raw, "owner"),
        ignore_resist=_boolval(ctx, raw, "ignore_resist"),
        normal=_tactic_version(ctx, raw["normal"], "normal"),
        elite=_tactic_version(ctx, raw["elite"], "elite"),
    )


def _action(ctx: Ctx, raw: dict[str, Any]) -> ActionCard:
    _keys(ctx, raw, {"id", "name", "effect"}, {"copies", "module"})
    effect = _effect(ctx, raw, "effect")
    if not effect:
        ctx.fail("an action card needs an effect", "effect")
    return ActionCard(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        copies=_intval(ctx, raw, "copies", 1, low=1),
        effect=effect,
        module=_enum(ctx, raw, "module", ("fracture",)) if "module" in raw else "",
    )


def _technology(ctx: Ctx, raw: dict[str, Any]) -> Technology:
    _keys(ctx, raw, {"id", "name", "type", "cost", "copies"}, {"stack", "stackable", *TRIGGER_KEYS})
    cost = _intval(ctx, raw, "cost")
    if cost not in TECH_COSTS:
        ctx.fail(f"cost {cost} is not one of {', '.join(map(str, TECH_COSTS))}", "cost")
    stack = TECH_COSTS[cost]
    if raw.get("stack", stack) != stack:
        ctx.fail(f"stack must be {stack!r} for cost {cost}", "stack")
    return Technology(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        type=_enum(ctx, raw, "type", TECH_TYPES),
        cost=cost,
        stack=stack,
        stackable=_boolval(ctx, raw, "stackable"),
        copies=_intval(ctx, raw, "copies", low=1),
        triggers=_triggers(ctx, raw),
    )


def _objective(ctx: Ctx, raw: dict[str, Any]) -> Objective:
    _keys(ctx, raw, {"id", "name", "age", "rows"}, {"instructions"})
    age = _intval(ctx, raw, "age")
    if age not in (1, 2):
        ctx.fail("age must be 1 or 2", "age")
    rows_raw = raw["rows"]
    if not isinstance(rows_raw, list):
        ctx.fail("rows must be a list", "rows")
    rows = []
    for row in rows_raw:
        if age == 1:
            _keys(ctx, row, {"category", "counter", "amount"})
            counter = _str(ctx, row, "counter")
            if counter not in COUNTERS:
                ctx.fail(f"unknown counter {counter!r}", f'"{counter}"')
            also: tuple[tuple[str, int], ...] = ()
        else:
            _keys(ctx, row, {"category", "amount"}, {"also"})
            counter = ""
            also = ()
            if "also" in row:
                extra = row["also"]
                _keys(ctx, extra, {"counter", "amount"})
                if extra["counter"] not in COUNTERS:
                    ctx.fail(f"unknown counter {extra['counter']!r}", f'"{extra["counter"]}"')
                also = ((extra["counter"], _intval(ctx, extra, "amount", low=1)),)
        rows.append(
            ObjectiveRow(
                category=_enum(ctx, row, "category", VP_CATEGORIES),
                counter=counter,
                amount=_intval(ctx, row, "amount", low=1),
                also=also,
            )
        )
    if sorted(r.category for r in rows) != sorted(VP_CATEGORIES):
        ctx.fail("an objective has exactly one row per VP category", "rows")
    if age == 1 and "instructions" in raw:
        ctx.fail("only Age 2 objectives have instructions", "instructions")
    instructions = _effect(ctx, raw, "instructions")
    if age == 2 and not instructions:
        ctx.fail("an Age 2 objective needs instructions", "age")
    return Objective(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        age=age,
        rows=tuple(rows),
        instructions=instructions,
    )


def _event_card(kind: str, options_count: int) -> Callable[[Ctx, dict[str, Any]], EventCard]:
    def parse(ctx: Ctx, raw: dict[str, Any]) -> EventCard:
        _keys(ctx, raw, {"id", "name", "options"})
        options_raw = raw["options"]
        if not isinstance(options_raw, list) or len(options_raw) != options_count:
            ctx.fail(f"a {kind} has exactly {options_count} option(s)", "options")
        options = []
        for option in options_raw:
            _keys(ctx, option, {"require", "reward"})
            require = []
            for requirement in option["require"]:
                if not isinstance(requirement, dict) or len(requirement) != 1:
                    ctx.fail("each requirement is a table with one key", "require")
                ((name, value),) = requirement.items()
                check = REQUIREMENTS.get(name)
                if check is None:
                    ctx.fail(f"unknown requirement {name!r}", name)
                problem = check(value)
                if problem:
                    ctx.fail(f"requirement {name!r}: {problem}", name)
                require.append(_freeze(requirement))
            if not require:
                ctx.fail("an option needs at least one requirement", "require")
            reward = _effect(ctx, option, "reward")
            if not reward and not any("colonize" in r for r in require):
                ctx.fail("an option needs a reward", "reward")
            options.append(EventOption(require=tuple(require), reward=reward))
        return EventCard(
            id=raw["id"], name=_str(ctx, raw, "name"), kind=kind, options=tuple(options)
        )

    return parse


def _artifact(ctx: Ctx, raw: dict[str, Any]) -> Artifact:
    _keys(ctx, raw, {"id", "name", "kind"}, TRIGGER_KEYS)
    kind = _enum(ctx, raw, "kind", ("ongoing", "one_time"))
    triggers = _triggers(ctx, raw)
    if kind == "one_time" and (triggers.passive or triggers.income or triggers.cycle_end):
        ctx.fail("a one_time artifact only has an effect", "kind")
    if kind == "ongoing" and (triggers.effect or not (triggers.passive or triggers.income)):
        ctx.fail("an ongoing artifact has passive or income steps and no effect", "kind")
    if kind == "one_time" and not triggers.effect:
        ctx.fail("a one_time artifact needs an effect", "kind")
    return Artifact(id=raw["id"], name=_str(ctx, raw, "name"), kind=kind, triggers=triggers)


def _singularity(ctx: Ctx, raw: dict[str, Any]) -> Singularity:
    _keys(ctx, raw, {"id", "name", "reward"}, {"passive"})
    return Singularity(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        reward=_effect(ctx, raw, "reward"),
        passive=_passive(ctx, raw, "passive"),
    )


def _living_galaxy(ctx: Ctx, raw: dict[str, Any]) -> LivingGalaxy:
    _keys(ctx, raw, {"id", "name", "effects", "exploit"}, {"wormhole"})
    effects = raw["effects"]
    if not isinstance(effects, list) or len(set(effects)) != len(effects):
        ctx.fail("effects must be a list without repeats", "effects")
    for name in effects:
        if name not in LIVING_GALAXY_EFFECTS:
            ctx.fail(f"unknown living galaxy effect {name!r}", "effects")
    wormhole = _str(ctx, raw, "wormhole", "")
    if ("wormhole" in effects) != bool(wormhole):
        ctx.fail("`wormhole` is set exactly when effects include wormhole", "wormhole")
    if wormhole and wormhole not in (*COLONY_TYPES, "exploration"):
        ctx.fail(f"wormhole {wormhole!r} is not a colony type or exploration", "wormhole")
    exploit = []
    for area in raw["exploit"]:
        _keys(ctx, area, {"units", "gain"})
        gain = area["gain"]
        _keys(ctx, gain, set(), {"credits", "influence", "science"})
        if len(gain) != 1 or not all(isinstance(v, int) and v > 0 for v in gain.values()):
            ctx.fail("an exploitation area gains one resource", "gain")
        exploit.append(
            ExploitArea(units=_units(ctx, area["units"], "units"), gain=MappingProxyType(gain))
        )
    if not exploit:
        ctx.fail("a living galaxy needs at least one exploitation area", "exploit")
    return LivingGalaxy(
        id=raw["id"],
        name=_str(ctx, raw, "name"),
        effects=tuple(effects),
        wormhole=wormhole,
        exploit=tuple(exploit),
    )


def _living_storm(ctx: Ctx, raw: dict[str, Any]) -> LivingStorm:
    _keys(ctx, raw, {"id", "name"})
    return LivingStorm(id=raw["id"], name=_str(ctx, raw, "name"))


Parser = Callable[[Ctx, dict[str, Any]], Any]

# file name -> (array-of-tables key, parser)
FILES: Mapping[str, tuple[str, Parser]] = MappingProxyType(
    {
        "sectors.toml": ("sector", _sector),
        "factions.toml": ("faction", _faction),
        "governments.toml": ("government", _government),
        "masteries.toml": ("mastery", _mastery),
        "tactics.toml": ("tactic", _tactic),
        "actions.toml": ("action", _action),
        "technologies.toml": ("technology", _technology),
        "objectives.toml": ("objective", _objective),
        "obstacles.toml": ("obstacle", _event_card("obstacle", 2)),
        "anomalies.toml": ("anomaly", _event_card("anomaly", 1)),
        "artifacts.toml": ("artifact", _artifact),
        "singularities.toml": ("singularity", _singularity),
        "living_galaxies.toml": ("living_galaxy", _living_galaxy),
        "living_storms.toml": ("living_storm", _living_storm),
    }
)


def _read_records(source: Source, key: str, parse: Parser) -> dict[str, Any]:
    ctx = Ctx(source)
    for top in source.data:
        if top != key:
            ctx.fail(f"unknown top-level key {top!r} (expected [[{key}]])", top)
    raws = source.data.get(key, [])
    if not isinstance(raws, list):
        ctx.fail(f"expected [[{key}]] tables", key)
    records: dict[str, Any] = {}
    seen: Counter[str] = Counter()
    for raw in raws:
        record_id = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(record_id, str) or not re.fullmatch(r"[a-z0-9_]+", record_id):
            ctx.fail(f"every [[{key}]] needs an id of lowercase letters, digits and _")
        seen[record_id] += 1
        if seen[record_id] > 1:
            raise ContentError(
                source.name,
                source.record_line(record_id, seen[record_id]),
                f"duplicate {key} id {record_id!r}",
            )
        records[record_id] = parse(Ctx(source, record_id), raw)
    return records


def _tokens(source: Source) -> Tokens:
    ctx = Ctx(source)
    _keys(ctx, source.data, {"colours", "tokens", "per_colour", "units"})
    units = source.data["units"]
    _keys(ctx, units, {"per_colour", "black"})
    counts = source.data["tokens"]
    for name, value in (*counts.items(), *source.data["per_colour"].items()):
        problem = _int(1)(value)
        if problem:
            ctx.fail(f"{name}: {problem}", name)
    tokens = Tokens(
        colours=tuple(source.data["colours"]),
        counts=MappingProxyType(dict(counts)),
        per_colour=MappingProxyType(dict(source.data["per_colour"])),
        units_per_colour=_units(ctx, units["per_colour"], "per_colour"),
        black_units=_units(ctx, units["black"], "black"),
    )
    if tokens.colours != COLOURS:
        ctx.fail(f"colours must be {', '.join(COLOURS)}", "colours")
    if dict(tokens.counts) != dict(TOKEN_COUNTS):
        wrong = sorted(set(TOKEN_COUNTS.items()) ^ set(tokens.counts.items()))
        ctx.fail(f"token counts differ from the box: {wrong}", "tokens")
    if dict(tokens.units_per_colour) != dict(UNITS_PER_COLOUR):
        ctx.fail("units per colour differ from the box", "per_colour")
    if dict(tokens.black_units) != dict(BLACK_UNITS):
        ctx.fail("black units differ from the box", "black")
    for name in ("science", "colony", "action_marker", "victory_die"):
        if tokens.per_colour.get(name, 0) * len(COLOURS) != tokens.counts[name]:
            ctx.fail(f"{name}: per colour times colours must equal the total", name)
    if (
        tokens.per_colour.get("colonies_per_track", 0) * len(COLONY_TYPES)
        != tokens.per_colour["colony"]
    ):
        ctx.fail("colonies_per_track times 4 tracks must equal colonies per colour")
    return tokens


# --------------------------------------------------------------------------- expansion


def _tactic_cards(tactics: Mapping[str, TacticDesign]) -> dict[str, TacticCard]:
    cards: dict[str, TacticCard] = {}
    for design in tactics.values():
        prefixes = (
            [(c, c, "") for c in COLOURS]
            if not design.owner
            else [(design.owner, "", design.owner)]
        )
        for prefix, colour, faction in prefixes:
            for elite, version in ((False, design.normal), (True, design.elite)):
                card_id = f"{prefix}:{design.id}" + ("+elite" if elite else "")
                cards[card_id] = TacticCard(
                    id=card_id,
                    design=design.id,
                    name=design.name,
                    colour=colour,
                    faction=faction,
                    elite=elite,
                    ignore_resist=design.ignore_resist,
                    initiative=version.initiative,
                    compositions=version.compositions,
                    upgrades=version.upgrades,
                )
    return cards


# --------------------------------------------------------------------------- cross checks


class _Checker:
    def __init__(self, sources: Mapping[str, Source]) -> None:
        self.sources = sources

    def fail(self, file: str, record: str | None, message: str, key: str | None = None) -> NoReturn:
        Ctx(self.sources[file], record).fail(message, key)


def _check_counts(content: Content, check: _Checker) -> None:
    kinds = Counter(s.kind for s in content.sectors.values())
    if dict(kinds) != dict(SECTOR_COUNTS):
        check.fail("sectors.toml", None, f"sector kinds {dict(kinds)} != {dict(SECTOR_COUNTS)}")
    names = sorted(f.name for f in content.factions.values())
    if names != sorted(FACTION_NAMES):
        check.fail("factions.toml", None, f"factions must be {', '.join(FACTION_NAMES)}")
    sizes = {
        "governments.toml": (len(content.governments), 2 * len(FACTION_NAMES)),
        "masteries.toml": (len(content.masteries), len(FACTION_NAMES)),
        "tactics.toml": (len(content.tactic_cards), TACTIC_CARDS),
        "actions.toml": (len(content.action_deck()), ACTION_CARDS),
        "obstacles.toml": (len(content.obstacles), 20),
        "anomalies.toml": (len(content.anomalies), 20),
        "artifacts.toml": (len(content.artifacts), 20),
        "singularities.toml": (len(content.singularities), 8),
        "living_galaxies.toml": (len(content.living_galaxies), 22),
        "living_storms.toml": (len(content.living_storms), 6),
    }
    for file, (found, expected) in sizes.items():
        if found != expected:
            check.fail(file, None, f"expected {expected} components, found {found}")
    shared = [t for t in content.tactics.values() if not t.owner]
    if len(shared) != SHARED_TACTICS or len(content.tactics) - len(shared) != FACTION_TACTICS:
        check.fail("tactics.toml", None, "expected 8 shared tactics and 2 faction tactics")
    for age in (1, 2):
        if len(content.objectives_of_age(age)) != 8:
            check.fail("objectives.toml", None, f"expected 8 Age {age} objectives")
    for tech_type in TECH_TYPES:
        deck = content.technology_deck(tech_type)
        if len(deck) != TECHNOLOGIES_PER_TYPE:
            check.fail(
                "technologies.toml", None, f"expected 27 {tech_type} cards, found {len(deck)}"
            )
        for stack in ("1-2", "3-5", "7"):
            if len(content.technology_deck(tech_type, stack)) < MIN_PER_STACK:
                check.fail(
                    "technologies.toml", None, f"{tech_type} stack {stack} has under 5 cards"
                )
    events = Counter(s.event for s in content.sectors.values())
    available = {
        "obstacle": len(content.obstacles),
        "anomaly": len(content.anomalies),
        "living_galaxy": len(content.living_galaxies),
        "singularity": len(content.singularities),
    }
    for event, needed in events.items():
        if event != "none" and needed > available[event]:
            check.fail("sectors.toml", None, f"{needed} sectors need a {event}, too few exist")


_EVENT_OF_KIND: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "utopian": ("singularity",),
        "starting": ("none",),
        "non_habitable": ("living_galaxy",),
        "productive": ("none",),
        "mystery": ("anomaly",),
        "biodiverse": ("obstacle", "none"),
        "arid": ("obstacle", "none"),
        "fracture": ("none",),
    }
)


def _check_sectors(content: Content, check: _Checker) -> None:
    for sector in content.sectors.values():
        if sector.event not in _EVENT_OF_KIND[sector.kind]:
            check.fail(
                "sectors.toml",
                sector.id,
                f"a {sector.kind} sector cannot hold {sector.event}",
                "event",
            )
        if sector.kind == "non_habitable" and sector.colony:
            check.fail(
                "sectors.toml", sector.id, "non-habitable sectors have no colony space", "colony"
            )
        if sector.kind in ("productive", "mystery", "biodiverse", "arid") and not sector.colony:
            check.fail("sectors.toml", sector.id, "this sector needs a colony space", "colony")


def _check_factions(content: Content, check: _Checker) -> None:
    starting_used: Counter[str] = Counter()
    for faction in content.factions.values():

        def fail(message: str, key: str, faction_id: str = faction.id) -> NoReturn:
            check.fail("factions.toml", faction_id, message, key)

        sector = content.sectors.get(faction.starting_sector)
        if sector is None or sector.kind != "starting":
            fail(f"unknown starting sector {faction.starting_sector!r}", "starting_sector")
        starting_used[sector.id] += 1
        if len(sector.colony) != 2 or not any(
            faction.starting_colony in space for space in sector.colony
        ):
            fail(
                "the starting sector needs two spaces, one for the starting colony",
                "starting_colony",
            )
        for government_id in faction.governments:
            government = content.governments.get(government_id)
            if government is None or government.faction != faction.id:
                fail(f"unknown government {government_id!r} for this faction", "governments")
        mastery = content.masteries.get(faction.mastery)
        if mastery is None or mastery.faction != faction.id:
            fail(f"unknown mastery {faction.mastery!r}", "mastery")
        if faction.tactic:
            tactic = content.tactics.get(faction.tactic)
            if tactic is None or tactic.owner != faction.id:
                fail(f"unknown faction tactic {faction.tactic!r}", "tactic")
    if any(count > 1 for count in starting_used.values()) or len(starting_used) != len(
        content.sectors_of_kind("starting")
    ):
        check.fail("factions.toml", None, "each starting sector belongs to exactly one faction")
    for government in content.governments.values():
        owner = content.factions.get(government.faction)
        if owner is None or government.id not in owner.governments:
            check.fail("governments.toml", government.id, "not listed by its faction", "faction")
    for mastery in content.masteries.values():
        owner = content.factions.get(mastery.faction)
        if owner is None or owner.mastery != mastery.id:
            check.fail("masteries.toml", mastery.id, "not listed by its faction", "faction")


def _check_tactics(content: Content, check: _Checker) -> None:
    for design in content.tactics.values():
        if design.owner:
            owner = content.factions.get(design.owner)
            if owner is None or owner.tactic != design.id:
                check.fail("tactics.toml", design.id, "owner faction does not list it", "owner")
        for version in (design.normal, design.elite):
            for upgrade in version.upgrades:
                tech = content.technologies.get(upgrade.tech)
                if tech is None or tech.type != "military":
                    check.fail(
                        "tactics.toml",
                        design.id,
                        f"upgrade names {upgrade.tech!r}, not a military technology",
                        f'"{upgrade.tech}"',
                    )


def _check_objectives(content: Content, check: _Checker) -> None:
    for age1 in content.objectives_of_age(1):
        for age2 in content.objectives_of_age(2):
            for row, condition in zip(age1.rows, combine_objectives(age1, age2), strict=True):
                _, amount = condition.requirements[0]
                if amount <= row.amount:
                    check.fail(
                        "objectives.toml", age2.id, f"{row.category} must ask more than {age1.id}"
                    )
                for need_counter, need in condition.requirements:
                    if need > COUNTER_MAX.get(need_counter, need):
                        check.fail(
                            "objectives.toml",
                            age2.id,
                            f"{row.category} with {age1.id} asks {need} {need_counter}, "
                            f"more than can exist ({COUNTER_MAX[need_counter]})",
                        )


def _cross_check(content: Content, sources: Mapping[str, Source]) -> None:
    check = _Checker(sources)
    _check_counts(content, check)
    _check_sectors(content, check)
    _check_factions(content, check)
    _check_tactics(content, check)
    _check_objectives(content, check)


# --------------------------------------------------------------------------- entry points


def load_content_from(directory: Path) -> Content:
    """Load and validate the content files of `directory` (uncached)."""
    sources = {name: Source(directory / name) for name in (*FILES, "tokens.toml")}
    for extra in sorted(p.name for p in directory.glob("*.toml")):
        if extra not in sources:
            raise ContentError(extra, 0, "unexpected content file")
    kinds = {key: _read_records(sources[name], key, parse) for name, (key, parse) in FILES.items()}
    tactics = kinds["tactic"]
    content = Content(
        sectors=MappingProxyType(kinds["sector"]),
        factions=MappingProxyType(kinds["faction"]),
        governments=MappingProxyType(kinds["government"]),
        masteries=MappingProxyType(kinds["mastery"]),
        tactics=MappingProxyType(tactics),
        tactic_cards=MappingProxyType(_tactic_cards(tactics)),
        actions=MappingProxyType(kinds["action"]),
        technologies=MappingProxyType(kinds["technology"]),
        objectives=MappingProxyType(kinds["objective"]),
        obstacles=MappingProxyType(kinds["obstacle"]),
        anomalies=MappingProxyType(kinds["anomaly"]),
        artifacts=MappingProxyType(kinds["artifact"]),
        singularities=MappingProxyType(kinds["singularity"]),
        living_galaxies=MappingProxyType(kinds["living_galaxy"]),
        living_storms=MappingProxyType(kinds["living_storm"]),
        tokens=_tokens(sources["tokens.toml"]),
    )
    _cross_check(content, sources)
    return content


@cache
def load_content() -> Content:
    """The game's content, loaded once from the package's TOML files."""
    return load_content_from(CONTENT_DIR)
