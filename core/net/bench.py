"""`fractal bench --relay`: the relay under a thousand connections, on this machine.

The relay runs in a process of its own, as ``fractal relay`` would; this process is the
load: ``rooms`` rooms of one host and ``connections / rooms - 1`` guests each, all
connected at once. Three figures come out of it:

- forwarding latency: hosts send timestamped frames to their seats at a steady rate, the
  guests note how long each took (p50, p99);
- throughput: every guest keeps a few frames in flight to its host, which sends each one
  back; the forwarded messages a second are compared with a plain asyncio echo server
  (``core.net.echo``) driven the same way by the same load, in the same run;
- memory: the resident size of the relay process once everyone is connected, after the
  load, and at its peak.

The load uses bare asyncio protocols rather than :class:`core.net.client.RelayClient`,
so that it costs as little as it can on the machine it shares with the relay.
"""

from __future__ import annotations

import asyncio
import os
import platform
import resource
import signal
import statistics
import struct
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from core.net import framing
from core.net.codes import ProtocolError
from core.net.protocol import VERSION

Figures = dict[str, Any]
STAMP = struct.Struct(">d")
GOALS = {"latency_p99_ms": 5.0, "relay_rss_peak_mb": 100.0, "relay_vs_echo": 0.5}


@dataclass(frozen=True, slots=True)
class BenchConfig:
    connections: int = 1000
    rooms: int = 250
    seconds: float = 3.0  # each measurement
    payload: int = 1024  # bytes in each frame's payload
    latency_rate: int = 2500  # frames a second while latency is measured
    window: int = 4  # frames each guest keeps in flight while throughput is measured

    def __post_init__(self) -> None:
        if self.rooms < 1 or self.connections % self.rooms:
            raise ValueError("the connections must split evenly between the rooms")
        if not 2 <= self.connections // self.rooms <= 8:
            raise ValueError("a room takes 2 to 8 connections (a host and its guests)")
        if self.seconds <= 0:
            raise ValueError("--seconds must be positive")

    @property
    def guests_per_room(self) -> int:
        return self.connections // self.rooms - 1


class Peer(asyncio.Protocol):
    """One connection of the load: it splits what arrives into frames and hands each
    decoded message to ``handle``."""

    def __init__(self, handle: Callable[[Peer, dict[str, Any]], None]) -> None:
        self.handle = handle
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.seq = 0
        self.is_host = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        start = 0
        while len(buffer) - start >= framing.HEADER.size:
            (length,) = framing.HEADER.unpack_from(buffer, start)
            end = start + framing.HEADER.size + length
            if len(buffer) < end:
                break
            self.handle(self, framing.decode(bytes(buffer[end - length:end]), 1 << 20))
            start = end
        del buffer[:start]

    def send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(framing.encode(message))

    def send_data(self, payload: bytes, seat: int | None = None) -> None:
        self.seq += 1
        message: dict[str, Any] = {"v": VERSION, "t": "data", "seq": self.seq, "p": payload}
        if seat is not None:
            message["seat"] = seat
        self.send(message)


class Server:
    """A server process whose first line of output is its address."""

    def __init__(self, process: asyncio.subprocess.Process, address: str) -> None:
        self.process = process
        self.address = address

    @classmethod
    async def start(cls, command: list[str]) -> Server:
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        async with asyncio.timeout(30):
            line = await process.stdout.readline()
        if not line:
            raise RuntimeError(f"{' '.join(command[:4])}... printed no address")
        return cls(process, line.decode().strip())

    def host_port(self) -> tuple[str, int]:
        host, _, port = self.address.rpartition(":")
        return host, int(port)

    def status(self, field: str) -> float | None:
        """A size from /proc/PID/status, in MB (Linux only)."""
        try:
            with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith(field + ":"):
                        return int(line.split()[1]) / 1024
        except OSError:
            return None
        return None

    def cpu_seconds(self) -> float | None:
        """User and system time of the process so far (Linux only)."""
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def stop(self) -> str:
        """SIGTERM, then what the process printed after its address."""
        self.process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(10):
            out, _ = await self.process.communicate()
        return out.decode()


async def open_peers(address: tuple[str, int], count: int,
                     handle: Callable[[Peer, dict[str, Any]], None]) -> list[Peer]:
    loop = asyncio.get_running_loop()
    peers: list[Peer] = []
    for start in range(0, count, 100):  # in batches, so the listen backlog never overflows
        batch = await asyncio.gather(*(
            loop.create_connection(lambda: Peer(handle), *address)
            for _ in range(min(100, count - start))))
        peers.extend(protocol for _, protocol in batch)
    return peers


