"""Read Alien Artifacts' TOML files, check them, and build a :class:`Content`.

Types, defaults and unknown keys are ``core.content_schema``'s; this module reads the
effect vocabulary (steps, counters, conditions, events: docs/alien-artifacts-effects.md),
checks where each op may appear and the values of its fields, and the box's counts.
"""

from __future__ import annotations

import re
from collections import Counter as Tally
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.content_schema import ContentError, one_of, read_toml, record, records, require
from core.games.artifacts.content.model import (
    ACTIONS,
    COLOURS,
    COUNTERS,
    EVENTS,
    HOOKS,
    IMMEDIATE,
    KINDS,
    MODIFIERS,
    SIDES,
    TARGETS,
    TYPES,
    Ability,
    Act,
    AlienArtifact,
    Args,
    Assembly,
    Attack,
    Condition,
    Content,
    Cost,
    Counter,
    Effect,
    Event,
    Faction,
    Gain,
    Hook,
    Lose,
    Planet,
    Power,
    Produce,
    Resource,
    Row,
    Rules,
    Scoring,
    Section,
    Ship,
    Skill,
    Spend,
    Step,
    Table,
    Take,
    Technology,
    Wild,
)

CONTENT_DIR = Path(__file__).parent
ANY = {"kind": ("any", *KINDS), "type": ("any", *TYPES), "side": ("any", *SIDES)}
COUNTER_PARTS = {"cards": ("kind", "type", "side"), "types": ("kind", "side"),
                 "construction": ("kind",)}
COSTED = ("buy", "discover", "develop", "build", "offensive", "revenue", "mine")

CARD_OPS = {op: args for op, args in IMMEDIATE.items() if op not in ("destroyed", "damaged")}
TABLE_OPS = {op: IMMEDIATE[op] for op in ("gain", "lose", "draw", "discard", "artifact",
                                          "plan", "blockade", "steal", "destroyed", "damaged")}
SETUP_OPS = {op: IMMEDIATE[op] for op in ("take", "gain", "plan", "artifact")}
END_OPS = {"gain": Gain}
ATTACK_OPS = {"power": Power, **CARD_OPS}
DEFENDERS = ("blockade", "steal", "discard")  # ops that need someone on the other side


@dataclass(frozen=True, slots=True)
class _Riders:
    per: str = ""
    every: int = 1
    max: int = 0
    only_if: str = ""
    who: str = "you"


@dataclass(frozen=True, slots=True)
class _Score:
    count: str
    rows: tuple[tuple[int, int, int], ...]


def _counter(text: str, where: str, context: str) -> Counter:
    name, *parts = text.split(".")
    one_of(name, COUNTERS, f"{where}: counter {text!r}")
    require(name != "twins" or context == "complete",
            f"{where}: 'twins' is only known in a complete trigger")
    require(name != "rivals" or context in ("setup", "faction"),
            f"{where}: 'rivals' is only known in a faction's setup and action")
    slots = COUNTER_PARTS.get(name, ())
    require(len(parts) <= len(slots), f"{where}: counter {text!r} has too many parts")
    values = {}
    for slot, part in zip(slots, parts, strict=False):
        one_of(part, ANY[slot], f"{where}: counter {text!r}")
        values[slot] = part
    return Counter(name, **values)


def _condition(text: str, where: str, context: str) -> Condition:
    match = re.fullmatch(r"([a-z.]+) (>=|<=) (\d+)", text)
    require(match is not None, f"{where}: {text!r} is not '<counter> >= N' or '<= N'")
    assert match is not None
    return Condition(_counter(match[1], where, context), match[2] == ">=", int(match[3]))


def _event(text: str, where: str) -> Event:
    name, *parts = text.split(".")
    one_of(name, EVENTS, f"{where}: on")
    if name == "complete":
        require(len(parts) <= 3, f"{where}: on {text!r} has too many parts")
        values = dict(zip(("kind", "type", "side"), parts, strict=False))
        for slot, part in values.items():
            one_of(part, ANY[slot], f"{where}: on {text!r}")
        return Event(name, **values)
    if name == "attack" and parts:
        require(len(parts) == 1, f"{where}: on {text!r} has too many parts")
        one_of(parts[0], TARGETS, f"{where}: on {text!r}")
        return Event(name, target=parts[0])
    require(not parts, f"{where}: on {text!r} takes no parts")
    return Event(name)


def _array(data: dict[str, Any], key: str, where: str) -> list[Any]:
    raw = data.get(key)
    if not isinstance(raw, list):
        raise ContentError(f"{where}: expected an array of tables")
    return raw


