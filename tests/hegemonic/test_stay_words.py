"""A Fleet or an Agent that may move before it attacks is told, before it stays, whether
anything can be attacked from where it stands: staying with no target ends the action
without a conflict, and the option says so."""

from __future__ import annotations

import pytest

from core.games.hegemonic.words import WORDS
from core.plain import to_plain
from tests.hegemonic import hegemonic_fixtures as fx


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
    stay = WORDS.question(game.view(0), to_plain(asked)).options[0]
    assert stay.label == label
    events = fx.answer(game, "stay")
    declared = "no_conflict" in fx.kinds(events)
    assert declared is not same_sector  # without a target, staying ended the action
