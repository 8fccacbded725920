"""Every limit of ``fractal serve --ssh``, with its default. ``fractal serve`` has one flag
per field (``--max-sessions`` for ``max_sessions``...) and docs/serving.md lists them."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TypeVar

T = TypeVar("T")

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

    def __post_init__(self) -> None:
        for spec in fields(self):
            if getattr(self, spec.name) <= 0:
                raise ValueError(f"{spec.name} must be positive")
