"""`fractal host` and `fractal join` as commands: the acceptance scenario with real
processes (a relay, a headless host, three bot guests, a replay that verifies, abuse the
relay shrugs off, a second game, SIGTERM), and the one-line errors of bad invocations."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import sys
from pathlib import Path

import pytest

from core.net import framing
from core.net.client import parse_address
from saves.format import read_save
from saves.store import load_with_backup
from tests.net.netplay_fixtures import SHORT_SEED
from tests.net.relay_fixtures import running_relay
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
TEXTUAL = re.compile(r"\|\s+textual\b")
CODE = re.compile(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}")
PROCESS_SECONDS = 60


async def fractal(*words: str, stdout: int | None = asyncio.subprocess.PIPE,
                  stderr: Path | None = None) -> asyncio.subprocess.Process:
    """``fractal WORDS...`` in a new process, its imports timed (``-X importtime``)."""
    log = stderr.open("wb") if stderr is not None else None
    try:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-X", "importtime", "-m", "tui.cli", *words, cwd=ROOT,
            stdout=stdout, stderr=log if log is not None else asyncio.subprocess.DEVNULL)
    finally:
        if log is not None:
            log.close()


async def finished(process: asyncio.subprocess.Process) -> tuple[int, str]:
    async with asyncio.timeout(PROCESS_SECONDS):
        out = await process.stdout.read() if process.stdout is not None else b""
        return await process.wait(), out.decode()


def stop(processes: list[asyncio.subprocess.Process]) -> None:
    for process in processes:
        if process.returncode is None:
            process.kill()


async def play_a_game(address: str, where: Path, started: list[asyncio.subprocess.Process],
                      game: str = "fractal", seed: int = SHORT_SEED) -> str:
    """A headless 4-player host of ``game`` (one random bot) and three `join --bot random`
    guests play to the end; returns the host's output after the invite code."""
    where.mkdir()
    host = await fractal("host", "--relay", address, "--headless", "--players", "4",
                         "--game", game, "--seats", "random,remote,remote,remote",
                         "--seed", str(seed),  # SHORT_SEED: no guest waits for the allowance
                         "--save-dir", str(where), stderr=where / "host.err")
    started.append(host)
    assert host.stdout is not None
    async with asyncio.timeout(PROCESS_SECONDS):
        first = (await host.stdout.readline()).decode()
    assert CODE.fullmatch(first.rstrip("\n")), first  # the code, alone on its line
    guests = []
    for seat in (1, 2, 3):
        guests.append(await fractal(
            "join", first.strip(), "--relay", address, "--bot", "random",
            "--seat", str(seat + 1), "--seed", str(100 + seat), "--name", f"guest {seat}",
            stderr=where / f"join{seat}.err"))
        started.append(guests[-1])
    results = [await finished(process) for process in (host, *guests)]
    for name in ("host", "join1", "join2", "join3"):
        imported = [line for line in (where / f"{name}.err").read_text().splitlines()
                    if TEXTUAL.search(line)]
        assert not imported, (name, imported[:3])
    assert [code for code, _ in results] == [0, 0, 0, 0], results
    host_out = results[0][1]
    result = host_out.split("\nsaved: ")[0]
    assert result.startswith("Game over: ") and " won." in result.splitlines()[0]
    assert len(result.splitlines()) == 5  # who won, then the four seats with their VP
    for _, out in results[1:]:
        assert out.strip() == result.strip()  # every guest was told the same
    return host_out


async def abuse(address: str) -> None:
    """Garbage, an oversized length and a half frame, each from its own connection."""
    host, port = parse_address(address)
    for data, code in ((b"\x00\x00\x00\x04\xc1\xc1\xc1\xc1", "bad_frame"),
                       (b"\xff\xff\xff\xff", "frame_too_large")):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(data)
        async with asyncio.timeout(5):
            answer = await framing.read_frame(reader, framing.ReadState(0.0), 1 << 16)
        assert answer is not None and answer["p"]["code"] == code
        writer.transport.abort()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"\x00\x00\x01\x00" + b"\x81" * 40)  # 44 bytes of a 260-byte frame
    await writer.drain()
    writer.close()
    await writer.wait_closed()


