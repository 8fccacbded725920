"""Replay: step through a saved game, verify that the log reproduces the snapshot."""

from __future__ import annotations

import pytest

from core.rng import Rng
from core.rulesets import GameSetup, ruleset
from saves.format import SaveError, SaveFile, SaveMeta, decode, encode, save_of
from saves.replay import from_snapshot, restore, steps, verify
from tests.saves.fixtures.fake_game import FakeGame, play
from tests.toy import GAME as TOY
from tests.toy.game import Options


def saved(decisions: int = 25, seed: int = 4) -> SaveFile:
    game = play(FakeGame.new(Options(players=3, seed=seed)), decisions, seed)
    return decode(encode(save_of(game, SaveMeta.new())), "game.fractal")


def test_verify_accepts_a_faithful_save() -> None:
    result = verify(saved(), FakeGame)
    assert result.ok and result.decisions == 25 and result.snapshot_ok
    assert result.replayed_digest == result.stored_digest
    assert result.line().startswith("game.fractal: OK, 25 decisions")


def test_verify_of_a_fresh_game() -> None:
    assert verify(saved(0), FakeGame).ok


def test_verify_catches_a_snapshot_the_log_does_not_reach() -> None:
    save = saved()
    save.body.snapshot["players"][0]["credits"] += 5
    game = FakeGame.from_snapshot(save.body.snapshot, save.body.log)
    save.body.digest = game.digest()  # consistent snapshot, inconsistent with the log
    result = verify(save, FakeGame)
    assert not result.ok and result.snapshot_ok
    assert "MISMATCH" in result.line() and "digest" in result.problem


def test_verify_catches_a_snapshot_that_does_not_match_its_digest() -> None:
    save = saved()
    save.body.snapshot["cycle"] = 99
    result = verify(save, FakeGame)
    assert not result.ok and not result.snapshot_ok
    assert result.replayed_digest == result.stored_digest


def test_verify_reports_a_refused_decision() -> None:
    save = saved()
    save.body.log.insert(3, (2, "score:1"))
    result = verify(save, FakeGame)
    assert not result.ok and result.decisions == 3 and "decision 3" in result.problem


def test_steps_walk_the_game_decision_by_decision() -> None:
    save = saved()
    walked = list(steps(save, FakeGame))
    assert [(s.seat, s.choice) for s in walked] == save.body.log
    assert [s.index for s in walked] == list(range(25))
    assert walked[-1].game is not None and walked[-1].game.digest() == save.body.digest
    draws = [s for s in walked if s.choice == "draw"]
    assert all(e.kind == "draw" for s in draws for e in s.events)


def test_restore_replays_the_log_and_keeps_its_events() -> None:
    save = saved()
    game = restore(save, FakeGame)
    assert game.digest() == save.body.digest and game.log == save.body.log
    original = play(FakeGame.new(Options(players=3, seed=4)), 25, 4)
    assert game.history == original.history  # setup and every decision's events
    save.body.snapshot = {"no": "longer a state"}  # the snapshot is not needed
    assert from_snapshot(save, FakeGame) is None
    assert restore(save, FakeGame).digest() == save.body.digest


def real_save(decisions: int = 10, seed: int = 4, name: str = "toy") -> SaveFile:
    """A save of a real game, the test game's unless ``name`` says (a snapshot is checked
    as the game's before it is played)."""
    game = ruleset(name).new_game(GameSetup(players=3, seed=seed))
    chooser = Rng(seed)
    for _ in range(decisions):
        prompt = chooser.choice(game.pending())
        game.apply(prompt.seat, chooser.choice(prompt.options))
    return decode(encode(save_of(game, SaveMeta.new())), "game.fractal")


def test_restore_falls_back_to_the_snapshot_when_the_log_no_longer_replays() -> None:
    save = real_save()
    save.body.log.append((0, "fly to the moon"))
    game = restore(save)
    assert game.digest() == save.body.digest and game.history == []


def test_a_snapshot_that_breaks_the_games_bounds_is_not_played() -> None:
    """Anyone can write a snapshot and its digest: one whose numbers lie beyond what the
    game's views hold is refused when the log does not replay (tests/fractal/test_saves.py:
    a sector a million hexes out, which drew a map of gigabytes)."""
    save = real_save()
    save.body.log.append((0, "fly to the moon"))
    save.body.snapshot["points"][0] = 10**6
    game = ruleset("toy").engine().from_snapshot(save.body.snapshot, save.body.log)
    save.body.digest = game.digest()
    assert from_snapshot(save) is None
    with pytest.raises(ValueError, match="points"):
        ruleset("toy").check_loaded(game)
    with pytest.raises(SaveError) as caught:
        restore(save)
    assert "the log does not replay" in caught.value.reason


def test_restore_of_a_broken_log_is_a_save_error() -> None:
    save = saved()
    save.body.snapshot = {}
    save.body.log.append((0, "fly to the moon"))
    with pytest.raises(SaveError) as caught:
        restore(save, FakeGame)
    assert caught.value.code == "invalid" and "game.fractal" in str(caught.value)


def test_a_log_that_no_longer_replays_names_a_change_of_rules() -> None:
    save = saved()
    save.body.snapshot = {}
    save.body.log.append((0, "fly to the moon"))
    with pytest.raises(SaveError) as caught:
        restore(save, FakeGame)
    assert "version" not in str(caught.value)  # same rules: nothing to say of them
    save.header.rules_version = "0"
    with pytest.raises(SaveError) as caught:
        restore(save, FakeGame)
    assert str(caught.value).endswith(
        f"(saved under the rules' version 0; this program plays version {TOY.rules_version})")
    assert "version 0" in verify(save, FakeGame).problem
