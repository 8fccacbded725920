"""Frames: a seat's view, decision and events since a number, through msgpack and back.

On the test game (tests/toy): what a frame holds does not depend on the game. Fractal's
view as docs/view.md documents it, and its final choices, are tests/fractal/test_frames.py;
every game's frames under the network's decoders are the contract suite's."""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest

from core import frames
from core.events import SPECTATOR
from core.frames import frame
from core.game import Game
from core.rulesets import GameSetup, ruleset
from tests.toy.invariants import check_view

LIMITS = {"max_str_len": 1 << 16, "max_bin_len": 0, "max_array_len": 10_000,
          "max_map_len": 10_000, "max_ext_len": 0}


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ValueError("no ext types in a frame")


def strict_round_trip(value: dict[str, Any]) -> Any:
    packed = msgpack.packb(value, use_bin_type=True)
    return msgpack.unpackb(packed, raw=False, strict_map_key=True, ext_hook=_refuse_ext,
                           **LIMITS)


def played(decisions: int, players: int = 3, seed: int = 8, name: str = "toy"
           ) -> Game[Any, Any, Any]:
    """A game of the named ruleset (the test game's here) after ``decisions`` random ones."""
    game = ruleset(name).new_game(GameSetup(players=players, seed=seed))
    rnd = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return game


@pytest.mark.parametrize("decisions", [0, 6, 11, 1000])
def test_frames_survive_a_strict_msgpack_round_trip(decisions: int) -> None:
    game = played(decisions)
    for seat in (*range(3), SPECTATOR):
        sent = frame(game, seat)
        assert strict_round_trip(sent) == sent


def test_a_frame_holds_the_seat_s_decision_and_its_events_only() -> None:
    game = played(4)  # the second round's stake: the leader alone decides
    prompt = game.pending()[0]
    mine = frame(game, prompt.seat)
    assert mine["prompt"]["options"] == prompt.options
    assert mine["seq"] == len(game.history) and mine["first"] == 0
    assert [e["seq"] for e in mine["events"]] == list(range(len(game.history)))
    assert mine["events"] == [{"seq": i, **r}
                              for i, r in enumerate(game.events_for(prompt.seat))]
    others = [s for s in range(3) if s != prompt.seat and game.prompt_for(s) is None]
    assert len(others) == 2
    for seat in others:
        theirs = frame(game, seat)
        assert theirs["prompt"] is None
        assert check_view(game.state, seat, theirs["view"]) == []
        assert theirs["events"] == [{"seq": i, **r}
                                    for i, r in enumerate(game.events_for(seat))]
    dealt = [e for e in mine["events"] if e["kind"] == "dealt"]
    assert len(dealt) == 3  # everyone drew; the seat learns its own card only
    assert [("cards" in e) for e in dealt] == [e["seat"] == prompt.seat for e in dealt]


def test_a_seat_catches_up_from_the_last_number_it_saw() -> None:
    game = played(3)
    seen = frame(game, 1)["seq"]
    rnd = random.Random(1)
    for _ in range(6):
        prompt = game.pending()[0]
        game.apply(prompt.seat, rnd.choice(prompt.options))
    later = frame(game, 1, since=seen)
    assert later["first"] == seen
    assert [e["seq"] for e in later["events"]] == list(range(seen, len(game.history)))
    assert frame(game, 1, since=later["seq"])["events"] == []


def test_a_seat_too_far_behind_gets_the_newest_events_and_the_whole_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frames, "MAX_EVENTS", 10)
    game = played(12)
    assert len(game.history) > 10
    far = frame(game, 0, since=0)
    assert far["first"] == len(game.history) - 10
    assert len(far["events"]) == 10 and far["view"] == game.view(0)


def test_the_frame_names_the_choices_that_cannot_be_taken_back() -> None:
    """A stake shows nothing; the last card down reveals every card, the others do not."""
    game = played(0)
    decision = frame(game, game.pending()[0].seat)["prompt"]
    assert decision["kind"] == "stake" and decision["final"] == []
    game.apply(decision["seat"], "stake:1")
    for left in (3, 2, 1):
        prompt = game.pending()[0]
        decision = frame(game, prompt.seat)["prompt"]
        assert decision["final"] == (prompt.options if left == 1 else [])
        game.apply(prompt.seat, prompt.options[0])
