"""The heuristic bot: one step of lookahead, then a judgement of the position.

For each legal choice it plays the choice in a few sampled worlds (determinizations of its
view), lets the decision settle (the other seats' answers to a simultaneous prompt, the
rest of its own multi-step action, both at random), and judges the resulting position from
its own view with the model's ``value``. Many choices are one step of a longer action
(a unit, then where it goes...), so each choice is tried with several random completions
of the action and judged by a blend of the best and the average: the best says what the
choice allows when the rest of the action is played well (as the bot will, step by step),
the average keeps it honest about chance and hidden parts. Settling stops where the model
says a decision of its own begins (``Model.settle_stops``: the choice of the next action
in a turn, say). A prompt the model's planner answers (``Model.plan``, a macro-move) is
answered by it, at the root and while settling, instead of at random or by judging each
option. A deal the model names (``Model.deals``: CAPs given where they pay, say) is made
before anything else, though it is a choice the bots otherwise shun. ``noise`` blurs the
judgement for the easy level.

``seconds`` is a time guard: once it has passed, the options still to judge get one
completion per sampled world rather than ``tries``, and every option is then compared on
as many completions as the fewest got (its first ones), so that none is favoured for
having been judged from more. Unguarded, or within the guard, nothing changes.
"""

from __future__ import annotations

import math
import time

from core.bots.base import Bot, Dealing, GameLike, Model, View
from core.decisions import Prompt
from core.errors import GameError
from core.rng import Rng

TIE = 1e-9
TRIES = 8  # random completions of the action judged per choice
HORIZON = 12  # answers given while settling a choice
BEST_SHARE = 0.5  # weight of the best completion against the mean


class HeuristicBot(Bot):
    level = "heuristic"

    def __init__(self, seed: int, model: Model, *, noise: float = 0.0, samples: int = 2,
                 tries: int = TRIES, horizon: int = HORIZON,
                 best_share: float = BEST_SHARE, seconds: float | None = None) -> None:
        super().__init__(seed)
        self.model = model
        self.noise = noise
        self.samples = max(1, samples)
        self.tries = max(self.samples, tries)
        self.horizon = horizon
        self.best_share = best_share
        self.seconds = seconds
        self.dealing = Dealing(model)

    def choose(self, view: View, prompt: Prompt) -> str:
        start = time.perf_counter()
        dealt = self.dealing.next(view, prompt)
        if dealt is not None:
            return dealt
        options = self.model.options(prompt)
        if len(options) == 1:
            return options[0]
        try:
            worlds = [self.model.determinize(view, self.rng) for _ in range(self.samples)]
        except GameError:
            return self.rng.choice(options)  # no possible world: nothing to look ahead in
        planned = self.model.planned(worlds[0], prompt)
        if planned is not None:
            return planned
        scores = self.judge_all(worlds, prompt.seat, options, start)
        if self.noise:
            scores = [s + self.noise * (self.rng.random() - 0.5) for s in scores]
        best = max(scores)
        tied = [o for o, s in zip(options, scores, strict=True) if s >= best - TIE]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def judge_all(self, worlds: list[GameLike], seat: int, options: list[str],
                  start: float) -> list[float]:
        """Each option's judgement, within the time guard (see the module's text)."""
        seconds = self.guard(self.seconds)
        deadline = start + seconds if seconds is not None else math.inf
        judged = [completions(worlds, seat, option, self.model, self.rng, self.tries,
                              self.horizon, deadline) for option in options]
        return blend_alike(judged, self.best_share)


def completions(worlds: list[GameLike], seat: int, option: str, model: Model, rng: Rng,
                tries: int, horizon: int = HORIZON, deadline: float = math.inf) -> list[float]:
    """``option`` played in ``tries`` clones of the worlds (in turn), each settled at random
    and valued for ``seat``; once the ``deadline`` has passed, one clone a world."""
    if time.perf_counter() >= deadline:
        tries = len(worlds)
    values = []
    for attempt in range(tries):
        game = worlds[attempt % len(worlds)].clone()
        values.append(settle_and_value(game, seat, option, model, rng, horizon))
    return values


def blend(values: list[float], best_share: float = BEST_SHARE) -> float:
    return best_share * max(values) + (1 - best_share) * sum(values) / len(values)


def blend_alike(judged: list[list[float]], best_share: float = BEST_SHARE) -> list[float]:
    """Each option's completions blended, every option on as many as the fewest got (its
    first ones), so that none is favoured for having been judged from more."""
    fewest = min((len(values) for values in judged), default=0)
    return [blend(values[:fewest], best_share) for values in judged]


def settle_and_value(game: GameLike, seat: int, option: str, model: Model, rng: Rng,
                     horizon: int) -> float:
    """Play ``option`` for ``seat``, let the decision settle, and value the result for seat."""
    alongside = {p.seat for p in game.pending() if p.seat != seat}
    if not _legal(game, seat, option):
        # The sampled world disagrees with the view about what is legal: judge it as is.
        return model.judge(game, seat)[seat]
    game.apply(seat, option)
    for _ in range(horizon):
        if game.over:
            break
        pending = game.pending()
        if not pending:
            break
        if any(p.seat == seat and p.kind in model.settle_stops for p in pending):
            break  # the action is over: the next one is a choice of its own
        mine = [p for p in pending if p.seat == seat]
        simultaneous = [p for p in pending if p.seat in alongside]
        answers = [p for p in pending if p.kind in model.settle_answers]
        if not (mine or simultaneous or answers):
            break  # the decision is over and someone else is to act
        prompt = (simultaneous or mine or answers)[0]
        if prompt.seat in alongside:
            alongside.discard(prompt.seat)
        game.apply(prompt.seat, model.answer(game, prompt, rng))
    return model.judge(game, seat)[seat]


def _legal(game: GameLike, seat: int, option: str) -> bool:
    return any(p.seat == seat and option in p.options for p in game.pending())
