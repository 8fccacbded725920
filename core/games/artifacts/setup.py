"""A new game (AA:90-176, R26): the decks shuffled, the Available Alien System, the round
marker on the player count (R2), 8 credits each, three Resource cards dealt, the first
player at random, the factions dealt or chosen, then each faction's setup in seat order
from the first player. Setup cards do nothing on arrival (R16)."""

from __future__ import annotations

from core.decisions import Prompt, arg
from core.games.artifacts.cards import draw_resources
from core.games.artifacts.content import Content
from core.games.artifacts.effects import run_effect
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import DEFAULT_NAMES, Options, Player, State, Task
from core.rng import below, seed_state, shuffle
from core.words import seat_names


def new_state(options: Options, content: Content) -> State:
    if options.players not in content.rules.players:
        raise ValueError(f"Alien Artifacts is for 2 to 5 players, not {options.players}")
    names = seat_names(options.names, DEFAULT_NAMES[:options.players])
    players = [Player(seat, names[seat], credits=content.rules.bank_start)
               for seat in range(options.players)]
    state = State(options=options.copy(), rng=seed_state(options.seed), players=players)
    for name, ids in (("deck", content.resources), ("ships", content.ships),
                      ("technologies", content.technologies), ("planets", content.planets),
                      ("plans", content.plans), ("artifacts", content.artifacts),
                      ("systems", content.systems)):
        deck = list(ids)
        shuffle(state, deck)
        setattr(state, name, deck)
    state.system = state.systems.pop()
    state.marker = content.marker_start(options.players)
    state.factions = list(content.factions)
    state.stack.append(Task("setup", data={"stage": "deal"}))
    return state


def seat_order(state: State) -> list[int]:
    n = len(state.players)
    return [(state.first + i) % n for i in range(n)]


@task("setup")
def setup_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Stages: deal (hands, first player, dealt factions), pick (chosen factions, one seat
    at a time), faction setups (one seat at a time), then the first turn."""
    state = ctx.state
    stage = t.data["stage"]
    if stage == "deal":
        for player in state.players:
            draw_resources(ctx, player.seat, ctx.content.rules.hand)
        state.first = below(state, len(state.players))
        ctx.reveal("first_player", state.first)
        if state.options.factions == "dealt":
            shuffle(state, state.factions)
            for seat in seat_order(state):
                _give(ctx, seat, state.factions.pop())
        t.data.update(stage="pick", left=seat_order(state))
        return None
    left: list[int] = t.data["left"]
    if stage == "pick":
        pending = [s for s in left if not state.players[s].faction]
        if pending:
            return [Prompt(pending[0], "faction", [f"faction:{f}" for f in state.factions])]
        t.data.update(stage="factions")
        return None
    if left:
        seat = left.pop(0)
        faction = ctx.content.factions[state.players[seat].faction]
        run_effect(ctx, seat, f"setup:{faction.id}", setup=True)
        return None
    ctx.finish(t)
    state.phase = "play"
    ctx.push("turn", state.first)
    return None


@chooser("setup")
def setup_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    faction = arg(choice)
    ctx.state.factions.remove(faction)
    _give(ctx, seat, faction)


def _give(ctx: Ctx, seat: int, faction: str) -> None:
    ctx.state.players[seat].faction = faction
    ctx.emit("faction", seat, faction=faction)
