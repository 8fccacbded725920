"""core.bounds: data from elsewhere held to what a game can produce, and msgpack decoded
within a budget; core.plain.mismatch: a snapshot held to its game's types."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import msgpack
import pytest

from core.bounds import Bounds, OutOfBounds, Unpacking, check_frame, check_tree, unpack
from core.plain import NOT_PLAIN, load, mismatch, to_plain

MAP = Bounds(coordinates=("q", "r"), extent=8, number=1000, items=4, text=10, depth=4)


def refusal(value: object) -> str:
    with pytest.raises(OutOfBounds) as caught:
        check_tree(value, MAP, "the view")
    return str(caught.value)


def test_what_the_game_produces_passes() -> None:
    check_tree({"sectors": [{"q": -8, "r": 8, "vp": 1000, "name": "Sol"}], "x": None,
                "over": True, "share": 2.5}, MAP, "the view")


def test_a_coordinate_beyond_the_map_names_where_it_is() -> None:
    assert refusal({"sectors": [{"q": 0}, {"q": 9}]}) == \
        "the view's sectors[1].q is 9, beyond 8"
    assert refusal({"center": [0, 0], "r": [1, -9]}) == "the view's r[1] is -9, beyond 8"


def test_every_other_kind_of_excess_is_refused() -> None:
    assert refusal({"vp": 1001}) == "the view's vp is 1001, beyond 1000"
    assert refusal({"vp": math.nan}).startswith("the view's vp is nan")
    assert refusal([1, 2, 3, 4, 5]) == "the view holds 5 entries, more than 4"
    assert refusal({"name": "x" * 11}).endswith("a text of 11 characters, more than 10")
    assert refusal({"x" * 11: 1}).endswith("has a key of 11 characters")
    assert refusal([[[[[1]]]]]).endswith("is nested deeper than 4")
    assert refusal({"odd": b"bytes"}).endswith("is a bytes, which plain data never holds")
    assert "digits" in refusal({"q": 10**40})  # a long number is shortened in the line


def test_a_thousand_deep_list_is_refused_without_recursion() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert refusal(deep).endswith("is nested deeper than 4")


def test_a_frame_needs_an_option_in_its_decision() -> None:
    frame = {"view": {}, "prompt": {"seat": 0, "kind": "k", "options": [], "final": [],
                                    "context": {}}, "events": []}
    wide = Bounds(coordinates=("q",), extent=8)
    with pytest.raises(OutOfBounds, match="offers no option"):
        check_frame(wide, frame)
    frame["prompt"]["options"] = ["a"]  # type: ignore[index]
    check_frame(wide, frame)
    frame["events"] = [{"seq": 10**9, "kind": "moved", "q": 99}]
    with pytest.raises(OutOfBounds, match="an event's q is 99"):
        check_frame(wide, frame)  # an event's own seq is the frame's, not the map's


LIMITS = Unpacking(max_str=16, max_items=1000, budget=100, depth=3)


def test_unpack_counts_every_list_and_map_it_builds() -> None:
    assert unpack(msgpack.packb([{"a": 1}, [2, 3]]), LIMITS) == [{"a": 1}, [2, 3]]
    many_maps = msgpack.packb([{}] * 200)  # 201 bytes, 200 dicts
    with pytest.raises(ValueError, match="more than 100 lists, maps and entries"):
        unpack(many_maps, LIMITS)


def test_unpack_refuses_depth_length_extensions_and_odd_keys() -> None:
    with pytest.raises(ValueError, match="nested deeper than 3"):
        unpack(msgpack.packb([[[[1]]]]), LIMITS)
    with pytest.raises(ValueError, match="undecodable"):
        unpack(b"\x91" * 900 + b"\x00", LIMITS)  # a 900-deep list: no RecursionError
    with pytest.raises(ValueError, match="undecodable"):
        unpack(msgpack.packb("x" * 17), LIMITS)
    with pytest.raises(ValueError, match="undecodable"):
        unpack(msgpack.packb(msgpack.ExtType(1, b"x")), LIMITS)
    with pytest.raises(ValueError, match="undecodable"):
        unpack(msgpack.packb({1: 2}), LIMITS)  # string keys only, unless asked
    assert unpack(msgpack.packb({1: 2}), Unpacking(16, 10, 10, 2, strict_keys=False)) == \
        {1: 2}


def test_a_text_with_a_control_character_is_refused() -> None:
    assert refusal({"name": "\x1b]0;X\x07Eve"}) == "the view's name holds a control character"
    check_tree({"name": "Ève 👩‍🚀", "bidi": "عربي"}, MAP, "the view")  # what people write


@dataclass
class Spot:
    q: int
    name: str
    tags: list[str] = field(default_factory=list)
    owner: int | None = None
    ratio: float = 0.0


@dataclass
class Board:
    spots: list[Spot]
    by_id: dict[int, str]
    pair: tuple[int, int]
    data: Any = None


def test_mismatch_names_where_plain_data_is_not_of_its_dataclass_s_types() -> None:
    good = {"spots": [{"q": 1, "name": "a", "tags": ["x"], "owner": None, "ratio": 2}],
            "by_id": {1: "a"}, "pair": [1, 2], "data": {"anything": [1.5]}}
    assert mismatch(Board, good, "it") == ""
    assert mismatch(Board, {**good, "spots": [{"q": 1.5, "name": "a"}]}, "it") == \
        "it.spots[0].q is not int"
    assert mismatch(Board, {**good, "spots": [{"q": True, "name": "a"}]}, "it") == \
        "it.spots[0].q is not int"
    assert mismatch(Board, {**good, "spots": [{"q": 1, "name": "a", "tags": [3]}]},
                    "it") == "it.spots[0].tags[0] is not str"
    assert mismatch(Board, {**good, "spots": [{"name": "a"}]}, "it") == "it.spots[0] has no q"
    assert mismatch(Board, {**good, "odd": 1}, "it") == "it has no field 'odd'"
    assert mismatch(Board, {**good, "by_id": {"1": "a"}}, "it") == "a key of it.by_id is not int"
    assert mismatch(Board, {**good, "pair": [1]}, "it") == "it.pair does not hold 2 items"
    assert mismatch(Board, {**good, "spots": {}}, "it") == "it.spots is not a list"
    assert mismatch(Board, {**good, "spots": [{"q": 1, "name": "a", "owner": "me"}]},
                    "it") == "it.spots[0].owner is not int"


@dataclass
class Kept:
    name: str
    worked_out: list[str] = field(default_factory=list, init=False, compare=False,
                                  metadata=NOT_PLAIN)


def test_a_field_marked_not_plain_is_left_out_of_plain_data_and_refused_in_it() -> None:
    kept = Kept("a")
    kept.worked_out.append("fact")
    assert to_plain(kept) == {"name": "a"}
    assert load(Kept, {"name": "a"}) == kept
    assert mismatch(Kept, {"name": "a"}, "it") == ""
    assert mismatch(Kept, {"name": "a", "worked_out": []}, "it") == \
        "it has no field 'worked_out'"
