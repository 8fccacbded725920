"""Alien Artifacts' setup (AA:80-176): players, the round marker, the first player, the
factions and their setups (R1, R2, R16, R26, R29's reading of the Star Union's discard)."""

from __future__ import annotations

import pytest

from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from tests.artifacts.artifacts_fixtures import CONTENT


def set_up(faction: str, seed: int = 2, players: int = 2) -> tuple[Game, int]:
    """A game whose first player chose ``faction``, its setup done (the first option of
    every setup prompt)."""
    game = Game.new(Options(players=players, seed=seed, factions="chosen"))
    first = game.state.first
    game.apply(first, f"faction:{faction}")
    while game.state.phase == "setup":
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    return game, first


def test_r1_two_to_five_players() -> None:
    """R1 (AA:36, AA:646-650, AA:864-868): 2 to 5 seats, no solo game and no sixth seat."""
    for players in (2, 3, 4, 5):
        assert len(Game.new(Options(players=players, seed=1)).state.players) == players
    for players in (1, 6):
        with pytest.raises(ValueError):
            Game.new(Options(players=players, seed=1))


def test_r2_the_round_marker_starts_on_the_player_count() -> None:
    """R2 (AA:133-136): the marker starts on the space equal to the player count."""
    for players in (2, 3, 4, 5):
        assert Game.new(Options(players=players, seed=1)).state.marker == players


def test_r26_setup_banks_hands_and_the_first_player() -> None:
    """R26 (AA:140-160): 8 credits each, 3 Resource cards dealt to each seat before any
    faction setup, the first player from the seed; factions dealt all differ."""
    firsts = set()
    for seed in range(8):
        game = Game.new(Options(players=3, seed=seed))
        kinds = [e.kind for e in game.history]
        assert kinds[:3] == ["drawn"] * 3
        assert [e.seat for e in game.history[:3]] == [0, 1, 2]
        assert kinds[3:7] == ["first_player", "faction", "faction", "faction"]
        assert all(p.credits == 8 for p in game.state.players
                   if p.faction not in ("dusk_syndicate", "ix_wanderers"))  # + 3 at setup
        factions = [p.faction for p in game.state.players]
        assert len(set(factions)) == 3 and set(factions) <= set(CONTENT.factions)
        firsts.add(game.state.first)
        assert Game.new(Options(players=3, seed=seed)).state.first == game.state.first
    assert len(firsts) > 1


def test_r26_faction_setups_run_in_seat_order_from_the_first_player() -> None:
    """R26 (AA:157-160): each faction's setup in turn, clockwise from the first player;
    the first turn is the first player's."""
    game = Game.new(Options(players=3, seed=5))
    while game.state.phase == "setup":
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    first = game.state.first
    order = [(first + i) % 3 for i in range(3)]
    keepers = list(dict.fromkeys(e.seat for e in game.history if e.kind == "kept"))
    assert keepers == order
    assert game.state.turn == first and game.pending()[0].kind == "action"


def test_r26_chosen_factions_are_picked_in_seat_order_and_not_twice() -> None:
    """R26 (AA:125-127): with chosen factions, each seat from the first picks one of those
    left."""
    game = Game.new(Options(players=2, seed=4, factions="chosen"))
    first = game.state.first
    prompt = game.pending()[0]
    assert (prompt.seat, prompt.kind) == (first, "faction")
    assert sorted(prompt.options) == sorted(f"faction:{f}" for f in CONTENT.factions)
    game.apply(first, "faction:ix_wanderers")
    prompt = game.pending()[0]
    assert prompt.seat == 1 - first and "faction:ix_wanderers" not in prompt.options
    assert len(prompt.options) == len(CONTENT.factions) - 1


