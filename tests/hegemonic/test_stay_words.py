"""A Fleet or an Agent that may move before it attacks is told, before it stays, whether
anything can be attacked from where it stands: staying with no target ends the action
without a conflict, and the option says so."""

from __future__ import annotations

import pytest

from core.games.hegemonic.words import WORDS
from core.plain import to_plain
from core.rng import Rng
from tests.hegemonic import hegemonic_fixtures as fx
from tests.hegemonic.test_client import eager, mid_game


@pytest.mark.parametrize(("same_sector", "label"), [(True, "Stay"), (False, "Stay (no target)")])
def test_stay_says_whether_anything_can_be_attacked_from_here(same_sector: bool,
                                                              label: str) -> None:
    game = fx.blank(players=4)
    here, near, far = fx.at(game, 0, 1), fx.at(game, 0, 2), fx.at(game, 0, 3)
    for tile, sector in (("tawny_weave", here), ("dusk_throng", near), ("sage_matrix", far)):
        fx.tile(game, tile, sector)
    fx.unit(game, 0, "fleet", here)
    fx.base(game, 1, here if same_sector else far, "martial")
    game.state.players[0].caps = 10
    fx.run(game, "attack", 0, patterns=["strike"], pattern="", piece="", moved=False)
    asked = fx.prompt(game)
    assert asked.kind == "move_to" and asked.options[0] == "stay"
    stay, *moves = WORDS.question(game.view(0), to_plain(asked)).options
    assert stay.label == label
    for move in moves:  # each place says how many targets it leaves
        found = game.view(0)["aims"][move.choice.partition(":")[2]]
        assert move.label.endswith("(no target)") is (found == 0), move
        assert ("nothing to attack" if found == 0 else f"{found} target") in move.text
    events = fx.answer(game, "stay")
    declared = "no_conflict" in fx.kinds(events)
    assert declared is not same_sector  # without a target, staying ended the action


def test_the_targets_counted_for_each_place_are_those_offered_after_moving_there() -> None:
    """Every move_to prompt of random games counts, for staying and for each place, the
    targets the piece is then offered (a lone "none" when it has none)."""
    checked = 0
    for seed in (1, 2, 3):
        game = mid_game(4, seed, rounds=3)
        rng = Rng(seed)
        while not game.over and checked < 40:
            prompt = game.pending()[0]
            if prompt.kind == "move_to":
                for choice in prompt.options:
                    trial = game.clone()
                    trial.apply(prompt.seat, choice)
                    after = trial.prompt_for(prompt.seat)
                    offered = ([o for o in after.options if o.startswith("target:")]
                               if after is not None and after.kind == "target" else [])
                    where = "stay" if choice == "stay" else choice.partition(":")[2]
                    aims = game.view(prompt.seat)["aims"]
                    assert aims[where] == len(offered), (seed, choice)
                    checked += 1
            game.apply(prompt.seat, eager(rng, prompt.options))
    assert checked >= 10
