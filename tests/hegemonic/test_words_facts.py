"""What the words work out from a view (``words.facts``) agrees with the engine's own
answers: what a Base costs, what declaring a conflict costs, what a faction lends, which
sectors are next to each other, in random games and in positions with the technologies
that change them."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic import build, power, targeting
from core.games.hegemonic.game import Game
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.state import Options
from core.games.hegemonic.words import facts
from core.rng import Rng
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    advance,
    at,
    base,
    blank,
    gate,
    table_choice,
    tile,
)

RED, BLUE = 0, 1


def _check(game: Any, prompt: Any) -> int:
    """Compares the words' readings with the engine's for one prompt; how many."""
    state, seat = game.state, prompt.seat
    view = game.view(seat)
    geo = geometry(state)
    checked = 0
    free = any(t.kind == "build" and "free" in t.data for t in state.stack)
    for option in prompt.options:
        head, _, rest = option.partition(":")
        if prompt.kind == "build" and head == "build" and not free:
            loc = int(rest)
            assert facts.build_cost(view, seat, loc) == build.base_cost(state, CONTENT, seat,
                                                                         loc, geo)
            checked += 1
        if prompt.kind == "target" and head == "target":
            sector, defender = (int(x) for x in rest.split(":"))
            pattern = CONTENT.patterns[prompt.context["pattern"]]
            target = targeting.target_in(state, sector, defender, pattern.target)
            assert target is not None
            locations, units, gates = facts.target_pieces(view, sector, defender,
                                                          pattern.target)
            assert (locations, units, gates) == (target.locations, len(target.units),
                                                 len(target.gates))
            assert facts.conflict_cost(view, seat, pattern.conflict, locations) == \
                targeting.cost(state, CONTENT, seat, pattern.conflict, target)
            checked += 1
        if head == "faction":
            assert facts.faction_power(view, seat, rest) == power.faction_power(state, seat,
                                                                                rest)
            checked += 1
    return checked


def test_the_words_readings_agree_with_the_engine_in_random_games() -> None:
    checked = 0
    for seed, players, modules in ((1, 4, []), (2, 6, ["wild_homes"]), (3, 3, ["leaders"]),
                                   (4, 5, ["longer"])):
        game = Game.new(Options(players=players, seed=seed, modules=modules))
        rng = Rng(seed)
        while not game.over:
            prompt = rng.choice(game.pending())
            checked += _check(game, prompt)
            game.apply(prompt.seat, table_choice(rng, prompt.options))
    assert checked > 150


def test_the_technologies_that_change_a_base_s_cost() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "foundry_drift", a)
    tile(game, "bastion_rift", b)
    base(game, BLUE, a, "industrial")
    stack = base(game, RED, b, "martial")
    view = game.view(RED)
    free_loc = game.state.sectors[a].locations[1]
    assert facts.build_cost(view, RED, free_loc) == 1
    advance(game, RED, "nano_fabricants")
    advance(game, RED, "self_replicating_drones")
    view = game.view(RED)
    geo = geometry(game.state)
    for loc in (free_loc, stack):
        assert facts.build_cost(view, RED, loc) == build.base_cost(game.state, CONTENT, RED,
                                                                    loc, geo) == 0


def test_next_to_means_a_hex_away_or_joined_by_a_gate() -> None:
    game = blank()
    a, b, far = at(game, 0, 1), at(game, 0, 2), at(game, -3, 3)
    for sector, name in ((a, "hollow"), (b, "quiet_dark"), (far, "starless_gulf")):
        tile(game, name, sector)
    view = game.view(RED)
    assert facts.within_one(view, a, b) and not facts.within_one(view, a, far)
    gate(game, BLUE, a, far)
    view = game.view(RED)
    dist = geometry(game.state).dist
    assert facts.within_one(view, a, far) == (dist[a][far] <= 1)
