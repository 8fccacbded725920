"""The whole state of a Hegemonic game, as plain dataclasses.

The map is a list of sectors (every hex of the boards but the Center) and a list of
Locations on their tiles; both only grow, so an index names a sector or a Location for the
whole game. A player's board is the count of Bases built on each track, their Units are
sectors (or -1 in the supply) and their Technology Cards are ids. The random generator,
the decks' and the tile stack's order and the secret choices not yet revealed live here
too; ``hidden.py`` says which of them a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.decisions import Prompt
from core.games.hegemonic import GAME
from core.machine import Task as Task  # a field of State; its modules import it from here

# Each seat is called by its House's colour (galaxy.toml) until players name themselves.
DEFAULT_NAMES = ("Red", "Blue", "Yellow", "Green", "Cyan", "Purple")
# The phases of a round; "setup" before the first, "over" after the last.
PHASES = ("setup", "collection", "expansion", "action1", "action2", "action3", "arbitration",
          "over")
MODULES = tuple(m.key for m in GAME.modules)


@dataclass(slots=True)
class Sector:
    """A hex of the map. Copies of a state share their Sectors: one changes only through
    ``galaxy.changing_sector``, which gives the state a copy of its own first."""

    q: int
    r: int
    board: int  # 0 for the Galactic Core, then the Galaxy Boards in the order placed
    tile: str = ""  # "" while the hex is empty; a Home Sector holds its House's id
    home: int = -1  # the seat whose Home Sector this is
    faction: str = ""
    locations: list[int] = field(default_factory=list)

    def copy(self) -> Sector:
        return Sector(self.q, self.r, self.board, self.tile, self.home, self.faction,
                      list(self.locations))


@dataclass(slots=True)
class Location:
    """A place for Bases on a tile. Copies of a state share their Locations: one changes
    only through ``pieces.changing_location``, which gives the state a copy of its own first."""

    sector: int
    kind: str  # industrial, political or martial
    power: int  # an Embassy's power, a stack's capacity; 1 for an Industrial Location
    owner: int = -1
    height: int = 0  # Bases here: 0 or 1, or an Outpost stack's height

    def copy(self) -> Location:
        return Location(self.sector, self.kind, self.power, self.owner, self.height)


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    colour: str
    house: str
    caps: int = 0
    vp: int = 0
    tech_vp: int = 0  # the final scoring's points for Advanced Technologies
    built: list[int] = field(default_factory=lambda: [0, 0, 0])  # Bases on the map, per kind
    agents: list[int] = field(default_factory=list)  # each Agent's sector, -1 in the supply
    fleets: list[int] = field(default_factory=list)
    gates: list[list[int]] = field(default_factory=list)  # each pair's two sectors, [] unbuilt
    hand: list[str] = field(default_factory=list)
    inactive: list[str] = field(default_factory=list)
    advanced: list[str] = field(default_factory=list)
    dealt: list[str] = field(default_factory=list)  # Sector Tiles dealt at setup, secret
    draft: list[str] = field(default_factory=list)  # the Technology Draft's cards to pick from
    card: str = ""  # the Action Card played this phase, once revealed
    attacked: list[str] = field(default_factory=list)  # pieces that attacked this phase
    backed: list[str] = field(default_factory=list)  # factions and Outposts that backed units
    leader: str = ""  # the Leaders module: the player's Leader and the level showing
    level: int = 0

    def copy(self) -> Player:
        return Player(self.seat, self.name, self.colour, self.house, self.caps, self.vp,
                      self.tech_vp, list(self.built), list(self.agents), list(self.fleets),
                      [list(g) for g in self.gates], list(self.hand), list(self.inactive),
                      list(self.advanced), list(self.dealt), list(self.draft), self.card,
                      list(self.attacked), list(self.backed), self.leader, self.level)


@dataclass(slots=True)
class Options:
    players: int
    seed: int = 0
    names: list[str] = field(default_factory=list)
    layout: str = "suggested"
    homes: str = "recommended"
    modules: list[str] = field(default_factory=list)

    def copy(self) -> Options:
        return Options(self.players, self.seed, list(self.names), self.layout, self.homes,
                       list(self.modules))


@dataclass(slots=True)
class State:
    options: Options
    rng: int
    players: list[Player]
    boards: list[list[int]] = field(default_factory=list)  # placed boards: rotation, q, r
    sectors: list[Sector] = field(default_factory=list)
    locations: list[Location] = field(default_factory=list)
    map_key: str = ""  # names the map's shape, for the geometry cache
    draw: list[str] = field(default_factory=list)  # the Sector Tile stack; the last is the top
    unused: list[str] = field(default_factory=list)  # tiles out of this game
    pool: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # Technology Cards; the last is the top
    piles: list[list[str]] = field(default_factory=list)  # discard pile(s); last on top
    out: list[str] = field(default_factory=list)  # Technology Cards out of this game
    round: int = 0
    phase: str = "setup"
    arbiter: int = 0
    order: list[int] = field(default_factory=list)  # this Action Phase's order of play
    turn: int = -1  # the seat resolving its Action Card, -1 outside
    chosen: dict[int, str] = field(default_factory=dict)  # secret choices not yet revealed
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {
        "decisions": 0, "conflicts": 0, "attacker_wins": 0, "defender_wins": 0, "draws": 0,
        "built": 0, "gates": 0, "advanced": 0})

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def modules(self) -> list[str]:
        return self.options.modules

    def copy(self) -> State:
        """A deep copy written out by hand: bots clone the state at every search step. The
        Sectors and Locations are shared: one changes only once the state has a copy of its
        own (``galaxy.changing_sector``, ``pieces.changing_location``)."""
        return State(
            self.options.copy(), self.rng, [p.copy() for p in self.players],
            [list(b) for b in self.boards], list(self.sectors), list(self.locations),
            self.map_key, list(self.draw),
            list(self.unused), list(self.pool), list(self.deck), [list(p) for p in self.piles],
            list(self.out), self.round, self.phase, self.arbiter, list(self.order), self.turn,
            dict(self.chosen), [t.copy() for t in self.stack], [p.copy() for p in self.prompts],
            list(self.winners), dict(self.stats))
