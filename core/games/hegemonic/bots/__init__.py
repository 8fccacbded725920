"""What Hegemonic's searching bots know of the game: sampled worlds and a judgement."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model
from core.decisions import Prompt


def begins_phase(prompt: Prompt) -> bool:
    """An Action Phase opens with every seat's secret choice of an Action Card."""
    return prompt.kind == "action_card"


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The view a search judges its sampled positions from (``Model.judged_view``)."""
    from core.games.hegemonic.view import view_of

    return view_of(game.state, game.content, seat)


def model() -> Model:
    from core.games.hegemonic.bots.determinize import determinize
    from core.games.hegemonic.bots.value import EXPLORATION, value

    return Model(determinize=determinize, value=value, stop=begins_phase,
                 settle_stops=frozenset({"action_card"}), exploration=EXPLORATION,
                 judged_view=judged_facts)
