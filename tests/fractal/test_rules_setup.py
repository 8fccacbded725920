"""Setup, steps 1-24 of the rulebook."""

from __future__ import annotations

from collections import Counter

import pytest

from core.games.fractal.game import Game
from core.games.fractal.setup import TECH_SLOTS, start_sector
from core.games.fractal.state import RESERVE, Options
from tests.fractal.rules_fixtures import content, new_game


def _setup_prompts(game: Game) -> list[tuple[int, str]]:
    seen = []
    while game.pending()[0].kind in ("faction", "government"):
        prompt = game.pending()[0]
        seen.append((prompt.seat, prompt.kind))
        game.apply(prompt.seat, prompt.options[0])
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_faction_offer_is_players_plus_two_and_chosen_in_seat_order(players: int) -> None:
    # Steps 11-13: players + 2 factions revealed, chosen clockwise from the first player,
    # then each player chooses one of its faction's two governments.
    game = Game.new(Options(players=players, seed=players * 11))
    state = game.state
    assert len(state.faction_offer) == players + 2
    assert len(set(state.faction_offer)) == players + 2
    first = state.first_player
    order = [(first + i) % players for i in range(players)]
    seen = _setup_prompts(game)
    assert seen == [(s, "faction") for s in order] + [(s, "government") for s in order]
    assert len(state.faction_offer) == 2  # the chosen mats left the offer
    for player in state.players:
        assert player.government in content().factions[player.faction].governments


def test_the_first_player_comes_from_the_seed() -> None:
    firsts = {Game.new(Options(players=4, seed=s)).state.first_player for s in range(12)}
    assert len(firsts) > 1  # random...
    again = [Game.new(Options(players=4, seed=s)).state.first_player for s in range(12)]
    assert again == [Game.new(Options(players=4, seed=s)).state.first_player
                     for s in range(12)]  # ...from the seed


def test_a_chosen_faction_cannot_be_chosen_again() -> None:
    game = Game.new(Options(players=2, seed=3, factions=["exodians", "gorias", "saura",
                                                          "borroka"]))
    first = game.pending()[0]
    game.apply(first.seat, "faction:exodians")
    assert "faction:exodians" not in game.pending()[0].options


def test_player_components_start_on_their_tracks() -> None:
    # Steps 5-9 and 14: colonies on their tracks, influence 1 (before any bonus),
    # credits 0 before income, VP 0, markers black side up, non-elite tactics, normal mastery.
    game = Game.new(Options(players=2, seed=5))
    for player in game.state.players:
        assert player.influence == 1 and player.credits == 0
        assert player.taken == dict.fromkeys(player.taken, 0)
        assert all(v == 0 for v in player.vp.values())
        assert not any(m.used or m.depleted for m in player.markers.values())
        assert player.tactics and not any(t.endswith("+elite") for t in player.tactics)
        assert not player.mastery_elite
    units = Counter((u.owner, u.kind) for u in game.state.units if u.owner >= 0)
    per_colour = content().tokens.units_per_colour
    for seat in (0, 1):
        for kind, count in per_colour.items():
            assert units[(seat, kind)] == count


# The starting forces as the mats give them (docs/cards.md). VAX117's single lightship, the
# Borroka's mech, the Exodians' two infantry and the Saura's three are the two-player
# balance of issue 44 (docs/benchmarks.md).
@pytest.mark.parametrize(("faction", "influence", "units"), [
    ("txingur", 2, {"infantry": 2, "lightship": 1}),
    ("delverar", 2, {"infantry": 2, "lightship": 2}),
    ("exodians", 1, {"infantry": 2, "lightship": 2}),
    ("borroka", 1, {"infantry": 3, "lightship": 2, "mech": 1}),
    ("vax117", 1, {"infantry": 2, "lightship": 1}),
    ("saura", 1, {"infantry": 3, "lightship": 2, "mech": 1}),
])
def test_starting_units_and_colony_imperial_gives_one_influence(
        faction: str, influence: int, units: dict[str, int]) -> None:
    # Steps 15-16: the faction's units and colony on its starting sector; an imperial
    # starting colony gains 1 influence at once.
    game = new_game(2, seed=9, factions=[faction, "gorias" if faction != "gorias" else "saura"],
                    governments={"txingur": "spawning_chorus", "delverar": "archive_regency",
                                 "borroka": "iron_horde", "vax117": "silicon_throne"})
    state = game.state
    mat = content().factions[faction]
    sector = start_sector(state, 0)
    assert sector.tile == mat.starting_sector
    here = Counter(u.kind for u in state.units if u.owner == 0 and u.where == sector.id)
    assert dict(here) == dict(mat.starting_units) == units
    assert [(s.owner, s.track) for s in sector.spaces if s.owner >= 0] == [
        (0, mat.starting_colony)]
    assert state.players[0].taken[mat.starting_colony] == 1
    assert state.players[0].influence == influence