async def test_acceptance_a_relay_a_headless_host_and_three_bot_guests(
        tmp_path: Path) -> None:
    started: list[asyncio.subprocess.Process] = []
    relay = await fractal("relay", "--port", "0", stderr=tmp_path / "relay.err")
    started.append(relay)
    assert relay.stdout is not None
    try:
        async with asyncio.timeout(PROCESS_SECONDS):
            address = (await relay.stdout.readline()).decode().strip()
        assert re.fullmatch(r"127\.0\.0\.1:\d+", address), address
        out = await play_a_game(address, tmp_path / "first", started)
        save = out.split("\nsaved: ")[1].strip()
        header = load_with_backup(Path(save)).save.header
        assert [s.name for s in header.seats][1:] == ["guest 1", "guest 2", "guest 3"]
        replay = await fractal("replay", save, "--verify")
        started.append(replay)
        code, verified = await finished(replay)
        assert code == 0 and ": OK, " in verified, verified
        await abuse(address)
        await play_a_game(address, tmp_path / "second", started)
        relay.send_signal(signal.SIGTERM)
        async with asyncio.timeout(5):
            rest = (await relay.stdout.read()).decode()
            assert await relay.wait() == 0
    finally:
        stop(started)
    counters = dict(line.split(" ") for line in rest.splitlines())
    assert counters["rooms_created"] == "2" and counters["rooms_closed"] == "2"
    for code in ("bad_frame", "frame_too_large", "truncated"):
        assert counters[f"closed_{code}"] == "1", counters
    assert "closed_rate_limited" not in counters


async def test_a_headless_host_of_fractured_atlas_and_three_bot_guests(tmp_path: Path) -> None:
    """`fractal host --game atlas` plays like Fractal's: the guests learn the ruleset from
    the host, play to the end and hear the same result, and the save verifies."""
    started: list[asyncio.subprocess.Process] = []
    try:
        # An Atlas game has more decisions than a guest's burst: a larger allowance keeps
        # the test from waiting for it to refill.
        async with running_relay(rate_messages=1000) as relay:
            out = await play_a_game(relay.address, tmp_path / "atlas", started, "atlas", 7)
        save = out.split("\nsaved: ")[1].strip()
        replay = await fractal("replay", save, "--verify")
        started.append(replay)
        code, verified = await finished(replay)
    finally:
        stop(started)
    assert code == 0 and ": OK, " in verified, verified
    assert read_save(Path(save)).header.ruleset == "atlas"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_guest_that_cannot_reach_the_relay_or_has_a_wrong_code_gets_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    unreachable = f"127.0.0.1:{free_port()}"
    code = await asyncio.to_thread(main, ["join", "ABCDEF", "--relay", unreachable,
                                          "--bot", "random"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"fractal join: cannot reach the relay at "
                                        f"{unreachable}") and err.count("\n") == 1
    async with running_relay() as relay:
        code = await asyncio.to_thread(main, ["join", "abcdef", "--relay", relay.address,
                                              "--bot", "random"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("fractal join: the relay refused: no open room with a free seat has "
                          "this code")
    assert "(bad_code)" in err


@pytest.mark.parametrize(("words", "line"), [
    (["host", "--headless", "--seats", "human,remote"],
     "fractal: a human seat needs the client: leave out --headless"),
    (["host", "--headless", "--players", "3", "--seats", "remote,random"],
     "fractal: 2 seats given for 3 players"),
    (["host", "--headless", "--seats", "remote,genius"],
     "fractal: unknown bot level 'genius'"),
    (["host", "--headless", "--players", "5", "--seats", "remote," * 4 + "remote"],
     "fractal: Fractal is played by 2, 3, 4 players, not 5"),
    (["host", "--headless", "--relay", "nowhere"], "fractal: not a relay address"),
    (["host", "--headless", "--resume", "no-such-save"], "fractal host: "),
    (["join", "ABCDEF", "--bot", "genius"], "fractal: unknown bot level 'genius'"),
    (["join", "ABCDEF", "--bot", "random", "--seat", "0"],
     "fractal: seats are numbered from 1"),
])
def test_bad_invocations_are_one_line_and_exit_2(
        words: list[str], line: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*words, "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1, err


async def test_a_host_that_cannot_reach_the_relay_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    address = f"127.0.0.1:{free_port()}"
    code = await asyncio.to_thread(main, ["host", "--headless", "--relay", address,
                                          "--seats", "remote,random", "--seed", "1",
                                          "--save-dir", str(tmp_path)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"fractal host: cannot reach the relay at {address}")
