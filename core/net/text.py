"""Text from the wire made fit for a screen: the one place every string another program
sent (a host, a guest, a relay, an SSH client) passes before a widget or a print shows it.

A terminal obeys what it is sent: an escape sequence in a player's name could retitle a
window, move the cursor, rewrite what is already shown or, on some terminals, write to
the clipboard; a bidirectional override makes a line read other than it is stored. So
whole escape sequences are removed (in their 7-bit and 8-bit forms), then every control
and invisible formatting character that is left (C0, DEL, C1, bidirectional marks,
overrides and isolates), line breaks becoming spaces; and the text is bounded. What a
person writes (letters of any script, accents, emoji with their joiners) is kept.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# A control string (OSC, DCS, SOS, PM, APC) runs to its terminator (BEL or ST), or to the
# end of the text when it has none, as a terminal would swallow it; a CSI sequence is its
# parameter, intermediate and final bytes; any other ESC takes its intermediates and one
# final byte.
_SEQUENCE = re.compile(
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|\Z)"
    r"|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?",
    re.DOTALL)
# Breaks between lines or words that a one-line text shows as a space.
_SPACES = frozenset("\t\n\v\f\r\x85\u2028\u2029")
# Invisible formatting a script needs: the joiners of ligatures and emoji sequences.
_JOINERS = frozenset("\u200c\u200d")
_DROPPED = frozenset(("Cc", "Cf", "Cs"))  # controls, formatting (bidi...), lone surrogates


def screen_text(text: str, limit: int | None = None) -> str:
    """``text`` without escape sequences or control characters, at most ``limit``
    characters long."""
    if not text.isprintable():  # a printable text holds none of them: nothing to do
        text = "".join(_kept(char) for char in _SEQUENCE.sub("", text))
    return text if limit is None else text[:limit]


def _kept(char: str) -> str:
    if char in _SPACES:
        return " "
    if char in _JOINERS or unicodedata.category(char) not in _DROPPED:
        return char
    return ""


def screen_tree(value: Any) -> Any:
    """A decoded map or list with every string in it (keys too) made fit for a screen."""
    if type(value) is str:
        return screen_text(value)
    if type(value) is dict:
        return {screen_tree(key): screen_tree(item) for key, item in value.items()}
    if type(value) is list:
        return [screen_tree(item) for item in value]
    return value
