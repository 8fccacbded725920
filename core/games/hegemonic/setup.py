"""Setup (the rulebook's GAME SETUP, steps 1 to 11, and the Learning Game's changes).

The state starts with a single ``game`` task (``rounds.py``); its setup stages run here, so
every shuffle and deal is an event like any other:

1. the first Arbiter, drawn at random;
2. the galaxy: a suggested layout, or boards placed in turn (the free layout);
3-5. colours and Houses by seat; a Leader dealt to each (Leaders module); the Technology
   Cards shuffled and five dealt to each player (the 2/3-player set at 2 or 3 players;
   none in the Learning Game; a draft with the Technology Draft module);
6-7. the Sector Tiles: eight per player at 4 to 6 players (four in the Learning Game, every
   tile in the Longer Game), the 2/3-player set at 2 or 3; shuffled into the stack, two
   dealt to each player in secret;
8-9. Homes placed in turn from the Arbiter, each with its first Complex, Embassy, Outpost;
10. each player lays one dealt tile next to their Home;
11. the other dealt tiles go to the Sector Pool, and one more from the stack at 2 players.
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, arg, int_arg
from core.games.hegemonic import HOME_RULES, LAYOUTS, galaxy, leaders, pieces, technology
from core.games.hegemonic.content import Content, board_hexes
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import (
    DEFAULT_NAMES,
    MODULES,
    Options,
    Player,
    State,
    Task,
)
from core.words import seat_names


def new_state(options: Options, content: Content) -> State:
    n = options.players
    if n not in range(2, 7):
        raise ValueError("Hegemonic is played by 2 to 6 players")
    if len(options.names) > n:
        raise ValueError(f"{len(options.names)} names for {n} players")
    if options.layout not in LAYOUTS:
        raise ValueError(f"the layout is one of {', '.join(LAYOUTS)}")
    if options.homes not in HOME_RULES:
        raise ValueError(f"Homes are placed on {' or '.join(HOME_RULES)} hexes")
    unknown = [m for m in options.modules if m not in MODULES]
    if unknown:
        raise ValueError(f"unknown modules: {', '.join(unknown)}")
    if "learning" in options.modules and options.layout != "suggested":
        raise ValueError("the Learning Game uses the suggested layouts")
    names = seat_names(options.names, DEFAULT_NAMES[:n])
    per_kind = content.units.per_kind
    players = [Player(seat=i, name=names[i], colour=content.homes[i].colour,
                      house=content.homes[i].id, agents=[-1] * per_kind,
                      fleets=[-1] * per_kind, gates=[[] for _ in range(per_kind)])
               for i in range(n)]
    state = State(options=options.copy(), rng=rng.seed_state(options.seed), players=players)
    state.piles = [[] for _ in range(3 if "discard_piles" in options.modules else 1)]
    if options.layout == "suggested":
        state.boards = [list(b) for b in content.layouts[n].boards]
    state.stack = [Task("game", -1, {"stage": "arbiter"})]
    return state


def clockwise(state: State, first: int) -> list[int]:
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def setup_stage(ctx: Ctx, t: Task) -> None:
    """One stage of the ``game`` task before the first round (``rounds.game_step``)."""
    state, content = ctx.state, ctx.content
    stage = t.data["stage"]
    if stage == "arbiter":
        state.arbiter = rng.below(state, len(state.players))
        ctx.reveal("first_arbiter", state.arbiter)
        t.data["stage"] = "layout"
        if state.options.layout == "free":
            ctx.push("layout", state.arbiter, placed=0)
    elif stage == "layout":
        galaxy.make_sectors(state, content)
        ctx.emit("galaxy", -1, boards=[list(b) for b in state.boards])
        if "leaders" in state.modules:
            leaders.deal(ctx)
        t.data["stage"] = "cards"
        _deal_technology(ctx)
    elif stage == "cards":
        _select_tiles(ctx)
        t.data["stage"] = "homes"
        ctx.push("homes", -1, i=0)
    elif stage == "homes":
        t.data["stage"] = "pool"
        ctx.push("first_tiles", -1, i=0)
    else:  # "pool"
        for player in state.players:
            state.pool += player.dealt
            if player.dealt:
                ctx.emit("tiles_pooled", player.seat, tiles=list(player.dealt))
            player.dealt = []
        if len(state.players) == 2 and "learning" not in state.modules:
            _flip(ctx, content.galaxy.two_player_extra)
        t.data["stage"] = "rounds"


def _flip(ctx: Ctx, count: int) -> None:
    state = ctx.state
    for _ in range(min(count, len(state.draw))):
        tile = state.draw.pop()
        state.pool.append(tile)
        ctx.reveal("tile_flipped", -1, tile=tile)


def _deal_technology(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    small = len(state.players) <= 3
    state.deck = list(content.deck(small))
    state.out = [c for c in content.cards if c not in state.deck]
    rng.shuffle(state, state.deck)
    ctx.reveal("deck_shuffled", -1, cards=len(state.deck))
    if "learning" in state.modules:
        return
    if "draft" in state.modules:
        for player in state.players:
            player.draft = [state.deck.pop() for _ in range(content.empire.hand + 1)]
            ctx.reveal("draft_dealt", player.seat, cards=list(player.draft))
        ctx.push("draft", -1)
        return
    for seat in clockwise(state, state.arbiter):
        player = state.players[seat]
        player.hand = [state.deck.pop() for _ in range(content.empire.hand)]
        ctx.reveal("tech_dealt", seat, cards=list(player.hand))


def _select_tiles(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    n = len(state.players)
    learning = "learning" in state.modules
    tiles = list(content.tile_set(small=n <= 3))
    rng.shuffle(state, tiles)
    rest = [t for t in content.tiles if t not in tiles]
    rng.shuffle(state, rest)
    if learning:
        count = content.galaxy.learning_tiles_per_player * n
    elif "longer" in state.modules:
        # Every tile in play; a map larger than the 2/3-player set takes more from the rest.
        count = max(len(tiles), len(state.sectors) - n)
        tiles, rest = tiles + rest, []
    elif n >= 4:
        count = content.galaxy.tiles_per_player * n
    else:
        count = len(tiles)
    # The tiles left out follow from the branch taken, never from a module tested again
    # (the Learning Game with the Longer Game once lost the 2/3-player set's others).
    state.draw = tiles[:count]
    state.unused = tiles[count:] + rest
    ctx.reveal("tiles_stacked", -1, tiles=len(state.draw))
    if learning:
        _flip(ctx, n + (content.galaxy.two_player_extra if n == 2 else 0))
        return
    for seat in clockwise(state, state.arbiter):
        player = state.players[seat]
        player.dealt = [state.draw.pop() for _ in range(content.galaxy.dealt)]
        ctx.reveal("tiles_dealt", seat, tiles=list(player.dealt))


# --- the free layout -------------------------------------------------------------------


@task("layout")
def layout_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``placed``: boards placed so far; players take turns counterclockwise from the
    Arbiter (the seat of the task)."""
    state, content = ctx.state, ctx.content
    n = len(state.players)
    if t.data["placed"] == content.galaxy.boards_for[n - 2]:
        ctx.finish(t)
        return None
    seat = (state.arbiter - t.data["placed"]) % n
    return [Prompt(seat, "layout", galaxy.board_placements(state, content),
                   {"placed": t.data["placed"]})]


