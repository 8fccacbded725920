"""The searching bot: single-observer information-set Monte Carlo tree search.

Each iteration samples a world consistent with the bot's view (a determinization, drawn
from a small pool that grows to ``worlds`` samples), walks the one shared tree through it
(never past a ``stop`` prompt), adds one node, finishes what is in progress with random
steps up to the ``stop`` prompt (the start of the next turn, say: a turn's actions are
planned together, and random whole turns would say little and cost the most), and judges
the position reached with the model's ``value`` from the bot's own view. Where the model
says the end of the game is in reach (``Model.end_in_reach``), play-outs go on to it and
the result is who won. The tree is keyed by choices, not by worlds, so the statistics of
a node gather every world in which its choices were legal (selection uses availability
counts, as in Cowling, Powley and Whitehouse's ISMCTS).

Simultaneous decisions (several seats prompted at once) are decoupled: each seat picks its
choice from its own statistics at that node, without seeing what the others picked, and the
child is keyed by the joint choice. So neither the bot nor its model of the opponents
answers a hidden choice already knowing it.

With ``use_book``, a prompt the model's opening book settles (a faction pick,
say) is answered from the book without a search. A prompt the model's planner answers
(``Model.plan``, a macro-move) is never searched: at the root the planner answers it, in
the tree and in rollouts it is played as planned without a node of its own. A deal the
model names (``Model.deals``) is made at the root before any search.

Within a turn the search goes on from where the last one left: the subtree under the bot's
choice holds the statistics of its next decision, when that decision comes right after
(the next step of the same action, say), and the iterations already spent there count
against the next decision's budget. A turn of several decisions so costs about one search
less each time, for the same iterations behind every answer.

The budget bounds both the iterations and the wall-clock time: whichever ends first. With
an iteration budget only, a seeded bot is exactly reproducible; the time limit is the guard
that keeps a bot from freezing a screen on a slow machine. A search also ends early once
the root's most visited choice can no longer be caught up in the iterations left: going on
could not change the answer.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from core.bots.base import Bot, Dealing, GameLike, Model, Stop, View, never
from core.bots.heuristic import TRIES, blend_alike, completions
from core.decisions import Prompt
from core.errors import GameError
from core.rng import Rng

Joint = tuple[tuple[int, str], ...]
MAX_DEPTH = 60  # decisions a tree grows below its root, at most
WORLDS = 8  # sampled worlds of the hidden parts a search draws from, by default
PRIOR_WORLDS = 2  # of them, those its prior's completions play in, by default (as the heuristic)
TO_THE_END = 300  # answers a play-out gives at most where the end is in reach (Model.end_in_reach)
DECIDED_EVERY = 16  # iterations between checks whether the root's choice is settled


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` or ``seconds``, whichever comes first (None: no bound).

    ``per_choice`` lowers the iterations for narrow prompts: a choice between two options
    needs far fewer samples than one among twenty to tell the best apart.
    """

    iterations: int | None = None
    seconds: float | None = None
    per_choice: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations or seconds")

    def iterations_for(self, choices: int) -> float:
        """The iterations allowed for a prompt with that many choices."""
        limit = math.inf if self.iterations is None else self.iterations
        if self.per_choice is not None:
            limit = min(limit, self.per_choice * choices)
        return limit


class Stat:
    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Joint, Node] = {}
        self.stats: dict[tuple[int, str], Stat] = {}


