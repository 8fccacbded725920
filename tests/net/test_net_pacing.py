"""The relay's rate limit as a game lives with it: a host's allowance grows with its seats,
clients pace themselves under what the relay says, and the host's outbox sends each seat
its newest frame without wasting the allowance."""

from __future__ import annotations

import asyncio
import time

from core.net.client import ClientOptions, Message, RelayClient
from core.net.limits import TokenBucket
from core.net.outbox import Outbox
from tests.net.relay_fixtures import Raw, running_relay, until

QUICK = ClientOptions(connect_timeout=2.0, reconnect_for=5.0, backoff_first=0.01,
                      backoff_max=0.05)


def test_a_bucket_resized_keeps_what_was_spent_and_says_how_long_to_wait() -> None:
    bucket = TokenBucket(10, 100.0)
    now = time.monotonic()
    for _ in range(4):
        bucket.spend(now)
    bucket.resize(30)
    assert 25.9 < bucket.level(time.monotonic()) < 26.1  # 4 spent of 30
    for _ in range(30):
        bucket.spend(now)
    assert bucket.level(now) < 0  # a pong is sent whatever the level
    assert bucket.wait(now, keep=2.0) > 0 and not bucket.take(now)


async def test_the_relay_says_its_rate_and_gives_a_host_one_share_per_seat() -> None:
    async with running_relay(rate_messages=10, rate_window=60.0) as relay:
        host = await Raw.open(relay.address)
        hello = (await host.hello())["p"]
        assert (hello["rate_messages"], hello["rate_window"]) == (10, 60.0)
        host.send("create", p={"seats": [1, 2, 3]})
        created = await host.expect("created")
        assert created["p"]["rate_messages"] == 30
        guest = await Raw.open(relay.address)
        await guest.join(created["p"]["code"], 1)
        await host.expect("presence")
        for seq in range(1, 29):  # 30 with the hello and the create
            host.send("data", seat=1, seq=seq, p=b"x")
        for _ in range(28):
            assert (await guest.expect("data"))["p"] == b"x"
        host.send("data", seat=1, seq=29, p=b"one too many")
        assert await host.ended() == "rate_limited"
        assert (await guest.expect("presence"))["p"]["state"] == "away"
        for seq in range(1, 9):  # a guest has its own ten: 2 went on hello and join
            guest.send("data", seq=seq, p=b"y")
        guest.send("data", seq=9, p=b"one too many")
        assert await guest.ended() == "rate_limited"


async def test_clients_that_send_as_fast_as_they_can_stay_under_the_rate() -> None:
    # 40 messages a second, 10 at once: sending 80 each way takes about two seconds.
    async with running_relay(rate_messages=10, rate_window=0.25) as relay:
        host = await RelayClient.create_room(relay.address, [1], QUICK)
        assert host.code is not None and host.allowance == 10
        guest = await RelayClient.join_room(relay.address, host.code, options=QUICK)
        started = time.monotonic()
        count = 80

        async def flood(client: RelayClient, seat: int | None) -> None:
            for n in range(count):
                await client.send(str(n).encode(), seat)

        async def drain(client: RelayClient) -> list[bytes]:
            got = []
            while len(got) < count:
                event = await client.receive()
                if isinstance(event, Message):
                    got.append(event.payload)
            return got

        async with asyncio.timeout(20):
            _, _, to_guest, to_host = await asyncio.gather(
                flood(host, 1), flood(guest, None), drain(guest), drain(host))
        assert to_guest == to_host == [str(n).encode() for n in range(count)]
        assert time.monotonic() - started > (count - 10) / 40 * 0.9  # it did wait
        assert not any(name.endswith("rate_limited") for name in relay.counters)
        await guest.disconnect()
        await host.disconnect()


class FakeSender:
    """Records what an outbox sends; ``spare`` is what the test says is left."""

    def __init__(self, allowance: int = 100) -> None:
        self.allowance = allowance
        self.left = allowance
        self.asked = 0  # how often the outbox looked at what is left
        self.sent: list[tuple[int | None, bytes]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    def spare(self) -> int:
        self.asked += 1
        return self.left

    async def pace(self) -> None:
        await self.gate.wait()

    async def send(self, payload: bytes, seat: int | None = None) -> None:
        self.sent.append((seat, payload))

    async def send_public(self, payload: bytes) -> None:
        self.sent.append((None, payload))


async def test_the_outbox_keeps_order_and_builds_each_frame_when_it_leaves() -> None:
    sender = FakeSender()
    state = {"n": 0}
    outbox = Outbox(sender, lambda seat: f"frame {seat} at {state['n']}".encode())
    runner = asyncio.create_task(outbox.run())
    sender.gate.clear()  # the relay's allowance is spent: nothing leaves for now
    outbox.post(b"error", 1)
    for n in range(1, 50):  # fifty decisions meanwhile
        state["n"] = n
        outbox.frame(1)
        outbox.frame(2)
    outbox.post(b"over")
    sender.gate.set()
    await asyncio.wait_for(outbox.drained(), 5)
    assert sender.sent == [(1, b"error"), (1, b"frame 1 at 49"), (2, b"frame 2 at 49"),
                           (None, b"over")]
    runner.cancel()


async def test_frames_of_seats_that_only_watch_wait_for_room_and_their_interval() -> None:
    sender = FakeSender(allowance=100)
    outbox = Outbox(sender, lambda seat: b"frame", interval=0.05)
    runner = asyncio.create_task(outbox.run())
    sender.left = 40  # under half: watchers wait, what someone needs goes
    outbox.changed([1, 2])
    outbox.frame(3)
    await until(lambda: sender.asked >= 3)  # it looked three times, and let them wait
    assert sender.sent == [(3, b"frame")]
    sender.left = 100
    for _ in range(20):  # twenty changes within one interval: one frame each
        outbox.changed([1, 2])
    await asyncio.wait_for(outbox.drained(), 5)
    assert sorted(seat for seat, _ in sender.sent[1:]) == [1, 2]
    runner.cancel()