@pytest.mark.parametrize("players", [2, 3, 4])
def test_technology_boards_by_player_count(players: int) -> None:
    # Steps 18-19: 3/4/5 slots per board, each a face-down 7, a face-down 3-5 and a
    # face-up 1-2 card, drawn from separately shuffled stacks.
    game = Game.new(Options(players=players, seed=2))
    techs = content().technologies
    for kind in ("civil", "military"):
        slots = game.state.tech[kind]
        assert len(slots) == TECH_SLOTS[players] == players + 1
        for slot in slots:
            assert [techs[c].stack for c in slot.cards] == ["7", "3-5", "1-2"]
            assert all(techs[c].type == kind for c in slot.cards)
            assert slot.top_face_up and not slot.science
    view = game.view(0)
    for slot in view["tech"]["civil"]:
        assert slot["top"] is not None and slot["cards"] == 3


def test_objectives_cycle_marker_decks_and_action_pool() -> None:
    # Steps 20-23: one objective of each Age (Age 2 face-down), cycle 1, shuffled action and
    # artifact decks, and an action pool of four.
    game = Game.new(Options(players=3, seed=4))
    state = game.state
    age1, age2 = (content().objectives[o] for o in state.objectives)
    assert (age1.age, age2.age) == (1, 2)
    assert not state.age2_revealed
    assert state.cycle == 1
    assert len(state.action_pool) == 4
    total = sum(c.copies for c in content().actions.values() if not c.module)
    assert len(state.action_deck) + len(state.action_pool) == total == 54
    assert sorted(state.artifact_deck) == sorted(content().artifacts)
    other = Game.new(Options(players=3, seed=5)).state
    assert (state.action_deck != other.action_deck
            or state.artifact_deck != other.artifact_deck)


def test_events_are_placed_face_down_on_matching_sectors() -> None:
    # Step 4: one face-down obstacle, anomaly, living galaxy or singularity per symbol.
    state = Game.new(Options(players=4, seed=8)).state
    decks = {"obstacle": content().obstacles, "anomaly": content().anomalies,
             "living_galaxy": content().living_galaxies,
             "singularity": content().singularities}
    placed = [s for s in state.sectors if s.event_kind]
    assert placed
    for sector in placed:
        assert sector.event in decks[sector.event_kind]
        assert not sector.event_face_up
    utopian = [s for s in state.sectors if s.kind == "utopian"]
    assert [s.event_kind for s in utopian] == ["singularity"]
    assert len({s.event for s in placed}) == len(placed)


def test_setup_ends_in_the_first_income_and_action_phase() -> None:
    game = new_game(2, seed=1)
    state = game.state
    assert state.phase == "action" and state.cycle == 1
    assert game.pending()[0].kind == "action"
    assert game.pending()[0].seat == state.first_player
    # Income was paid: the productive track with one colony taken gives 4.
    gorias = state.players[0]
    assert gorias.taken["productive"] == 1
    assert gorias.credits == 4 + 1  # + the Bone Guild's income credit
    assert all(u.where == RESERVE or u.where >= 0 for u in state.units)


@pytest.mark.parametrize("modules", [["no_such_module"], ["diplomacy", "fracture", "warp"]])
def test_unknown_modules_are_refused(modules: list[str]) -> None:
    # A game that silently ignored a module would be played by rules its players did not
    # ask for.
    with pytest.raises(ValueError, match="unknown modules: "):
        Game.new(Options(players=2, seed=1, modules=modules))


def test_a_module_named_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="named twice"):
        Game.new(Options(players=2, seed=1, modules=["diplomacy", "diplomacy"]))


@pytest.mark.parametrize("players", [2, 4])
def test_random_factions_deal_each_seat_one_from_the_offer_without_asking(players: int) -> None:
    offer = Game.new(Options(players=players, seed=players * 11)).state.faction_offer
    options = Options(players=players, seed=players * 11, random_factions=True)
    game = Game.new(options)
    assert {kind for _, kind in _setup_prompts(game)} == {"government"}
    dealt = [player.faction for player in game.state.players]
    assert len(set(dealt)) == players and set(dealt) <= set(offer)
    again = Game.new(options.copy())
    _setup_prompts(again)
    assert [p.faction for p in again.state.players] == dealt  # from the seed
