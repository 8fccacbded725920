"""What every bot is: a seeded chooser that sees one seat's view and the legal choices.

A bot never receives the state. Bots that look ahead need a *model* of the game, built
from the view alone: :class:`Model` bundles ``determinize(view, rng)`` (a full game
consistent with the view, its hidden parts sampled), ``value(view)`` (how good the
position looks for each seat, from what that view shows) and optionally ``book(prompt)``
(choices that experience settles better than a search can). Everything here is generic over
any game with the small surface of :class:`GameLike`; each game assembles its own model
(the function its declaration names as ``bots``).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from core.decisions import Prompt
from core.errors import GameError
from core.header import OVER
from core.rng import Rng

if TYPE_CHECKING:
    from core.bots.levels import Search

View = dict[str, Any]


class GameLike(Protocol):
    """The surface of a game that bots and the simulator drive (each ruleset's ``Game``)."""

    @property
    def over(self) -> bool: ...

    def pending(self) -> list[Prompt]: ...

    def apply(self, seat: int, choice: str) -> Sequence[object]: ...

    def view(self, seat: int) -> View: ...

    def clone(self) -> GameLike: ...


Determinizer = Callable[[View, Rng], GameLike]
"""Build a full game consistent with ``view``, sampling every part the seat cannot see."""

Valuer = Callable[[View], list[float]]
"""Each seat's prospects in [0, 1] judged from one view: its share of the win when the
game is over, an estimate before. The values of all seats sum to 1."""

Book = Callable[[Prompt], str | None]
"""A choice settled by experience rather than search (an opening book), or None."""


Stop = Callable[[Prompt], bool]
"""Whether a prompt is where a search's rollouts stop and the position is judged."""

Planner = Callable[[GameLike, Prompt], str | None]
"""The game's own answer to a prompt of a (sampled) world, or None to leave it to the bot."""

Policy = Callable[[GameLike, Prompt, Rng], str | None]
"""How a search plays a prompt of a world without judging it, or None for at random."""

Shuns = Callable[[str], bool]
"""Whether a choice is one no bot of the game makes."""

EndInReach = Callable[[View], bool]
"""Whether the game's end is near enough, from this view, for a search to play on to it."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Choices the game's own judgement says pay at a prompt, shunned ones included (CAPs
    given to a supporter, say): the first answers the prompt, the rest the prompts that
    follow it in turn. ``key`` names the deal, so that a bot makes it once, though the
    prompt is asked again after it."""

    key: str
    choices: tuple[str, ...]


Dealer = Callable[[GameLike, Prompt], list[Deal]]
"""The deals that pay a prompt's seat at that prompt of a (sampled) world, best first."""


def never(prompt: Prompt) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Model:
    """What a searching bot knows about the rules: how to sample worlds and judge them,
    where a search looks no further (``stop``: the start of the next turn, say), the
    prompt kinds that open a decision of their own, where the heuristic stops settling the
    choice it judges (``settle_stops``), and those that answer the bot's own proposal,
    which settling plays too (at random), so that a proposal is judged with the answers it
    may get (``settle_answers``). ``exploration`` is the search's exploration constant in the
    units of ``value``: the flatter the judgement, the smaller it must be for the search to
    tell choices apart as much. ``plan`` gives the game's macro-moves, ``policy`` its
    default play in settling and rollouts, and ``shuns`` the choices no bot makes (see the
    fields)."""

    determinize: Determinizer
    value: Valuer
    book: Book | None = None
    stop: Stop = never
    settle_stops: frozenset[str] = frozenset()
    settle_answers: frozenset[str] = frozenset()
    exploration: float = 0.3  # values that differ by a few hundredths between choices
    # What ``value`` reads of a sampled world: the seat's view, or a lighter one without
    # the facts a screen needs (bots judge thousands of positions a decision).
    judged_view: Callable[[GameLike, int], View] | None = None
    # The searching levels' settings where the ruleset's own replace the defaults of
    # core.bots.levels ("normal", "hard"): a cheaper game affords more iterations a second.
    searches: Mapping[str, Search] = field(default_factory=dict)
    # Macro-moves: the game's own planner for the prompts a search should not branch on
    # (the rest of a BUILD, piece by piece, say). The levels that look ahead answer such a
    # prompt with it instead of judging each option, and settle and roll out with it.
    plan: Planner | None = None
    # The game's default play where a search plays without judging (settling, rollouts):
    # a sensible answer is a better guess at the future than a random one.
    policy: Policy | None = None
    # Choices no bot of the game makes, whatever they seem worth (a gift to another
    # player): every level, random included, and every settling and rollout choose among
    # the other options (among all, if nothing else is left).
    shuns: Shuns | None = None
    # Where a shunned choice pays after all: at the prompts of ``deal_kinds``, the game's
    # own judgement (``deals``) names the deals worth making, which every level that looks
    # ahead makes before judging anything (:class:`Dealing`). Settling and rollouts make none.
    deals: Dealer | None = None
    deal_kinds: frozenset[str] = frozenset()
    # Where the end of the game is in reach (its last round, say), a search's play-outs run
    # on to it, past ``stop``, and are judged by who won rather than by ``value``'s estimate.
    end_in_reach: EndInReach | None = None

    def judge(self, game: GameLike, seat: int) -> list[float]:
        view = self.judged_view(game, seat) if self.judged_view else game.view(seat)
        return self.value(view)

    def options(self, prompt: Prompt) -> list[str]:
        """The options of ``prompt`` a bot considers."""
        if self.shuns is None:
            return prompt.options
        kept = [o for o in prompt.options if not self.shuns(o)]
        return kept or prompt.options

    def planned(self, game: GameLike, prompt: Prompt) -> str | None:
        return self.plan(game, prompt) if self.plan is not None else None

    def answer(self, game: GameLike, prompt: Prompt, rng: Rng) -> str:
        """How settling and rollouts answer a prompt: as planned, else by the policy, else
        at random."""
        found = self.planned(game, prompt)
        if found is None and self.policy is not None:
            found = self.policy(game, prompt, rng)
        return found if found is not None else rng.choice(self.options(prompt))


class Dealing:
    """A bot's deals (``Model.deals``): the keys of those it made, and the choices still to
    make of the one under way. The dealer reads a world sampled with a seed of its own, so
    that a deal rests on what the seat sees and the bot's own draws stay as they were."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.made: set[str] = set()
        self.rest: list[str] = []

    def next(self, view: View, prompt: Prompt) -> str | None:
        """The deal's choice at ``prompt``, or None to decide as usual."""
        if self.rest:
            choice = self.rest.pop(0)
            if choice in prompt.options:
                return choice
            self.rest = []  # the game went elsewhere: the deal is off
        model = self.model
        if model.deals is None or prompt.kind not in model.deal_kinds:
            return None
        try:
            world = model.determinize(view, Rng(0))
        except GameError:
            return None
        for deal in model.deals(world, prompt):
            if deal.key not in self.made and deal.choices[0] in prompt.options:
                self.made.add(deal.key)
                self.rest = list(deal.choices[1:])
                return deal.choices[0]
        return None


def win_shares(view: View, scores_of: Callable[[View], list[float]],
               temperature: float) -> list[float]:
    """Each seat's share of the win: the winners' once the game is over, else a softmax
    of the seats' scores, so values compare at any player count and add up to 1."""
    n = len(view["players"])
    winners = view.get("winners") or []
    if view.get("phase") == OVER and winners:
        return [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    scores = scores_of(view)
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def prompt_for(game: GameLike, seat: int) -> Prompt | None:
    for prompt in game.pending():
        if prompt.seat == seat:
            return prompt
    return None


def random_reply(game: GameLike, rng: Rng, skip: int = -2) -> bool:
    """Answer one pending prompt (of any seat but ``skip``) uniformly; False if none."""
    for prompt in game.pending():
        if prompt.seat != skip and prompt.options:
            game.apply(prompt.seat, rng.choice(prompt.options))
            return True
    return False


class Bot(ABC):
    """A player that answers prompts. ``level`` names it in tables and JSON lines."""

    level = "bot"
    # Seconds the decision about to be made may take at most, set by whoever schedules the
    # bot (a turn's time shared over its decisions: tui.play.bots); None: the bot's own
    # time guard alone. A bound on time, never on iterations: an idle machine's answers
    # stay those of the seed.
    time_left: float | None = None

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def guard(self, own: float | None) -> float | None:
        """The seconds this decision may take: the bot's own guard, or less if its
        scheduler says so (:attr:`time_left`)."""
        if self.time_left is None:
            return own
        return self.time_left if own is None else min(own, self.time_left)

    @abstractmethod
    def choose(self, view: View, prompt: Prompt) -> str:
        """One of ``prompt.options``, decided from ``view`` alone."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r})"
