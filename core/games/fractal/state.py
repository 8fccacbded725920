"""The whole state of a Fractal game, as plain dataclasses.

Everything a rule needs lives here, including the random generator and the stack of tasks
in progress; the static content (what a card does) lives in ``content`` and is referred to
by id. The state holds no behaviour beyond small lookups; rules live in the modules named
after the rulebook's sections.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.decisions import Prompt
from core.hexgrid import Grid
from core.machine import Task as Task  # a field of State; its modules import it from here
from core.plain import NOT_PLAIN

UNIT_KINDS = ("infantry", "mech", "lightship", "warship")
GROUND = ("infantry", "mech")
SPACE = ("lightship", "warship")
TRACKS = ("imperial", "productive", "scientific", "military")
BASIC_ACTIONS = ("recruit", "advance", "colonize", "research")
ACTIONS = (*BASIC_ACTIONS, "government", "action_card")
VP_CATEGORIES = ("imperial", "military", "scientific", "productive", "exploration")
TECH_TYPES = ("civil", "military")

RESERVE = -1  # a unit in its owner's reserve (or, without owner, in the black supply)
BOX = -2  # banished: back in the box for the rest of the game
BLOOD_POOL = -3  # a Saura unit waiting in its faction's pool until the next income phase

# Limits of the empire board's tracks and of the token supplies.
MAX_CREDITS = 30
MAX_INFLUENCE = 20
MAX_VP = 5
SCIENCE_TOKENS = 8  # per colour; a token is worth 1, or 3 when flipped
COLONIES_PER_TRACK = 3
DEPLETION_DEFAULT = 2
DEPLETION_MAX = 3
# Per colour. None of our components puts one on a sector (docs/rules-coverage.md,
# Interpretations): each is in its owner's supply or held by a partner (Diplomacy).
FACTION_TOKENS = 3


@dataclass(slots=True)
class Unit:
    id: int
    owner: int  # seat, or -1 for a black unit still in the supply
    kind: str
    where: int  # sector id, RESERVE or BOX
    damage: int = 0  # toppled: damage absorbed this cycle through Resist or Courage
    moved: bool = False  # moved or transported during the current turn
    black: bool = False

    def copy(self) -> Unit:
        # Fields set on a bare object: a third faster than the constructor, and a state
        # copy makes one per unit (a hundred) for every search iteration.
        unit = Unit.__new__(Unit)
        unit.id, unit.owner, unit.kind, unit.where = self.id, self.owner, self.kind, self.where
        unit.damage, unit.moved, unit.black = self.damage, self.moved, self.black
        return unit


@dataclass(slots=True)
class ColonySpace:
    accepts: list[str]
    owner: int = -1
    track: str = ""

    def copy(self) -> ColonySpace:
        space = ColonySpace.__new__(ColonySpace)  # as Unit.copy
        space.accepts, space.owner, space.track = list(self.accepts), self.owner, self.track
        return space


@dataclass(slots=True)
class Sector:
    id: int
    q: int
    r: int
    tile: str
    kind: str  # utopian, starting, non_habitable, productive, mystery, biodiverse, arid
    spaces: list[ColonySpace]
    event: str = ""  # content id of the obstacle, anomaly, living galaxy or singularity
    event_kind: str = ""
    event_face_up: bool = False
    battle_medal: bool = False
    blockade_medal: bool = False
    anomaly_resolved: bool = False  # the Delverar's ruin paths run through such sectors

    def copy(self) -> Sector:
        sector = Sector.__new__(Sector)  # as Unit.copy
        sector.id, sector.q, sector.r, sector.tile, sector.kind = (
            self.id, self.q, self.r, self.tile, self.kind)
        sector.spaces = [space.copy() for space in self.spaces]
        sector.event, sector.event_kind, sector.event_face_up = (
            self.event, self.event_kind, self.event_face_up)
        sector.battle_medal, sector.blockade_medal, sector.anomaly_resolved = (
            self.battle_medal, self.blockade_medal, self.anomaly_resolved)
        return sector


@dataclass(slots=True)
class ActionMarker:
    """An action marker. What a depleted one costs to flip back is no part of it: the
    upkeep reads it from the components the seat holds then (``empire.depletion_value``)."""

    used: bool = False  # slid up this turn (or adopted / passed for the special actions)
    depleted: bool = False

    def copy(self) -> ActionMarker:
        marker = ActionMarker.__new__(ActionMarker)  # as Unit.copy
        marker.used, marker.depleted = self.used, self.depleted
        return marker


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    colour: str
    faction: str = ""
    government: str = ""
    mastery_elite: bool = False
    credits: int = 0
    influence: int = 1
    taken: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    markers: dict[str, ActionMarker] = field(
        default_factory=lambda: {a: ActionMarker() for a in ACTIONS}
    )
    tactics: list[str] = field(default_factory=list)  # tactic ids in hand
    technologies: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)  # obstacles and anomalies
    played_cards: list[str] = field(default_factory=list)  # action cards this cycle
    extra_cards: int = 0  # extra action cards allowed this cycle by effects
    passed: bool = False
    medals: int = 0
    vp: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VP_CATEGORIES, 0))
    vp_tokens: int = 0
    exhausted: list[str] = field(default_factory=list)
    faction_tokens: int = FACTION_TOKENS  # in the owner's supply
    pool: int = 0  # faction-specific counter (the Saura's blood pool)
    known: list[str] = field(default_factory=list)  # facts learned through insight

    def copy(self) -> Player:
        player = Player.__new__(Player)  # as Unit.copy
        player.seat, player.name, player.colour = self.seat, self.name, self.colour
        player.faction, player.government = self.faction, self.government
        player.mastery_elite, player.credits, player.influence = (
            self.mastery_elite, self.credits, self.influence)
        player.taken = dict(self.taken)
        player.markers = {action: marker.copy() for action, marker in self.markers.items()}
        player.tactics, player.technologies = list(self.tactics), list(self.technologies)
        player.artifacts, player.resolved = list(self.artifacts), list(self.resolved)
        player.played_cards = list(self.played_cards)
        player.extra_cards, player.passed, player.medals = (
            self.extra_cards, self.passed, self.medals)
        player.vp, player.vp_tokens = dict(self.vp), self.vp_tokens
        player.exhausted = list(self.exhausted)
        player.faction_tokens, player.pool = self.faction_tokens, self.pool
        player.known = list(self.known)
        return player


@dataclass(slots=True)
class TechSlot:
    type: str
    cards: list[str]  # bottom first; the last one is the top card
    top_face_up: bool = True
    science: dict[int, int] = field(default_factory=dict)  # seat -> science on the slot

    def copy(self) -> TechSlot:
        slot = TechSlot.__new__(TechSlot)  # as Unit.copy
        slot.type, slot.cards = self.type, list(self.cards)
        slot.top_face_up, slot.science = self.top_face_up, dict(self.science)
        return slot


@dataclass(slots=True)
class Options:
    players: int
    map: str = "extended"  # or "compact"
    seed: int = 0
    names: list[str] = field(default_factory=list)
    factions: list[str] = field(default_factory=list)  # fixed factions (tests, scenarios)
    modules: list[str] = field(default_factory=list)
    random_factions: bool = False  # each seat is dealt a faction from the offer, no choice

    def copy(self) -> Options:
        return Options(self.players, self.map, self.seed, list(self.names),
                       list(self.factions), list(self.modules), self.random_factions)


@dataclass(slots=True)
class Agreement:
    """A Diplomacy faction token: ``owner``'s token held by ``holder`` until the end of the
    cycle. ``track`` is the holder's colony sitting on a cultural agreement's token."""

    holder: int
    owner: int
    kind: str  # trade, diplomatic, cultural
    track: str = ""

    def copy(self) -> Agreement:
        return Agreement(self.holder, self.owner, self.kind, self.track)


@dataclass(slots=True)
class Fracture:
    """The Fracture module: when it entered play (cycle, 0 while out of play), the sectors
    of the main map holding an ingress token, the Fracture sectors whose first control
    already drew an artifact, and the seats that made their breakthrough's roll."""

    entered: int = 0
    ingress: list[int] = field(default_factory=list)
    claimed: list[int] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)

    def copy(self) -> Fracture:
        return Fracture(self.entered, list(self.ingress), list(self.claimed), list(self.rolled))


