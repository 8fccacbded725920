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
from tui.play.bots import TURN_SECONDS, WAIT_FLOOR, WAIT_SECONDS, BotTurn, think, turn_left
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
    # A person's wait: what it has left, never less than its floor, and never more than
    # the turn's.
    assert turn_left("normal", 0.0, 0.0) == 3.0
    assert turn_left("normal", 0.0, 5.0) == 1.0
    assert turn_left("normal", 1.5, 2.0) == 1.5
    assert turn_left("normal", 0.0, 30.0) == pytest.approx(0.03)  # a 200th of the wait
    assert turn_left("hard", 0.0, 20.0) == 10.0


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
        # With two seats the person waits exactly as long as the bot's run lasts.
        assert turn.seconds == turn_left("easy", THOUGHT * in_a_row, THOUGHT * in_a_row)
        table._note(turn, THOUGHT)  # as the thinking thread tells it
        assert table.answer_bot(turn, rng.choice(turn.prompt.options))
        in_a_row += 1
        longest = max(longest, in_a_row)
    assert longest >= 3  # the floor was reached: three decisions take more than the turn


def test_the_bots_share_the_time_a_person_waits_for_them() -> None:
    # Two bots and a person who mostly lets the bots play on: the person's wait runs over
    # both bots' decisions, the turn over one bot's, and each decision gets the smaller.
    thought = WAIT_SECONDS["easy"] / 3.5  # the fourth decision of a wait finds it spent
    game = RULES.new_game(GameSetup(players=3, seed=6))
    seats = [SeatSpec(BOT, "easy"), SeatSpec(BOT, "easy"), SeatSpec(HUMAN)]
    table = Table(RULES, game, seats, undo=False)
    rng = Rng(6)
    waited = 0.0
    run = (-1, 0)  # the seat of the last decisions in a row, and how many
    floors = 0
    while not table.over:
        human = table.game.prompt_for(2)
        turn = table.bot_turn()
        if human is not None and (turn is None or rng.random() < 0.05):
            table.apply(2, rng.choice(human.options))
            waited, run = 0.0, (2, 1)
            continue
        assert turn is not None
        in_a_row = run[1] if run[0] == turn.seat else 0
        assert turn.seconds == turn_left("easy", thought * in_a_row, waited)
        floors += turn.seconds == WAIT_SECONDS["easy"] * WAIT_FLOOR
        table._note(turn, thought)
        assert table.answer_bot(turn, rng.choice(turn.prompt.options))
        waited += thought
        run = (turn.seat, in_a_row + 1)
    assert floors > 0  # some waits ran past their time


def test_a_bot_thinking_within_the_pace_keeps_nobody_waiting() -> None:
    # The player watches each bot move for the pace anyway: a bot that thinks no longer
    # than that never runs down the wait, however many moves the bots make in a row.
    thought = WAIT_SECONDS["easy"] / 3.5
    game = RULES.new_game(GameSetup(players=3, seed=6))
    seats = [SeatSpec(BOT, "easy"), SeatSpec(BOT, "easy"), SeatSpec(HUMAN)]
    table = Table(RULES, game, seats, undo=False)
    table.pace = thought
    rng = Rng(6)
    in_a_wait = longest = 0
    while not table.over:
        human = table.game.prompt_for(2)
        turn = table.bot_turn()
        if human is not None and (turn is None or rng.random() < 0.05):
            table.apply(2, rng.choice(human.options))
            in_a_wait = 0
            continue
        assert turn is not None
        assert turn.seconds == turn_left("easy", table._spent(turn.seat), 0.0)
        table._note(turn, thought)
        assert table.answer_bot(turn, rng.choice(turn.prompt.options))
        in_a_wait += 1
        longest = max(longest, in_a_wait)
    assert longest * thought > WAIT_SECONDS["easy"]  # past the wait's time, but for the pace


def test_where_no_person_plays_nobody_waits_for_the_bots() -> None:
    game = RULES.new_game(GameSetup(players=2, seed=5))
    table = Table(RULES, game, [SeatSpec(BOT, "easy"), SeatSpec(BOT, "easy")], undo=False)
    run = (-1, 0)
    thought = 0.0
    while not table.over:
        turn = table.bot_turn()
        assert turn is not None
        in_a_row = run[1] if run[0] == turn.seat else 0
        assert turn.seconds == turn_left("easy", THOUGHT * in_a_row)
        table._note(turn, THOUGHT)
        assert table.answer_bot(turn, turn.prompt.options[0])
        run = (turn.seat, in_a_row + 1)
        thought += THOUGHT
    assert thought > WAIT_SECONDS["easy"]  # longer than any person would be kept waiting


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