def _positive(where: str, *values: int) -> None:
    require(all(v > 0 for v in values), f"{where}: amounts must be above 0")


def _check(args: Args, where: str, context: str) -> None:
    """The values of an op's fields, where the type alone says too little."""
    if isinstance(args, Gain | Lose):
        require(min(args.vp, args.credits) >= 0 and args.vp + args.credits > 0,
                f"{where}: gains or loses nothing")
    elif isinstance(args, Spend):
        require(bool(args.colours) and len(set(args.colours)) == len(args.colours),
                f"{where}: colours must be listed once each")
        for colour in args.colours:
            one_of(colour, COLOURS, f"{where}: colour")
        _positive(where, args.amount)
        require(args.cards >= 0, f"{where}: cards must not be negative")
    elif isinstance(args, Produce):
        _positive(where, args.count)
        one_of(args.planets, ("each", "one"), f"{where}: planets")
    elif isinstance(args, Take):
        one_of(args.deck, ANY["kind"], f"{where}: deck")
        one_of(args.type, ANY["type"], f"{where}: type")
        require(1 <= args.keep <= args.look, f"{where}: keep 1 to look cards")
        require(args.type == "any" or args.look == 1, f"{where}: a search keeps the first")
        one_of(args.to, ("construction", "empire"), f"{where}: to")
        require(args.to == "construction" or context == "setup",
                f"{where}: only a faction's setup places cards in the Empire")
        require((args.side in SIDES) == (args.to == "empire"),
                f"{where}: a side for the Empire, none for Under Construction")
    elif isinstance(args, Act):
        one_of(args.action, ACTIONS, f"{where}: action")
        require(args.discount >= 0, f"{where}: discount must not be negative")
    elif isinstance(args, Attack):
        one_of(args.target, TARGETS, f"{where}: target")
        require(args.bonus >= 0, f"{where}: bonus must not be negative")
    elif isinstance(args, Hook):
        one_of(args.name, HOOKS, f"{where}: hook")
    elif isinstance(args, Cost):
        one_of(args.action, COSTED, f"{where}: action")
        require(args.amount != 0, f"{where}: a cost that changes nothing")
    elif isinstance(args, Assembly):
        one_of(args.action, tuple(a for a in ACTIONS if a != "buy"), f"{where}: action")
        _positive(where, args.amount)
    elif isinstance(args, Power):
        one_of(args.target, TARGETS, f"{where}: target")
        _positive(where, args.amount)
    elif isinstance(args, Wild):
        one_of(args.colour, COLOURS, f"{where}: colour")
        one_of(args.action, ACTIONS, f"{where}: action")
    else:  # the ops whose every field is a count or an amount
        _positive(where, *(getattr(args, f.name) for f in fields(args)))


def _step(raw: Any, where: str, ops: Mapping[str, type[Args]], context: str) -> Step:
    require(isinstance(raw, dict) and isinstance(raw.get("op"), str),
            f"{where}: a step needs an op")
    op = raw["op"]
    one_of(op, ops, f"{where}: op")
    where = f"{where} {op}"
    riders = record(_Riders, {k: v for k, v in raw.items() if k in _Riders.__slots__}, where)
    fields = {k: v for k, v in raw.items() if k != "op" and k not in _Riders.__slots__}
    args = record(ops[op], fields, where)
    _check(args, where, context)
    one_of(riders.who, ("you", "defender"), f"{where}: who")
    require(riders.who == "you" or context == "plan",
            f"{where}: only a Defense Plan's row names the defender")
    require(context != "system" or op not in DEFENDERS,
            f"{where}: an Alien System has no defender")
    require(riders.every >= 1 and riders.max >= 0, f"{where}: every 1 or more, max 0 or more")
    return Step(op, args,
                per=_counter(riders.per, where, context) if riders.per else None,
                every=riders.every, max=riders.max,
                only_if=_condition(riders.only_if, where, context) if riders.only_if else None,
                who=riders.who)


def _effect(raw: Any, where: str, ops: Mapping[str, type[Args]], context: str) -> Effect:
    require(isinstance(raw, list), f"{where}: expected a list of steps")
    return tuple(_step(step, f"{where}[{i}]", ops, context) for i, step in enumerate(raw))


