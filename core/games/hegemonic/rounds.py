"""The game's course: setup, then rounds of six phases (the rulebook's GAME ROUNDS).

1. Collection: everyone gains the CAP income of their three tracks; Leaders show one more
   level.
2. Expansion: from the Arbiter clockwise, each player flips a tile from the stack into the
   Sector Pool, lays a Pool tile on any empty hex, draws a Technology Card, then discards
   or advances one.
3-5. Three Action Phases: everyone chooses an Action Card in secret; the cards are revealed
   and resolved by order number, lowest first, a tie in clockwise order from a player the
   Arbiter picks; each player takes up to two actions of their card (``actions.py``); the
   cards go back to hand.
6. Arbitration (``arbitration.py``): every seat's last word before it (CAPs given, a
   Leader used), a new Arbiter, CAPs down to the Retention Limit,
   scoring, and the end of the game when the tile stack is empty or the map is full.
"""

from __future__ import annotations

from core.decisions import Prompt, arg, int_arg
from core.games.hegemonic import empire, galaxy, leaders, setup, technology
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task

ACTION_PHASES = ("action1", "action2", "action3")


@task("game")
def game_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: the setup's stages (``setup.setup_stage``), then ``rounds``."""
    state = ctx.state
    if t.data["stage"] != "rounds":
        setup.setup_stage(ctx, t)
    elif state.over:
        ctx.finish(t)
    else:
        state.round += 1
        ctx.emit("round", -1, round=state.round)
        ctx.push("round", -1, next=0)
    return None


@task("round")
def round_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``next``: the phase to start, as an index of collection, expansion, the three
    action phases and arbitration."""
    state = ctx.state
    phases = ("collection", "expansion", *ACTION_PHASES, "arbitration")
    if t.data["next"] == len(phases):
        ctx.finish(t)
        return None
    phase = phases[t.data["next"]]
    t.data["next"] += 1
    state.phase = phase
    ctx.emit("phase", -1, phase=phase)
    if phase == "collection":
        _collection(ctx)
    elif phase == "expansion":
        ctx.push("expansion", -1, i=0, step="flip")
    elif phase == "arbitration":
        ctx.push("arbitration", -1, stage="window", passed=[])
    else:
        ctx.push("action_phase", -1, stage="cards")
    return None


def _collection(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    for player in state.players:
        gain = empire.total_income(content, player)
        player.caps += gain
        ctx.emit("income", player.seat, caps=gain)
    leaders.level_up(ctx)


# --- Expansion -----------------------------------------------------------------------------


@task("expansion")
def expansion_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``i``: players done, clockwise from the Arbiter; ``step``: flip, tile (``hex`` in a
    save of rules version 3), draw; ``tile``: the Pool tile taken instead of the last."""
    state = ctx.state
    order = setup.clockwise(state, state.arbiter)
    if t.data["i"] == len(order):
        ctx.finish(t)
        return None
    seat = order[t.data["i"]]
    step = t.data["step"]
    if step == "flip":
        if state.draw:
            tile = state.draw.pop()
            state.pool.append(tile)
            ctx.reveal("tile_flipped", seat, tile=tile)
        t.data["step"] = "tile"
        return None
    if step in ("tile", "hex"):
        prompt = lay_prompt(ctx, t, seat)
        if prompt is not None:
            return [prompt]
        t.data["step"] = "draw"
        return None
    t.data["i"] += 1
    t.data["step"] = "flip"
    if "learning" not in state.modules:
        ctx.push("draw", seat, keep=True, drawn=False)
    return None


def lay_prompt(ctx: Ctx, t: Task, seat: int) -> Prompt | None:
    """Laying a Pool tile, one question: the empty hex for the tile in hand (the last
    flipped, until the player takes another: ``tile``), or another Pool tile to lay
    instead. None when no tile or no hex is left."""
    state = ctx.state
    hexes = galaxy.empty_hexes(state)
    if not state.pool or not hexes:
        return None
    tile = _tile_in_hand(state, t)
    others = [f"tile:{c}" for c in dict.fromkeys(state.pool) if c != tile]
    return Prompt(seat, "tile_hex", [*(f"sector:{s}" for s in hexes), *others],
                  {"tile": tile})


def _tile_in_hand(state: State, t: Task) -> str:
    tile = t.data.get("tile", "")
    return tile if tile in state.pool else state.pool[-1]


