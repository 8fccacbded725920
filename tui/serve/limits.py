"""Every limit of ``fractal serve``, with its default. ``fractal serve`` has one flag per
field (``--max-sessions`` for ``max_sessions``...) and docs/serving.md lists them; the
counts of sessions and the limits of each session's client process bound the browser's
tabs too, the others are the SSH server's."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TypeVar

T = TypeVar("T")

# The limits that bound ``--web`` as well as ``--ssh``: a tab is a session.
SHARED = ("max_sessions", "max_sessions_per_address", "session_memory", "session_cpu")
# A terminal larger than any screen shows would only cost a client memory and time (and a
# pseudo-terminal takes sizes of 16 bits at most): what a player's terminal says is kept
# within these.
MAX_COLUMNS, MAX_ROWS = 500, 200
# What asyncssh's keepalive tolerates: a client that misses this many replies in a row
# is gone (its connection died without a word), and the session ends.
KEEPALIVE_MISSES = 3
# Milliseconds a client waits after an Escape for the rest of a key (Textual's ESCDELAY,
# 100 by default): over a network the bytes of one key may arrive apart.
ESCAPE_DELAY = 250


def _limit(default: T, help: str) -> T:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True, slots=True)
class ServeLimits:
    max_sessions: int = _limit(
        32, "game sessions at once, each a client process")
    max_sessions_per_address: int = _limit(
        4, "game sessions at once from one address")
    idle_timeout: float = _limit(
        1800.0, "seconds without a key press before a session is closed (its game is saved)")
    keepalive_interval: float = _limit(
        30.0, f"seconds between keepalive requests; {KEEPALIVE_MISSES} missed replies in a "
              "row drop the connection")
    login_timeout: float = _limit(
        30.0, "seconds a new connection has to log in")
    max_output: int = _limit(
        256 * 1024, "bytes of screen output held for a slow client before its game waits")
    session_memory: int = _limit(
        1024, "megabytes of address space of each session's client process (a client takes "
              "about 250); past it the client stops, its game saved")
    session_cpu: int = _limit(
        14_400, "seconds of processor time of each session's client process (a game against "
                "hard bots takes up to an hour); past it the client stops, its game saved")

    def child_options(self) -> list[str]:
        """The options of tui.serve.child that put these limits on a session's client."""
        return ["--memory", str(self.session_memory), "--cpu", str(self.session_cpu)]

    def __post_init__(self) -> None:
        for spec in fields(self):
            if getattr(self, spec.name) <= 0:
                raise ValueError(f"{spec.name} must be positive")


def bounded_size(columns: int, rows: int) -> tuple[int, int]:
    """A terminal's size as a client gave it, within 1 x 1 and the largest served."""
    return max(1, min(columns, MAX_COLUMNS)), max(1, min(rows, MAX_ROWS))


def games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def session_refusal(limits: ServeLimits, open_now: int, from_address: int) -> str | None:
    """Why one more session (an SSH session, a browser tab) is refused, in the words its
    player reads; None to admit it."""
    if open_now >= limits.max_sessions:
        return f"the server is full ({games(limits.max_sessions)} at once): try again later"
    if from_address >= limits.max_sessions_per_address:
        return (f"too many games from your address ({games(limits.max_sessions_per_address)}"
                " at once)")
    return None