def _ability(raw: Any, where: str, modes: tuple[str, ...], context: str = "card") -> Ability:
    require(isinstance(raw, dict), f"{where}: expected a table")
    one_of(raw.get("mode"), modes, f"{where}: mode")
    mode = raw["mode"]
    on = None
    if mode == "trigger":
        require(isinstance(raw.get("on"), str), f"{where}: a trigger needs 'on'")
        on = _event(raw["on"], where)
    else:
        require("on" not in raw, f"{where}: only a trigger has 'on'")
    ops = MODIFIERS if mode == "ongoing" else ATTACK_OPS if mode == "attack" else CARD_OPS
    if on is not None and on.name == "complete":
        context = "complete"
    effect = _effect(raw.get("effect"), f"{where} effect", ops, context)
    require(bool(effect), f"{where}: an empty effect")
    return record(Ability, raw, where, built={"effect": effect, "on": on})


def _table(raw: Any, where: str, context: str) -> Table:
    require(isinstance(raw, dict), f"{where}: expected a table")
    rows_raw = raw.get("rows")
    require(isinstance(rows_raw, list), f"{where}: rows must be a list")
    rows = []
    for i, row in enumerate(rows_raw):
        require(isinstance(row, dict), f"{where}: row {i + 1} must be a table")
        effect = _effect(row.get("effect"), f"{where} row {i + 1}", TABLE_OPS, context)
        rows.append(record(Row, row, f"{where} row {i + 1}", built={"effect": effect}))
    require([r.value for r in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 4,
            f"{where}: rows must be values 1, 2, 3... without a gap, at least 4")
    return record(Table, raw, where, built={"rows": tuple(rows)})


def _tables(raw: Any, where: str, context: str, count: int) -> dict[str, Table]:
    require(isinstance(raw, list), f"{where}: expected an array of tables")
    tables = [_table(t, f"{where} {t.get('id', i) if isinstance(t, dict) else i!r}", context)
              for i, t in enumerate(raw)]
    require(len(tables) == count, f"{where}: there are {count}")
    require(len({t.id for t in tables}) == count, f"{where}: an id listed twice")
    return {t.id: t for t in tables}


def _resources(data: dict[str, Any]) -> dict[str, Resource]:
    cards = [replace(card, sections=(Section(*card.top), Section(*card.bottom)))
             for card in records(Resource, data.get("resource"), "resources.toml: resource")]
    for card in cards:
        where = f"resources.toml: resource {card.id!r}"
        require(1 <= card.number <= 4, f"{where}: the number is 1 to 4")
        for section in card.sections:
            one_of(section.colour, COLOURS, f"{where}: colour")
            one_of(section.type, TYPES, f"{where}: Type")
            require(1 <= section.symbols <= 3, f"{where}: 1 to 3 symbols")
        require(card.sections[0].type != card.sections[1].type,
                f"{where}: the two sections share a Type")
    require(len(cards) == 83, "resources.toml: there are 83 Resource cards")
    return {c.id: c for c in cards}


def _by_type(items: list[Any], where: str, each: int) -> None:
    for item in items:
        one_of(item.type, TYPES, f"{where} {item.id!r}: type")
    tally = Tally(item.type for item in items)
    require(all(tally[t] == each for t in TYPES), f"{where}: {each} of each Type")


def _ships(data: dict[str, Any]) -> tuple[dict[str, Skill], dict[str, Ship]]:
    skills = {}
    for i, raw in enumerate(_array(data, "skill", "ships.toml: skill")):
        where = f"ships.toml: skill {raw.get('type', i) if isinstance(raw, dict) else i!r}"
        spoils = _effect(raw.get("spoils", []) if isinstance(raw, dict) else None,
                         f"{where} spoils", CARD_OPS, "card")
        skill = record(Skill, raw, where, built={"spoils": spoils})
        one_of(skill.type, TYPES, f"{where}: type")
        one_of(skill.versus, TARGETS, f"{where}: versus")
        require(skill.reveal >= 1 and skill.extra >= 0, f"{where}: reveal 1+, extra 0+")
        require(skill.type not in skills, f"{where}: listed twice")
        skills[skill.type] = skill
    require(sorted(skills) == sorted(TYPES), "ships.toml: one skill for each Type")
    ships = records(Ship, data.get("ship"), "ships.toml: ship")
    for ship in ships:
        require(0 <= ship.bonus <= 3, f"ships.toml: ship {ship.id!r}: a bonus of 0 to 3")
    _by_type(ships, "ships.toml: ship", 10)
    return skills, {s.id: s for s in ships}


def _technologies(data: dict[str, Any]) -> dict[str, Technology]:
    techs = []
    for i, raw in enumerate(_array(data, "technology", "technologies.toml: technology")):
        require(isinstance(raw, dict), f"technologies.toml: technology {i} must be a table")
        where = f"technologies.toml: technology {raw.get('id', i)!r}"
        logistics = _ability(raw.get("logistics"), f"{where} logistics",
                             ("ongoing", "trigger", "additionally", "action"))
        score = record(_Score, raw.get("score"), f"{where} score")
        rows = score.rows
        require(2 <= len(rows) <= 4 and rows[0][0] >= 1 and rows[0][1] >= 1,
                f"{where} score: 2 to 4 rows, each above 0")
        require(all(a < b for col in zip(*rows, strict=True) for a, b in pairwise(col)),
                f"{where} score: need, game and end must rise row by row")
        built = {"logistics": logistics,
                 "score": Scoring(_counter(score.count, f"{where} score", "card"), rows)}
        techs.append(record(Technology, raw, where, built=built))
    require(len({t.id for t in techs}) == len(techs), "technologies.toml: an id listed twice")
    _by_type(techs, "technologies.toml: technology", 10)
    return {t.id: t for t in techs}


def _artifacts(data: dict[str, Any]) -> dict[str, AlienArtifact]:
    out: dict[str, AlienArtifact] = {}
    for i, raw in enumerate(_array(data, "artifact", "artifacts.toml: artifact")):
        require(isinstance(raw, dict), f"artifacts.toml: artifact {i} must be a table")
        where = f"artifacts.toml: artifact {raw.get('id', i)!r}"
        ability = _ability(raw.get("ability"), f"{where} ability", ("turn", "attack"))
        artifact = record(AlienArtifact, raw, where, built={"ability": ability})
        require(artifact.id not in out, f"{where}: listed twice")
        out[artifact.id] = artifact
    require(len(out) == 16, "artifacts.toml: there are 16 Alien Artifacts")
    return out


def _factions(data: dict[str, Any]) -> dict[str, Faction]:
    out: dict[str, Faction] = {}
    for i, raw in enumerate(_array(data, "faction", "factions.toml: faction")):
        require(isinstance(raw, dict), f"factions.toml: faction {i} must be a table")
        where = f"factions.toml: faction {raw.get('id', i)!r}"
        built = {"setup": _effect(raw.get("setup"), f"{where} setup", SETUP_OPS, "setup"),
                 "action": _ability(raw.get("action"), f"{where} action", ("action",), "faction"),
                 "end": _effect(raw.get("end"), f"{where} end", END_OPS, "card")}
        faction = record(Faction, raw, where, built=built)
        require(faction.id not in out, f"{where}: listed twice")
        out[faction.id] = faction
    require(len(out) == 6, "factions.toml: there are 6 factions")
    return out


def _rules(data: dict[str, Any]) -> Rules:
    rules = record(Rules, data.get("rules"), "rules.toml: [rules]")
    require(rules.players == (2, 3, 4, 5), "rules.toml: 2 to 5 players")
    require(len(rules.marker_start) == len(rules.players)
            and all(1 <= s <= 5 for s in rules.marker_start),
            "rules.toml: a marker start of 1 to 5 for each player count")
    return rules


def build(directory: Path = CONTENT_DIR) -> Content:
    tables = read_toml(directory, "tables.toml")
    skills, ships = _ships(read_toml(directory, "ships.toml"))
    planets = records(Planet, read_toml(directory, "planets.toml").get("planet"),
                      "planets.toml: planet")
    _by_type(planets, "planets.toml: planet", 10)
    content = Content(
        rules=_rules(read_toml(directory, "rules.toml")),
        resources=MappingProxyType(_resources(read_toml(directory, "resources.toml"))),
        systems=MappingProxyType(_tables(tables.get("system"), "tables.toml: system",
                                         "system", 5)),
        plans=MappingProxyType(_tables(tables.get("plan"), "tables.toml: plan", "plan", 10)),
        basic=_table(tables.get("basic"), "tables.toml: basic", "plan"),
        skills=MappingProxyType(skills),
        ships=MappingProxyType(ships),
        planets=MappingProxyType({p.id: p for p in planets}),
        technologies=MappingProxyType(_technologies(read_toml(directory,
                                                              "technologies.toml"))),
        artifacts=MappingProxyType(_artifacts(read_toml(directory, "artifacts.toml"))),
        factions=MappingProxyType(_factions(read_toml(directory, "factions.toml"))),
    )
    ids = [*content.resources, *content.systems, *content.plans, content.basic.id,
           *content.ships, *content.planets, *content.technologies, *content.artifacts,
           *content.factions]
    twice = sorted(i for i, n in Tally(ids).items() if n > 1)
    require(not twice, f"content: ids used by two components {twice}")
    return content


@cache
def load_content() -> Content:
    return build()


__all__ = ["ContentError", "build", "load_content"]
