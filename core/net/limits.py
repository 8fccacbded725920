"""Every limit of the relay, with its default. ``fractal relay`` has one flag per field
(``--max-frame`` for ``max_frame``...) and docs/protocol.md lists them all."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, fields
from typing import TypeVar

T = TypeVar("T")

# Room for the relay's own messages and for the fields it adds around a payload.
MIN_FRAME = 1024


def _limit(default: T, help: str) -> T:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True, slots=True)
class RelayLimits:
    max_frame: int = _limit(
        128 * 1024, "largest frame accepted, in bytes")
    max_rooms: int = _limit(
        1000, "rooms open at once")
    max_rooms_per_address: int = _limit(
        8, "rooms open at once that were created from one address")
    max_clients_per_room: int = _limit(
        8, "members of a room, its host included")
    max_connections: int = _limit(
        2000, "connections at once")
    max_connections_per_address: int = _limit(
        32, "connections at once from one address")
    hello_timeout: float = _limit(
        5.0, "seconds a new connection has to send its hello")
    frame_timeout: float = _limit(
        10.0, "seconds to finish a frame once its first byte arrived")
    ping_interval: float = _limit(
        10.0, "seconds between the relay's pings")
    idle_timeout: float = _limit(
        30.0, "seconds without any message from a client before it is cut")
    rate_messages: int = _limit(
        100, "messages a connection may send at once; the allowance refills over the rate "
             "window (a host's is this times the seats its room offers)")
    rate_window: float = _limit(
        20.0, "seconds for a connection's allowance of messages to refill")
    max_output: int = _limit(
        512 * 1024, "bytes waiting to be sent to one connection before it is dropped")
    join_failures: int = _limit(
        10, "wrong invite codes one address may try at once; its budget of failed joins "
            "refills over the join refill")
    join_refill: float = _limit(
        360.0, "seconds for one failed join to come back to an address's budget")
    host_grace: float = _limit(
        60.0, "seconds a room waits for its host to come back before closing")
    drain_timeout: float = _limit(
        1.0, "seconds to flush the last messages to a closing connection")

    def __post_init__(self) -> None:
        for spec in fields(self):
            if getattr(self, spec.name) <= 0:
                raise ValueError(f"{spec.name} must be positive")
        if self.idle_timeout <= self.ping_interval:
            raise ValueError("idle_timeout must be longer than ping_interval")
        if self.max_frame < MIN_FRAME:
            raise ValueError(f"max_frame must be at least {MIN_FRAME} bytes")

    def allowance(self, seats: int) -> int:
        """The messages a host may send at once: a guest's allowance per seat it offers,
        since a game's host answers every seat after every decision."""
        return self.rate_messages * max(1, seats)

    def watchdog_tick(self) -> float:
        """How often the timeouts are checked: a quarter of the shortest one."""
        return min(self.hello_timeout, self.frame_timeout, self.ping_interval,
                   self.idle_timeout) / 4


class TokenBucket:
    """``capacity`` messages at once, refilled at ``capacity / window`` a second.

    The relay keeps one per connection to refuse what goes over it (:meth:`take`); a
    client keeps a copy of its own to stay under it (:meth:`spend`, :meth:`wait`).
    """

    __slots__ = ("_capacity", "_level", "_rate", "_stamp", "_window")

    def __init__(self, capacity: int, window: float) -> None:
        self._capacity = float(capacity)
        self._level = float(capacity)
        self._window = window
        self._rate = capacity / window
        self._stamp = time.monotonic()

    @property
    def capacity(self) -> int:
        return int(self._capacity)

    def level(self, now: float) -> float:
        """The messages that may be sent at ``now``, as a fraction."""
        self._level = min(self._capacity, self._level + (now - self._stamp) * self._rate)
        self._stamp = now
        return self._level

    def take(self, now: float) -> bool:
        if self.level(now) < 1.0:
            return False
        self._level -= 1.0
        return True

    def spend(self, now: float) -> None:
        """Count a message that is sent whatever the level (it may go below zero)."""
        self._level = self.level(now) - 1.0

    def wait(self, now: float, keep: float) -> float:
        """Seconds until one message can be sent leaving ``keep`` in the bucket."""
        missing = keep + 1.0 - self.level(now)
        return max(0.0, missing / self._rate)

    def resize(self, capacity: int) -> None:
        """A new capacity (and rate, over the same window), the messages spent kept spent."""
        now = time.monotonic()
        spent = self._capacity - self.level(now)
        self._capacity = float(capacity)
        self._rate = capacity / self._window
        self._level = self._capacity - spent
