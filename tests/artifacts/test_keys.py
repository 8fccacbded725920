"""Keys per common action in Alien Artifacts, counted through the client as a player presses
them (tests.client.test_client.keys_for: an option's number, the arrows past the ninth, and a
confirmation as one more key). A hot-seat 2-player game, seed 1; the counts are recorded in
docs/benchmarks.md ("Keys per common action")."""

from __future__ import annotations

from pathlib import Path

from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from tests.client.test_client import SIZE, keys_for, people_at

# Red keeps a card at setup, then each seat plays the common actions of its first turns;
# each row is (choices, keys) and the draw step's "done" ends the turn.
TURNS = [
    ("keep a card at setup", ["card:modular_habitats"], 2),
    ("Buy from the Ship deck, looking at 1", ["buy", "deck:ship:0"], 3),
    ("discard nothing at the draw step", ["done"], 1),
    ("Buy from the Technology deck, looking at 2 and keeping one",
     ["buy", "deck:technology:1", "card:diplomatic_corps"], 4),
    ("discard nothing at the draw step", ["done"], 1),
    ("Prepare two cards on a Ship", ["prepare", "row:ship", "attach:r63:bottom:widowmaker",
                                     "attach:r25:bottom:widowmaker", "done"], 5),
]


async def test_the_common_actions_of_alien_artifacts_take_few_keys(tmp_path: Path) -> None:
    game = Game.new(Options(players=2, seed=1))
    async with people_at(game, SIZE, tmp_path) as (pilot, screen):
        for action, choices, keys in TURNS:
            assert await keys_for(pilot, choices) == keys, action
        red = screen.session.game.state.players[0]
        ship = next(card for card in red.construction if card.id == "widowmaker")
        assert [section.split(":")[0] for section in ship.under] == ["r63", "r25"]
