"""The battle as a player sees it: the view's ``battle`` record (forces, every tactic with
why it may not be played, the turns, the damage, where a retreat goes), its words, the
warning on a tactic that leaves no other, and the panel the client draws from them."""

from __future__ import annotations

import random
from typing import Any

from core.events import SPECTATOR, for_viewer
from core.games.fractal import invariants
from core.games.fractal.board import place
from core.games.fractal.game import Game
from core.games.fractal.state import Options, State
from core.games.fractal.view import view_of
from core.games.fractal.words import WORDS, battles
from core.plain import to_plain
from tests.fractal.conflict_fixtures import (
    BLUE,
    RED,
    answer,
    colony,
    content,
    events,
    fight,
    galaxy,
    hand,
    line,
    prompt,
    start,
    unit,
    units,
)
from tests.fractal.conflict_fixtures import board as bare_board


def board(sectors: int, players: int = 2) -> State:
    """A line of sectors with real tiles, so that words can name them."""
    state = bare_board(line(sectors), players)
    for sector, tile in zip(state.sectors, content().sectors, strict=False):
        sector.tile = tile
    return state


def view(state: State, seat: int) -> dict[str, Any]:
    return view_of(state, content(), seat)


def test_a_unit_with_nowhere_to_retreat_is_said_to_be_removed_for_it() -> None:
    state = board(3)
    units(state, BLUE, "infantry", 1, 1)
    unit(state, RED, "infantry", 1)
    units(state, BLUE, "lightship", 0, 1)  # enemy units in 0
    colony(state, 2, BLUE)  # an enemy colony in 2
    ctx = start(state, "damage", BLUE, sector=1, kind="retreat", count=1)
    hit = for_viewer(events(ctx, "unit_damaged")[0], RED)
    text = WORDS.event(view(state, RED), hit).text
    assert text.startswith("Your infantry in ")
    assert text.endswith("must retreat, but no sector next to it is safe: it is removed.")


# --- the view's battle record ----------------------------------------------------------------


def two_sides(red: dict[str, int], blue: dict[str, int], sectors: int = 4) -> State:
    """Red and Blue in sector 1 of a line 0-1-2-3; a red colony in 3 draws red's retreats
    to 2, blue's may go to 0 or 2."""
    state = board(sectors)
    for kind, n in red.items():
        units(state, RED, kind, 1, n)
    for kind, n in blue.items():
        units(state, BLUE, kind, 1, n)
    colony(state, 3, RED)
    return state