@chooser("layout")
def layout_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _, turn, q, r = choice.split(":")
    placement = [int(turn), int(q), int(r)]
    ctx.state.boards.append(placement)
    t.data["placed"] += 1
    hexes = board_hexes(ctx.content.galaxy.shape, (placement[0], placement[1], placement[2]))
    ctx.emit("board_placed", seat, board=placement, hexes=[list(h) for h in hexes])


# --- the Technology Draft ------------------------------------------------------------------


@task("draft")
def draft_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Everyone keeps one card of the cards before them in secret, then passes the rest
    clockwise, until one card is left: it is discarded."""
    state = ctx.state
    waiting = [p for p in state.players if p.seat not in state.chosen and len(p.draft) > 1]
    if waiting:
        return [Prompt(p.seat, "draft_pick", [f"card:{c}" for c in p.draft]) for p in waiting]
    if not state.chosen:
        for player in state.players:
            for card in player.draft:
                technology.discard(ctx, player.seat, card, "draft")
            player.draft = []
        ctx.finish(t)
        return None
    for player in state.players:
        card = state.chosen[player.seat]
        player.draft.remove(card)
        player.hand.append(card)
    state.chosen.clear()
    passed = [p.draft for p in state.players]
    n = len(state.players)
    for seat in range(n):
        state.players[(seat + 1) % n].draft = passed[seat]
        ctx.reveal("draft_passed", (seat + 1) % n, cards=list(passed[seat]))
    return None


@chooser("draft")
def draft_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.state.chosen[seat] = arg(choice)
    ctx.emit("draft_picked", seat, card=arg(choice))


# --- Homes and first tiles -----------------------------------------------------------------


@task("homes")
def homes_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``i``: Homes placed so far, in turn clockwise from the Arbiter."""
    state, content = ctx.state, ctx.content
    order = clockwise(state, state.arbiter)
    if t.data["i"] == len(order):
        ctx.finish(t)
        return None
    seat = order[t.data["i"]]
    return [Prompt(seat, "home", [f"sector:{s}" for s in galaxy.home_hexes(state, content)])]


@chooser("homes")
def homes_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    sector = int_arg(choice)
    galaxy.lay_home(state, ctx.content, seat, sector)
    for loc in state.sectors[sector].locations:
        pieces.place_bases(state, seat, loc)
    t.data["i"] += 1
    ctx.emit("home_placed", seat, sector=sector, house=state.players[seat].house)


@task("first_tiles")
def first_tiles_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``i``: players done, in turn clockwise from the Arbiter. Each lays one of the tiles
    dealt (in the Learning Game, the top of the stack) next to their Home."""
    state = ctx.state
    order = clockwise(state, state.arbiter)
    while t.data["i"] < len(order):
        seat = order[t.data["i"]]
        player = state.players[seat]
        if "learning" in state.modules and state.draw and not player.dealt:
            player.dealt = [state.draw.pop()]
            ctx.reveal("tile_flipped", seat, tile=player.dealt[0])
        hexes = galaxy.next_to(state, pieces.home_of(state, seat))
        if hexes and player.dealt:
            return [Prompt(seat, "first_tile", [f"place:{tile}:{s}" for tile in player.dealt
                                                for s in hexes])]
        t.data["i"] += 1
    ctx.finish(t)
    return None


@chooser("first_tiles")
def first_tiles_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _, tile, sector = choice.split(":")
    state = ctx.state
    state.players[seat].dealt.remove(tile)
    galaxy.lay_tile(state, ctx.content, tile, int(sector))
    t.data["i"] += 1
    ctx.emit("tile_placed", seat, tile=tile, sector=int(sector), first=True)
