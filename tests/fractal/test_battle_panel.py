"""The battle panel of Fractal's plug-in, rendered headless (Rich's text export): it fits
38 columns (the 80x24 layout), stands the sides side by side when given room, shows both
sides' forces and why a tactic may not be played, and is None when no battle concerns the
reader."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from core.events import SPECTATOR
from core.games.fractal.state import State
from core.games.fractal.words import WORDS
from core.games.fractal.words.names import units as unit_words
from tests.fractal.conflict_fixtures import BLUE, GREEN, RED, answer, fight, hand, units
from tests.fractal.test_battle_view import board, two_sides, view
from tui.games.fractal import UI


def rendered(panel: RenderableType | None, width: int) -> str:
    assert panel is not None
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(panel)
    return console.export_text()


def flat(text: str) -> str:
    """The panel's words with the wrapping undone."""
    return " ".join(text.split())


def a_battle() -> State:
    """Turn 2 of a battle in sector 1: Red played Ground Assault, Blue Retreat."""
    state = two_sides(red={"infantry": 3, "lightship": 1}, blue={"infantry": 3, "mech": 1})
    state.players[RED].faction, state.players[BLUE].faction = "saura", "gorias"
    hand(state, RED, "ground_assault", "retreat", "ramming_run", "orbital_bombardment")
    hand(state, BLUE, "ground_assault", "retreat", "shield_wall")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:retreat")
    while state.prompts[0].kind != "tactic":
        answer(ctx, state.prompts[0].seat, state.prompts[0].options[0])
    return state


def test_the_fractal_panel_fits_38_columns_with_both_forces_and_the_reasons() -> None:
    reader = view(a_battle(), RED)
    text = rendered(UI.battle(reader, WORDS), 38)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 38
    said = flat(text)
    red, blue = (reader["battle"]["sides"][s] for s in (RED, BLUE))
    assert f"● {WORDS.seat_name(reader, RED)} (you)" in said
    assert f"■ {WORDS.seat_name(reader, BLUE)}" in said
    assert f"Forces: {unit_words(red['units'])}" in said
    assert f"Forces: {unit_words(blue['units'])}" in said
    assert "✗ Orbital Bombardment (4) Needs 1 warship." in said
    assert "✗ Ground Assault (3) Played in turn 1; out until the battle ends." in said
    assert "✗ Cannot play: Retreat (played)." in said  # Blue's, in one line
    assert "Turn 1: Blue (Gorias)'s Retreat (2) · Your Ground Assault (3)" in said


def test_the_fractal_panel_stands_the_sides_side_by_side_when_wide() -> None:
    reader = view(a_battle(), BLUE)
    narrow, wide = rendered(UI.battle(reader, WORDS), 38), rendered(UI.battle(reader, WORDS), 70)
    heads = [line for line in wide.splitlines() if "■ Blue" in line]
    assert heads and "● Red" in heads[0]  # one line holds both sides' names, the reader's first
    assert heads[0].index("■") < heads[0].index("●")
    assert len(wide.splitlines()) < len(narrow.splitlines())


def test_the_last_playable_tactic_is_marked_in_the_panel() -> None:
    state = two_sides(red={"lightship": 1, "mech": 1}, blue={"infantry": 2})
    hand(state, RED, "ramming_run", "strafing_run")
    hand(state, BLUE, "retreat", "ground_assault")
    fight(state, 1)
    said = flat(rendered(UI.battle(view(state, RED), WORDS), 38))
    assert "✓ Strafing Run (2) ✓ Ramming Run (3) ⚠ leaves no other tactic Retreat" in said


def test_the_cards_resolving_are_shown_in_order() -> None:
    state = two_sides(red={"infantry": 3}, blue={"infantry": 3})
    hand(state, RED, "ground_assault", "shield_wall")
    hand(state, BLUE, "ground_assault", "shield_wall")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:ground_assault")
    answer(ctx, BLUE, "tactic:blue:shield_wall")  # Red's retreat damage asks where Blue goes
    said = flat(rendered(UI.battle(view(state, BLUE), WORDS), 38))
    assert "the cards resolve, lowest initiative first" in said
    assert "Shield Wall: resolved Ground Assault: resolving now" in said


def test_no_panel_for_a_seat_outside_the_battle_but_one_for_a_spectator() -> None:
    state = board(4, players=3)
    units(state, RED, "infantry", 1, 1)
    units(state, BLUE, "infantry", 1, 1)
    units(state, GREEN, "infantry", 3, 1)
    for seat in (RED, BLUE, GREEN):
        hand(state, seat, "retreat")
    assert UI.battle(view(state, RED), WORDS) is None  # no battle yet
    fight(state, 1)
    assert UI.battle(view(state, GREEN), WORDS) is None
    assert UI.battle(view(state, RED), WORDS) is not None
    assert "Battle in" in rendered(UI.battle(view(state, SPECTATOR), WORDS), 38)
