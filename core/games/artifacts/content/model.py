"""Alien Artifacts' content as frozen records: the Resource deck, the attack tables, the
ships and their skills, the planets, the technologies, the Alien Artifacts, the factions
and the rules' numbers.

Card effects are lists of :class:`Step`, each an op of the vocabulary of
docs/alien-artifacts-effects.md with its fields as a small frozen record (``OPS`` maps an
op's name to it). ``loader.py`` reads the TOML and checks everything a type cannot say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

KINDS = ("ship", "technology", "planet")
TYPES = ("explore", "expand", "exterminate", "exploit")
SIDES = ("logistics", "operational")
COLOURS = ("blue", "green", "red", "gold")
ACTIONS = ("buy", "discover", "develop", "build", "prepare", "trade", "remove", "offensive",
           "revenue", "mine")
TARGETS = ("any", "system", "player")
# The colour that builds each kind, and pays for the operational action on it (R4).
KIND_COLOUR = {"ship": "red", "technology": "blue", "planet": "green"}
# A Settled planet lowers its Type's action by 2; a ship joining the fleet raises its
# Type's Assembly Limit (AA:322-363).
SETTLE_ACTION = {"explore": "discover", "expand": "develop", "exterminate": "build",
                 "exploit": "buy"}
JOIN_ACTION = {"explore": "discover", "expand": "develop", "exterminate": "build",
               "exploit": "trade"}
MODES = ("ongoing", "trigger", "additionally", "action", "turn", "attack")
EVENTS = ("complete", "attack", "defend", "produce")
COUNTERS = ("cards", "types", "construction", "produced", "credits", "artifacts", "plans",
            "blockades", "twins", "rivals")
HOOKS: tuple[str, ...] = ()  # unique rules by name; none yet
ABOVE = 4  # the row an attack value above a table resolves (AA:685-686, R10)


@dataclass(frozen=True, slots=True)
class Section:
    colour: str
    symbols: int
    type: str


@dataclass(frozen=True, slots=True)
class Resource:
    id: str
    number: int  # the combat number, 1-4
    top: tuple[str, int, str]  # colour, symbols, Type
    bottom: tuple[str, int, str]
    # The two halves as records, made once by the loader (payments read them at every
    # step of a turn): top then bottom.
    sections: tuple[Section, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Counter:
    """A number of one player's game (docs/alien-artifacts-effects.md, "Counters")."""

    name: str
    kind: str = "any"
    type: str = "any"
    side: str = "any"


@dataclass(frozen=True, slots=True)
class Condition:
    counter: Counter
    at_least: bool  # ">=" when true, "<=" when false
    value: int


@dataclass(frozen=True, slots=True)
class Event:
    """What a trigger waits for: ``complete`` narrowed by kind, Type and side, ``attack``
    by target."""

    name: str
    kind: str = "any"
    type: str = "any"
    side: str = "any"
    target: str = "any"


# The ops' fields, one record per op.

@dataclass(frozen=True, slots=True)
class Gain:
    vp: int = 0
    credits: int = 0


@dataclass(frozen=True, slots=True)
class Lose:
    vp: int = 0
    credits: int = 0


@dataclass(frozen=True, slots=True)
class Pay:
    credits: int


@dataclass(frozen=True, slots=True)
class Spend:
    colours: tuple[str, ...]
    amount: int
    cards: int = 0  # 0: the Assembly Limit


@dataclass(frozen=True, slots=True)
class Draw:
    count: int


@dataclass(frozen=True, slots=True)
class Discard:
    count: int


@dataclass(frozen=True, slots=True)
class Produce:
    count: int = 1
    planets: str = "each"


@dataclass(frozen=True, slots=True)
class Artifact:
    count: int = 1


@dataclass(frozen=True, slots=True)
class Plan:
    count: int = 1


@dataclass(frozen=True, slots=True)
class Take:
    deck: str
    look: int = 1
    keep: int = 1
    type: str = "any"  # a Type: search the deck for the first card of it
    to: str = "construction"
    side: str = "any"


@dataclass(frozen=True, slots=True)
class Act:
    action: str
    discount: int = 0


@dataclass(frozen=True, slots=True)
class Attack:
    bonus: int = 0
    target: str = "any"
    ship: bool = False


@dataclass(frozen=True, slots=True)
class Blockade:
    count: int


@dataclass(frozen=True, slots=True)
class Unblock:
    count: int


@dataclass(frozen=True, slots=True)
class Steal:
    credits: int


@dataclass(frozen=True, slots=True)
class Prepare:
    count: int


@dataclass(frozen=True, slots=True)
class Destroyed:
    pass


@dataclass(frozen=True, slots=True)
class Damaged:
    pass


@dataclass(frozen=True, slots=True)
class Hook:
    name: str


@dataclass(frozen=True, slots=True)
class Cost:
    action: str
    amount: int


@dataclass(frozen=True, slots=True)
class Assembly:
    action: str
    amount: int


@dataclass(frozen=True, slots=True)
class Power:
    amount: int
    target: str = "any"


