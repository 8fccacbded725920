"""Difficulty names, and the bots behind them.

=========  ==========================================================================
random     uniform over the legal choices
easy       heuristic, its judgement blurred by noise
heuristic  one-step lookahead and a judgement of the position (no noise; 1 s guard)
normal     MCTS with a short budget (at most 1 s a decision)
hard       MCTS with a longer budget (at most 5 s a decision), factions from the book
mcts       the same as normal
mcts:N     MCTS with exactly N iterations a decision (5 s guard): reproducible, for tests
=========  ==========================================================================

Iteration budgets come first so that seeded games replay exactly; the seconds are the
guard that keeps a bot within its time on a slow machine. Every MCTS level starts its root
from the heuristic's judgement of each choice (a number of virtual visits, see
:class:`Search`), so the search refines the heuristic rather than starting blind. The search
looks ahead to where the game's model says a turn begins (``Model.stop``), where the
heuristic judges one decision at a time. The budgets below were measured on Fractal; a
game whose decisions cost less sets its own (``Model.searches``) to search as much in the
same time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from core.bots.base import Bot, GameLike, Model, View
from core.bots.heuristic import TRIES, HeuristicBot
from core.bots.mcts import MAX_DEPTH, PRIOR_WORLDS, WORLDS, Budget, MctsBot
from core.bots.random_bot import RandomBot

LEVELS = ("random", "easy", "heuristic", "normal", "hard", "mcts")
DIFFICULTIES = ("easy", "normal", "hard")

EASY_NOISE = 0.25
GUARD_SECONDS = 5.0
# The heuristic's time guard: past it, the options left are judged from fewer completions.
# As normal's guard, so that no level a player meets by default keeps them waiting longer.
HEURISTIC_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Search:
    """An MCTS level: its budget, how much the heuristic's judgement of each root choice
    weighs in it (``prior_visits`` virtual visits, judged from ``prior_tries`` completions),
    whether it plays the model's opening book where it has one, how many decisions
    deep its tree grows (``depth``; below it, rollouts play the model's default answers),
    from how many sampled worlds of the hidden parts it draws (``worlds``; the prior's
    completions from the first ``prior_worlds`` of them) and, where the
    game gives its searches a judgement of their own, the light view they judge from
    (``judged_view``, in place of the model's, the prior's completions included)."""

    budget: Budget
    prior_visits: int = 10
    prior_tries: int = TRIES
    prior_worlds: int = PRIOR_WORLDS
    use_book: bool = False
    depth: int = MAX_DEPTH
    worlds: int = WORLDS
    judged_view: Callable[[GameLike, int], View] | None = None


# Normal's prior weighs 5 visits a choice: since the bots count a depleted action marker, a
# turn holds many more decisions, and with 10 the search, which plays the whole turn out,
# had too little say beside the heuristic's one-action look (paired on 200 deals, 5 won 41
# games that 10 lost and lost 24 it won: docs/benchmarks.md, issue 44).
NORMAL = Search(Budget(iterations=400, seconds=1.0), prior_visits=5)
# Hard spends about five times normal's budget on the search (200 a choice is at least
# normal's 400 on any real choice, and narrow prompts do not spend the full 2,000) and on the
# prior's own samples (32 completions against 8). Its prior weighs 100 visits, twenty times
# normal's: 32 completions judge an option better than 8 do, and a tree grown five times as
# deep through the turn's steps is the noisier judge (paired on the 200 deals of issue 44's
# series, hard won 123 with 100 visits and 111 with 50; with 25, 99 of 190 where 50 won 107:
# docs/benchmarks.md, issue 44).
# Hard also plays the model's opening book where it has one (a faction from self-play
# results): from the search's horizon a faction is only its starting pieces. And it samples
# the hidden parts from five times normal's worlds: its tree, five times as deep, learnt
# the eight worlds it had rather than the game (docs/benchmarks.md, issue 44).
HARD = Search(Budget(iterations=2000, seconds=5.0, per_choice=200), prior_visits=100,
              prior_tries=4 * TRIES, use_book=True, worlds=5 * WORLDS)


def is_level(name: str) -> bool:
    if name in LEVELS:
        return True
    head, _, tail = name.partition(":")
    return head == "mcts" and tail.isdigit() and int(tail) > 0


def search_of(level: str, model: Model) -> Search | None:
    """The search settings of an MCTS level for the ruleset ``model`` describes, None for
    the other levels."""
    name = "normal" if level == "mcts" else level
    if name in model.searches:
        return model.searches[name]
    if name == "normal":
        return NORMAL
    if name == "hard":
        return HARD
    head, _, tail = level.partition(":")
    if head == "mcts" and tail.isdigit():
        return Search(Budget(iterations=int(tail), seconds=GUARD_SECONDS))
    return None


def lift_guard(bot: Bot) -> None:
    """Take away a bot's time guard: it then spends its whole budget of iterations (or
    completions), as on an idle machine, whatever the load, and plays the same on any."""
    if isinstance(bot, MctsBot):
        bot.budget = replace(bot.budget, seconds=None)
    elif isinstance(bot, HeuristicBot):
        bot.seconds = None


def make_bot(level: str, seed: int, model: Model) -> Bot:
    """A bot of that level playing the ruleset ``model`` describes (``Ruleset.model()``)."""
    if not is_level(level):
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(seed, model)
    bot: Bot
    if level == "easy":
        bot = HeuristicBot(seed, model, noise=EASY_NOISE, seconds=HEURISTIC_SECONDS)
    elif level == "heuristic":
        bot = HeuristicBot(seed, model, seconds=HEURISTIC_SECONDS)
    else:
        search = search_of(level, model)
        assert search is not None
        if search.judged_view is not None:
            model = replace(model, judged_view=search.judged_view)
        bot = MctsBot(seed, model, search.budget, exploration=model.exploration,
                      prior_visits=search.prior_visits, prior_tries=search.prior_tries,
                      prior_worlds=search.prior_worlds,
                      stop=model.stop, use_book=search.use_book, max_depth=search.depth,
                      worlds=search.worlds)
    bot.level = level
    return bot
