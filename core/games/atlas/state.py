"""The whole state of a Fractured Atlas game, as plain dataclasses.

Tokens on the map are seats: a Place holds a list of stacks, each a list of seats from the
bottom up. A stack of one token is a Worker; a longer one is a Tower, ruled by its top
token, the Noble. The random generator, the decks' order and the secret choices not yet
revealed live here too; ``hidden.py`` says which of them a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.decisions import Prompt
from core.machine import Task as Task  # a field of State; its modules import it from here

COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow")

# The phases a round goes through; "advisors" is the setup's choice of Advisors.
PHASES = ("advisors", "cards", "actions", "advisor", "resolution", "over")


@dataclass(slots=True)
class Place:
    card: str
    x: int
    y: int
    stacks: list[list[int]] = field(default_factory=list)

    def copy(self) -> Place:
        return Place(self.card, self.x, self.y, [list(s) for s in self.stacks])


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    colour: str
    supply: int = 0
    advisor: str = ""
    advisor_tokens: int = 0
    hand: list[str] = field(default_factory=list)
    played: str = ""  # the action card played this round, face up once revealed
    took: str = ""  # the action taken in this round's action card phase
    dealt: list[str] = field(default_factory=list)  # the Advisors offered at setup
    first_advisor: str = ""  # the Advisor chosen at setup, for records

    def copy(self) -> Player:
        return Player(self.seat, self.name, self.colour, self.supply, self.advisor,
                      self.advisor_tokens, list(self.hand), self.played, self.took,
                      list(self.dealt), self.first_advisor)


@dataclass(slots=True)
class Options:
    players: int
    seed: int = 0
    names: list[str] = field(default_factory=list)

    def copy(self) -> Options:
        return Options(self.players, self.seed, list(self.names))


@dataclass(slots=True)
class State:
    options: Options
    rng: int
    players: list[Player]
    places: list[Place] = field(default_factory=list)
    atlas: list[str] = field(default_factory=list)  # face down; the last card is the top
    atlas_known: int = 0  # cards at the bottom of the Atlas everyone saw put back
    deck: list[str] = field(default_factory=list)  # the Action Deck; the last card is the top
    discard: list[str] = field(default_factory=list)
    round: int = 0
    phase: str = "advisors"
    order: list[int] = field(default_factory=list)  # this round's order of play
    turn: int = -1  # the seat acting now in the action, advisor or resolution phase
    chosen: dict[int, str] = field(default_factory=dict)  # secret choices not yet revealed
    moved_into: dict[int, int] = field(default_factory=dict)  # place -> seat, this resolution
    ending: bool = False  # the last Place was explored: an empty deck now ends the game
    last_round: bool = False  # the deck ran out after that: the game ends with this round
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {
        "decisions": 0, "attacks": 0, "explored": 0, "failed_explorations": 0})

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def copy(self) -> State:
        """A deep copy written out by hand: bots clone the state at every search step."""
        return State(
            self.options.copy(), self.rng, [p.copy() for p in self.players],
            [p.copy() for p in self.places], list(self.atlas), self.atlas_known,
            list(self.deck), list(self.discard), self.round, self.phase, list(self.order),
            self.turn, dict(self.chosen), dict(self.moved_into), self.ending,
            self.last_round, [t.copy() for t in self.stack],
            [p.copy() for p in self.prompts], list(self.winners), dict(self.stats))
