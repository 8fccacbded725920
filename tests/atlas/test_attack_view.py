"""The attack being fought as a player sees it: the view's ``attack`` record, its words, and
the battle panel the client draws from them; and log lines marked with the seat they are
about."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from core.events import SPECTATOR
from core.games.atlas import words
from core.games.atlas.game import Game
from tests.atlas.atlas_fixtures import answer, position, start
from tui.games.atlas import UI

RED, BLUE, GREEN = 0, 1, 2


def panel(view: dict[str, Any], width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(UI.battle(view, words))
    return console.export_text()


def the_mill(players: int = 2) -> Game:
    """Red attacks the Mill, where it has four Workers and Blue a Tower of two and a Worker;
    Red may bring tokens in from the Origin."""
    return position([("mill", 0, 0, [[RED], [RED], [RED], [RED], [BLUE, BLUE], [BLUE]]),
                     ("origin", 1, 0, [[RED], [RED]])], players=players,
                    deck_top=["ace_moons", "ace_suns", "ace_knots"])


def attack_the_mill(game: Game, *choices: str) -> None:
    """Red attacks the Mill (picked without asking when it is Red's only target)."""
    start(game, "attack", RED)
    if game.pending()[0].kind == "attack":
        answer(game, "place:0")
    answer(game, *choices)


def test_before_the_fight_the_numbers_stand_as_the_tokens_count() -> None:
    game = the_mill()
    attack_the_mill(game, "take:1:0")
    record = game.view(RED)["attack"]
    assert (record["attacker"], record["defenders"], record["named"]) == (RED, [BLUE], True)
    assert record["brought"] == {str(RED): 1}
    assert (record["attack"], record["defense"], record["won"]) == (5, 4, None)
    text = panel(game.view(BLUE), 38)
    assert max(len(line) for line in text.splitlines()) <= 38
    for needed in ("Attacker: Red", "Defender: Blue (Painter) (you)", "1 token brought in",
                   "Attack 5 against Defense 4 so far"):
        assert needed in " ".join(text.split()), needed


def test_after_the_fight_the_numbers_compared_and_the_cards_turned() -> None:
    game = the_mill()
    attack_the_mill(game, "take:1:0", "take:1:0")
    assert game.pending()[0].kind == "attack_remove"
    fought = next(e.data for e in game.history if e.kind == "fight")
    record = game.view(SPECTATOR)["attack"]
    assert (record["attack"], record["defense"]) == (fought["attack"], fought["defense"])
    assert record["cards"] == fought["cards"] and record["won"] is True
    assert record["left"] == 1 + fought["attack"] - fought["defense"]
    text = " ".join(panel(game.view(SPECTATOR), 70).split())
    assert f"Attack {fought['attack']} against Defense {fought['defense']}: the attack " \
           f"succeeds; 3 defending tokens still to remove." in text
    assert "turned over Ace of Moons (Moons)" in text


def test_a_seat_outside_the_attack_gets_no_panel() -> None:
    game = position([("mill", 0, 0, [[RED], [BLUE]]), ("origin", 1, 0, [[RED], [GREEN]])],
                    players=3, deck_top=["ace_moons", "ace_suns", "ace_knots"])
    attack_the_mill(game)
    assert game.view(RED)["attack"]["defenders"] == [BLUE]
    assert UI.battle(game.view(GREEN), words) is None
    assert UI.battle(game.view(BLUE), words) is not None
    assert UI.battle(game.view(SPECTATOR), words) is not None


def test_no_attack_no_record() -> None:
    game = the_mill()
    assert game.view(RED)["attack"] is None and UI.battle(game.view(RED), words) is None


def test_a_line_is_marked_with_the_seat_it_is_about() -> None:
    view = the_mill().view(RED)
    line = words.WORDS.event(view, {"kind": "imprisoned", "seat": BLUE, "place": 0, "jailer": RED})
    assert line.seats == (BLUE, RED)  # Blue's Worker is taken: the line is Blue's
