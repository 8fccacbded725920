"""Table talk's limits, without a network: a line is cleaned and cut as every text from
the wire, each speaker is paced, the payloads say no more than they should, and ``@name``
finds the one player a line is for."""

from __future__ import annotations

import unicodedata

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.net import payloads
from core.net.chat import (
    AWAY,
    BOT,
    BURST,
    MAX_CHAT,
    MAX_HEARD,
    PERSON,
    REFILL,
    ChatLine,
    Heard,
    Pacing,
    clean_line,
    refusal,
)
from tui.widgets.chat import addressed


def test_a_line_loses_its_escapes_and_controls_and_keeps_what_people_write() -> None:
    line, cut = clean_line("\x1b]0;owned\x07hi\x1b[2J  there\n\tRed\u202e "
                           "\u00e9t\u00e9 👩\u200d🚀\x7f")
    assert line == "hi there Red été 👩\u200d🚀" and not cut


def test_a_long_line_is_cut_and_says_so() -> None:
    line, cut = clean_line("x" * (MAX_CHAT + 1))
    assert line == "x" * MAX_CHAT and cut
    assert clean_line("x" * MAX_CHAT) == ("x" * MAX_CHAT, False)


@given(st.text(max_size=2 * MAX_CHAT))
def test_no_line_holds_a_control_or_a_line_break(text: str) -> None:
    line, _ = clean_line(text)
    assert len(line) <= MAX_CHAT and line == line.strip() and "  " not in line
    assert not [char for char in line if char not in "\u200c\u200d"
                and (unicodedata.category(char) in ("Cc", "Cf", "Cs")
                     or (char.isspace() and char != " "))]


def test_a_speaker_says_a_burst_then_one_line_every_refill() -> None:
    now = [0.0]
    pacing = Pacing(clock=lambda: now[0])
    assert [pacing.take(1) for _ in range(BURST + 1)] == [True] * BURST + [False]
    assert pacing.wait(1) == pytest.approx(REFILL)
    assert pacing.take(2)  # another speaker has their own allowance
    now[0] += REFILL / 2
    assert not pacing.take(1)
    now[0] += REFILL
    assert pacing.take(1) and not pacing.take(1)
    now[0] += 100 * REFILL  # the allowance grows back to a burst, no further
    assert sum(pacing.take(1) for _ in range(2 * BURST)) == BURST


def test_a_private_line_is_seen_by_its_two_seats_only() -> None:
    private = ChatLine(1, 2, "deal?")
    assert [seat for seat in (-1, 0, 1, 2, 3, 7) if private.seen_by(seat)] == [1, 2]
    assert all(ChatLine(1, None, "hello").seen_by(seat) for seat in (-1, 0, 1, 7))


def test_heard_keeps_the_newest_lines_and_counts_them_all() -> None:
    heard = Heard()
    for n in range(MAX_HEARD + 3):
        heard.add(ChatLine(0, None, str(n)))
    assert heard.count == MAX_HEARD + 3 and len(heard.lines) == MAX_HEARD
    assert [line.text for line in heard.since(heard.count - 2)] == [
        str(MAX_HEARD + 1), str(MAX_HEARD + 2)]
    assert len(heard.since(0)) == MAX_HEARD and heard.since(heard.count) == []


def _raw(message: dict[str, object]) -> bytes:
    return bytes((payloads.PLAIN,)) + msgpack.packb({"v": payloads.VERSION, **message})


def test_a_guests_line_names_no_speaker() -> None:
    said = payloads.decode_from_guest(payloads.encode(payloads.Say("hello", 2)))
    assert said == payloads.Say("hello", 2)
    with pytest.raises(payloads.BadPayload, match="unknown fields in say: seat"):
        payloads.decode_from_guest(_raw({"t": "say", "text": "I am Red", "to": None,
                                         "seat": 0}))
    with pytest.raises(payloads.BadPayload, match="to must be"):
        payloads.decode_from_guest(_raw({"t": "say", "text": "hi", "to": 256}))


def test_a_hosts_line_is_cleaned_and_bounded_as_it_is_read() -> None:
    line = payloads.decode_from_host(_raw({"t": "chat", "seat": 1, "to": None,
                                           "text": "\x1b[31mred\x9b2J"}))
    assert line == payloads.Chat(1, None, "red")
    with pytest.raises(payloads.BadPayload, match="text must be"):
        payloads.decode_from_host(_raw({"t": "chat", "seat": 1, "to": None,
                                        "text": "x" * (MAX_CHAT + 1)}))


NAMES = {0: ["red", "Red", "Bushido"], 1: ["blue", "Blue", "Saura"],
         2: ["green", "Green", "Star", "Union"]}


@pytest.mark.parametrize(("text", "to", "line"), [
    ("hello all", None, "hello all"),
    ("@Blue see you at 7", 1, "see you at 7"),
    ("@bushido truce?", 0, "truce?"),
    ("@gr  spare 2 CAPs", 2, "spare 2 CAPs"),
    ("@union", 2, ""),
    ("email me@home", None, "email me@home"),
])
def test_a_line_is_for_the_one_player_it_names(text: str, to: int | None, line: str) -> None:
    assert addressed(text, NAMES) == (to, line)


@pytest.mark.parametrize(("text", "problem"), [
    ("@purple hi", "@purple names no player"),
    ("@ hi", "@ names no player"),
    ("@s hi", "@s names more than one player"),  # Saura, Star
])
def test_a_line_that_names_no_one_player_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        addressed(text, NAMES)


SEATS = [("Red", PERSON), ("Blue", BOT), ("Green", AWAY), ("Yellow", PERSON)]


@pytest.mark.parametrize(("speaker", "to", "problem"), [
    (0, 3, ""),
    (3, 0, ""),
    (None, 0, "Only players speak to one player"),  # the host, playing no seat
    (4, 0, "Only players speak to one player"),  # a spectator
    (0, 4, "no such player"),
    (0, -1, "no such player"),
    (0, 0, "your own seat"),
    (0, 1, "Blue is played by a bot"),
    (0, 2, "Green is away"),
])
def test_a_private_line_goes_between_two_players_a_person_reads(
        speaker: int | None, to: int, problem: str) -> None:
    found = refusal(speaker, to, SEATS)
    assert problem in found and bool(found) == bool(problem), found