class RelayLoad:
    """The rooms, and what their members do with each message in each phase."""

    def __init__(self, config: BenchConfig) -> None:
        self.config = config
        self.mode = "setup"
        self.answers: dict[Peer, asyncio.Future[dict[str, Any]]] = {}
        self.latencies: list[float] = []
        self.received = 0
        self.padding = bytes(config.payload - STAMP.size)
        self.seats: list[tuple[Peer, int]] = []
        self.guests: list[Peer] = []

    def on_message(self, peer: Peer, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "data":
            self.received += 1
            if self.mode == "latency":
                self.latencies.append(time.perf_counter() - STAMP.unpack_from(message["p"])[0])
            elif self.mode == "throughput":  # a host sends it back, a guest sends another
                peer.send_data(message["p"], message["seat"] if peer.is_host else None)
        elif kind == "ping":
            peer.send({"v": VERSION, "t": "pong"})
        elif kind in ("created", "joined", "error"):
            self.answers.pop(peer).set_result(message)

    async def ask(self, peers: list[Peer], requests: list[dict[str, Any]]
                  ) -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        futures = []
        for peer, request in zip(peers, requests, strict=True):
            self.answers[peer] = future = loop.create_future()
            futures.append(future)
            peer.send({"v": VERSION, "t": "hello"})
            peer.send(request)
        async with asyncio.timeout(60):
            answers = await asyncio.gather(*futures)
        for answer in answers:
            if answer["t"] == "error":
                raise RuntimeError(f"the relay refused: {answer['p']}")
        return answers

    async def setup(self, address: tuple[str, int]) -> None:
        config = self.config
        seats = list(range(1, config.guests_per_room + 1))
        hosts = await open_peers(address, config.rooms, self.on_message)
        for host in hosts:
            host.is_host = True
        created = await self.ask(hosts, [{"v": VERSION, "t": "create",
                                               "p": {"seats": seats}}] * config.rooms)
        guests = await open_peers(address, config.rooms * len(seats), self.on_message)
        self.seats = [(host, seat) for host in hosts for seat in seats]
        requests = [{"v": VERSION, "t": "join", "seat": seat, "p": {"code": answer["p"]["code"]}}
                    for answer in created for seat in seats]
        await self.ask(guests, requests)
        self.guests = guests

    async def latency(self) -> None:
        """Timestamped frames from the hosts to every seat in turn, at a steady rate."""
        config = self.config
        self.mode = "latency"
        sent = 0
        begin = time.perf_counter()
        while (now := time.perf_counter()) < begin + config.seconds:
            # Catch up with the clock rather than trust the sleep to be exact.
            for _ in range(round((now - begin) * config.latency_rate) - sent):
                host, seat = self.seats[sent % len(self.seats)]
                sent += 1
                host.send_data(STAMP.pack(time.perf_counter()) + self.padding, seat)
            await asyncio.sleep(0.004)
        self.mode = "idle"

    async def throughput(self, relay: Server) -> Measure:
        """Frames forwarded while every guest keeps ``window`` in flight to its host."""
        payload = bytes(self.config.payload)
        self.mode = "throughput"
        for guest in self.guests:
            for _ in range(self.config.window):
                guest.send_data(payload)
        return await measure(self, relay, self.config.seconds)


class EchoLoad:
    """The same load against an echo server: every frame comes back to its sender."""

    def __init__(self, config: BenchConfig) -> None:
        self.config = config
        self.received = 0
        self.mode = "throughput"

    def on_message(self, peer: Peer, message: dict[str, Any]) -> None:
        self.received += 1
        if self.mode == "throughput":
            peer.send_data(message["p"])

    async def throughput(self, echo: Server) -> Measure:
        peers = await open_peers(echo.host_port(), self.config.connections, self.on_message)
        payload = bytes(self.config.payload)
        for peer in peers:
            for _ in range(self.config.window):
                peer.send_data(payload)
        measured = await measure(self, echo, self.config.seconds)
        for peer in peers:
            assert peer.transport is not None
            peer.transport.close()
        return measured


@dataclass(frozen=True, slots=True)
class Measure:
    per_second: int  # messages received by the load
    server_cpu: float | None  # share of a core the server used meanwhile (Linux only)
    load_cpu: float  # share of a core this process used meanwhile


async def measure(load: RelayLoad | EchoLoad, server: Server, seconds: float) -> Measure:
    """Messages received during ``seconds``, after a short warm-up; then the load stops."""
    await asyncio.sleep(min(0.5, seconds / 4))
    count, server_cpu = load.received, server.cpu_seconds()
    own_cpu, start = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    wall = time.perf_counter() - start
    count = load.received - count
    server_after = server.cpu_seconds()
    own_cpu = time.process_time() - own_cpu
    load.mode = "idle"
    await asyncio.sleep(0.2)  # let the frames in flight arrive before the next phase
    server_share = None
    if server_cpu is not None and server_after is not None:
        server_share = round((server_after - server_cpu) / wall, 2)
    return Measure(round(count / wall), server_share, round(own_cpu / wall, 2))


def raise_fd_limit(needed: int) -> int:
    """Raise the soft limit on open files to ``needed`` if the hard limit allows it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            raise OSError(f"{needed} open files are needed, the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
        soft = needed
    return soft


def relay_flags(config: BenchConfig) -> list[str]:
    """Limits wide enough for the whole load to come from one address, unthrottled."""
    room = str(config.connections + 100)
    return ["--max-connections", room, "--max-connections-per-address", room,
            "--max-rooms", str(config.rooms), "--max-rooms-per-address", str(config.rooms),
            "--rate-messages", "1000000", "--rate-window", "1"]


def _percentile(samples: list[float], share: float) -> float:
    return statistics.quantiles(samples, n=1000)[round(share * 1000) - 1]


async def _run(config: BenchConfig, relay_command: list[str]) -> Figures:
    figures: Figures = {
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
                   f"Python {platform.python_version()}",
        "date": datetime.now(UTC).date().isoformat(),
        **asdict(config),
        "fd_soft_limit": raise_fd_limit(config.connections + 200),
        "load_average_before": round(os.getloadavg()[0], 2),
    }
    relay = await Server.start([*relay_command, *relay_flags(config)])
    try:
        load = RelayLoad(config)
        started = time.perf_counter()
        await load.setup(relay.host_port())
        figures["setup_seconds"] = round(time.perf_counter() - started, 2)
        figures["relay_rss_connected_mb"] = relay.status("VmRSS")
        await load.latency()
        await asyncio.sleep(0.2)
        samples = load.latencies
        figures["latency_samples"] = len(samples)
        figures["latency_p50_ms"] = round(statistics.median(samples) * 1000, 3)
        figures["latency_p99_ms"] = round(_percentile(samples, 0.99) * 1000, 3)
        figures["latency_max_ms"] = round(max(samples) * 1000, 3)
        forwarded = await load.throughput(relay)
        figures["relay_messages_per_second"] = forwarded.per_second
        figures["relay_cpu_share"] = forwarded.server_cpu
        figures["load_cpu_share_relay"] = forwarded.load_cpu
        figures["relay_rss_loaded_mb"] = relay.status("VmRSS")
        figures["relay_rss_peak_mb"] = relay.status("VmHWM")
    finally:
        counters = await relay.stop()
    figures["relay_counters"] = dict(
        (name, int(value)) for name, _, value in
        (line.partition(" ") for line in counters.splitlines()) if value.isdigit())
    echo = await Server.start([sys.executable, "-m", "core.net.echo"])
    try:
        echoed = await EchoLoad(config).throughput(echo)
    finally:
        await echo.stop()
    figures["echo_messages_per_second"] = echoed.per_second
    figures["echo_cpu_share"] = echoed.server_cpu
    figures["load_cpu_share_echo"] = echoed.load_cpu
    figures["relay_vs_echo"] = (round(forwarded.per_second / echoed.per_second, 2)
                                if echoed.per_second else None)
    return figures


def run_bench(config: BenchConfig, relay_command: list[str]) -> Figures:
    """Measure a relay started by ``relay_command`` (which must accept the limit flags of
    ``fractal relay`` and print its address first)."""
    try:
        return asyncio.run(_run(config, relay_command))
    except ProtocolError as error:
        raise RuntimeError(f"the relay sent a bad frame: {error}") from None


def _shown(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _against_goal(name: str, value: float | None) -> str:
    goal = GOALS.get(name)
    if goal is None or value is None:
        return ""
    at_least = name == "relay_vs_echo"  # the others are ceilings
    met = value >= goal if at_least else value < goal
    return f"   goal {'>=' if at_least else '<'} {goal:g}: {'met' if met else 'NOT met'}"


def format_figures(figures: Figures) -> str:
    lines = [f"fractal bench --relay: {figures['machine']}, {figures['date']}, "
             f"{figures['connections']} connections in {figures['rooms']} rooms, "
             f"{figures['payload']}-byte payloads, {figures['seconds']:g} s a measure"]
    for name, value in figures.items():
        if name in ("machine", "date", "relay_counters"):
            continue
        lines.append(f"  {name:<28}{_shown(value):>14}{_against_goal(name, value)}")
    counters = figures.get("relay_counters", {})
    lines.append("  relay counters: " + ", ".join(f"{k} {v:,}" for k, v in sorted(
        counters.items())))
    return "\n".join(lines)
