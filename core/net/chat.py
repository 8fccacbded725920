"""Table talk: the lines players of a network game say to each other, and the limits a
host puts on them (docs/protocol.md, "Table talk").

A line is text another program sent, so it is made fit for a screen as every text from
the wire is (core/net/text.py), then squeezed to one line of single spaces and cut to
:data:`MAX_CHAT` characters. Each speaker (a connection, or the host's own terminal) may
say :data:`BURST` lines at once, then one every :data:`REFILL` seconds: a token bucket, as
the relay counts messages, but per speaker and small enough that talk never crowds out
the game's frames within the host's allowance.

Nothing here knows a game, and nothing of a line ever reaches a game's state, its log or
its save: talk is between the people, not a decision.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.net.text import screen_text

MAX_CHAT = 200  # characters of one line, as the host passes it on
BURST = 5  # lines a speaker may say at once
REFILL = 2.0  # seconds for the allowance to grow by one line again
MAX_HEARD = 500  # lines a session keeps for its screen; older ones are dropped
# Who reads a player's seat: a person (here or a guest), a bot, or nobody now.
PERSON, BOT, AWAY = "person", "bot", "away"


def clean_line(text: str) -> tuple[str, bool]:
    """``text`` as one line fit for a screen: no escape sequence or control character,
    spaces squeezed, at most :data:`MAX_CHAT` characters; and whether it was cut."""
    line = " ".join(screen_text(text).split())
    return line[:MAX_CHAT], len(line) > MAX_CHAT


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line said at the table: ``seat`` said it (None: the host, which plays no seat),
    to everyone (``to`` None) or to the player of seat ``to`` alone."""

    seat: int | None
    to: int | None
    text: str

    def seen_by(self, seat: int) -> bool:
        """Whether the person at ``seat`` (a spectator: any seat outside the game) may
        read it: a private line only its speaker and the one it is said to."""
        return self.to is None or seat in (self.seat, self.to)


def refusal(speaker: int | None, to: int, seats: Sequence[tuple[str, str]]) -> str:
    """Why a line of ``speaker`` cannot go to seat ``to`` alone ("" when it can): it goes
    from a player to another player whom a person reads. ``seats`` gives each player's
    seat its name and its reader (:data:`PERSON`, :data:`BOT`, :data:`AWAY`)."""
    if speaker is None or not 0 <= speaker < len(seats):
        return "Only players speak to one player; say it to everyone."
    if not 0 <= to < len(seats):
        return "Lines to one seat go to players only; no such player."
    if to == speaker:
        return "That is your own seat."
    name, reader = seats[to]
    if reader == BOT:
        return f"{name} is played by a bot, which reads no chat."
    if reader == AWAY:
        return f"{name} is away: the line would reach nobody."
    return ""


class Pacing:
    """Each speaker's allowance of lines: :data:`BURST` at once, one more every
    :data:`REFILL` seconds. ``clock`` is injectable so that tests need no waiting."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._left: dict[int | None, tuple[float, float]] = {}  # speaker -> (lines, when)

    def take(self, speaker: int | None) -> bool:
        """Spend one line of ``speaker``'s allowance; False when it is spent."""
        now = self.clock()
        lines, then = self._left.get(speaker, (float(BURST), now))
        lines = min(float(BURST), lines + (now - then) / REFILL)
        if lines < 1:
            self._left[speaker] = (lines, now)
            return False
        self._left[speaker] = (lines - 1, now)
        return True

    def wait(self, speaker: int | None) -> float:
        """Seconds until ``speaker`` may say a line again (0 when it may now)."""
        lines, then = self._left.get(speaker, (float(BURST), self.clock()))
        lines = min(float(BURST), lines + (self.clock() - then) / REFILL)
        return max(0.0, (1 - lines) * REFILL)


class Heard:
    """The lines a session received for the people at its terminal, newest last: the
    last :data:`MAX_HEARD` of them, and how many there were in all, so that a screen
    asks for those it has not shown yet."""

    def __init__(self) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=MAX_HEARD)
        self.count = 0

    def add(self, line: ChatLine) -> None:
        self.lines.append(line)
        self.count += 1

    def since(self, count: int) -> list[ChatLine]:
        """The lines after the first ``count`` (those still kept)."""
        new = min(self.count - count, len(self.lines))
        return list(self.lines)[len(self.lines) - new:] if new > 0 else []