class MctsBot(Bot):
    level = "mcts"

    def __init__(self, seed: int, model: Model, budget: Budget, *, exploration: float = 0.7,
                 rollout: int = 30, worlds: int = WORLDS, max_depth: int = MAX_DEPTH,
                 stop: Stop = never, prior_visits: int = 0,
                 prior_tries: int = TRIES, prior_worlds: int = PRIOR_WORLDS,
                 use_book: bool = False) -> None:
        super().__init__(seed)
        self.model = model
        self.budget = budget
        self.exploration = exploration
        self.rollout = rollout
        self.worlds = max(1, worlds)
        self.max_depth = max_depth
        self.stop = stop
        self.prior_visits = prior_visits
        self.prior_tries = prior_tries
        self.prior_worlds = max(1, prior_worlds)
        self.book = model.book if use_book else None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_errors = 0  # iterations dropped because the engine raised in them
        self.last_reused = 0  # root visits the last search took over from the one before
        self._after: Node | None = None  # the subtree under the last choice (see reused)
        self.dealing = Dealing(model)

    def choose(self, view: View, prompt: Prompt) -> str:
        start = time.perf_counter()
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_errors = 0
        self.last_reused = 0
        after, self._after = self._after, None
        dealt = self.dealing.next(view, prompt)
        if dealt is not None:
            return dealt
        options = self.model.options(prompt)
        if len(options) == 1:
            return options[0]
        known = self.book(prompt) if self.book is not None else None
        if known is not None:
            return known
        try:
            if self.model.plan is not None:
                planned = self.model.planned(self.model.determinize(view, self.rng), prompt)
                if planned is not None:
                    return planned
            root = self.search(view, prompt, start, self.reused(after, prompt))
        except GameError:
            return self.rng.choice(options)  # no possible world: nothing to search
        self.last_seconds = time.perf_counter() - start
        choice = self.best(root, prompt)
        self._after = root.children.get(((prompt.seat, choice),))
        return choice

    def reused(self, after: Node | None, prompt: Prompt) -> Node | None:
        """The subtree under the last choice, if it is where this prompt was searched: it
        holds statistics of every one of the prompt's options for its seat (a decision
        that comes later, after others', or again after an undo, does not)."""
        if after is None:
            return None
        stats = after.stats
        if all((prompt.seat, option) in stats for option in self.model.options(prompt)):
            return after
        return None

    def search(self, view: View, prompt: Prompt, start: float, root: Node | None = None
               ) -> Node:
        """Search from ``root`` (a subtree of the last search, whose visits count against
        the budget) or from nothing."""
        stop, steps = self.horizon(view)
        budget = self.budget
        seconds = self.guard(budget.seconds)
        deadline = start + seconds if seconds is not None else math.inf
        limit = budget.iterations_for(len(prompt.options))
        if root is None:
            root = Node()
        else:
            self.last_reused = sum(root.stats[(prompt.seat, option)].visits
                                   for option in self.model.options(prompt))
            limit -= self.last_reused
        pool: list[GameLike] = []
        if self.prior_visits > 0:
            self.seed_root(root, view, prompt, pool, deadline)
        iterations = 0
        while iterations < limit and time.perf_counter() < deadline:
            if iterations % DECIDED_EVERY == 0 and self.decided(root, prompt,
                                                                limit - iterations):
                break
            if len(pool) < self.worlds:
                pool.append(self.model.determinize(view, self.rng))
                world = pool[-1].clone()
            else:
                world = pool[iterations % self.worlds].clone()
            try:
                self.iterate(root, world, prompt, stop, steps)
            except Exception:
                # An engine error deep in a sampled world must not take the bot down with
                # it: the iteration is dropped (nothing was backed up) and counted.
                self.last_errors += 1
            iterations += 1
        self.last_iterations = iterations
        return root

    def decided(self, root: Node, prompt: Prompt, remaining: float) -> bool:
        """True when the most visited choice at the root can no longer be caught up in the
        ``remaining`` iterations (each adds at most one visit to one root choice): searching
        on could not change what :meth:`best` returns, only take time."""
        visits = sorted((root.stats[key].visits for key in
                         ((prompt.seat, option) for option in self.model.options(prompt))
                         if key in root.stats), reverse=True)
        return len(visits) >= 2 and visits[0] - visits[1] > remaining

    def seed_root(self, root: Node, view: View, prompt: Prompt, pool: list[GameLike],
                  deadline: float = math.inf) -> None:
        """Start the root's statistics from the heuristic's judgement of each choice, as if
        each had been visited ``prior_visits`` times: the search refines the heuristic
        instead of starting from nothing, so a short budget never plays worse than it.
        Past the ``deadline`` (the time guard) the choices left are judged from one
        completion a sampled world, and all of them are then compared on as many
        completions as the fewest got, as the heuristic does: a choice never judged could
        never be chosen."""
        while len(pool) < min(self.prior_worlds, self.worlds):
            pool.append(self.model.determinize(view, self.rng))
        judged: dict[str, list[float]] = {}
        for option in self.model.options(prompt):
            try:
                judged[option] = completions(pool, prompt.seat, option, self.model, self.rng,
                                             self.prior_tries, deadline=deadline)
            except Exception:
                self.last_errors += 1
        for option, score in zip(judged, blend_alike(list(judged.values())), strict=True):
            stat = root.stats.get((prompt.seat, option))
            if stat is None:
                stat = root.stats[(prompt.seat, option)] = Stat()
            stat.visits += self.prior_visits
            stat.avail += self.prior_visits
            stat.total += score * self.prior_visits

    def horizon(self, view: View) -> tuple[Stop, int]:
        """Where this search's play-outs stop, and the answers they give at most: at the
        bot's ``stop``, or at the end of the game where the model says it is in reach."""
        ending = self.model.end_in_reach
        if ending is not None and ending(view):
            return never, TO_THE_END
        return self.stop, self.rollout

    def iterate(self, root: Node, game: GameLike, prompt: Prompt, stop: Stop,
                steps: int) -> None:
        me = prompt.seat
        rng = self.rng
        node = root
        path: list[tuple[Node, Joint]] = []
        for _ in range(self.max_depth):
            if game.over:
                break
            pending = sorted(game.pending(), key=lambda p: p.seat)
            if not pending:
                break
            if path and any(stop(p) for p in pending):
                # The tree ends where rollouts end: every iteration through a node is then
                # judged at the same horizon, however deep the search under it went.
                break
            if path and self.play_planned(game, pending):
                continue
            joint: list[tuple[int, str]] = []
            expanded = False
            for p in pending:
                options = self.model.options(p)
                if node is root and p.seat == me:
                    options = [o for o in options if o in prompt.options] or options
                choice, new = self.select(node, p.seat, options)
                expanded = expanded or new
                joint.append((p.seat, choice))
            for seat, choice in joint:
                if any(p.seat == seat and choice in p.options for p in game.pending()):
                    game.apply(seat, choice)
            key = tuple(joint)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
            if expanded:
                break
        finish(game, rng, steps, stop, self.model)
        values = self.model.judge(game, me)
        for visited, joint_key in path:
            for seat, choice in joint_key:
                stat = visited.stats[(seat, choice)]
                stat.visits += 1
                stat.total += values[seat] if 0 <= seat < len(values) else 0.0

    def play_planned(self, game: GameLike, pending: list[Prompt]) -> bool:
        """Answer the first pending prompt the planner settles, if any: True if one was."""
        for p in pending:
            planned = self.model.planned(game, p)
            if planned is not None:
                game.apply(p.seat, planned)
                return True
        return False

    def select(self, node: Node, seat: int, options: list[str]) -> tuple[str, bool]:
        """UCB1 over the options legal in this world; untried options first."""
        stats = node.stats
        untried: list[str] = []
        for option in options:
            stat = stats.get((seat, option))
            if stat is None:
                stat = stats[(seat, option)] = Stat()
            stat.avail += 1
            if stat.visits == 0:
                untried.append(option)
        if untried:
            return self.rng.choice(untried), True
        best = options[0]
        best_score = -math.inf
        c = self.exploration
        for option in options:
            stat = stats[(seat, option)]
            score = stat.total / stat.visits + c * math.sqrt(math.log(stat.avail) / stat.visits)
            if score > best_score:
                best, best_score = option, score
        return best, False

    def best(self, root: Node, prompt: Prompt) -> str:
        """The most visited choice at the root; the better mean breaks ties."""
        best: str | None = None
        key = (-1, -math.inf)
        for option in self.model.options(prompt):
            stat = root.stats.get((prompt.seat, option))
            if stat is None or stat.visits == 0:
                continue
            candidate = (stat.visits, stat.total / stat.visits)
            if candidate > key:
                best, key = option, candidate
        return best if best is not None else self.rng.choice(self.model.options(prompt))


def finish(game: GameLike, rng: Rng, steps: int, stop: Stop, model: Model | None = None
           ) -> None:
    """Answer pending prompts (as the ``model`` plans them, else at random) until one of
    them is a ``stop``, the game ends, or ``steps`` answers were given."""
    for _ in range(steps):
        if game.over:
            return
        pending = game.pending()
        if not pending or any(stop(p) for p in pending):
            return
        prompt = pending[0]
        if not prompt.options:
            return
        choice = model.answer(game, prompt, rng) if model else rng.choice(prompt.options)
        game.apply(prompt.seat, choice)
