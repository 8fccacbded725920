"""Hegemonic positions for rule tests: the suggested galaxy with tiles, Homes, Bases and
Units put down by hand, then one task run through the engine and answered choice by
choice.

Every Technology Card and Sector Tile is somewhere (the cards not given in the draw pile,
the tiles not laid out of the game) and every Base is counted on its track, so the state
invariants hold in these positions too.
"""

from __future__ import annotations

from typing import Any

from core.checks import pending
from core.events import Event
from core.games.hegemonic import galaxy, pieces, rules
from core.games.hegemonic.content import KINDS, load_content
from core.games.hegemonic.game import Game
from core.games.hegemonic.invariants import check_state
from core.games.hegemonic.state import Options, Task

CONTENT = load_content()


def blank(players: int = 4, modules: tuple[str, ...] = (), phase: str = "action1") -> Game:
    """A game in its first round on the suggested galaxy with every hex empty, nobody's
    pieces on it, every card in the draw pile (in content order, the last on top) and every
    tile out of the game; nothing pending."""
    game = Game.new(Options(players=players, seed=1, modules=list(modules)))
    state = game.state
    state.stack, state.prompts, state.chosen = [], [], {}
    galaxy.make_sectors(state, CONTENT)
    state.locations = []
    state.round, state.phase, state.arbiter = 1, phase, 0
    for player in state.players:
        player.built = [0, 0, 0]
        player.caps = player.vp = 0
        player.hand, player.inactive, player.advanced = [], [], []
        player.dealt, player.draft = [], []
        player.agents = [-1] * 3
        player.fleets = [-1] * 3
        player.gates = [[], [], []]
    small = players <= 3
    state.deck = list(CONTENT.deck(small))
    state.out = [c for c in CONTENT.cards if c not in state.deck]
    state.piles = [[] for _ in state.piles]
    state.draw, state.pool = [], []
    state.unused = list(CONTENT.tiles)
    return game


def at(game: Game, q: int, r: int) -> int:
    """The sector at (q, r)."""
    for i, sector in enumerate(game.state.sectors):
        if (sector.q, sector.r) == (q, r):
            return i
    raise KeyError((q, r))


def tile(game: Game, tile_id: str, sector: int) -> None:
    game.state.unused.remove(tile_id)
    galaxy.lay_tile(game.state, CONTENT, tile_id, sector)


def home(game: Game, seat: int, sector: int) -> None:
    """The seat's Home with its first Complex, Embassy and Outpost."""
    galaxy.lay_home(game.state, CONTENT, seat, sector)
    for loc in game.state.sectors[sector].locations:
        pieces.place_bases(game.state, seat, loc)


def loc(game: Game, sector: int, kind: str, n: int = 0) -> int:
    """The ``n``-th Location of a kind in a sector."""
    state = game.state
    found = [i for i in state.sectors[sector].locations if state.locations[i].kind == kind]
    return found[n]


def base(game: Game, seat: int, sector: int, kind: str, n: int = 0, height: int = 1) -> int:
    """Bases of the seat on a Location (an Outpost stack of ``height``)."""
    where = loc(game, sector, kind, n)
    pieces.place_bases(game.state, seat, where, height)
    return where


def unit(game: Game, seat: int, kind: str, sector: int) -> int:
    """An Agent (``agent``) or Fleet (``fleet``) of the seat in a sector; its index."""
    player = game.state.players[seat]
    units = player.agents if kind == "agent" else player.fleets
    index = units.index(-1)
    units[index] = sector
    return index


def gate(game: Game, seat: int, a: int, b: int) -> int:
    player = game.state.players[seat]
    pair = next(i for i, p in enumerate(player.gates) if not p)
    player.gates[pair] = [a, b]
    return pair


def give(game: Game, seat: int, *cards: str) -> None:
    """Cards from the draw pile to the seat's hand."""
    for card in cards:
        game.state.deck.remove(card)
        game.state.players[seat].hand.append(card)


def advance(game: Game, seat: int, tech: str, copy: int = 1) -> str:
    card = f"{tech}_{copy}"
    if card in game.state.out:
        game.state.out.remove(card)
    else:
        game.state.deck.remove(card)
    game.state.players[seat].advanced.append(card)
    return card


def build_track(game: Game, seat: int, kind: str, count: int) -> None:
    """Count ``count`` more Bases of a kind as built without putting them on the map, for
    positions that only need a track's readings (the invariants will not hold)."""
    game.state.players[seat].built[KINDS.index(kind)] += count


def run(game: Game, kind: str, seat: int, **data: Any) -> list[Event]:
    """Push one task and run the engine until a decision is pending or the task is done."""
    events: list[Event] = []
    ctx = rules.MACHINE.context(game.state, game.content, events)
    game.state.stack.append(Task(kind, seat, dict(data)))
    rules.MACHINE.run(ctx)
    game.history.extend(events)
    return events


def answer(game: Game, *choices: str) -> list[Event]:
    """Answer the pending prompts in turn (each choice to the only, or first, prompt)."""
    events: list[Event] = []
    for choice in choices:
        prompt = game.pending()[0]
        assert choice in prompt.options, (choice, prompt.kind, prompt.options)
        events += game.apply(prompt.seat, choice)
    return events


WINDOW = ("gift", "scrap:")  # the "at any time" window's choices (actions.standing)


def table_choice(rng: Any, options: list[str]) -> str:
    """A random option, the window's one time in ten where others stand beside it: taken as
    often as any option, gifts and dropped technologies would fill random games and leave
    them few conflicts."""
    plain = [o for o in options if not o.startswith(WINDOW)]
    if plain and len(plain) < len(options) and rng.random() >= 0.1:
        return str(rng.choice(plain))
    return str(rng.choice(options))


def prompt(game: Game) -> Any:
    return game.pending()[0]


def problems(game: Game) -> list[str]:
    """Broken invariants of a position, but for the rule that a decision is pending: a task
    run alone may end with nothing left to decide."""
    found = check_state(game.state) + pending(game.state)
    return [p for p in found if "no decision is pending" not in p]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