def lay_choose(ctx: Ctx, t: Task, seat: int, choice: str, then: str) -> None:
    state = ctx.state
    if choice.startswith("tile:"):
        t.data["tile"] = arg(choice)
        return
    tile = _tile_in_hand(state, t)
    t.data.pop("tile", None)
    sector = int_arg(choice)
    state.pool.remove(tile)
    galaxy.lay_tile(state, ctx.content, tile, sector)
    t.data["step"] = then
    ctx.emit("tile_placed", seat, tile=tile, sector=sector, first=False)


@chooser("expansion")
def expansion_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    lay_choose(ctx, t, seat, choice, "draw")


# --- drawing a Technology Card ---------------------------------------------------------------


@task("draw")
def draw_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Draw one card from a source of the player's choice; then, with ``keep``, discard or
    advance one card of the hand (``drawn``: the card is drawn)."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    if not t.data["drawn"]:
        options = technology.sources(state, player)
        if options:
            return [Prompt(t.seat, "draw_source", options)]
        t.data["drawn"] = True
    if t.data["keep"] and player.hand:
        options = [f"discard:{c}" for c in dict.fromkeys(player.hand)]
        options += technology.advance_options(content, player, player.hand)
        return [Prompt(t.seat, "keep_or_advance", options)]
    ctx.finish(t)
    return None


@chooser("draw")
def draw_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if not t.data["drawn"]:
        technology.draw(ctx, seat, choice)
        t.data["drawn"] = True
        return
    parts = choice.split(":")
    player = ctx.state.players[seat]
    if parts[0] == "discard":
        player.hand.remove(parts[1])
        technology.discard(ctx, seat, parts[1], "hand")
    else:
        technology.advance(ctx, seat, parts[1], parts[2] if len(parts) > 2 else "")
    t.data["keep"] = False


# --- the Action Phases ------------------------------------------------------------------------


@task("action_phase")
def action_phase_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: cards (chosen in secret by all), ties (the Arbiter orders each tie),
    turns (``i`` players done), then the cards go back to hand. ``groups``: the seats of
    each order number, lowest first; ``g``: the group being ordered."""
    state, content = ctx.state, ctx.content
    stage = t.data["stage"]
    if stage == "cards":
        waiting = [p.seat for p in state.players if p.seat not in state.chosen]
        if waiting:
            cards = [f"card:{c}" for c in content.action_cards]
            return [Prompt(seat, "action_card", list(cards)) for seat in waiting]
        _reveal_cards(ctx, t)
        return None
    if stage == "ties":
        groups = t.data["groups"]
        while t.data["g"] < len(groups) and len(groups[t.data["g"]]) < 2:
            state.order.append(groups[t.data["g"]][0])
            t.data["g"] += 1
        if t.data["g"] < len(groups):
            group = groups[t.data["g"]]  # one order number, maybe more than one card
            cards = list(dict.fromkeys(state.players[s].card for s in group))
            return [Prompt(state.arbiter, "tie_order", [f"first:{s}" for s in group],
                           {"cards": cards, "order": content.action_cards[cards[0]].order})]
        t.data["stage"] = "turns"
        t.data["i"] = 0
        ctx.emit("order", -1, order=list(state.order))
        return None
    if stage == "turns" and t.data["i"] < len(state.order):
        seat = state.order[t.data["i"]]
        t.data["i"] += 1
        state.turn = seat
        ctx.push("turn", seat, taken=0)
        return None
    state.turn = -1
    state.order = []
    for player in state.players:
        player.card = ""
    ctx.finish(t)
    return None


def _reveal_cards(ctx: Ctx, t: Task) -> None:
    state, content = ctx.state, ctx.content
    for player in state.players:
        player.card = state.chosen[player.seat]
        player.attacked = []
        player.backed = []
    state.chosen.clear()
    ctx.reveal("cards_revealed", -1, cards=[p.card for p in state.players])
    numbers = sorted({content.action_cards[p.card].order for p in state.players})
    t.data["groups"] = [[p.seat for p in state.players
                         if content.action_cards[p.card].order == number]
                        for number in numbers]
    t.data["g"] = 0
    t.data["stage"] = "ties"
    state.order = []


@chooser("action_phase")
def action_phase_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    if t.data["stage"] == "cards":
        state.chosen[seat] = arg(choice)
        ctx.emit("card_chosen", seat, card=arg(choice))
        return
    group = t.data["groups"][t.data["g"]]
    first = int_arg(choice)
    # Clockwise round the table from the chosen player, among the tied ones.
    n = len(state.players)
    state.order += sorted(group, key=lambda s: (s - first) % n)
    t.data["g"] += 1
    ctx.emit("tie_ordered", seat, first=first, seats=list(group))