def side(record: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(s for s in record["sides"] if s["seat"] == seat)


def tactics(record: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in side(record, seat)["tactics"]}


def test_no_battle_no_record_and_the_light_view_has_none() -> None:
    state = two_sides(red={"infantry": 1}, blue={"infantry": 1})
    assert view(state, RED)["battle"] is None
    hand(state, RED, "retreat")
    hand(state, BLUE, "retreat")
    fight(state, 1)
    assert "battle" not in view_of(state, content(), RED, derived=False)
    assert view(state, RED)["battle"]["sector"] == 1


def test_the_record_shows_both_forces_and_why_each_tactic_is_not_playable() -> None:
    state = two_sides(red={"infantry": 2, "mech": 1}, blue={"infantry": 3})
    galaxy(state, 1, "burning_halo")  # hostile conditions: two tactics discarded at random
    hand(state, RED, "ground_assault", "retreat", "strafing_run", "shield_wall",
         "orbital_bombardment")
    hand(state, BLUE, "ground_assault", "retreat", "shield_wall")
    ctx = fight(state, 1)
    record = view(state, BLUE)["battle"]
    assert (record["stage"], record["turn"], record["seats"]) == ("choose", 1, [RED, BLUE])
    assert side(record, RED)["units"] == {"infantry": 2, "mech": 1}
    assert side(record, BLUE)["units"] == side(record, BLUE)["start"] == {"infantry": 3}
    out = {e.seat: e.data["tactics"] for e in events(ctx, "tactics_discarded")}
    for seat in (RED, BLUE):
        offered = [o.removeprefix("tactic:") for o in prompt(state, seat).options]
        shown = tactics(record, seat)
        assert [c for c, t in shown.items() if t["playable"]] == offered
        assert {c for c, t in shown.items() if t["reason"] == "discarded"} == set(out[seat])
        assert all(t["playable"] == (t["reason"] == "") for t in shown.values())
    red = tactics(record, RED)
    for card in ("red:strafing_run", "red:orbital_bombardment"):  # no lightship, no warship
        assert red[card]["reason"] in ("units", "discarded")
    assert red["red:retreat"]["initiative"] == 2


def to_next_choice(ctx: Any) -> None:
    """Answer every prompt with its first option until the seats choose tactics again."""
    state = ctx.state
    while state.prompts and state.prompts[0].kind != "tactic":
        answer(ctx, state.prompts[0].seat, state.prompts[0].options[0])


def test_a_tactic_played_stays_out_and_says_when_it_was_played() -> None:
    state = two_sides(red={"infantry": 3}, blue={"infantry": 3, "mech": 1})
    hand(state, RED, "shield_wall", "retreat")
    hand(state, BLUE, "shield_wall", "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:shield_wall")
    answer(ctx, BLUE, "tactic:blue:shield_wall")
    to_next_choice(ctx)
    record = view(state, RED)["battle"]
    assert record["turn"] == 2 and record["stage"] == "choose"
    assert [[c["tactic"] for c in turn] for turn in record["turns"]] == [
        ["red:shield_wall", "blue:shield_wall"]]
    assert tactics(record, RED)["red:shield_wall"]["reason"] == "played"
    said = battles.reason(view(state, RED), record, RED, "red:shield_wall")
    assert said == "Played in turn 1; out until the battle ends."


def test_a_tactic_without_its_units_says_what_it_needs() -> None:
    state = two_sides(red={"infantry": 2}, blue={"infantry": 1})
    hand(state, RED, "orbital_bombardment", "ground_assault", "retreat")
    hand(state, BLUE, "retreat")
    fight(state, 1)
    reader = view(state, RED)
    record = reader["battle"]
    assert tactics(record, RED)["red:orbital_bombardment"]["reason"] == "units"
    assert battles.reason(reader, record, RED, "red:orbital_bombardment") == (
        "Needs 1 warship.")
    for infantry in state.units[:2]:
        place(state, infantry, 2)  # red's infantry leave: none can be formed
    reader = view(state, RED)
    assert battles.reason(reader, reader["battle"], RED, "red:ground_assault") == (
        "Needs at least 1 infantry.")  # it is formed by 3 infantry, or by 1
    assert battles.reason(reader, record, RED, "red:retreat") == ""


def test_a_chosen_tactic_is_shown_to_its_seat_alone() -> None:
    state = two_sides(red={"infantry": 1}, blue={"infantry": 1})
    hand(state, RED, "ground_assault", "retreat")
    hand(state, BLUE, "ground_assault", "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:retreat")
    mine, theirs, spectator = (view(state, s)["battle"] for s in (RED, BLUE, SPECTATOR))
    assert side(mine, RED)["choice"] == "red:retreat"
    for record in (theirs, spectator):
        assert side(record, RED)["chosen"] and "choice" not in side(record, RED)
        assert not side(record, BLUE)["chosen"]
    for seat in (BLUE, SPECTATOR):
        assert invariants.check_view(state, seat, view(state, seat)) == []
    leaked = view(state, BLUE)
    side(leaked["battle"], RED)["choice"] = "red:retreat"
    assert invariants.check_view(state, BLUE, leaked) == [
        "view of seat 1 shows the tactic seat 0 chose in a battle"]


def test_the_cards_of_the_turn_resolve_in_initiative_order() -> None:
    state = two_sides(red={"infantry": 3}, blue={"infantry": 3})
    hand(state, RED, "ground_assault", "shield_wall")
    hand(state, BLUE, "ground_assault", "shield_wall")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:shield_wall")  # initiative 1 before 3: blue's wall first
    assert prompt(state, RED).kind == "retreat_destination"  # red's assault strikes
    record = view(state, BLUE)["battle"]
    assert record["stage"] == "resolve" and record["group"] == 1
    assert record["groups"] == [[0], [1]]
    assert [(c["seat"], c["tactic"], c["initiative"], c["status"]) for c in record["cards"]] == [
        (BLUE, "blue:shield_wall", 1, "resolved"), (RED, "red:ground_assault", 3, "resolved")]
    assert record["order"] == [RED, BLUE]  # the first player's damage first among equals
    assert side(record, BLUE)["block"] == 0  # its wall blocked 2 of red's 4 points already


def test_the_damage_so_far() -> None:
    state = two_sides(red={"infantry": 3}, blue={"infantry": 3})
    hand(state, RED, "ground_assault", "retreat")
    hand(state, BLUE, "ground_assault", "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:retreat")
    to_next_choice(ctx)
    record = view(state, BLUE)["battle"]
    hits = [e.data for e in events(ctx, "unit_damaged")]
    for seat, other in ((RED, BLUE), (BLUE, RED)):
        dealt = [h for h in hits if h["by"] == seat]
        assert side(record, seat)["dealt"] == len(dealt)
        assert sum(side(record, other)["taken"].values()) == len(dealt)
        gone = sum(1 for h in dealt if h["outcome"] != "toppled")
        assert sum(side(record, other)["units"].values()) == 3 - gone
        assert side(record, other)["start"] == {"infantry": 3}
    assert side(record, RED)["taken"] == {"retreat": 1}
    assert battles.losses(side(record, RED)) == "Took 1 retreated; dealt 2 hits"


def test_where_each_side_would_retreat() -> None:
    state = two_sides(red={"infantry": 1}, blue={"infantry": 1})
    hand(state, RED, "retreat")
    hand(state, BLUE, "retreat")
    fight(state, 1)
    reader = view(state, RED)
    record = reader["battle"]
    assert side(record, RED)["retreat"] == [2]  # nearest to red's colony in 3
    assert side(record, BLUE)["retreat"] == [0, 2]  # blue has nothing else on the map
    zero, two = (WORDS.spot_name(reader, s) for s in (0, 2))
    assert battles.retreat(reader, record, side(record, BLUE)) == (
        f"Retreat: to {zero} or {two}, as the player dealing the damage picks.")
    assert battles.retreat(reader, record, side(record, RED)) == f"Retreat: to {two}."


def test_a_side_with_nowhere_to_retreat_is_told_its_units_would_be_removed() -> None:
    state = board(3)
    units(state, RED, "infantry", 1, 1)
    units(state, BLUE, "infantry", 1, 1)
    units(state, BLUE, "lightship", 0, 1)
    colony(state, 2, BLUE)
    hand(state, RED, "retreat")
    hand(state, BLUE, "retreat")
    fight(state, 1)
    reader = view(state, RED)
    red = side(reader["battle"], RED)
    assert red["retreat"] == []
    assert battles.retreat(reader, reader["battle"], red) == (
        "Retreat: no safe sector next to it; a unit forced to retreat is removed.")


# --- the warning before a tactic that leaves nothing to play ---------------------------------


def warnings(state: State, seat: int) -> dict[str, str]:
    asked = WORDS.question(view(state, seat), to_plain(prompt(state, seat)))
    return {o.choice.removeprefix("tactic:"): o.warning for o in asked.options}


def test_a_tactic_whose_cost_leaves_no_other_carries_a_warning() -> None:
    state = two_sides(red={"lightship": 1, "mech": 1}, blue={"infantry": 2})
    hand(state, RED, "ramming_run", "strafing_run", "orbital_bombardment")
    hand(state, BLUE, "ground_assault", "retreat")
    fight(state, 1)
    found = warnings(state, RED)
    place = WORDS.spot_name(view(state, RED), 1)
    # Ramming Run removes the lightship Strafing Run needs; the mech alone forms nothing.
    assert found == {"red:ramming_run": "Last tactic: its unit cost leaves no other tactic "
                                        "you can form. If the battle lasts another turn, your "
                                        f"units in {place} go missing in action.",
                     "red:strafing_run": ""}
    assert tactics(view(state, RED)["battle"], RED)["red:ramming_run"]["last"] == "tactics"
    assert tactics(view(state, RED)["battle"], RED)["red:orbital_bombardment"]["last"] == ""
    assert set(warnings(state, BLUE).values()) == {""}  # two cards, no cost: no warning


def test_a_tactic_whose_cost_takes_the_last_units_carries_a_warning() -> None:
    state = two_sides(red={"lightship": 1}, blue={"infantry": 2})
    hand(state, RED, "ramming_run", "strafing_run")
    hand(state, BLUE, "ground_assault", "retreat")
    fight(state, 1)
    place = WORDS.spot_name(view(state, RED), 1)
    assert warnings(state, RED) == {
        "red:ramming_run": f"Last units: its unit cost takes every unit you have in {place}, "
                           f"which leaves the battle to the others.",
        "red:strafing_run": ""}


def test_the_only_playable_tactic_carries_a_warning() -> None:
    state = two_sides(red={"infantry": 3}, blue={"infantry": 3})
    hand(state, RED, "ground_assault", "retreat")
    hand(state, BLUE, "ground_assault", "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:retreat")
    to_next_choice(ctx)
    found = warnings(state, RED)
    assert list(found) == ["red:retreat"]
    assert found["red:retreat"].startswith("Last tactic: no other tactic of yours can be "
                                           "formed here. If the battle lasts another turn")
    assert set(warnings(state, BLUE).values()) == {found["red:retreat"]}


def test_in_random_games_the_record_offers_what_the_engine_offers() -> None:
    """At every tactic choice of random games, the playable tactics of the record are the
    prompt's options, and no seat's view shows another's choice."""
    choices = 0
    for seed in range(60):
        if choices >= 20:
            break
        game = Game.new(Options(players=2 + seed % 3, map="compact", seed=seed))
        pick = random.Random(seed)
        while not game.over:
            prompt_now = game.pending()[0]
            if prompt_now.kind == "tactic":
                choices += 1
                seen = game.view(prompt_now.seat)
                assert invariants.check_view(game.state, prompt_now.seat, seen) == []
                playable = [t["id"] for t in side(seen["battle"], prompt_now.seat)["tactics"]
                            if t["playable"]]
                assert [f"tactic:{c}" for c in playable] == prompt_now.options
            game.apply(prompt_now.seat, pick.choice(prompt_now.options))
    assert choices >= 20