def test_r16_star_union_setup_places_without_completing() -> None:
    """R16, AA:161-176: the operational ship placed in the Empire does not attack, the
    seen technology not kept goes to the bottom of its deck (R29: the card decks have no
    discard pile, AA:529-530, AA:968-969)."""
    game, seat = set_up("star_union")
    player = game.state.players[seat]
    assert [(c.kind, c.side) for c in player.empire] == [("ship", "operational")]
    assert [c.kind for c in player.construction] == ["technology", "planet"]
    assert "setup_keep" in {p.kind for p in Game.new(Options(players=2, seed=1)).pending()}
    rejected = [e for e in game.history if e.kind == "to_bottom" and e.seat == seat]
    assert rejected[0].data == {"deck": "technology", "count": 1}
    kept = player.construction[0].id
    seen = next(e.secret["cards"] for e in game.history if e.kind == "looked" and e.seat == seat)
    assert next(c for c in seen if c != kept) in game.state.technologies[:3]
    assert not [e for e in game.history if e.kind in ("attack_declared", "completed")]


def test_r16_velari_concord_deploys_a_technology_without_a_trigger() -> None:
    """Factions table, R16: 3 technologies seen, 1 Deployed in the Empire, 1 more Under
    Construction; nothing is completed."""
    game, seat = set_up("velari_concord")
    player = game.state.players[seat]
    assert [(c.kind, c.side) for c in player.empire] == [("technology", "logistics")]
    assert [c.kind for c in player.construction] == ["technology"]
    looked = next(e for e in game.history if e.kind == "looked" and e.seat == seat)
    assert looked.data["count"] == 3
    assert not [e for e in game.history if e.kind == "completed"]


@pytest.mark.parametrize(("players", "vp"), [(2, 0), (3, 0), (4, 1), (5, 2)])
def test_r16_dusk_syndicate_settles_the_first_exploit_planet_and_banks_3(
        players: int, vp: int) -> None:
    """Factions table, R16, R30: the deck is searched for the first Exploit planet, which
    is Settled; 1 technology; 11 credits; at 4 players or more 1 VP per 2 rivals."""
    game, seat = set_up("dusk_syndicate", players=players)
    player = game.state.players[seat]
    assert player.vp == vp
    (planet,) = player.empire
    assert (planet.kind, planet.side) == ("planet", "logistics")
    assert CONTENT.planets[planet.id].type == "exploit"
    assert [c.kind for c in player.construction] == ["technology"]
    assert player.credits == 11


@pytest.mark.parametrize(("players", "vp"), [(2, 0), (3, 2), (4, 3), (5, 4)])
def test_r16_verdant_accord_exploits_a_planet_without_producing(players: int, vp: int) -> None:
    """Factions table, R16: the planet placed Exploited produces nothing in the setup; at 3
    players or more the Verdant Accord starts with 1 VP per rival (the `rivals` counter)."""
    game, seat = set_up("verdant_accord", players=players)
    player = game.state.players[seat]
    (planet,) = player.empire
    assert (planet.kind, planet.side, planet.under) == ("planet", "operational", [])
    assert [c.kind for c in player.construction] == ["planet"]
    assert not [e for e in game.history if e.kind == "produced"]
    assert player.vp == vp


def test_ashen_brood_setup() -> None:
    """Factions table: 2 ships seen, 1 kept, 1 more ship, a Defense Plan."""
    game, seat = set_up("ashen_brood")
    player = game.state.players[seat]
    assert [c.kind for c in player.construction] == ["ship", "ship"] and not player.empire
    assert len(player.plans) == 1


@pytest.mark.parametrize(("players", "artifacts"), [(2, 2), (3, 3), (4, 3), (5, 3)])
def test_ix_wanderers_setup(players: int, artifacts: int) -> None:
    """Factions table, R30: one Alien Artifact and one more per rival, 2 more at most (the
    `rivals` counter and `max`), the first Explore planet of the deck, a ship, all Under
    Construction; 11 credits."""
    game, seat = set_up("ix_wanderers", players=players)
    player = game.state.players[seat]
    assert len(player.artifacts) == artifacts
    assert not player.empire and player.credits == 11
    planet, ship = player.construction
    assert CONTENT.planets[planet.id].type == "explore" and ship.kind == "ship"
