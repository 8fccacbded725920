"""Bots on a tiny game of our own: generic over any game with Fractal's surface.

``Duel`` has what makes Fractal hard for bots: hidden hands, a hidden deck order, a
sequential decision (the leader's stake) and a simultaneous one (both play a card at once,
nothing revealed until both have chosen).
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import replace
from typing import Any

import pytest

from core.bots import heuristic
from core.bots.base import Bot, Deal, GameLike, Model, View
from core.bots.heuristic import HeuristicBot
from core.bots.levels import Search, is_level, make_bot
from core.bots.mcts import MAX_DEPTH, Budget, MctsBot, Node
from core.bots.random_bot import RandomBot
from core.decisions import Prompt
from core.errors import GameOver, IllegalChoice, NotYourDecision
from core.rng import Rng

DECK = tuple(range(1, 13))
HAND = 3
ROUNDS = 4


class Duel:
    """Two seats, four rounds: the leader stakes 1 or 2, both play a card at once, the
    higher card takes the stake; then each draws. Most points wins; a tie is shared."""

    def __init__(self, seed: int = 0) -> None:
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        self.hands = [sorted(deck[:HAND]), sorted(deck[HAND:2 * HAND])]
        self.deck = deck[2 * HAND:]
        self.points = [0, 0]
        self.round = 0
        self.leader = 0
        self.stake = 0
        self.played: dict[int, int] = {}
        self.revealed: list[list[int]] = []

    @property
    def over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def winners(self) -> list[int]:
        top = max(self.points)
        return [s for s in (0, 1) if self.points[s] == top]

    def pending(self) -> list[Prompt]:
        if self.over:
            return []
        if not self.stake:
            return [Prompt(self.leader, "stake", ["stake:1", "stake:2"])]
        return [Prompt(s, "card", [f"card:{c}" for c in self.hands[s]])
                for s in (0, 1) if s not in self.played]

    def apply(self, seat: int, choice: str) -> list[object]:
        if self.over:
            raise GameOver("over")
        prompt = next((p for p in self.pending() if p.seat == seat), None)
        if prompt is None:
            raise NotYourDecision(str(seat))
        if choice not in prompt.options:
            raise IllegalChoice(choice)
        value = int(choice.split(":")[1])
        if prompt.kind == "stake":
            self.stake = value
            return []
        self.played[seat] = value
        self.hands[seat].remove(value)
        if len(self.played) == 2:
            a, b = self.played[0], self.played[1]
            if a != b:
                self.points[0 if a > b else 1] += self.stake
            self.revealed.append([a, b])
            for s in (0, 1):
                if self.deck:
                    self.hands[s].append(self.deck.pop())
                    self.hands[s].sort()
            self.round += 1
            self.leader = 1 - self.leader
            self.stake = 0
            self.played = {}
        return []

    def view(self, seat: int) -> View:
        return {
            "seat": seat,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) + (1 if s in self.played else 0)
                           for s, h in enumerate(self.hands)],
            "deck_size": len(self.deck),
            "points": list(self.points),
            "round": self.round,
            "leader": self.leader,
            "stake": self.stake,
            "committed": sorted(self.played),
            "mine": self.played.get(seat),
            "revealed": [list(r) for r in self.revealed],
            "over": self.over,
            "winners": self.winners if self.over else [],
        }

    def clone(self) -> Duel:
        return copy.deepcopy(self)


def duel_determinize(view: View, rng: Rng) -> GameLike:
    seat: int = view["seat"]
    other = 1 - seat
    seen = set(view["hand"]) | {c for r in view["revealed"] for c in r}
    if view["mine"] is not None:
        seen.add(view["mine"])
    unknown = [c for c in DECK if c not in seen]
    rng.shuffle(unknown)
    game = Duel()
    size = view["hand_sizes"][other]
    game.hands[seat] = list(view["hand"])
    game.hands[other] = sorted(unknown[:size])
    game.deck = unknown[size:size + view["deck_size"]]
    game.points = list(view["points"])
    game.round, game.leader, game.stake = view["round"], view["leader"], view["stake"]
    game.revealed = [list(r) for r in view["revealed"]]
    game.played = {}
    if view["mine"] is not None:
        game.played[seat] = view["mine"]
    if other in view["committed"]:
        card = rng.choice(game.hands[other])
        game.hands[other].remove(card)
        game.played[other] = card
    return game


def duel_value(view: View) -> list[float]:
    if view["over"]:
        winners = view["winners"]
        return [1 / len(winners) if s in winners else 0.0 for s in (0, 1)]
    lead = view["points"][0] - view["points"][1]
    p0 = 1 / (1 + math.exp(-lead))
    return [p0, 1 - p0]


DUEL = Model(determinize=duel_determinize, value=duel_value)
BOT_LEVELS = ("random", "easy", "heuristic", "mcts:40")


def duel_bot(level: str, seed: int) -> Bot:
    return make_bot(level, seed, DUEL)


def play(game: Duel, bots: list[Bot]) -> Duel:
    while not game.over:
        for prompt in game.pending():
            choice = bots[prompt.seat].choose(game.view(prompt.seat), prompt)
            assert choice in prompt.options
            game.apply(prompt.seat, choice)
    return game


def wins(level: str, against: str, games: int) -> float:
    """Share of games won by ``level`` against ``against``, seats swapped every game."""
    score = 0.0
    for i in range(games):
        seat = i % 2
        bots = [duel_bot(against, 1000 + i), duel_bot(against, 2000 + i)]
        bots[seat] = duel_bot(level, 3000 + i)
        game = play(Duel(i), bots)
        if seat in game.winners:
            score += 1 / len(game.winners)
    return score / games


def test_duel_determinization_agrees_with_the_view() -> None:
    game = Duel(5)
    game.apply(0, "stake:2")
    game.apply(1, game.pending()[-1].options[0])
    rng = Rng(1)
    for _ in range(5):
        world = duel_determinize(game.view(0), rng)
        assert world.view(0) == game.view(0)


def test_levels_are_named() -> None:
    for name in ("random", "easy", "heuristic", "normal", "hard", "mcts", "mcts:25"):
        assert is_level(name)
    for name in ("mcts:", "mcts:0", "expert", "mcts:x"):
        assert not is_level(name)
    with pytest.raises(ValueError):
        make_bot("expert", 0, DUEL)


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_choose_legal_choices_to_the_end(level: str) -> None:
    game = play(Duel(3), [duel_bot(level, 1), duel_bot(level, 2)])
    assert game.over


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_seeded_bots_replay_exactly(level: str) -> None:
    def record(seed: int) -> list[str]:
        game, bots, choices = Duel(7), [duel_bot(level, seed), duel_bot(level, seed + 1)], []
        while not game.over:
            for prompt in game.pending():
                choices.append(bots[prompt.seat].choose(game.view(prompt.seat), prompt))
                game.apply(prompt.seat, choices[-1])
        return choices

    assert record(11) == record(11)


def _hidden_twins() -> list[tuple[Duel, Duel]]:
    """Pairs of games that differ only in what seat 0 cannot see."""
    twins = []
    for seed in range(6):
        game = Duel(seed)
        game.apply(0, "stake:1")
        if seed % 2:
            game.apply(1, game.pending()[1].options[-1])  # seat 1 has committed, face-down
        twin = game.clone()
        twin.hands[1], twin.deck[:len(twin.hands[1])] = (
            sorted(twin.deck[:len(twin.hands[1])]), twin.hands[1])
        if 1 in twin.played:
            twin.played[1], twin.hands[1][0] = twin.hands[1][0], twin.played[1]
            twin.hands[1].sort()
        assert twin.hands[1] != game.hands[1] or twin.deck != game.deck
        twins.append((game, twin))
    return twins


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_never_peek(level: str) -> None:
    for game, twin in _hidden_twins():
        view = game.view(0)
        assert twin.view(0) == view
        prompt = game.pending()[0]
        assert prompt.seat == 0
        first = duel_bot(level, 99).choose(view, prompt)
        second = duel_bot(level, 99).choose(twin.view(0), twin.pending()[0])
        assert first == second


def test_heuristic_plays_its_best_card_into_a_shown_simultaneous_round() -> None:
    game = Duel(0)
    game.apply(0, "stake:2")
    prompt = game.pending()[0]
    choice = HeuristicBot(1, DUEL, samples=4).choose(game.view(0), prompt)
    assert choice == prompt.options[-1]  # the highest card wins the most often


def test_mcts_counts_its_iterations_and_answers_within_a_time_budget() -> None:
    game = Duel(2)
    game.apply(0, "stake:1")
    prompt = game.pending()[0]
    bot = MctsBot(3, DUEL, Budget(iterations=25))
    assert bot.choose(game.view(0), prompt) in prompt.options
    assert bot.last_iterations == 25
    timed = MctsBot(3, DUEL, Budget(seconds=0.02))
    assert timed.choose(game.view(0), prompt) in prompt.options
    assert timed.last_iterations >= 1


def test_a_narrow_prompt_gets_fewer_iterations() -> None:
    game = Duel(2)
    game.apply(0, "stake:1")
    prompt = game.pending()[0]
    budget = Budget(iterations=100, per_choice=3)
    assert budget.iterations_for(2) == 6
    assert budget.iterations_for(50) == 100
    bot = MctsBot(3, DUEL, budget)
    bot.choose(game.view(0), prompt)
    assert bot.last_iterations == 3 * len(prompt.options)


def test_budget_needs_a_bound() -> None:
    with pytest.raises(ValueError):
        Budget()


def test_single_choice_needs_no_thought() -> None:
    prompt = Prompt(0, "only", ["done"])
    bot = MctsBot(0, DUEL, Budget(iterations=10))
    assert bot.choose({}, prompt) == "done"
    assert bot.last_iterations == 0
    assert HeuristicBot(0, DUEL).choose({}, prompt) == "done"
    assert RandomBot(0).choose({}, prompt) == "done"


def test_search_bots_beat_random_on_the_duel() -> None:
    # The duel is mostly luck: random against random wins half; these are seeded runs.
    assert wins("heuristic", "random", 100) >= 0.58
    assert wins("mcts:40", "random", 30) >= 0.58


def test_random_bot_spreads_over_choices() -> None:
    bot = RandomBot(4)
    prompt = Prompt(0, "pick", ["a", "b", "c"])
    seen: dict[str, Any] = {}
    for _ in range(60):
        choice = bot.choose({}, prompt)
        seen[choice] = seen.get(choice, 0) + 1
    assert set(seen) == {"a", "b", "c"}


def test_the_tree_ends_where_rollouts_stop() -> None:
    # A search from a card prompt that stops at the next stake grows no node past it: every
    # iteration is judged at the same horizon, so well-searched choices are not penalised.
    game = Duel(2)
    game.apply(0, "stake:1")
    prompt = next(p for p in game.pending() if p.seat == 0)
    bot = MctsBot(3, DUEL, Budget(iterations=300), stop=lambda p: p.kind == "stake")
    root = bot.search(game.view(0), prompt, 0.0)
    assert 0 < bot.last_iterations <= 300
    assert root.children
    for child in root.children.values():
        assert not child.children
        assert all(not choice.startswith("stake") for _, choice in child.stats)


def blind_value(view: View) -> list[float]:
    """Who won once the game is over; before, nothing: every position an even game."""
    return duel_value(view) if view["over"] else [0.5, 0.5]


def test_where_the_end_is_in_reach_play_outs_run_to_it() -> None:
    # A blind judgement makes every play-out that stops at the next stake an even game; a
    # model that says the end is in reach has them played on to the end and judged by who
    # won, past the stop.
    game, prompt = _staked()
    blind = Model(determinize=duel_determinize, value=blind_value, stop=lambda p: p.kind == "stake")
    reached = replace(blind, end_in_reach=lambda view: True)
    for model, to_the_end in ((blind, False), (reached, True)):
        bot = MctsBot(3, model, Budget(iterations=200), stop=model.stop)
        root = bot.search(game.view(0), prompt, 0.0)
        means = {choice: stat.total / stat.visits for (seat, choice), stat in root.stats.items()
                 if seat == 0 and stat.visits}
        assert means
        assert any(mean != 0.5 for mean in means.values()) == to_the_end


# --- a game's macro-moves, default play and shunned choices -----------------------------------


def _staked(seed: int = 2) -> tuple[Duel, Prompt]:
    game = Duel(seed)
    game.apply(0, "stake:1")
    return game, game.pending()[0]


def test_a_planned_prompt_is_answered_by_the_plan_at_every_level_that_looks_ahead() -> None:
    """The plan answers the stake with 2, where the judgement is indifferent to it: every
    level that looks ahead follows the plan, and so do settling and rollouts."""
    seen: list[str] = []

    def plan(game: GameLike, prompt: Prompt) -> str | None:
        seen.append(prompt.kind)
        return "stake:2" if prompt.kind == "stake" else None

    model = replace(DUEL, plan=plan)
    prompt = Duel(4).pending()[0]
    assert prompt.kind == "stake"
    for level in ("easy", "heuristic", "mcts:30"):
        assert make_bot(level, 5, model).choose(Duel(4).view(0), prompt) == "stake:2"
    game, prompt = _staked()
    seen.clear()
    bot = MctsBot(3, model, Budget(iterations=60))
    bot.choose(game.view(0), prompt)
    assert "stake" in seen  # the next round's stake, reached in the search, was planned
    assert model.answer(Duel(4), Duel(4).pending()[0], Rng(0)) == "stake:2"


def test_settling_and_rollouts_follow_the_policy_where_nothing_is_planned() -> None:
    """Without a policy an unplanned prompt is answered at random; with one, as it says,
    unless it leaves the prompt to chance (None)."""
    calls: list[str] = []

    def policy(game: GameLike, prompt: Prompt, rng: Rng) -> str | None:
        calls.append(prompt.kind)
        return prompt.options[0] if prompt.kind == "card" else None

    model = replace(DUEL, policy=policy)
    game, prompt = _staked()
    assert {model.answer(game, prompt, Rng(s)) for s in range(10)} == {prompt.options[0]}
    assert len({DUEL.answer(game, prompt, Rng(s)) for s in range(20)}) > 1
    stake = Duel(4).pending()[0]
    assert {model.answer(Duel(4), stake, Rng(s)) for s in range(20)} == set(stake.options)
    calls.clear()
    HeuristicBot(1, model).choose(game.view(0), prompt)
    assert "card" in calls  # seat 1's card, settled while judging seat 0's
    calls.clear()
    MctsBot(3, model, Budget(iterations=40)).choose(game.view(0), prompt)
    assert calls  # the rollouts past the tree


def test_no_level_makes_a_shunned_choice() -> None:
    """Every level, random included, avoids what the model shuns, while another option is
    left; a prompt of shunned choices only is still answered."""
    model = replace(DUEL, shuns=lambda choice: choice == "stake:1")
    prompt = Duel(4).pending()[0]
    for level in (*BOT_LEVELS, "normal"):
        for seed in range(4 if level == "random" else 1):
            assert make_bot(level, seed, model).choose(Duel(4).view(0), prompt) == "stake:2"
    assert {model.answer(Duel(4), prompt, Rng(s)) for s in range(20)} == {"stake:2"}
    only = Prompt(0, "stake", ["stake:1"])
    assert model.options(only) == ["stake:1"]


def test_a_deal_the_model_names_is_made_once_though_its_choices_are_shunned() -> None:
    """At a prompt of ``deal_kinds`` the levels that look ahead make the model's deal, its
    first choice there and the next one at the prompt that follows; asked again, a deal
    already made is not made twice, and one whose next choice is not offered is dropped."""
    game = Duel(4)
    seat = game.pending()[0].seat
    low = f"card:{game.hands[seat][0]}"
    deals = [Deal("raise", ("stake:1", low)), Deal("again", ("stake:1", "card:99"))]
    model = replace(DUEL, shuns=lambda choice: choice == "stake:1",
                    deals=lambda world, prompt: deals, deal_kinds=frozenset({"stake"}))
    for level in ("heuristic", "normal"):
        played = Duel(4)
        bot = make_bot(level, 1, model)
        stake = played.pending()[0]
        assert bot.choose(played.view(seat), stake) == "stake:1"
        played.apply(seat, "stake:1")
        card = next(p for p in played.pending() if p.seat == seat)
        assert bot.choose(played.view(seat), card) == low
        assert bot.choose(game.view(seat), stake) == "stake:1"  # the second deal
        assert bot.choose(game.view(seat), stake) == "stake:2"  # card:99 dropped, both made
    assert make_bot("random", 1, model).choose(game.view(seat), game.pending()[0]) == "stake:2"


def test_past_the_time_guard_the_prior_judges_every_choice_from_fewer_completions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic's judgement that seeds the root spends its completions within the
    search's deadline; past it each choice left gets one completion a sampled world, so
    that a choice is never left unjudged (and so never chosen) for lack of time."""
    game, prompt = _staked()
    settled: list[str] = []
    settle = heuristic.settle_and_value

    def counted(game: Any, seat: int, option: str, *rest: Any) -> float:
        settled.append(option)
        return settle(game, seat, option, *rest)

    monkeypatch.setattr(heuristic, "settle_and_value", counted)
    bot = MctsBot(3, DUEL, Budget(iterations=10), prior_visits=5, prior_tries=6)
    late, timely = Node(), Node()
    bot.seed_root(late, game.view(0), prompt, [], deadline=0.0)
    assert sorted(settled) == sorted(prompt.options * 2)  # a completion in each of 2 worlds
    settled.clear()
    bot.seed_root(timely, game.view(0), prompt, [])
    assert sorted(settled) == sorted(prompt.options * 6)
    for root in (late, timely):
        assert {choice for _, choice in root.stats} == set(prompt.options)
        assert all(stat.visits == 5 for stat in root.stats.values())


