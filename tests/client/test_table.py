"""The table (tui/play/): a decision's facts worked out once and shared, questions answered
for people, bots' answers taken only while they are current, the autosave told of every
change; on Stakes, the tests' own game, as the game does not matter here."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import pytest

from core.decisions import Prompt
from core.frames import frame
from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from saves.format import SaveMeta, encode, save_of
from saves.undo import UndoError
from tui.play.autosave import Held
from tui.play.bots import BotTurn
from tui.play.facts import marked
from tui.play.seats import BOT, HUMAN, REMOTE, SeatSpec
from tui.play.simulate import play_game
from tui.play.table import Table

RULES = ruleset("toy")


def dealt(players: int = 2, seed: int = 3) -> Any:
    return RULES.new_game(GameSetup(players=players, seed=seed))


def humans(players: int) -> list[SeatSpec]:
    return [SeatSpec(HUMAN)] * players


class Counted:
    """The engine's marks, counting the prompts the table asked about."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []

    def __call__(self, game: Any, prompt: Prompt) -> Mapping[str, str]:
        self.asked.append((prompt.seat, prompt.kind))
        return marked(game, prompt)


class Saves:
    def __init__(self) -> None:
        self.count = 0

    def changed(self) -> None:
        self.count += 1


def test_a_decisions_facts_are_worked_out_once_and_frames_stay_as_they_were() -> None:
    marks = Counted()
    table = Table(RULES, dealt(), humans(2), marks=marks)
    rng = Rng(8)
    while not table.over:
        for seat in (0, 1, -1):
            assert table.frame(seat) == frame(table.game, seat)  # marked anew there
            assert table.frame(seat, 2) == frame(table.game, seat, 2)
        pending = table.game.pending()
        # asked once per decision pending, however many frames were served
        assert sorted(marks.asked) == sorted((p.seat, p.kind) for p in pending)
        marks.asked.clear()
        prompt = rng.choice(pending)
        table.apply(prompt.seat, rng.choice(prompt.options))


def test_an_undo_makes_the_facts_be_worked_out_again() -> None:
    marks = Counted()
    table = Table(RULES, dealt(), humans(2), marks=marks)
    table.apply(0, "stake:2")
    table.frame(0)
    table.apply(0, "card:" + table.game.prompt_for(0).options[0].split(":")[1])
    table.undo(0)
    assert table.undoable(0) == 1
    marks.asked.clear()
    assert table.frame(0) == frame(table.game, 0)
    assert marks.asked == [(0, "card")]  # the same number of decisions, another game


def test_a_choice_known_to_reveal_is_not_taken_back() -> None:
    table = Table(RULES, dealt(), humans(2))
    table.apply(0, "stake:1")
    card = table.game.prompt_for(0).options[0]
    table.frame(0)
    table.apply(0, card)
    assert table.undoable(0) == 2  # a card played face down reveals nothing yet
    last = table.facts(1)
    assert last is not None and set(last.final) == set(last.prompt.options)
    table.apply(1, last.prompt.options[0])  # the last card down turns them all up
    assert table.undoable(1) == 0 and table.undoable(0) == 0


def test_simulate_works_out_no_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.simulate import SimConfig

    def never(*_: Any) -> list[str]:
        raise AssertionError("a bot's prompt had its options marked")

    monkeypatch.setattr("core.game.Game.marks", never)
    result = play_game(SimConfig(players=3, bots=("random",), games=1, seed=2, game="toy"), 0)
    assert not result.problems and result.record["decisions"] > 0


def last_round(players: int = 6) -> Any:
    """Stakes at its last round, the leader to stake: every hand holds one card."""
    game = dealt(players, seed=9)
    while game.state.round < 4:
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    return game


def test_lone_questions_are_answered_for_people_but_the_one_that_reveals() -> None:
    game = last_round()
    saves = Saves()
    table = Table(RULES, game, humans(6), autosave=saves)
    leader = game.state.leader
    table.apply(leader, "stake:1")
    assert len(game.pending()) == 6 and not table.lone.answered  # off until asked for
    assert table.answer_alone(True)
    answered = table.lone.take()
    # one card each: all are played for their players but the last, which turns them up
    assert len(answered) == 5 and len(game.pending()) == 1
    last = game.pending()[0]
    assert tuple(table.facts(last.seat).final) == tuple(last.options)  # type: ignore[union-attr]
    first = answered[0]
    assert first.decision["options"] == [game.log[-5][1]] and first.decision["final"] == []
    assert first.view["seat"] == first.seat and first.seq < len(game.history)
    assert saves.count == 2 and not table.lone.take()
    # an answer made alone is a decision like any other for undo
    assert table.undoable(answered[-1].seat) == 1 and table.undoable(answered[0].seat) == 0
    table.apply(last.seat, last.options[0])
    assert table.over


def test_a_bots_stale_answer_is_dropped() -> None:
    table = Table(RULES, dealt(), [SeatSpec(HUMAN), SeatSpec(BOT, "random")])
    table.apply(0, "stake:1")
    turn = table.bot_turn()
    assert turn is not None and turn.seat == 1
    table.apply(0, table.game.prompt_for(0).options[0])
    table.undo(0)  # the game rebuilt: the bot's decision is asked again, renumbered
    assert not table.answer_bot(turn, turn.prompt.options[0])
    again = table.bot_turn()
    assert again is not None and again.generation != turn.generation
    assert table.answer_bot(again, again.prompt.options[0])
    assert not table.answer_bot(again, again.prompt.options[0])  # answered already


def test_a_stand_in_plays_until_released_and_its_answer_then_is_dropped() -> None:
    table = Table(RULES, dealt(), [SeatSpec(BOT, "random"), SeatSpec(REMOTE)], undo=False)
    table.apply(0, "stake:1")
    table.apply(0, table.game.prompt_for(0).options[0])
    assert table.bot(1) is None and table.bot_turn() is None  # nobody here plays seat 1
    table.stand_in(1, "random")
    turn = table.bot_turn()
    assert turn is not None and turn.seat == 1
    table.release(1)
    assert table.bot(1) is None and not table.answer_bot(turn, turn.prompt.options[0])
    with pytest.raises(UndoError):  # a table kept without undo
        table.undo(0)


def test_think_gives_no_answer_once_stopped() -> None:
    table = Table(RULES, dealt(), [SeatSpec(BOT, "random")] * 2)
    turn = table.bot_turn()
    assert isinstance(turn, BotTurn)
    stop = threading.Event()
    assert table.think(turn, stop) in turn.prompt.options
    stop.set()
    table.pace = 5.0
    assert table.think(turn, stop) is None  # and at once: the pace is not waited out


def test_the_autosave_is_told_of_every_change() -> None:
    saves = Saves()
    table = Table(RULES, dealt(), humans(2), autosave=saves)
    table.apply(0, "stake:1")
    table.apply(0, table.game.prompt_for(0).options[0])
    table.undo(0, 2)
    assert saves.count == 3


def test_a_held_game_saves_as_the_game_does_turning_its_state_into_plain_data_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = last_round(3)
    meta = SaveMeta.new(["human"] * 3)
    taken = []
    snapshot = type(game).snapshot

    def counted(self: Any) -> dict[str, Any]:
        taken.append(1)
        return snapshot(self)

    monkeypatch.setattr(type(game), "snapshot", counted)
    held = encode(save_of(Held(game), meta, "now"))
    assert len(taken) == 1
    assert held == encode(save_of(game, meta, "now")) and len(taken) == 3  # the snapshot,
    # and again for its digest