@dataclass(frozen=True, slots=True)
class Guard:
    amount: int


@dataclass(frozen=True, slots=True)
class Wild:
    colour: str
    action: str


@dataclass(frozen=True, slots=True)
class Hand:
    amount: int


@dataclass(frozen=True, slots=True)
class Trade:
    amount: int


Args = (Gain | Lose | Pay | Spend | Draw | Discard | Produce | Artifact | Plan | Take | Act
        | Attack | Blockade | Unblock | Steal | Prepare | Destroyed | Damaged | Hook | Cost
        | Assembly | Power | Guard | Wild | Hand | Trade)

IMMEDIATE: Mapping[str, type[Args]] = {
    "gain": Gain, "lose": Lose, "pay": Pay, "spend": Spend, "draw": Draw, "discard": Discard,
    "produce": Produce, "artifact": Artifact, "plan": Plan, "take": Take, "act": Act,
    "attack": Attack, "blockade": Blockade, "unblock": Unblock, "steal": Steal,
    "prepare": Prepare, "destroyed": Destroyed, "damaged": Damaged, "hook": Hook,
}
MODIFIERS: Mapping[str, type[Args]] = {
    "cost": Cost, "assembly": Assembly, "power": Power, "guard": Guard, "wild": Wild,
    "hand": Hand, "trade": Trade,
}
OPS: Mapping[str, type[Args]] = {**IMMEDIATE, **MODIFIERS}


@dataclass(frozen=True, slots=True)
class Step:
    """One op with its fields, and the riders any step may carry."""

    op: str
    args: Args
    per: Counter | None = None
    every: int = 1
    max: int = 0  # 0: no cap
    only_if: Condition | None = None
    who: str = "you"  # "defender" in a Defense Plan's row


Effect = tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    """A Technology's Logistics side, a Faction Action or an Alien Artifact."""

    mode: str
    effect: Effect
    text: str
    on: Event | None = None  # a trigger's event


@dataclass(frozen=True, slots=True)
class Row:
    value: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class Table:
    """An Alien System, a Defense Plan card or the Basic Defense Plan tile: what each
    attack value does."""

    id: str
    name: str
    rows: tuple[Row, ...]

    def row(self, value: int) -> Row:
        """The row of that value; above the last row, row 4 (AA:685-686, R10); below 1,
        row 1."""
        if value > len(self.rows):
            value = ABOVE
        return self.rows[max(value, 1) - 1]


@dataclass(frozen=True, slots=True)
class Skill:
    """A Ship Type's operational skill, from the Player Aid."""

    type: str
    name: str
    text: str
    reveal: int = 1
    armour: bool = False
    versus: str = "any"
    extra: int = 0
    spoils: Effect = ()


@dataclass(frozen=True, slots=True)
class Ship:
    id: str
    name: str
    type: str
    bonus: int


@dataclass(frozen=True, slots=True)
class Planet:
    id: str
    name: str
    type: str


@dataclass(frozen=True, slots=True)
class Scoring:
    """An operational Technology's table: rows of (need, during the game, end)."""

    count: Counter
    rows: tuple[tuple[int, int, int], ...]

    def best(self, value: int) -> tuple[int, int, int] | None:
        """The highest row the counter's value meets (R12)."""
        met = [row for row in self.rows if value >= row[0]]
        return met[-1] if met else None


@dataclass(frozen=True, slots=True)
class Technology:
    id: str
    name: str
    type: str
    logistics: Ability
    score: Scoring


@dataclass(frozen=True, slots=True)
class AlienArtifact:
    id: str
    name: str
    ability: Ability  # mode "turn" or "attack"


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    setup: Effect
    action_name: str
    action: Ability
    end: Effect
    end_text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """The rulebook's numbers and the ones this program chose (docs/alien-artifacts.md)."""

    players: tuple[int, ...]
    marker_start: tuple[int, ...]  # the round marker's space, by player count
    hand: int
    assembly: int
    bank_start: int
    bank_max: int
    base_cost: int  # Discover, Develop, Build, before +1 per card of the kind
    operational_cost: int  # Offensive, Revenue, Mining (R4)
    buy_cost: int
    settle_discount: int
    join_assembly: int  # R6
    remove_rate: int  # symbols per Blockade token removed
    bypass: int  # credits per token to use a blocked card (R5)
    tokens: int  # the Blockade tokens in the box (R33)
    exploit_produce: int


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed by identity
class Content:
    rules: Rules
    resources: Mapping[str, Resource]
    systems: Mapping[str, Table]
    plans: Mapping[str, Table]
    basic: Table
    skills: Mapping[str, Skill]  # by Ship Type
    ships: Mapping[str, Ship]
    planets: Mapping[str, Planet]
    technologies: Mapping[str, Technology]
    artifacts: Mapping[str, AlienArtifact]
    factions: Mapping[str, Faction]

    def marker_start(self, players: int) -> int:
        return self.rules.marker_start[self.rules.players.index(players)]
