"""`fractal relay` and `fractal bench --relay` as commands: their output, their exit, what
they import, and docs/protocol.md against the code."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from core.net.client import Message, RelayClient
from core.net.codes import Code
from core.net.limits import RelayLimits
from core.net.protocol import Type
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = re.compile(r"\|\s+(textual|core\.fractal|saves|tui\.app)\b")


async def test_the_relay_command_serves_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-X", "importtime", "-m", "tui.cli", "relay", "--port", "0",
            stdout=asyncio.subprocess.PIPE, stderr=stderr, cwd=ROOT)
    assert process.stdout is not None
    try:
        async with asyncio.timeout(20):
            first = (await process.stdout.readline()).decode()
        assert re.fullmatch(r"127\.0\.0\.1:\d+\n", first), first
        address = first.strip()
        host = await RelayClient.create_room(address, [1])
        assert host.code is not None
        guest = await RelayClient.join_room(address, host.code)
        await guest.send(b"over the wire")
        while not isinstance(event := await host.receive(), Message):
            pass
        assert event.payload == b"over the wire"
        process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(5):
            rest = (await process.stdout.read()).decode()
            assert await process.wait() == 0
        await guest.disconnect()
        await host.disconnect()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    counters = dict(line.split(" ") for line in rest.splitlines())
    assert counters["connections"] == "2" and counters["forwarded"] == "1"
    assert counters["closed_shutdown"] == "2"
    text = log.read_text(errors="replace")
    assert "open from 127.0.0.1" in text  # one log line per connection event
    imported = [line for line in text.splitlines() if FORBIDDEN.search(line)]
    assert not imported, imported


def test_the_network_commands_load_neither_textual_nor_any_game() -> None:
    probe = ("import sys\n"
             "from tui.cli import build_net_parser\n"
             "import core.net.bench, core.net.client, core.net.relay\n"
             "build_net_parser().parse_args(['bench', '--relay'])\n"
             "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'saves')\n"
             "       or m.startswith(('core.games.', 'core.bots', 'tui.app'))])\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_a_bad_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["relay", "--port", "0", "--ping-interval", "30", "--idle-timeout", "10"]) == 2
    assert capsys.readouterr().err == ("fractal relay: idle_timeout must be longer than "
                                       "ping_interval\n")
    assert main(["relay", "--max-frame", "0"]) == 2


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_bad_port_is_refused_by_the_parser(port: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["relay", "--port", port])
    assert stop.value.code == 2
    assert "not a port number" in capsys.readouterr().err


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["relay", "--port", str(port), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fractal relay: cannot listen on 127.0.0.1:{port}")
    assert err.count("\n") == 1


def test_bench_help_shows_the_relay_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    help_text = capsys.readouterr().out
    assert "--relay" in help_text and "--quick" in help_text


def test_the_relay_bench_measures_a_small_load(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--relay", "--connections", "8", "--rooms", "2",
                 "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["latency_samples"] > 0 and figures["latency_p99_ms"] > 0
    assert figures["relay_messages_per_second"] > 0
    assert figures["echo_messages_per_second"] > 0
    assert figures["relay_counters"]["forwarded"] > 0


def test_the_protocol_doc_names_every_limit_code_and_message_type() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for spec in fields(RelayLimits):
        default = f"{spec.default:,}" if isinstance(spec.default, int) else f"{spec.default:g}"
        row = f"| `--{spec.name.replace('_', '-')}` | {default} |"
        assert row in doc, row
    for code in Code:
        assert f"`{code}`" in doc, code
    for kind in Type:
        assert f"`{kind}`" in doc, kind
