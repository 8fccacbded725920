"""What Hegemonic's searching bots know of the game: sampled worlds, a judgement, a
planner that plays a whole BUILD (the search's macro-move), a default play for the
turns a search does not judge, and the deals that buy and sell support with CAPs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.bots.base import Model
from core.bots.levels import Search
from core.bots.mcts import Budget
from core.decisions import Prompt

# The searches' budgets (docs/benchmarks.md, Hegemonic): iterations first, so that seeded
# games replay exactly, with the levels' guards of 1 s and 5 s. The tree holds the root's
# decision only: deeper, each of the bot's own later prompts (a second action, its cards,
# scrapping a technology...) was first tried at random in a few hundred iterations, which
# made the choices that lead to more of them (an action rather than ending the turn) look
# worse than they are. Below the root, the model's default answers play on.
# Hard is normal's search with five times the iterations, its prior weighed as normal's.
# Its prior once weighed 50 visits and its search ended once the choices that could still
# overtake its answer were within 0.2 points of win share: the prior, judged before the
# rival's turn, stood far above the play-outs, which then filled every choice to one level
# and stopped, so hard played the heuristic's answer, no better than normal (docs/benchmarks.md,
# "Hard as normal's search, five times longer").
NORMAL = Search(Budget(iterations=400, seconds=1.0, per_choice=60), prior_visits=10, depth=1)
SEARCHES = {
    "normal": NORMAL,
    "hard": replace(NORMAL, budget=Budget(iterations=2000, seconds=5.0, per_choice=300)),
}


def begins_phase(prompt: Prompt) -> bool:
    """An Action Phase opens with every seat's secret choice of an Action Card."""
    return prompt.kind == "action_card"


def shuns(choice: str) -> bool:
    """Bots give CAPs only where a deal pays (``deals.py``), and never drop an Advanced
    Technology outside an advance (which names the one it drops): offered beside most
    decisions (the "at any time" window), either would only widen every search."""
    return choice == "gift" or choice.startswith("scrap:")


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    from core.games.hegemonic.bots.value import judged_facts as facts

    return facts(game, seat)


def model() -> Model:
    from core.games.hegemonic.bots.deals import KINDS, deals
    from core.games.hegemonic.bots.determinize import determinize
    from core.games.hegemonic.bots.planner import plan
    from core.games.hegemonic.bots.policy import policy
    from core.games.hegemonic.bots.value import EXPLORATION, value

    return Model(determinize=determinize, value=value, stop=begins_phase,
                 settle_stops=frozenset({"action_card"}), exploration=EXPLORATION,
                 judged_view=judged_facts, searches=SEARCHES, plan=plan, policy=policy,
                 shuns=shuns, deals=deals, deal_kinds=KINDS)
