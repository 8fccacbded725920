"""Game payloads: every message goes through bytes and back, and anything else is refused
in one line, whatever the bytes."""

from __future__ import annotations

import contextlib
import zlib
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.frames import frame
from core.net import payloads
from core.net.payloads import BadPayload, Code
from core.rulesets import GameSetup, ruleset

MESSAGES: list[payloads.Message] = [
    payloads.Error("stale", "the game moved on", "pay:recruit", 12),
    payloads.Error("bad_message", "unknown message type 'x'"),
    payloads.Lobby("fractal", 4, False, [
        payloads.LobbySeat(0, "human", "", "Red", True, True),
        payloads.LobbySeat(1, "remote", "normal", "Blue", False, False),
        payloads.LobbySeat(4, "spectator", "", "Spectator 1", True, True)]),
    payloads.Pause([1, 3]),
    payloads.Resume(),
    payloads.Over([2], [payloads.Standing(2, "Green", 1, 31),
                        payloads.Standing(0, "Red", 2, 17)]),
    payloads.Over([0], [payloads.Standing(0, "Red", 1, 6.5),
                        payloads.Standing(1, "Blue", 2, 4.333)]),
    payloads.Choice("sector:12", 40),
    payloads.Sync(118),
    payloads.Ready(True),
]


def plain(kind: str, **fields: Any) -> bytes:
    return bytes((payloads.PLAIN,)) + msgpack.packb({"v": 1, "t": kind, **fields})


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_goes_through_bytes_and_back(message: payloads.Message) -> None:
    decode = (payloads.decode_from_guest if isinstance(message, payloads.GuestMessage)
              else payloads.decode_from_host)
    assert decode(payloads.encode(message)) == message


def test_a_frame_travels_compressed_and_comes_back_whole() -> None:
    """On the test game (a whole game's events); tests/fractal/test_frames.py sends a
    Fractal frame, which compresses to less than a third."""
    game = ruleset("toy").new_game(GameSetup(players=6, seed=5))
    while not game.over:
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    sent = frame(game, 1, 0)
    asked = len(game.log)
    payload = payloads.encode(payloads.Frame(sent, asked, True))
    assert payload[0] == payloads.ZLIB
    assert len(payload) < len(msgpack.packb(sent)) / 2
    assert payloads.decode_from_host(payload) == payloads.Frame(sent, asked, True)


@pytest.mark.parametrize(("payload", "reason"), [
    (b"", "empty"),
    (b"\x07" + msgpack.packb({"v": 1}), "encoding"),
    (b"\x00\xc1", "undecodable"),
    (b"\x00" + msgpack.packb([1, 2]), "must be a map"),
    (b"\x00" + msgpack.packb({1: 2}), "undecodable"),  # integer keys
    (b"\x00" + msgpack.packb({"v": 1, "t": "choice", "choice": b"x", "asked": 1}),
     "undecodable"),  # binary where a string belongs
    (b"\x00" + msgpack.packb(msgpack.ExtType(1, b"x")), "undecodable"),
    (plain("choice", choice="x"), "asked"),
    (plain("choice", choice="x", asked=-1), "asked"),
    (plain("choice", choice="x", asked=True), "asked"),
    (plain("choice", choice="x" * 300, asked=1), "choice"),
    (plain("choice", choice="x", asked=1, extra=1), "unknown fields"),
    (plain("frame", frame={}), "unknown message type"),  # a host's message from a guest
    (plain("hello"), "unknown message type"),
    (b"\x00" + msgpack.packb({"t": "sync", "since": 1}), "version"),
    (b"\x01" + zlib.compress(msgpack.packb({"v": 1, "t": "sync", "since": 1})), "encoding"),
    (b"\x00" + b"\x00" * 2000, "at most"),
], ids=lambda case: case if isinstance(case, str) else "")
def test_what_a_guest_sends_is_checked(payload: bytes, reason: str) -> None:
    with pytest.raises(BadPayload, match=reason) as caught:
        payloads.decode_from_guest(payload)
    assert "\n" not in str(caught.value)


def test_another_version_is_said_so() -> None:
    with pytest.raises(BadPayload) as caught:
        payloads.decode_from_guest(plain("sync", since=1)[:1] + msgpack.packb(
            {"v": 2, "t": "sync", "since": 1}))
    assert caught.value.code is Code.VERSION


GOOD_FRAME = {"version": 1, "seat": 1, "seq": 3, "first": 1, "view": {"players": []},
              "prompt": {"seat": 1, "kind": "action", "options": ["a", "b"], "context": {},
                         "final": ["b"]},
              "events": [{"seq": 1, "kind": "x", "seat": 0}, {"seq": 2, "kind": "y"}]}


@pytest.mark.parametrize(("change", "reason"), [
    ({"seq": -1}, "seq"),
    ({"first": 4}, "first"),
    ({"view": []}, "view"),
    ({"prompt": {"seat": 1, "kind": "a", "options": [1], "context": {}, "final": []}},
     "options"),
    ({"prompt": {"seat": 1, "kind": "a", "options": [], "final": []}}, "context"),
    ({"events": [{"seq": 7, "kind": "x"}]}, "outside"),
    ({"events": ["x"]}, "an event"),
    ({"seat": 300}, "seat"),
])
def test_a_frame_of_the_wrong_shape_is_refused(change: dict[str, Any], reason: str) -> None:
    payloads.check_frame(dict(GOOD_FRAME))
    with pytest.raises(BadPayload, match=reason):
        payloads.decode_from_host(plain("frame", frame={**GOOD_FRAME, **change},
                                        asked=None, sync=False))


@pytest.mark.parametrize("score", ["7", True, float("nan"), float("inf"), 2.0**40, None])
def test_a_score_that_is_not_a_number_in_range_is_refused(score: Any) -> None:
    standing = {"seat": 0, "name": "Red", "place": 1, "score": score}
    with pytest.raises(BadPayload, match="score must be a number"):
        payloads.decode_from_host(plain("over", winners=[0], standings=[standing]))


def test_nesting_too_deep_is_refused() -> None:
    with pytest.raises(BadPayload, match="undecodable"):
        payloads.decode_from_host(b"\x00" + b"\x91" * 100_000 + b"\x90")


def test_a_compression_bomb_is_refused_before_it_inflates() -> None:
    bomb = b"\x01" + zlib.compress(b"\x00" * (payloads.MAX_INFLATED + 1), 9)
    assert len(bomb) < 10_000
    with pytest.raises(BadPayload, match="inflate"):
        payloads.decode_from_host(bomb)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_garbage_never_gets_past_the_decoders_but_as_bad_payload(garbage: bytes) -> None:
    for decode in (payloads.decode_from_host, payloads.decode_from_guest):
        with contextlib.suppress(BadPayload):
            decode(garbage)


def test_the_protocol_page_names_every_message_and_code() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(
        encoding="utf-8")
    payloads_part = doc[doc.index("## Game payloads"):]
    for kind in payloads.Kind:
        assert f"| `{kind}` |" in payloads_part, kind
    for code in Code:
        assert f"| `{code}` |" in payloads_part, code
    for name in ("MAX_GUEST_PAYLOAD", "COMPRESS_OVER"):
        assert f"{getattr(payloads, name):,}" in payloads_part, name
