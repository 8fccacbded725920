"""Typed records of Fractal's card, tile and token content.

Every record is a frozen dataclass with slots. What a component *does* is kept as plain data
for the engine to interpret (see docs/effects.md):

- a `Step` is one step of an effect: `Step(op="gain", args={"credits": 2})`. `args` holds every
  field of the TOML inline table except `op`, unchanged (ints, strings, bools and nested
  tables such as `if = {counter = ..., at_least = ...}`), in a read-only mapping;
- an `Effect` is a tuple of steps, run in order;
- `Triggers` groups the effects a lasting component holds under `effect`, `passive`,
  `income` and `cycle_end`.

Tactic upgrades reuse `Step` with the ops `initiative`, `damage` and `block`. Obstacle and
anomaly requirements are read-only mappings with one key each (`{"pay_influence": 2}`).
Records hold mappings, so they compare by value but are not hashable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
UNIT_TYPES: tuple[str, ...] = ("infantry", "lightship", "mech", "warship")
COLONY_TYPES: tuple[str, ...] = ("imperial", "productive", "scientific", "military")
VP_CATEGORIES: tuple[str, ...] = ("imperial", "military", "scientific", "productive", "exploration")
SECTOR_KINDS: tuple[str, ...] = (
    "utopian",
    "starting",
    "non_habitable",
    "productive",
    "mystery",
    "biodiverse",
    "arid",
    "fracture",  # The Fracture module's sectors, beyond the map's edge
)
DAMAGE_KINDS: tuple[str, ...] = ("massive", "direct", "indirect", "retreat")
TECH_TYPES: tuple[str, ...] = ("civil", "military")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect: an op and its fields (everything but `op`)."""

    op: str
    args: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """The step as the plain inline table it was written as."""
        return {"op": self.op, **_plain(self.args)}


Effect = tuple[Step, ...]


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Triggers:
    """The effects of a lasting component, by trigger (see docs/effects.md)."""

    effect: Effect = ()
    passive: Effect = ()
    income: Effect = ()
    cycle_end: Effect = ()

    def hooks(self) -> tuple[str, ...]:
        """Names of the hooks among the passive steps."""
        return tuple(str(step.get("name")) for step in self.passive if step.op == "hook")

    def is_empty(self) -> bool:
        return not (self.effect or self.passive or self.income or self.cycle_end)


@dataclass(frozen=True, slots=True)
class Sector:
    id: str
    name: str
    kind: str
    colony: tuple[tuple[str, ...], ...]
    event: str
    # The Fracture's sectors only: where the tile sits in the group (axial offset), whether
    # it shows an egress, and the neutral (black) units placed on it when it enters play.
    at: tuple[int, int] | None = None
    egress: bool = False
    neutral: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    complexity: int
    lore: str
    starting_sector: str
    starting_units: Mapping[str, int]
    starting_colony: str
    governments: tuple[str, str]
    mastery: str
    tactic: str
    abilities: Triggers

    @property
    def hooks(self) -> tuple[str, ...]:
        return self.abilities.hooks()


