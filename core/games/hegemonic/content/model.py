"""Hegemonic's content as frozen records: the player board, the galaxy, the action cards
and their attack patterns, the technologies and their cards, and the rules' numbers.

Each record is read from TOML by ``core.content_schema`` (``loader.py`` adds the checks a
type cannot state); what the engine asks often is worked out once here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

KINDS = ("industrial", "political", "martial")
BASES = {"industrial": "complex", "political": "embassy", "martial": "outpost"}
FACTIONS = ("orange", "purple", "green")
ATTACKERS = ("complexes", "agent", "fleet")
ATTACKER_KIND = {"complexes": "industrial", "agent": "political", "fleet": "martial"}
CONFLICTS = ("takeover", "destroy")
ACTIONS = ("build", "takeover", "destroy", "basic", "capitalize", "survey", "research")
LEADER_WINDOWS = ("turn", "conflict")
LEADER_EFFECTS = ("caps", "vp", "complexes", "embassies", "outposts", "survey", "advance",
                  "fleet_move", "agent_move", "gate", "power", "weaken", "fleets", "agents")
CONFLICT_EFFECTS = ("power", "weaken")
BUILDS = ("complex", "gate", "embassy", "agent", "outpost", "fleet")


@dataclass(frozen=True, slots=True)
class Track:
    """One track of the player board: a space per Base, left to right. ``cost`` is paid to
    build the Base of that space; ``income``, ``retention`` and ``tier`` are read from the
    right-most empty space (the last Base built)."""

    kind: str
    cost: tuple[int, ...]
    income: tuple[int, ...]
    retention: tuple[int, ...]
    tier: tuple[int, ...]

    @property
    def bases(self) -> int:
        return len(self.cost)


@dataclass(frozen=True, slots=True)
class Units:
    gate: int  # a Quantum Gate pair
    agent: int
    fleet: int
    per_kind: int  # pieces of each unit kind a player owns (gate pairs counted as one)
    gate_reach: tuple[int, int, int]  # hexes between a pair's ends, by Industrial tier
    fleet_steps: int
    fleet_move: int  # CAPs for a whole Fleet move
    agent_border: int  # CAPs per Galaxy Board border an Agent crosses


@dataclass(frozen=True, slots=True)
class Empire:
    hand: int  # Technology Cards in hand
    slots: int  # Advanced Technology slots
    basic_caps: int
    takeover_rate: int  # CAPs per point of the target Base's power
    destroy_rate: int


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    industrial: int = 0  # Industrial Locations
    political: tuple[int, ...] = ()  # each Political Location's power
    martial: tuple[int, ...] = ()  # each Martial Location's capacity
    faction: str = ""
    small: bool = False  # carries the 2- or 3-player icon


@dataclass(frozen=True, slots=True)
class Home:
    id: str  # the House
    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class HomeTile:
    industrial: int
    political: tuple[int, ...]  # scoring power; no conflict power unless "wild"
    martial: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """A suggested galaxy: each board as (rotation, q, r) of the board shape, and the
    recommended Home positions (the red dots)."""

    players: int
    boards: tuple[tuple[int, int, int], ...]
    homes: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Galaxy:
    shape: tuple[tuple[int, int], ...]  # a Galaxy Board's hexes
    core: tuple[tuple[int, int], ...]  # the Core board, its Center first
    boards: int  # Galaxy Boards in the box
    boards_for: tuple[int, ...]  # boards used by 2, 3, 4, 5, 6 players
    tiles_per_player: int
    learning_tiles_per_player: int
    dealt: int  # tiles dealt to each player at setup
    two_player_extra: int  # tiles added to the pool in a 2-player game


@dataclass(frozen=True, slots=True)
class Scoring:
    control: int
    influence: int
    presence: int
    exclusive: int
    core: int
    tied_first: int
    tied_second: int
    tech_per_tier: int


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: str
    name: str
    order: int
    actions: tuple[str, ...]
    builds: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pattern:
    """Who may attack what: the attacking piece, the target's kind, the conflict."""

    id: str
    name: str
    conflict: str
    attacker: str
    target: str

    @property
    def moves(self) -> bool:
        """Agents and Fleets may move before they attack."""
        return self.attacker != "complexes"


@dataclass(frozen=True, slots=True)
class Tech:
    id: str
    name: str
    kind: str
    tier: int
    cost: int
    text: str
    powers: tuple[tuple[int, int, int], ...]  # one triple per copy: Industrial, Political, Martial
    small: tuple[int, ...] = ()  # the copies (1-based) with the 2- or 3-player icon


@dataclass(frozen=True, slots=True)
class TechCard:
    id: str
    tech: str
    power: tuple[int, int, int]
    small: bool


@dataclass(frozen=True, slots=True)
class Leader:
    id: str
    name: str
    window: str  # turn or conflict
    effect: str
    values: tuple[int, int, int]  # the amount at levels 1, 2 and 3
    # A conflict Leader's second ability, used at the action prompt like a turn Leader's.
    turn_effect: str = ""
    turn_values: tuple[int, int, int] = (0, 0, 0)


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed by identity
class Content:
    tracks: Mapping[str, Track]
    units: Units
    empire: Empire
    tiles: Mapping[str, Tile]
    homes: tuple[Home, ...]
    home_tile: HomeTile
    galaxy: Galaxy
    layouts: Mapping[int, Layout]
    scoring: Scoring
    action_cards: Mapping[str, ActionCard]
    patterns: Mapping[str, Pattern]
    techs: Mapping[str, Tech]
    cards: Mapping[str, TechCard] = field(default_factory=dict)
    leaders: Mapping[str, Leader] = field(default_factory=dict)

    def tech_of(self, card: str) -> Tech:
        return self.techs[self.cards[card].tech]

    def power(self, card: str, kind: str) -> int:
        return self.cards[card].power[KINDS.index(kind)]

    def deck(self, small: bool) -> tuple[str, ...]:
        """The Technology Cards of a game: the 2/3-player set, or all of them."""
        return tuple(c.id for c in self.cards.values() if c.small or not small)

    def tile_set(self, small: bool) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles.values() if t.small or not small)
