"""Setup (rulebook steps 1-24): the map, the player components, factions, shared boards.

Everything random is drawn from the game's own generator, so one seed gives one setup.
The faction and government choices are decisions: tasks "setup_faction" and
"setup_government" run in seat order from the first player.
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, arg
from core.games.fractal import board, colonize, modules
from core.games.fractal.content import Content
from core.games.fractal.layouts import layout
from core.games.fractal.modules import dawn
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import (
    RESERVE,
    ColonySpace,
    Options,
    Player,
    Sector,
    State,
    Task,
    TechSlot,
    Unit,
)
from core.words import seat_names

TECH_SLOTS = {2: 3, 3: 4, 4: 5}
ACTION_POOL = 4


def new_state(options: Options, content: Content) -> State:
    if options.players not in TECH_SLOTS:
        raise ValueError("Fractal is played by 2, 3 or 4 players")
    modules.check(options.modules)
    colours = content.tokens.colours
    # A player with no name of their own is called by their colour, as the game says it.
    names = seat_names(options.names, [colour.title() for colour in colours[:options.players]])
    players = [Player(seat=i, name=names[i], colour=colours[i])
               for i in range(options.players)]
    state = State(options=options, rng=rng.seed_state(options.seed), players=players)
    _lay_out_map(state, content)
    _place_events(state, content)
    _create_units(state, content)
    for player in players:
        player.tactics = [c.id for c in content.tactics_for_colour(player.colour, elite=False)]
    _offer_factions(state, content)
    _set_up_technologies(state, content)
    _set_up_decks(state, content)
    state.first_player = rng.below(state, options.players)
    if modules.on(state, modules.DAWN_OF_THE_GALAXY):
        # Drawn after everything else, so the rest deals as it does without the module.
        dawn.set_up(state, content)
    state.stack.append(Task("game"))
    for seat in reversed(_seat_order(state)):
        state.stack.append(Task("setup_government", seat))
    for seat in reversed(_seat_order(state)):
        state.stack.append(Task("setup_faction", seat))
    return state


def _seat_order(state: State) -> list[int]:
    n = len(state.players)
    return [(state.first_player + i) % n for i in range(n)]


def _draw(state: State, pool: list[str]) -> str:
    return pool.pop(rng.below(state, len(pool)))


def _lay_out_map(state: State, content: Content) -> None:
    plan = layout(state.options.map, state.options.players)
    by_kind: dict[str, list[str]] = {}
    for tile in sorted(content.sectors.values(), key=lambda t: t.id):
        by_kind.setdefault(tile.kind, []).append(tile.id)
    variable: list[str] = []
    for kind, count in sorted(plan.variable_counts().items()):
        variable.extend(_draw(state, by_kind[kind]) for _ in range(count))
    rng.shuffle(state, variable)
    for hex_, role in plan.hexes:
        sector = Sector(id=len(state.sectors), q=hex_[0], r=hex_[1], tile="", kind="", spaces=[])
        if role.startswith("start:"):
            sector.kind = "starting"  # the tile arrives with the faction chosen for the seat
        else:
            tile_id = variable.pop() if role == "variable" else _draw(state, by_kind[role])
            _lay_tile(sector, content, tile_id)
        state.sectors.append(sector)
    state.storms = [board.plain_storm(s) for s in plan.storms]
    board.map_changed(state)
    storm_ids = sorted(content.living_storms)
    rng.shuffle(state, storm_ids)
    state.storm_ids = storm_ids[: len(state.storms)]


def _lay_tile(sector: Sector, content: Content, tile_id: str) -> None:
    tile = content.sectors[tile_id]
    sector.tile = tile.id
    sector.kind = tile.kind
    sector.spaces = [ColonySpace(accepts=list(space)) for space in tile.colony]
    sector.event_kind = "" if tile.event == "none" else tile.event


def start_sector(state: State, seat: int) -> Sector:
    plan = layout(state.options.map, state.options.players)
    q, r = plan.starts()[seat]
    found = state.sector_at(q, r)
    assert found is not None
    return found


def _place_events(state: State, content: Content) -> None:
    decks = {
        "obstacle": sorted(content.obstacles),
        "anomaly": sorted(content.anomalies),
        "living_galaxy": sorted(content.living_galaxies),
        "singularity": sorted(content.singularities),
    }
    for deck in decks.values():
        rng.shuffle(state, deck)
    for sector in state.sectors:
        if sector.event_kind:
            sector.event = decks[sector.event_kind].pop()
            sector.event_face_up = False
    board.map_changed(state)


def _create_units(state: State, content: Content) -> None:
    for player in state.players:
        for kind, count in content.tokens.units_per_colour.items():
            for _ in range(count):
                state.units.append(Unit(len(state.units), player.seat, kind, RESERVE))
    for kind, count in content.tokens.black_units.items():
        for _ in range(count):
            state.units.append(Unit(len(state.units), -1, kind, RESERVE, black=True))


def _offer_factions(state: State, content: Content) -> None:
    if state.options.factions:
        state.faction_offer = list(state.options.factions)
        return
    factions = sorted(content.factions)
    rng.shuffle(state, factions)
    state.faction_offer = factions[: state.options.players + 2]


def _set_up_technologies(state: State, content: Content) -> None:
    slots = TECH_SLOTS[state.options.players]
    for kind in ("civil", "military"):
        stacks = {stack: sorted(t.id for t in content.technology_deck(kind, stack))
                  for stack in ("7", "3-5", "1-2")}
        for cards in stacks.values():
            rng.shuffle(state, cards)
        state.tech[kind] = [
            TechSlot(type=kind, cards=[stacks["7"].pop(), stacks["3-5"].pop(), stacks["1-2"].pop()])
            for _ in range(slots)
        ]


def _set_up_decks(state: State, content: Content) -> None:
    age1 = sorted(o.id for o in content.objectives.values() if o.age == 1)
    age2 = sorted(o.id for o in content.objectives.values() if o.age == 2)
    state.objectives = [age1[rng.below(state, len(age1))], age2[rng.below(state, len(age2))]]
    state.action_deck = [card.id for card in content.action_deck(state.options.modules)]
    rng.shuffle(state, state.action_deck)
    state.artifact_deck = sorted(content.artifacts)
    rng.shuffle(state, state.artifact_deck)
    state.action_pool = [state.action_deck.pop() for _ in range(ACTION_POOL)]


# --- Factions, governments and starting pieces (steps 11-16) -------------------------------

@task("setup_faction")
def _faction_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = [f"faction:{f}" for f in ctx.state.faction_offer]
    if ctx.state.options.random_factions:
        # The offer was shuffled from the seed: its first mat is a random one.
        _faction_choice(ctx, t, t.seat, options[0])
        return None
    return [Prompt(t.seat, "faction", options)]


@chooser("setup_faction")
def _faction_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    faction = ctx.content.factions[arg(choice)]
    state.faction_offer.remove(faction.id)
    player = state.players[seat]
    player.faction = faction.id
    player.tactics += [c.id for c in ctx.content.tactics_for_faction(faction.id, elite=False)]
    sector = start_sector(state, seat)
    _lay_tile(sector, ctx.content, faction.starting_sector)
    board.map_changed(state)
    for kind, count in faction.starting_units.items():
        placed = [u for u in state.units
                  if u.owner == seat and u.kind == kind and u.where == RESERVE][:count]
        for unit in placed:
            board.place(state, unit, sector.id)
    ctx.emit("faction_chosen", seat, faction=faction.id)
    colonize.take_colony(ctx, seat, faction.starting_colony, sector)
    ctx.finish(t)


@task("setup_government")
def _government_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    faction = ctx.content.factions[ctx.state.players[t.seat].faction]
    return [Prompt(t.seat, "government", [f"government:{g}" for g in faction.governments])]


@chooser("setup_government")
def _government_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.state.players[seat].government = arg(choice)
    ctx.emit("government_chosen", seat, government=arg(choice))
    ctx.finish(t)
