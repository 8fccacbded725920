"""Difficulty names, and the bots behind them.

=========  ==========================================================================
random     uniform over the legal choices
easy       heuristic, its judgement blurred by noise
heuristic  one-step lookahead and a judgement of the position (no noise)
normal     MCTS with a short budget (at most 1 s a decision)
hard       MCTS with a longer budget (at most 5 s a decision)
mcts       the same as normal
mcts:N     MCTS with exactly N iterations a decision (5 s guard): reproducible, for tests
=========  ==========================================================================

Iteration budgets come first so that seeded games replay exactly; the seconds are the
guard that keeps a bot within its time on a slow machine. Every MCTS level starts its root
from the heuristic's judgement of each choice (:data:`PRIOR_VISITS` virtual visits), so the
search refines the heuristic rather than starting blind. The search looks ahead to the start
of the next turn (:func:`begins_turn`), so the two actions of a turn are planned together,
where the heuristic judges one action at a time.
"""

from __future__ import annotations

from core.bots.base import Bot, Model
from core.bots.heuristic import HeuristicBot
from core.bots.mcts import Budget, MctsBot
from core.bots.random_bot import RandomBot
from core.decisions import Prompt

LEVELS = ("random", "easy", "heuristic", "normal", "hard", "mcts")
DIFFICULTIES = ("easy", "normal", "hard")

EASY_NOISE = 0.25
NORMAL = Budget(iterations=400, seconds=1.0)
# Hard never searches less than normal: 200 a choice is at least normal's 400 on any real
# choice, and narrow prompts do not spend the full 2,000.
HARD = Budget(iterations=2000, seconds=5.0, per_choice=200)
GUARD_SECONDS = 5.0
PRIOR_VISITS = 10
EXPLORATION = 0.3  # values are win shares that differ by a few hundredths between choices


def is_level(name: str) -> bool:
    if name in LEVELS:
        return True
    head, _, tail = name.partition(":")
    return head == "mcts" and tail.isdigit() and int(tail) > 0


def budget_of(level: str) -> Budget | None:
    """The search budget of an MCTS level, None for the others."""
    if level in ("normal", "mcts"):
        return NORMAL
    if level == "hard":
        return HARD
    head, _, tail = level.partition(":")
    if head == "mcts" and tail.isdigit():
        return Budget(iterations=int(tail), seconds=GUARD_SECONDS)
    return None


def make_bot(level: str, seed: int, model: Model | None = None) -> Bot:
    """A bot of that level. ``model`` defaults to Fractal's (see :func:`fractal_model`)."""
    if not is_level(level):
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(seed)
    model = model or fractal_model()
    bot: Bot
    if level == "easy":
        bot = HeuristicBot(seed, model, noise=EASY_NOISE)
    elif level == "heuristic":
        bot = HeuristicBot(seed, model)
    else:
        budget = budget_of(level)
        assert budget is not None
        bot = search_bot(seed, model, budget)
    bot.level = level
    return bot


def search_bot(seed: int, model: Model, budget: Budget) -> MctsBot:
    """An MCTS bot with the settings of the levels and the given budget."""
    return MctsBot(seed, model, budget, exploration=EXPLORATION, prior_visits=PRIOR_VISITS,
                   stop=begins_turn)


def begins_turn(prompt: Prompt) -> bool:
    """A Fractal turn opens with an ``action`` prompt before any action is taken in it."""
    return prompt.kind == "action" and not prompt.context.get("done")


def fractal_model() -> Model:
    """Fractal's determinization and judgement of positions, imported when first needed."""
    from core.bots.fractal_value import value
    from core.fractal.determinize import determinize

    return Model(determinize=determinize, value=value)
