"""What Hegemonic's searching bots know of the game: sampled worlds, a judgement, a
planner that plays a whole BUILD (the search's macro-move), a default play for the
turns a search does not judge, and the deals that buy and sell support with CAPs."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model
from core.bots.heuristic import TRIES
from core.bots.levels import Search
from core.bots.mcts import Budget
from core.decisions import Prompt

# The searches' budgets (docs/benchmarks.md, Hegemonic): iterations first, so that seeded
# games replay exactly, with the levels' guards of 1 s and 5 s. The tree holds the root's
# decision only: deeper, each of the bot's own later prompts (a second action, its cards,
# scrapping a technology...) was first tried at random in a few hundred iterations, which
# made the choices that lead to more of them (an action rather than ending the turn) look
# worse than they are. Below the root, the model's default answers play on.
# Hard spends its iterations where the choice matters: a search ends once every choice that
# could still overtake its answer is within 0.2 points of win share of it (``close``), looked
# at with 48 iterations a choice first. Where the game is all but decided, or the options
# come to the same (cards of one kind, hexes alike), that is soon; an Action Card or an
# action whose options differ gets the whole 2,000. On 714 positions of hard's games that
# took 43% of the iterations of the whole budget everywhere, answered as that search did at
# 84% of them and otherwise with a choice it held within a few thousandths of a win
# (docs/benchmarks.md, "Hard's budget").
SEARCHES = {
    "normal": Search(Budget(iterations=400, seconds=1.0, per_choice=60), prior_visits=10,
                     depth=1),
    "hard": Search(Budget(iterations=2000, seconds=5.0, per_choice=300, close=0.002,
                          looked=48), prior_visits=50, prior_tries=4 * TRIES, depth=1),
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
