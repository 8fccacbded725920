"""Frames: a seat's view, decision and events since a number, through msgpack and back."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core import frames
from core.events import SPECTATOR
from core.frames import frame
from core.games.fractal.game import Game
from core.games.fractal.invariants import check_events, check_view
from core.games.fractal.state import Options
from core.games.fractal.view import VERSION as VIEW_VERSION
from core.games.fractal.view import view_of
from tests.fractal.conflict_fixtures import BLUE, answer, content, fight, hand
from tests.fractal.rules_fixtures import RED, new_game, start
from tests.fractal.test_battle_view import two_sides

LIMITS = {"max_str_len": 1 << 16, "max_bin_len": 0, "max_array_len": 10_000,
          "max_map_len": 10_000, "max_ext_len": 0}


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ValueError("no ext types in a frame")


def strict_round_trip(value: dict[str, Any]) -> Any:
    packed = msgpack.packb(value, use_bin_type=True)
    return msgpack.unpackb(packed, raw=False, strict_map_key=True, ext_hook=_refuse_ext,
                           **LIMITS)


def played(decisions: int, players: int = 3, seed: int = 8) -> Game:
    game = Game.new(Options(players=players, seed=seed))
    rnd = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return game


@pytest.mark.parametrize("decisions", [0, 60, 250, 5000])
def test_frames_survive_a_strict_msgpack_round_trip(decisions: int) -> None:
    game = played(decisions)
    for seat in (*range(3), SPECTATOR):
        sent = frame(game, seat)
        assert strict_round_trip(sent) == sent


def test_a_frame_holds_the_seat_s_decision_and_its_events_only() -> None:
    game = played(80)
    prompt = game.pending()[0]
    mine = frame(game, prompt.seat)
    assert mine["prompt"]["options"] == prompt.options
    assert mine["seq"] == len(game.history) and mine["first"] == 0
    assert [e["seq"] for e in mine["events"]] == list(range(len(game.history)))
    assert mine["events"] == [{"seq": i, **r}
                              for i, r in enumerate(game.events_for(prompt.seat))]
    others = [s for s in range(3) if s != prompt.seat and game.prompt_for(s) is None]
    for seat in others:
        theirs = frame(game, seat)
        assert theirs["prompt"] is None
        assert check_view(game.state, seat, theirs["view"]) == []
        assert check_events(game.state, seat, theirs["events"]) == []


def test_a_seat_catches_up_from_the_last_number_it_saw() -> None:
    game = played(40)
    seen = frame(game, 1)["seq"]
    rnd = random.Random(1)
    for _ in range(30):
        prompt = game.pending()[0]
        game.apply(prompt.seat, rnd.choice(prompt.options))
    later = frame(game, 1, since=seen)
    assert later["first"] == seen
    assert [e["seq"] for e in later["events"]] == list(range(seen, len(game.history)))
    assert frame(game, 1, since=later["seq"])["events"] == []


def test_a_seat_too_far_behind_gets_the_newest_events_and_the_whole_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frames, "MAX_EVENTS", 100)
    game = played(300)
    assert len(game.history) > 100
    far = frame(game, 0, since=0)
    assert far["first"] == len(game.history) - 100
    assert len(far["events"]) == 100 and far["view"] == game.view(0)


def _documented(section: str) -> set[str]:
    """The field names in the first column of the table under a heading of docs/view.md."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "view.md").read_text()
    table = text.split(f"\n{section}\n", 1)[1].split("\n#", 1)[0]
    names: set[str] = set()
    for row in re.findall(r"^\| (`[^|]+)\|", table, flags=re.M):
        names.update(re.findall(r"`([a-z_]+)`", row))
    return names


def test_docs_describe_every_field_of_the_view_and_the_frame() -> None:
    game = played(120)
    view = game.view(0)
    assert _documented(f"## View (version {VIEW_VERSION})") == set(view)
    assert _documented("### Player") == set(view["players"][0])
    assert _documented("### Sector") == set(view["sectors"][0])
    assert _documented(f"## Frame (version {frames.VERSION})") == set(frame(game, 0))


def test_docs_describe_every_field_of_the_battle_record() -> None:
    state = two_sides(red={"infantry": 1}, blue={"infantry": 1})
    hand(state, RED, "retreat", "ground_assault")
    hand(state, BLUE, "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:retreat")  # chosen, not yet revealed: the side's choice
    record = view_of(state, content(), RED)["battle"]
    assert _documented("### Battle") == set(record)
    assert _documented("### Battle side") == set(record["sides"][RED])


def test_the_frame_names_the_choices_that_cannot_be_taken_back() -> None:
    game = new_game()
    start(game, "insight", RED, count=1, here=-1)
    decision = frame(game, RED)["prompt"]
    looks = [o for o in decision["options"] if o.startswith(("deck:", "event:", "slot:"))]
    assert looks and set(looks) <= set(decision["final"])  # seeing a card is for good
    game = played(200)
    for _ in range(200):
        prompt = game.pending()[0]
        if prompt.kind == "advance_step":
            break
        game.apply(prompt.seat, prompt.options[0])
    decision = frame(game, prompt.seat)["prompt"]
    assert prompt.kind == "advance_step"
    for option in prompt.options:
        sector = game.state.sectors[int(option.split(":")[1])] if ":" in option else None
        turns_up = sector is not None and sector.event != "" and not sector.event_face_up
        assert (option in decision["final"]) == turns_up
