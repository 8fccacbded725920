"""Resuming from the snapshot, the log checked later (``resume(..., later=True)``): the game
comes from the snapshot with no replay, and the log's check replays it once, giving the
past events and undo's notes, and says which game is played when the two disagree; on
Stakes, the tests' own game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.game import digest_of
from core.rulesets import ruleset
from saves.format import SaveError
from saves.replay import resume
from saves.undo import trace
from tests.saves.test_resume import RULES, Counted, played, saved
from tui.play.seats import SeatSpec
from tui.session import LocalSession

HUMANS = [SeatSpec("human")] * 3


def test_the_game_comes_from_the_snapshot_and_the_log_is_replayed_once_by_its_check() -> None:
    game = played(10)
    engine = Counted()
    found = resume(saved(game), engine, later=True)
    assert engine.started == 0 and found.check is not None
    assert found.game.digest() == game.digest() and found.game.history == []
    checked = found.check.run()
    assert engine.started == 1 and checked.note == ""
    assert checked.resumed.check is None
    assert checked.resumed.game.digest() == game.digest()
    assert len(checked.resumed.game.history) == len(game.history)
    assert checked.resumed.revealed == trace(RULES.engine(), game).revealed


def test_a_snapshot_the_log_does_not_reach_gives_way_to_the_log_and_says_so() -> None:
    game = played(10)
    save = saved(game)
    save.body.snapshot["points"][0] += 5  # a position written by hand, its digest with it
    save.body.digest = digest_of(save.body.snapshot)
    found = resume(save, later=True)
    assert found.game.digest() == save.body.digest != game.digest()
    assert found.check is not None
    checked = found.check.run()
    assert checked.resumed.game.digest() == game.digest()  # the decisions' game
    assert checked.note.startswith("This save's position did not match its decisions")


def test_a_log_that_does_not_replay_leaves_the_snapshot_and_says_so() -> None:
    game = played(10)
    save = saved(game)
    save.body.log.append((0, "fly to the moon"))  # a decision the game refuses
    found = resume(save, later=True)
    assert found.check is not None
    checked = found.check.run()
    assert checked.resumed.game.digest() == game.digest() and checked.resumed.revealed is None
    assert "the game goes on from the position" in checked.note


def test_a_save_of_other_rules_is_replayed_at_once() -> None:
    game = played(10)
    save = saved(game)
    save.header = replace(save.header, rules_version="0")
    found = resume(save, later=True)
    assert found.check is None and found.revealed is not None
    assert len(found.game.history) == len(game.history)


def test_a_session_takes_nothing_back_until_its_check_then_as_a_replayed_game_does() -> None:
    game = played(10)
    save = saved(game)
    found = resume(save, later=True)
    session = LocalSession(ruleset("toy"), found.game, HUMANS, None, check=found.check)
    waiting = session.waiting()
    assert session.check is not None
    assert all(session.undoable(seat) == 0 for seat in range(3))
    assert session.settle() == "" and session.check is None
    eager = resume(save)
    replayed = LocalSession(ruleset("toy"), eager.game, HUMANS, None, eager.revealed)
    assert [session.undoable(s) for s in range(3)] == [replayed.undoable(s) for s in range(3)]
    assert any(session.undoable(s) for s in range(3))  # the notes came with the check
    assert session.waiting() == waiting and len(session.game.history) == len(game.history)
    assert session.settle() == ""  # once only


def test_a_snapshot_left_to_play_that_cannot_be_shown_is_refused_at_the_check() -> None:
    game = played(10)
    save = saved(game)
    save.body.log.append((0, "fly to the moon"))
    found = resume(save, later=True)
    session = LocalSession(ruleset("toy"), found.game, HUMANS, None, check=found.check,
                           shows=lambda _: "a card this program does not know")
    with pytest.raises(SaveError, match="cannot show it: a card this program does not know"):
        session.settle()
