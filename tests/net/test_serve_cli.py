"""`fractal serve` as a command: its first line, its host key, a stop that says goodbye
and leaves no process behind, what its server process imports, and bad options."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import stat
import sys
from dataclasses import fields
from pathlib import Path

import asyncssh
import pytest

from tests.net.serve_fixtures import Player, host_key
from tui.cli import main
from tui.serve.limits import ServeLimits

__all__ = ["host_key"]  # a fixture

ROOT = Path(__file__).resolve().parents[2]
# The server process runs no client and no game: each player's client is its own process.
FORBIDDEN = re.compile(r"\|\s+(textual|tui\.app|core\.fractal\.game|core\.bots)\b")


def children_of(pid: int) -> set[int]:
    """The processes ``pid`` started and has not reaped (Linux)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(n) for n in (task / "children").read_text().split()}
    return found


async def test_serve_ssh_says_how_to_connect_and_stops_on_sigterm(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"),
           "FRACTAL_SAVE_DIR": str(tmp_path / "saves")}
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-X", "importtime", "-m", "tui.cli", "serve", "--ssh", "--port", "0",
            stdout=asyncio.subprocess.PIPE, stderr=stderr, cwd=ROOT, env=env)
    assert server.stdout is not None
    try:
        async with asyncio.timeout(30):
            first = (await server.stdout.readline()).decode()
            second = (await server.stdout.readline()).decode()
        found = re.fullmatch(r"ssh -p (\d+) player@127\.0\.0\.1\n", first)
        assert found, first
        key_file = tmp_path / "data" / "fractal" / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        fingerprint = asyncssh.read_private_key(key_file).get_fingerprint()
        assert second.startswith(f"host key {fingerprint} ")
        player = await Player.join(int(found.group(1)), "ada")
        await player.sees("New game")
        clients = children_of(server.pid)
        assert len(clients) == 1
        server.send_signal(signal.SIGTERM)
        said = await player.ended()
        assert said.endswith("The server is stopping. Your game is saved: connect again "
                             "later to go on.\r\n")
        async with asyncio.timeout(15):
            assert await server.wait() == 0
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    for pid in clients:
        assert not Path(f"/proc/{pid}").exists(), f"client {pid} was left behind"
    text = log.read_text(errors="replace")
    assert "game started, 100x30 xterm-256color" in text
    imported = [line for line in text.splitlines() if FORBIDDEN.search(line)]
    assert not imported, imported


@pytest.mark.parametrize(("words", "said"), [
    (["--web", "--host-key", "key"], "--host-key is for --ssh"),
    (["--web", "--idle-timeout", "3"], "--idle-timeout is for --ssh"),
    (["--ssh", "--token"], "--token is for --web"),
    (["--web", "--host", "0.0.0.0"], "with a wildcard --host, --public-url must say how "
                                     "browsers reach the server"),
    (["--web", "--public-url", "ftp://x/"], "--public-url must be an http:// or https:// "
                                           "address"),
    (["--ssh", "--public-url", "http://x/"], "--public-url is for --web"),
    (["--ssh", "--password-env", "FRACTAL_TEST_UNSET"],
     "the environment variable FRACTAL_TEST_UNSET holds no password"),
    (["--ssh", "--max-sessions", "0"], "max_sessions must be positive"),
    (["--ssh", "--host-key", "/nonexistent/key"],
     "cannot read the host key /nonexistent/key: No such file or directory"),
])
def test_bad_options_are_one_line(words: list[str], said: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    os.environ.pop("FRACTAL_TEST_UNSET", None)
    assert main(["serve", "--port", "0", *words]) == 2
    assert capsys.readouterr().err == f"fractal serve: {said}\n"


def test_unreadable_files_and_a_taken_port_are_one_line(
        host_key: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["serve", "--ssh", "--host-key", str(host_key), "--save-dir", str(tmp_path)]
    assert main([*common, "--port", "0", "--authorized-keys", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err.startswith("fractal serve: cannot read the authorized keys")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main([*common, "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fractal serve: cannot listen on 127.0.0.1:{port}: ")
    assert err.count("\n") == 1


def test_a_player_name_is_printable_and_short(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--name", "x" * 25])
    assert "a name is 1 to 24 printable characters" in capsys.readouterr().err


def test_docs_serving_md_names_every_limit_with_its_default() -> None:
    rows = (ROOT / "docs" / "serving.md").read_text().splitlines()
    for spec in fields(ServeLimits):
        flag = f"| `--{spec.name.replace('_', '-')} "
        row = next((r for r in rows if r.startswith(flag)), "")
        assert f"| `{spec.default:g}` |" in row, f"{flag} with its default, in {row!r}"