def test_the_prior_plays_in_as_many_sampled_worlds_as_its_level_asks() -> None:
    """The prior's completions play in the first ``prior_worlds`` of the search's sampled
    worlds (two by default, as the heuristic's), never in more worlds than the search
    has; a level passes its number to its bot."""
    game, prompt = _staked()
    for asked, drawn in ((None, 2), (4, 4), (20, 8)):
        extra = {} if asked is None else {"prior_worlds": asked}
        bot = MctsBot(3, DUEL, Budget(iterations=10), prior_visits=5, prior_tries=8, worlds=8,
                      **extra)
        pool: list[Any] = []
        bot.seed_root(Node(), game.view(0), prompt, pool)
        assert len(pool) == drawn
    model = replace(DUEL, searches={"normal": Search(Budget(iterations=10), prior_worlds=5)})
    made: Any = make_bot("normal", 1, model)
    assert made.prior_worlds == 5


def test_a_level_may_keep_its_tree_to_the_roots_decision() -> None:
    """A search one decision deep grows the root's children only; below them the rollouts
    play on. A level passes its depth to its bot."""
    game, prompt = _staked()
    bot = MctsBot(3, DUEL, Budget(iterations=80), max_depth=1)
    root = bot.search(game.view(0), prompt, 0.0)
    assert root.children and all(not child.children for child in root.children.values())
    deep = MctsBot(3, DUEL, Budget(iterations=80)).search(game.view(0), prompt, 0.0)
    assert any(child.children for child in deep.children.values())
    shallow = replace(DUEL, searches={"normal": Search(Budget(iterations=5), depth=1)})
    level: Any = make_bot("normal", 1, shallow)
    assert level.max_depth == 1 and make_bot("normal", 1, DUEL).max_depth == MAX_DEPTH


