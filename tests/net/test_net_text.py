"""Text from the wire made fit for a screen: escape sequences and controls go, whatever
their form; what people write stays."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.net.text import screen_text, screen_tree

ESC = "\x1b"


@pytest.mark.parametrize(("sent", "shown"), [
    ("\x1b]0;X\x07Mallory", "Mallory"),  # OSC 0: retitles the window, ended by BEL
    ("\x1b]52;c;aGk=\x1b\\Eve", "Eve"),  # OSC 52 (the clipboard), ended by ST
    ("Bob\x1b]0;never ended", "Bob"),  # an OSC without its end swallows the rest
    ("\x1b[2J\x1b[1;1HClear", "Clear"),  # CSI: erase the screen, move the cursor
    ("\x1b[38;5;196mred\x1b[0m", "red"),
    ("\x9b2J\x9d0;X\x9cC1", "C1"),  # the same in 8-bit form (C1 CSI, OSC, ST)
    ("\x1bPq#0;2;0;0;0\x1b\\sixel", "sixel"),  # DCS
    ("\x1bcreset", "reset"),  # RIS: a two-byte sequence
    ("a\x1b", "a"),  # a lone ESC at the end
    ("bell\x07\x08\x00\x7f", "bell"),  # C0 and DEL
    ("\u202eevil\u202c", "evil"),  # a right-to-left override
    ("\u2066iso\u2069\u200f\u061c", "iso"),  # isolates and marks
    ("two\nlines\r\ttab\u2028", "two lines  tab "),  # breaks become spaces
])
def test_escapes_and_controls_are_removed(sent: str, shown: str) -> None:
    assert screen_text(sent) == shown


@pytest.mark.parametrize("kept", [
    "Ada Lovelace", "Zoë", "Łódź", "東京", "مرحبا", "👩\u200d🚀 crew", "नमस्ते", "[b]x[/]",
    "a\u00a0b",  # a no-break space is a space, not a control
])
def test_what_people_write_is_kept(kept: str) -> None:
    assert screen_text(kept) == kept


def test_the_text_is_bounded() -> None:
    assert screen_text("x" * 100, 64) == "x" * 64
    assert screen_text("\x1b]0;" + "y" * 100 + "\x07ok", 8) == "ok"


def test_every_string_of_a_tree_is_cleaned_keys_too() -> None:
    tree = {"players": [{"name": "\x1b[31mRed", "vp": 3}], "\x1b]0;k\x07key": [None, True]}
    assert screen_tree(tree) == {"players": [{"name": "Red", "vp": 3}], "key": [None, True]}


@given(st.text())
def test_no_control_or_escape_survives_any_text(text: str) -> None:
    shown = screen_text(text)
    assert ESC not in shown and "\x9b" not in shown and "\x07" not in shown
    assert not [char for char in shown if char not in "\u200c\u200d" and
                unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")]
