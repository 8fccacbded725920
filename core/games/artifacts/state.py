"""The whole state of an Alien Artifacts game, as plain dataclasses.

Every card is named by its content id. Decks are lists whose last item is the top card. A
card on a faction board is a :class:`Card`: Under Construction it has no side and holds the
Resource sections prepared under it; in the Empire it has a side, its Blockade tokens and,
for a planet, the sections produced on it. A tucked section is written ``<resource>:<top|
bottom>``. The random generator lives here too; ``hidden.py`` says what a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.decisions import Prompt
from core.machine import Task as Task  # a field of State; its modules import it from here

DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")  # the seats' colours
PHASES = ("setup", "play", "over")


@dataclass(slots=True)
class Card:
    id: str
    kind: str  # ship, technology or planet
    side: str = ""  # "" Under Construction; logistics or operational in the Empire
    tokens: int = 0  # Blockade tokens (Empire cards only)
    under: list[str] = field(default_factory=list)  # sections prepared or produced

    def copy(self) -> Card:
        return Card(self.id, self.kind, self.side, self.tokens, list(self.under))


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    faction: str = ""
    credits: int = 0
    vp: int = 0
    hand: list[str] = field(default_factory=list)
    plans: list[str] = field(default_factory=list)  # Defense Plan cards held
    artifacts: list[str] = field(default_factory=list)  # Alien Artifacts held
    construction: list[Card] = field(default_factory=list)
    empire: list[Card] = field(default_factory=list)
    used: list[str] = field(default_factory=list)  # ADDITIONALLY cards used this turn (R25)
    attacked: list[str] = field(default_factory=list)  # ships that attacked this turn
    end_vp: dict[str, int] = field(default_factory=dict)  # the final scoring, by part
    # Ships, technologies and planets this seat has looked at (a Buy, a look at a deck),
    # both sides: it knows them wherever they go (faces.py), the deck bottom included.
    seen: list[str] = field(default_factory=list)

    def copy(self) -> Player:
        return Player(self.seat, self.name, self.faction, self.credits, self.vp,
                      list(self.hand), list(self.plans), list(self.artifacts),
                      [c.copy() for c in self.construction], [c.copy() for c in self.empire],
                      list(self.used), list(self.attacked), dict(self.end_vp),
                      list(self.seen))


@dataclass(slots=True)
class Options:
    players: int
    seed: int = 0
    names: list[str] = field(default_factory=list)
    factions: str = "dealt"  # R26: dealt at random or chosen

    def copy(self) -> Options:
        return Options(self.players, self.seed, list(self.names), self.factions)


@dataclass(slots=True)
class State:
    options: Options
    rng: int
    players: list[Player]
    deck: list[str] = field(default_factory=list)  # the Resource deck
    discard: list[str] = field(default_factory=list)  # the Resource discard pile
    ships: list[str] = field(default_factory=list)
    technologies: list[str] = field(default_factory=list)
    planets: list[str] = field(default_factory=list)
    plans: list[str] = field(default_factory=list)  # the Defense Plan deck
    artifacts: list[str] = field(default_factory=list)
    artifact_pile: list[str] = field(default_factory=list)  # played Alien Artifacts
    systems: list[str] = field(default_factory=list)  # the Alien System deck, under it
    system: str = ""  # the Available Alien System
    factions: list[str] = field(default_factory=list)  # factions no seat plays
    marker: int = 0  # the round marker's space (R2)
    passes: int = 1  # passes through the Resource deck begun
    first: int = 0
    turn: int = -1  # the seat playing its turn
    turns: int = 0  # turns begun
    ending: bool = False  # the end was triggered (R3)
    phase: str = "setup"
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {
        "decisions": 0, "attacks": 0, "completed": 0, "reshuffles": 0})
    # Cards whose operational side has been face up for everyone (faces.py).
    shown: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def copy(self) -> State:
        """A deep copy written out by hand: bots clone the state at every search step."""
        return State(
            self.options.copy(), self.rng, [p.copy() for p in self.players], list(self.deck),
            list(self.discard), list(self.ships), list(self.technologies), list(self.planets),
            list(self.plans), list(self.artifacts), list(self.artifact_pile),
            list(self.systems), self.system, list(self.factions), self.marker, self.passes,
            self.first, self.turn, self.turns, self.ending, self.phase,
            [t.copy() for t in self.stack], [p.copy() for p in self.prompts],
            list(self.winners), dict(self.stats), list(self.shown))