@dataclass(frozen=True, slots=True)
class Government:
    id: str
    name: str
    faction: str
    requirement: int
    action: Effect
    secondary: Triggers

    def times(self, influence: int) -> int:
        """How many times the action triggers with this much influence (at least once)."""
        return max(1, influence // self.requirement)


@dataclass(frozen=True, slots=True)
class Mastery:
    id: str
    name: str
    faction: str
    normal: Effect
    elite: Effect


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage dealt by a tactic composition. block = -1 blocks all damage to your units."""

    massive: int = 0
    direct: int = 0
    indirect: int = 0
    retreat: int = 0
    block: int = 0


@dataclass(frozen=True, slots=True)
class Composition:
    units: Mapping[str, int]
    remove: Mapping[str, int]
    damage: Damage

    @property
    def size(self) -> int:
        return sum(self.units.values())


@dataclass(frozen=True, slots=True)
class Upgrade:
    tech: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class TacticVersion:
    initiative: int
    compositions: tuple[Composition, ...]
    upgrades: tuple[Upgrade, ...]


@dataclass(frozen=True, slots=True)
class TacticDesign:
    """A tactic as designed: shared (owner "") or a faction's own (owner = faction id)."""

    id: str
    name: str
    owner: str
    ignore_resist: bool
    normal: TacticVersion
    elite: TacticVersion


@dataclass(frozen=True, slots=True)
class TacticCard:
    """One of the 68 physical tactic cards.

    `id` is "<colour>:<design>" or "<faction>:<design>", with "+elite" for the elite side.
    `colour` is "" for a faction's own tactic, `faction` is "" for a shared one.
    """

    id: str
    design: str
    name: str
    colour: str
    faction: str
    elite: bool
    ignore_resist: bool
    initiative: int
    compositions: tuple[Composition, ...]
    upgrades: tuple[Upgrade, ...]


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: str
    name: str
    copies: int
    effect: Effect
    module: str = ""  # shuffled into the deck only in games with this module on


@dataclass(frozen=True, slots=True)
class Technology:
    id: str
    name: str
    type: str
    cost: int
    stack: str
    stackable: bool
    copies: int
    triggers: Triggers


@dataclass(frozen=True, slots=True)
class ObjectiveRow:
    """An Age 1 row has a counter; an Age 2 row has counter "" and maybe an `also` pair."""

    category: str
    counter: str
    amount: int
    also: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Condition:
    """A scoring condition: every (counter, amount) pair must be reached."""

    category: str
    requirements: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    name: str
    age: int
    rows: tuple[ObjectiveRow, ...]
    instructions: Effect = ()

    def row(self, category: str) -> ObjectiveRow:
        for row in self.rows:
            if row.category == category:
                return row
        raise KeyError(category)


def combine_objectives(age1: Objective, age2: Objective | None = None) -> tuple[Condition, ...]:
    """The five conditions in force: Age 1 alone, or Age 1 tucked under Age 2."""
    conditions = []
    for row in age1.rows:
        if age2 is None:
            conditions.append(Condition(row.category, ((row.counter, row.amount),)))
            continue
        later = age2.row(row.category)
        conditions.append(Condition(row.category, ((row.counter, later.amount), *later.also)))
    return tuple(conditions)


@dataclass(frozen=True, slots=True)
class EventOption:
    require: tuple[Mapping[str, Any], ...]
    reward: Effect


@dataclass(frozen=True, slots=True)
class EventCard:
    """An obstacle (two options) or an anomaly (one option)."""

    id: str
    name: str
    kind: str
    options: tuple[EventOption, ...]


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    name: str
    kind: str
    triggers: Triggers


@dataclass(frozen=True, slots=True)
class Singularity:
    id: str
    name: str
    reward: Effect
    passive: Effect


@dataclass(frozen=True, slots=True)
class ExploitArea:
    units: Mapping[str, int]
    gain: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class LivingGalaxy:
    id: str
    name: str
    effects: tuple[str, ...]
    wormhole: str
    exploit: tuple[ExploitArea, ...]


@dataclass(frozen=True, slots=True)
class LivingStorm:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Tokens:
    colours: tuple[str, ...]
    counts: Mapping[str, int]
    per_colour: Mapping[str, int]
    units_per_colour: Mapping[str, int]
    black_units: Mapping[str, int]

    def units_total(self, unit: str) -> int:
        return self.units_per_colour.get(unit, 0) * len(self.colours) + self.black_units.get(
            unit, 0
        )


@dataclass(frozen=True, slots=True)
class Content:
    """All of Fractal's content, by kind, each a mapping id -> record."""

    sectors: Mapping[str, Sector]
    factions: Mapping[str, Faction]
    governments: Mapping[str, Government]
    masteries: Mapping[str, Mastery]
    tactics: Mapping[str, TacticDesign]
    tactic_cards: Mapping[str, TacticCard]
    actions: Mapping[str, ActionCard]
    technologies: Mapping[str, Technology]
    objectives: Mapping[str, Objective]
    obstacles: Mapping[str, EventCard]
    anomalies: Mapping[str, EventCard]
    artifacts: Mapping[str, Artifact]
    singularities: Mapping[str, Singularity]
    living_galaxies: Mapping[str, LivingGalaxy]
    living_storms: Mapping[str, LivingStorm]
    tokens: Tokens

    def sector(self, sector_id: str) -> Sector:
        return self.sectors[sector_id]

    def faction(self, faction_id: str) -> Faction:
        return self.factions[faction_id]

    def technology(self, tech_id: str) -> Technology:
        return self.technologies[tech_id]

    def tactic_card(self, card_id: str) -> TacticCard:
        return self.tactic_cards[card_id]

    def sectors_of_kind(self, kind: str) -> tuple[Sector, ...]:
        return tuple(s for s in self.sectors.values() if s.kind == kind)

    def tactics_for_colour(
        self, colour: str, *, elite: bool | None = None
    ) -> tuple[TacticCard, ...]:
        """The shared tactic cards of a colour (normal and elite unless `elite` says which)."""
        return tuple(
            card
            for card in self.tactic_cards.values()
            if card.colour == colour and (elite is None or card.elite == elite)
        )

    def tactics_for_faction(
        self, faction_id: str, *, elite: bool | None = None
    ) -> tuple[TacticCard, ...]:
        """A faction's own tactic cards (empty for most factions)."""
        return tuple(
            card
            for card in self.tactic_cards.values()
            if card.faction == faction_id and (elite is None or card.elite == elite)
        )

    def starting_tactics(self, colour: str, faction_id: str) -> tuple[TacticCard, ...]:
        """The normal tactics a seat starts the game with."""
        return self.tactics_for_colour(colour, elite=False) + self.tactics_for_faction(
            faction_id, elite=False
        )

    def governments_of(self, faction_id: str) -> tuple[Government, ...]:
        return tuple(self.governments[g] for g in self.factions[faction_id].governments)

    def objectives_of_age(self, age: int) -> tuple[Objective, ...]:
        return tuple(o for o in self.objectives.values() if o.age == age)

    def action_deck(self, modules: Sequence[str] = ()) -> tuple[ActionCard, ...]:
        """The 54 action cards, each design repeated `copies` times, and the cards of the
        modules given."""
        return tuple(card for card in self.actions.values() for _ in range(card.copies)
                     if not card.module or card.module in modules)

    def technology_deck(self, tech_type: str, stack: str | None = None) -> tuple[Technology, ...]:
        """The technology cards of a type (and stack), each repeated `copies` times."""
        return tuple(
            tech
            for tech in self.technologies.values()
            if tech.type == tech_type and (stack is None or tech.stack == stack)
            for _ in range(tech.copies)
        )
