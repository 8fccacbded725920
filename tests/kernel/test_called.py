"""A player's own name is shown wherever their seat is named, never their colour twice."""

import pytest

from core.rulesets import GameSetup, ruleset
from core.words import called


@pytest.mark.parametrize(("colour", "name", "detail", "shown"), [
    ("red", "Red", "Saura", "Red (Saura)"),
    ("blue", "Blue", "", "Blue"),
    ("blue", "blue ", "", "Blue"),
    ("blue", "Ada", "", "Ada (Blue)"),
    ("green", "Ada", "Saura", "Ada (Green, Saura)"),
    ("red", "", "Saura", "Red (Saura)"),
])
def test_called(colour: str, name: str, detail: str, shown: str) -> None:
    assert called(colour, name, detail) == shown


@pytest.mark.parametrize("game", ["fractal", "atlas", "hegemonic", "artifacts"])
def test_every_game_names_a_player_by_their_own_name(game: str) -> None:
    rules = ruleset(game)
    players = min(rules.players)
    named = rules.new_game(GameSetup(players=players, seed=3, names=["Ada"]))
    plain = rules.new_game(GameSetup(players=players, seed=3))
    words = rules.words()
    first = words.seat_name(named.view(0), 0)
    assert first.startswith("Ada (") and "Ada" not in words.seat_name(plain.view(0), 0)
    second = words.seat_name(named.view(0), 1)
    assert second == words.seat_name(plain.view(0), 1) and "(" not in second.split()[0]


def test_a_faction_s_announcement_names_the_player_by_their_own_name() -> None:
    from core.games.fractal.words.events import _faction_chosen

    game = ruleset("fractal").new_game(GameSetup(players=2, seed=3, names=["Ada"]))
    record = {"kind": "faction_chosen", "seat": 0, "faction": "saura"}
    assert _faction_chosen(game.view(1), record).startswith("Ada (Red) plays the ")
    assert _faction_chosen(game.view(0), record).startswith("You play the ")