class Derived:
    """Facts worked out from a state, kept while what they come from stays the same (see
    ``board``): the units by where they are and by owner, kept up to date by
    ``board.place``, the one way a unit changes sector or owner; the map's adjacency,
    dropped by ``board.map_changed``, which every rule that lays a tile, moves a storm or
    turns an event up or away calls. No part of the state's plain form; a copy shares the
    grids (a Grid never changes) and works the units' lists out again."""

    __slots__ = ("grid", "ruin_grid", "units_at", "units_owned")

    def __init__(self) -> None:
        self.units_at: dict[int, list[Unit]] | None = None
        self.units_owned: dict[int, list[Unit]] | None = None
        self.grid: tuple[Any, Grid] | None = None  # with the content it was made for
        self.ruin_grid: tuple[Any, tuple[int, ...], Grid] | None = None  # and the ruins

    def __reduce__(self) -> tuple[type[Derived], tuple[()]]:
        return Derived, ()  # a pickled or deep-copied state works them out again


@dataclass(slots=True)
class State:
    options: Options
    rng: int
    players: list[Player]
    sectors: list[Sector] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    # each storm: its vertex's three hexes as [q, r], the hex it cuts off first
    storms: list[list[list[int]]] = field(default_factory=list)
    storm_ids: list[str] = field(default_factory=list)
    tech: dict[str, list[TechSlot]] = field(default_factory=dict)
    # removed technologies, face-up by type: slots are dealt once, so nothing draws them
    tech_discard: dict[str, list[str]] = field(
        default_factory=lambda: {kind: [] for kind in TECH_TYPES})
    action_deck: list[str] = field(default_factory=list)  # the last card is the top
    action_pool: list[str] = field(default_factory=list)
    action_discard: list[str] = field(default_factory=list)
    artifact_deck: list[str] = field(default_factory=list)
    artifact_discard: list[str] = field(default_factory=list)
    # [age 1, age 2], then Dawn of the Galaxy's second Age 1 card when that module is on
    objectives: list[str] = field(default_factory=list)
    age2_revealed: bool = False
    faction_offer: list[str] = field(default_factory=list)
    cycle: int = 1
    phase: str = "setup"
    first_player: int = 0
    watcher: int = -1
    turn: int = -1  # the seat whose turn it is in the action phase
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    stats: dict[str, int] = field(
        default_factory=lambda: {"battles": 0, "sieges": 0, "retreats": 0, "decisions": 0}
    )
    agreements: list[Agreement] = field(default_factory=list)  # Diplomacy
    fracture: Fracture = field(default_factory=Fracture)  # The Fracture
    derived: Derived = field(default_factory=Derived, init=False, repr=False, compare=False,
                             metadata=NOT_PLAIN)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def sector_at(self, q: int, r: int) -> Sector | None:
        for sector in self.sectors:
            if sector.q == q and sector.r == r:
                return sector
        return None

    def copy(self) -> State:
        """A fully independent deep copy, written out by hand (fields set on a bare object, as
        Unit.copy): several times faster than a pickle round trip, and bots clone the state
        at every search iteration."""
        copied = State.__new__(State)
        copied.options, copied.rng = self.options.copy(), self.rng
        copied.players = [player.copy() for player in self.players]
        copied.sectors = [sector.copy() for sector in self.sectors]
        copied.units = [unit.copy() for unit in self.units]
        copied.storms = [[list(vertex) for vertex in storm] for storm in self.storms]
        copied.storm_ids = list(self.storm_ids)
        copied.tech = {kind: [slot.copy() for slot in slots] for kind, slots in self.tech.items()}
        copied.tech_discard = {kind: list(cards) for kind, cards in self.tech_discard.items()}
        copied.action_deck, copied.action_pool = list(self.action_deck), list(self.action_pool)
        copied.action_discard = list(self.action_discard)
        copied.artifact_deck = list(self.artifact_deck)
        copied.artifact_discard = list(self.artifact_discard)
        copied.objectives, copied.age2_revealed = list(self.objectives), self.age2_revealed
        copied.faction_offer = list(self.faction_offer)
        copied.cycle, copied.phase, copied.first_player = self.cycle, self.phase, self.first_player
        copied.watcher, copied.turn = self.watcher, self.turn
        copied.stack = [task.copy() for task in self.stack]
        copied.prompts = [prompt.copy() for prompt in self.prompts]
        copied.winners, copied.stats = list(self.winners), dict(self.stats)
        copied.agreements = [agreement.copy() for agreement in self.agreements]
        copied.fracture = self.fracture.copy()
        copied.derived = Derived()
        # The same map: its grids, which never change, serve the copy too.
        copied.derived.grid = self.derived.grid
        copied.derived.ruin_grid = self.derived.ruin_grid
        return copied
