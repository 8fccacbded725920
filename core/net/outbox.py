"""The host's outbox: each seat gets its newest frame, within the relay's allowance.

After every decision every seat's frame changes. Sending each seat a frame each time would
spend the host's allowance of messages (docs/protocol.md, "Limits") several times over in
a game between fast bots, so the outbox keeps per seat only the fact that its frame
changed, and builds the frame when it is about to send it: a seat that missed five
decisions gets one frame holding all of them.

Two kinds of sending:

- in order, at once: messages (errors, lobby, notices) and the frames a seat needs to go
  on (the decision now put to it, the answer to a resync). A frame already waiting in the
  queue is not queued twice.
- when there is room: the frames of seats that only watch the game change. Each such seat
  gets one at most every ``interval`` seconds, and only while more than half of the
  allowance is left, so the frames that let someone decide always find room.

Every frame leaves after :meth:`RelayClient.pace`, so the client stays under the relay's
allowance whatever the game does. Nothing here knows what a frame holds.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Protocol

INTERVAL = 0.5  # seconds between two frames to a seat that only watches


class Sender(Protocol):
    """What the outbox needs of a :class:`core.net.client.RelayClient`."""

    @property
    def allowance(self) -> int: ...

    def spare(self) -> int: ...

    async def pace(self) -> None: ...

    async def send(self, payload: bytes, seat: int | None = None) -> None: ...

    async def send_public(self, payload: bytes) -> None: ...


# An item of the queue: (seat, payload). A payload of None is the seat's frame, built
# when it leaves; a seat of None is a public message.
Item = tuple[int | None, bytes | None]


class Outbox:
    def __init__(self, client: Sender, build: Callable[[int], bytes | None],
                 interval: float = INTERVAL) -> None:
        self._client = client
        self._build = build  # the seat's frame as a payload now, or None to send nothing
        self._interval = interval
        self._queue: deque[Item] = deque()
        self._queued: set[int] = set()  # seats whose frame is in the queue
        self._changed: dict[int, None] = {}  # seats whose frame may wait (ordered)
        self._last: dict[int, float] = {}  # when each seat last got a frame
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()

    def post(self, payload: bytes, seat: int | None = None) -> None:
        """Send ``payload`` to ``seat`` (None: every guest), after what is queued."""
        self._push((seat, payload))

    def frame(self, seat: int) -> None:
        """Send ``seat`` its frame soon, after what is queued."""
        if seat not in self._queued:
            self._queued.add(seat)
            self._push((seat, None))

    def changed(self, seats: Iterable[int]) -> None:
        """The frames of ``seats`` changed; they go when there is room."""
        for seat in seats:
            self._changed.setdefault(seat)
        self._idle.clear()
        self._wake.set()

    def forget(self, seat: int) -> None:
        """Drop the frames waiting for ``seat`` (gone: it resynchronises when it is back)."""
        self._changed.pop(seat, None)

    async def drained(self) -> None:
        """Wait until everything queued and every changed frame has left."""
        await self._idle.wait()

    async def run(self) -> None:
        """Send until cancelled; raises the client's error if the relay is lost."""
        while True:
            seat, payload = await self._next()
            await self._client.pace()
            if payload is None:
                assert seat is not None
                self._queued.discard(seat)
                self._changed.pop(seat, None)
                payload = self._build(seat)
                if payload is None:
                    continue
                self._last[seat] = time.monotonic()
                await self._client.send(payload, seat)
            elif seat is None:
                await self._client.send_public(payload)
            else:
                await self._client.send(payload, seat)

    def _push(self, item: Item) -> None:
        self._queue.append(item)
        self._idle.clear()
        self._wake.set()

    async def _next(self) -> Item:
        while True:
            if self._queue:
                return self._queue.popleft()
            seat, delay = self._watcher()
            if seat is not None:
                return seat, None
            if not self._changed:
                self._idle.set()
            self._wake.clear()
            try:
                async with asyncio.timeout(delay):
                    await self._wake.wait()
            except TimeoutError:
                pass

    def _watcher(self) -> tuple[int | None, float | None]:
        """The watching seat whose frame may go now, or how long to wait for one."""
        if not self._changed:
            return None, None
        if self._client.spare() * 2 < self._client.allowance:
            return None, self._interval / 4  # the allowance refills meanwhile
        now = time.monotonic()
        due = {seat: self._last.get(seat, 0.0) + self._interval for seat in self._changed}
        seat = min(due, key=lambda s: due[s])
        if due[seat] <= now:
            return seat, None
        return None, due[seat] - now