def test_a_level_draws_the_hidden_parts_from_as_many_worlds_as_it_says() -> None:
    """A search samples the hidden parts into a pool of worlds of its level's size and
    plays every iteration in one of them; hard's deep tree over a few worlds would learn
    those worlds rather than the game."""
    game, prompt = _staked()
    drawn: list[int] = []

    def counted(view: Any, rng: Rng) -> Any:
        drawn.append(1)
        return duel_determinize(view, rng)

    model = replace(DUEL, determinize=counted, searches={
        level: Search(Budget(iterations=60), prior_visits=0, worlds=worlds)
        for level, worlds in (("normal", 3), ("hard", 20))})
    for level, worlds in (("normal", 3), ("hard", 20)):
        drawn.clear()
        bot: Any = make_bot(level, 1, model)
        bot.search(game.view(0), prompt, 0.0)
        assert bot.last_iterations > worlds and len(drawn) == worlds
    kernel_hard: Any = make_bot("hard", 1, DUEL)  # the kernel's own levels, as Fractal's
    assert kernel_hard.worlds == 5 * make_bot("normal", 1, DUEL).worlds == 40


def test_a_search_stops_once_its_choice_cannot_change(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    stopped_early = 0
    for seed in range(6):
        game = Duel(seed)
        game.apply(0, "stake:2")
        prompt = game.pending()[0]
        early = MctsBot(seed, DUEL, Budget(iterations=400))
        choice = early.choose(game.view(0), prompt)
        with monkeypatch.context() as patch:
            patch.setattr("core.bots.mcts.DECIDED_EVERY", 10**9)  # checked at the start only
            full = MctsBot(seed, DUEL, Budget(iterations=400))
            assert full.choose(game.view(0), prompt) == choice
        assert full.last_iterations == 400
        stopped_early += early.last_iterations < 400
    assert stopped_early


def test_past_its_time_guard_the_heuristic_judges_from_fewer_completions() -> None:
    game = Duel(4)
    game.apply(0, "stake:2")
    prompt = game.pending()[0]
    options = DUEL.options(prompt)
    worlds = [duel_determinize(game.view(0), Rng(k)) for k in range(2)]
    hurried = HeuristicBot(5, DUEL, seconds=0.0).judge_all(worlds, 0, options, 0.0)
    brief = HeuristicBot(5, DUEL, tries=2).judge_all(worlds, 0, options, 0.0)
    patient = HeuristicBot(5, DUEL, seconds=60.0).judge_all(worlds, 0, options,
                                                             time.perf_counter())
    assert hurried == brief != HeuristicBot(5, DUEL).judge_all(worlds, 0, options, 0.0)
    assert patient == HeuristicBot(5, DUEL).judge_all(worlds, 0, options, 0.0)
