"""What Alien Artifacts' searching bots know of the game: sampled worlds (``determinize``),
a judgement (``value``), a planner that pays with the cheapest cards and shows the scoring
section of a production (the search's macro-moves), and a default play for the prompts a
search does not judge (``policy``). A search looks ahead to the next action prompt: the
start of a seat's next turn."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model
from core.bots.heuristic import TRIES
from core.bots.levels import Search
from core.bots.mcts import WORLDS, Budget
from core.decisions import Prompt


def searched_facts(game: Any, seat: int) -> dict[str, Any]:
    from core.games.artifacts.bots.value import searched_facts as facts

    return facts(game, seat)


# The searches' budgets (docs/benchmarks.md, Alien Artifacts): iterations first, so that
# seeded games replay exactly, with the levels' guards of 1 s and 5 s. As Hegemonic's, the
# tree holds the root's decision only; below it the model's default answers play on to the
# next turn. Both judge with the hand read against the cards Under Construction
# (``searched_facts``), which the heuristic does not, and both judge their prior in every
# one of their sampled worlds rather than in the heuristic's two guesses at the rivals'
# hands and the decks: paired on 200 deals, normal won 126 against the heuristic with it,
# 122 without, its VP margin 1.4 higher (docs/benchmarks.md, Alien Artifacts' fourteenth
# measure).
SEARCHES = {
    "normal": Search(Budget(iterations=400, seconds=1.0, per_choice=60), prior_visits=10,
                     prior_worlds=WORLDS, depth=1, judged_view=searched_facts),
    "hard": Search(Budget(iterations=2000, seconds=5.0, per_choice=300), prior_visits=50,
                   prior_tries=4 * TRIES, prior_worlds=WORLDS, depth=1,
                   judged_view=searched_facts),
}


def last_round(view: dict[str, Any]) -> bool:
    """The end is triggered (R3): no seat has more than the rest of this round to play, so
    a search plays on to the final scoring. Paired on the 200 deals of normal against the
    heuristic, normal won 128 with it and 126 without, 3 outcomes changed for it and 1
    against (docs/benchmarks.md, Alien Artifacts' sixteenth measure)."""
    return bool(view.get("ending"))


def begins_turn(prompt: Prompt) -> bool:
    """A turn opens with its action prompt (asked again after an Alien Artifact or an
    ADDITIONALLY played before the action: the search stops there too)."""
    return prompt.kind == "action"


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    from core.games.artifacts.bots.value import judged_facts as facts

    return facts(game, seat)


def model() -> Model:
    from core.games.artifacts.bots.determinize import determinize
    from core.games.artifacts.bots.policy import plan, policy
    from core.games.artifacts.bots.value import EXPLORATION, value

    return Model(determinize=determinize, value=value, stop=begins_turn,
                 settle_stops=frozenset({"action"}),
                 settle_answers=frozenset({"defense_plan"}), exploration=EXPLORATION,
                 judged_view=judged_facts, searches=SEARCHES, plan=plan, policy=policy,
                 end_in_reach=last_round)
