"""What Fractured Atlas's bots know of its rules (core.bots.base.Model): sampled worlds
(``determinize``) and the judgement of a position (``value``), imported when a bot first
needs them, and the searches' budgets."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model
from core.bots.heuristic import TRIES
from core.bots.levels import Search
from core.bots.mcts import Budget
from core.decisions import Prompt

# An Atlas search runs about 2.6 times as many iterations a second as a Fractal one, and
# Fractal's normal uses a fifth to a quarter of its second: so here normal searches five
# times Fractal's normal (Fractal's hard, held to normal's second), and hard has four times
# normal's prior and eight times its iterations. Normal beat the heuristic in 63% of games
# with Fractal's budget, 75% with this one; hard beat normal in 53% of 200 games with four
# times normal's iterations, 62.5% with eight, its slowest decision about 1.2 s of its 5 s
# (docs/benchmarks.md, "Hard at 16,000 iterations").
SEARCHES = {
    "normal": Search(Budget(iterations=2000, seconds=1.0, per_choice=200), prior_visits=50,
                     prior_tries=4 * TRIES),
    "hard": Search(Budget(iterations=16000, seconds=5.0, per_choice=1600), prior_visits=200,
                   prior_tries=16 * TRIES),
}


def begins_round(prompt: Prompt) -> bool:
    """A round opens with every seat's secret choice of an action card."""
    return prompt.kind == "card"


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges its sampled positions from (``Model.judged_view``)."""
    from core.games.atlas.view import view_of

    return view_of(game.state, game.content, seat, derived=False)


def model() -> Model:
    from core.games.atlas.bots.determinize import determinize
    from core.games.atlas.bots.value import EXPLORATION, value

    return Model(determinize=determinize, value=value, stop=begins_round,
                 settle_stops=frozenset({"card"}), exploration=EXPLORATION,
                 judged_view=judged_facts, searches=SEARCHES)
