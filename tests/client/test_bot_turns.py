"""A bot's turn shares its time over its decisions (tui.play.bots): each decision of a run of
one seat's decisions may take what the run has left, within the bot's own guard and never
less than a floor; the bots honour it. On Stakes, the tests' own game. No timing is
asserted: the seconds a decision took are told to the table as a thinking thread tells it."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots.mcts import Budget, MctsBot
from core.decisions import Prompt
from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from tui.play.bots import TURN_SECONDS, BotTurn, think, turn_left
from tui.play.seats import BOT, HUMAN, SeatSpec
from tui.play.table import Table

RULES = ruleset("toy")
THOUGHT = TURN_SECONDS["easy"] / 2.5  # seconds each decision takes


def test_a_turn_leaves_each_decision_what_is_left_of_it_down_to_a_floor() -> None:
    assert turn_left("normal", 0.0) == TURN_SECONDS["normal"] == 3.0
    assert turn_left("normal", 1.5) == 1.5
    assert turn_left("normal", 9.0) == pytest.approx(0.15)  # a twentieth of the turn
    assert turn_left("hard", 4.0) == 11.0
    assert turn_left("mcts:12", 1.0) is None  # reproducible levels keep their own guard
    assert turn_left("random", 0.0) is None


def test_the_table_gives_a_bot_the_time_its_run_of_decisions_has_left() -> None:
    game = RULES.new_game(GameSetup(players=2, seed=5))
    table = Table(RULES, game, [SeatSpec(BOT, "easy"), SeatSpec(HUMAN)], undo=False)
    rng = Rng(5)
    in_a_row = 0  # the bot's decisions at the end of the log
    longest = 0
    while not table.over:
        human = table.game.prompt_for(1)
        if human is not None and (rng.random() < 0.5 or table.game.prompt_for(0) is None):
            table.apply(1, rng.choice(human.options))
            in_a_row = 0
            continue
        turn = table.bot_turn()
        assert turn is not None and turn.seat == 0
        assert turn.seconds == turn_left("easy", THOUGHT * in_a_row)
        table._note(turn, THOUGHT)  # as the thinking thread tells it
        assert table.answer_bot(turn, rng.choice(turn.prompt.options))
        in_a_row += 1
        longest = max(longest, in_a_row)
    assert longest >= 3  # the floor was reached: three decisions take more than the turn


def test_without_turn_times_each_decision_has_its_own_guard_alone() -> None:
    game = RULES.new_game(GameSetup(players=2, seed=5))
    table = Table(RULES, game, [SeatSpec(BOT, "normal"), SeatSpec(BOT, "normal")], undo=False)
    table.turns_timed = False
    turn = table.bot_turn()
    assert turn is not None and turn.seconds is None


class Watching:
    """A bot that notes the time it was left for each decision."""

    level = "normal"
    time_left: float | None = None

    def __init__(self) -> None:
        self.seen: list[float | None] = []

    def choose(self, view: Any, prompt: Prompt) -> str:
        self.seen.append(self.time_left)
        return prompt.options[0]


def test_think_tells_the_bot_its_time_and_takes_it_back_after() -> None:
    bot = Watching()
    prompt = Prompt(0, "card", ["card:1", "card:2"])
    told: list[float] = []
    turn = BotTurn(0, bot, {}, prompt, 0, 0.25)
    assert think(turn, thought=lambda _, seconds: told.append(seconds)) == "card:1"
    assert bot.seen == [0.25] and bot.time_left is None and len(told) == 1


def test_a_searching_bot_stops_when_its_turn_has_no_time_left() -> None:
    game = RULES.new_game(GameSetup(players=2, seed=5))
    prompt = next(p for p in game.pending() if len(p.options) > 1)
    view = game.view(prompt.seat)
    model = RULES.model()
    bot = MctsBot(1, model, Budget(iterations=50, seconds=5.0))
    bot.choose(view, prompt)
    assert bot.last_iterations > 0
    stopped = MctsBot(1, model, Budget(iterations=50, seconds=5.0))
    stopped.time_left = 0.0
    assert stopped.choose(view, prompt) in prompt.options and stopped.last_iterations == 0
