"""Keys per common action, counted through the client as a player presses them: a scripted
hot-seat turn of each player, each choice picked by its number (or the arrows past the
ninth), a confirmation counted as one more key. Lone answers are given by the client and
cost no key; lifting a hot-seat curtain is not part of an action and is not counted.
The counts are recorded in docs/benchmarks.md ("Keys per common action")."""

from __future__ import annotations

from pathlib import Path

from tests.client.test_client import SIZE, keys_for, people_at
from tests.fractal.rules_fixtures import BLUE, RED, new_game

# The common actions of issue 29, as hot-seat turns of a 2-player game (Gorias and Borroka,
# whose lightships carry 3 and 2 and move 2 and 1 sectors): Blue plays first.
BLUE_TURN = {
    "recruit 2 infantry into the only sector": (["pay:recruit", "units:2:infantry"], 2),
    "advance a lightship loaded with 2 of its 3 kinds of rider": (
        ["pay:advance", "unit:22", "unit:23", "to:18"], 4),
    "end the Advance (another lightship could still move)": (["done"], 1),
}
RED_TURN = {
    "colonize": (["pay:colonize", "colony:6:scientific"], 2),
    "move a stack of 2 lightships carrying 3 infantry and a mech 2 sectors": (
        ["pay:advance", "stack:6", "to:14"], 3),
}
BLUE_SECOND_TURN = {
    "advance a loaded lightship into a face-down event (confirmed)": (
        ["pay:advance", "load:34", "to:11"], 4),
}


async def test_the_common_actions_take_the_keys_of_issue_29(tmp_path: Path) -> None:
    game = new_game(2, seed=1)
    assert game.pending()[0].seat == BLUE
    async with people_at(game, SIZE, tmp_path) as (pilot, screen):
        for turn in (BLUE_TURN, RED_TURN, BLUE_SECOND_TURN):
            for action, (choices, keys) in turn.items():
                assert await keys_for(pilot, choices) == keys, action
        state = screen.session.game.state
        assert [u.where for u in state.units if u.owner == RED and u.where >= 0] == [14] * 6
        stack = [u for u in state.units if u.owner == BLUE and u.where == 11]
        assert sorted(u.kind for u in stack) == ["infantry", "infantry", "lightship"]
