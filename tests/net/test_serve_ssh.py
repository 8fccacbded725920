"""`fractal serve --ssh`: a player's game over SSH from the title screen to its autosave,
and everything else a client may ask for, refused with its documented answer."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
from pathlib import Path

import asyncssh
import pytest

from core.net.client import RelayClient
from core.net.errors import RelayRefused
from core.net.limits import RelayLimits
from saves.format import SaveError
from saves.replay import restore
from saves.store import find_save, load_with_backup
from tests.net.serve_fixtures import DEADLINE, Player, connect, host_key, running, until
from tui.serve.limits import MAX_COLUMNS, MAX_ROWS, ServeLimits
from tui.serve.players import player_dir
from tui.serve.pty import READ_SIZE
from tui.serve.session import NO_SUBSYSTEM, NO_TERMINAL, ONLY_THE_GAME

__all__ = ["host_key"]  # a fixture


def empire_column(player: Player) -> int:
    """Where the empire board's pane begins on the map's header line."""
    return player.screen.line(1).find("Empire:")


async def test_a_player_starts_a_game_follows_a_resize_and_resumes_it(
        host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        player = await Player.join(server.port, "ada", 100, 30)
        await player.sees("New game")
        player.keys("\r")  # the title's first item: New game
        await player.sees("Seat 1")
        player.keys("\r")  # Start, against the default bot
        await player.sees("Choose your faction")
        await until(lambda: empire_column(player) >= 60, "the wide layout")
        player.resize(80, 24)
        await until(lambda: 0 < empire_column(player) < 60 and "Undo" in player.screen.line(23),
                    "the layout of 80 x 24")
        player.keys("1")  # the first faction offered
        await until(lambda: ada_decided(tmp_path), "the autosave of ada's decision")
        await player.leave()
        await until(lambda: not server.sessions, "the session's end")
    loaded = load_with_backup(find_save(None, player_dir(tmp_path, "ada")))
    assert loaded.save.header.seats[0].name == "ada"  # the user name is the player's name
    game = restore(loaded.save)
    assert game.pending() and not game.over


def saved_log(save_root: Path) -> list[tuple[int, str]]:
    """The decisions in ada's newest save, none while there is no save."""
    try:
        return restore(load_with_backup(find_save(None, player_dir(save_root, "ada"))).save).log
    except SaveError:
        return []


def ada_decided(save_root: Path) -> bool:
    """Whether ada's newest save holds a decision of hers (seat 0)."""
    return any(seat == 0 for seat, _ in saved_log(save_root))


async def test_a_mouse_click_reaches_the_client(host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        player = await Player.join(server.port)
        await player.sees("New game")
        row = next(y for y in range(player.screen.rows) if "New game" in player.screen.line(y))
        column = player.screen.line(row).index("New game")
        # SGR mouse reports (the client asked for them): a press and a release, 1-based.
        player.keys(f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m")
        await player.sees("Seat 1")
        await player.leave()


async def test_commands_subsystems_and_terminal_less_shells_get_one_line(
        host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        playing = await Player.join(server.port)
        await playing.sees("New game")
        conn = playing.conn  # a second command on the connection of a running game
        ran = await conn.run("ls /", encoding=None)
        assert (ran.exit_status, ran.stderr, ran.stdout) == (
            1, f"{ONLY_THE_GAME}\r\n".encode(), b"")
        sftp = await conn.create_process(subsystem="sftp", encoding=None)
        assert (await sftp.wait()).stderr == NO_SUBSYSTEM.format(name="sftp").encode() + b"\r\n"
        with pytest.raises(asyncssh.SFTPError):
            await conn.start_sftp_client()
        shell = await conn.create_process(encoding=None)  # no terminal asked for
        done = await shell.wait()
        assert (done.exit_status, done.stderr) == (1, f"{NO_TERMINAL}\r\n".encode())
        playing.keys("\r")
        await playing.sees("Seat 1")  # the game went on throughout
        await playing.leave()


async def test_forwarding_of_any_kind_is_refused(host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server, await connect(server.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="no forwarding"):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelOpenError, match="no forwarding"):
            await conn.open_unix_connection("/tmp/socket")
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
        ran = await conn.run("true", encoding=None)
        assert ran.exit_status == 1  # the connection still answers


async def test_only_the_authorized_keys_log_in(host_key: Path, tmp_path: Path) -> None:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())
    async with running(host_key, tmp_path, authorized_keys=str(keys)) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, client_keys=[stranger])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port)  # no key at all
        player = await Player.join(server.port, client_keys=[friend])
        await player.sees("New game")
        await player.leave()


async def test_a_wrong_password_is_refused(host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path, password="correct horse") as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, password="battery staple")
        player = await Player.join(server.port, password="correct horse")
        await player.sees("New game")
        await player.leave()


async def test_sessions_beyond_the_limits_are_refused_and_the_server_goes_on(
        host_key: Path, tmp_path: Path) -> None:
    limits = ServeLimits(max_sessions=2, max_sessions_per_address=1)
    async with running(host_key, tmp_path, limits=limits) as server:
        first = await Player.join(server.port, "ada")
        with pytest.raises(asyncssh.ChannelOpenError, match="too many games from your address"):
            await Player.join(server.port, "bob")
        await first.sees("New game")
        await first.leave()
        await until(lambda: not server.sessions, "the first session's end")
        again = await Player.join(server.port, "bob")
        await again.sees("New game")
        await again.leave()
    limits = ServeLimits(max_sessions=1, max_sessions_per_address=1)
    async with running(host_key, tmp_path, limits=limits) as server:
        first = await Player.join(server.port, "ada")
        with pytest.raises(asyncssh.ChannelOpenError, match="the server is full"):
            await Player.join(server.port, "bob")
        await first.leave()


async def test_an_idle_session_is_closed_with_a_goodbye(host_key: Path, tmp_path: Path) -> None:
    limits = ServeLimits(idle_timeout=1.0)
    async with running(host_key, tmp_path, limits=limits) as server:
        player = await Player.join(server.port)
        # Not waiting for the title: on a busy machine the client may take longer to draw
        # it than the second of idleness, which counts from the client's start.
        said = await player.ended()
        assert "without a key" in said and said.rstrip().endswith("Your game is saved.")
        assert player.process.exit_status == 0


async def test_quitting_ends_the_session_with_a_goodbye_and_a_restored_terminal(
        host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        player = await Player.join(server.port, "ada")
        await player.sees("New game")
        player.keys("\x11")  # Ctrl+Q
        said = await player.ended()
        assert said.endswith("Goodbye, ada. Your games are kept: connect again as ada to "
                             "go on.\r\n")
        assert "\x1b[?1049l" in said and "\x1b[?1003l" in said  # the screen and the mouse
        assert player.process.exit_status == 0


async def test_the_goodbye_names_a_login_that_is_no_file_name_as_it_was_typed(
        host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        player = await Player.join(server.port, "bob!")
        await player.sees("New game")
        player.keys("\x11")  # Ctrl+Q
        said = await player.ended()
    # "bob" would be another player, with another save folder.
    assert said.endswith("Goodbye, bob. Your games are kept: connect again as 'bob!' to "
                         "go on.\r\n")


async def test_a_subsystem_s_name_comes_back_without_its_escapes(host_key: Path,
                                                                 tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        conn = await connect(server.port)
        asked = await conn.create_process(subsystem="\x1b]0;X\x07sftp\x1b[2J", encoding=None)
        said = (await asked.wait()).stderr
        conn.close()
    assert said == NO_SUBSYSTEM.format(name="sftp").encode() + b"\r\n"


async def test_a_terminal_size_no_screen_has_is_bounded_and_logs_no_traceback(
        host_key: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with running(host_key, tmp_path) as server:
        conn = await connect(server.port)
        process = await conn.create_process(term_type="xterm-256color",
                                            term_size=(100_000, 70_000), encoding=None)
        player = Player(conn, process, 100, 30)  # what it is shown, once resized
        await until(lambda: "game started" in caplog.text, "the game's start in the log")
        player.resize(100, 30)
        await player.sees("New game")
        player.process.change_terminal_size(1 << 31, 1 << 31)
        player.resize(100, 30)
        player.keys("\r")
        await player.sees("Seat 1")  # the game went on throughout
        await player.leave()
    failures = [record.getMessage()[:200] for record in caplog.records
                if record.exc_info or "Traceback" in record.getMessage()]
    assert not failures, failures
    started = [line for line in caplog.messages if "game started" in line]
    assert started and f"game started, {MAX_COLUMNS}x{MAX_ROWS} " in started[0], started


async def test_the_end_of_a_terminal_s_input_ends_its_game(host_key: Path,
                                                            tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        player = await Player.join(server.port)
        await player.sees("New game")
        player.process.stdin.write_eof()
        assert (await player.ended()).endswith("no key can come. Your game is saved.\r\n")


async def test_stopping_the_server_says_goodbye_to_every_session(
        host_key: Path, tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        players = [await Player.join(server.port, name) for name in ("ada", "bob")]
        for player in players:
            await player.sees("New game")
        pids = [session.child.process.pid for session in server.sessions if session.child]
        assert len(pids) == 2
        stopping = asyncio.create_task(server.stop())
        for player in players:
            assert "The server is stopping." in await player.ended()
        await stopping
    for pid in pids:  # reaped: nothing is left of the clients
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


async def test_a_slow_client_holds_up_its_own_game_not_the_servers_memory(
        host_key: Path, tmp_path: Path) -> None:
    limits = ServeLimits(max_output=16 * 1024)
    async with running(host_key, tmp_path, limits=limits) as server:
        conn = await connect(server.port)
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                            encoding=None, window=16 * 1024)
        session = next(iter(server.sessions))
        await until(lambda: session.child is not None, "the client's start")
        assert session.child is not None
        # Nobody reads: every resize redraws the whole screen until the output is held.
        sizes = itertools.cycle([(90, 30), (100, 30)])
        async with asyncio.timeout(DEADLINE):
            while not session.child.output_paused:
                process.change_terminal_size(*next(sizes))
                await asyncio.sleep(0.02)
        assert session._chan.get_write_buffer_size() <= limits.max_output + READ_SIZE
        process.change_terminal_size(100, 30)
        player = Player(conn, process, 100, 30)  # reads from now on
        await player.sees("New game")
        await until(lambda: player.screen.line(7).find("F R A C T A L") == 43,
                    "the title drawn at the last size")
        await player.leave()


async def test_the_players_get_the_relay_the_server_started(host_key: Path,
                                                            tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        host = await RelayClient.create_room(server.relay_address, [1])
        assert host.code
        await host.disconnect()
    async with running(host_key, tmp_path, relay="relay.example:7777") as server:
        assert server.relay_address == "relay.example:7777"


async def test_the_players_share_the_relay_s_budget_of_wrong_codes_one_per_session(
        host_key: Path, tmp_path: Path) -> None:
    """Every player reaches the relay the server started from 127.0.0.1, one address: it
    gives them one address's budget of failed joins per session, not one in all."""
    async with running(host_key, tmp_path, limits=ServeLimits(max_sessions=3)) as server:
        answers = []
        for _ in range(3 * RelayLimits().join_failures + 1):
            with pytest.raises(RelayRefused) as refused:
                await RelayClient.join_room(server.relay_address, "22222-22222")
            answers.append(refused.value.code)
    assert answers == ["bad_code"] * 3 * RelayLimits().join_failures + ["too_many_failures"]


DOWN, CTRL_S = "\x1b[B", "\x13"


async def press(player: Player, *keys: str) -> None:
    for key in keys:  # one at a time, so that no key is read as part of another's sequence
        player.keys(key)
        await asyncio.sleep(0.1)


async def test_two_ssh_players_meet_in_one_network_game(host_key: Path,
                                                       tmp_path: Path) -> None:
    async with running(host_key, tmp_path) as server:
        ada = await Player.join(server.port, "ada", 100, 30)
        bob = await Player.join(server.port, "bob", 100, 30)
        await ada.sees("Host network game")
        await press(ada, DOWN, DOWN, "\r")  # Continue is passed over: no save yet
        await ada.sees(server.relay_address)  # the relay the server started, by default
        await press(ada, CTRL_S)  # Open room: you here, and a remote player
        await ada.sees("Invite code")
        code = ada.screen.text.split("Invite code ", 1)[1][:11]
        await bob.sees("Join network game")
        await press(bob, DOWN, DOWN, DOWN, "\r")
        await bob.sees("Invite code")
        await press(bob, *code.lower(), "\r")  # the code's field has the focus
        await bob.sees("you ")
        await press(bob, CTRL_S)  # Ready
        await ada.sees("Blue, bob")  # the guest's name, in the host's lobby
        await until(lambda: ada.screen.text.count("yes") == 4, "both seats in and ready")
        await press(ada, CTRL_S)  # Start
        chooses = "Choose your faction"
        await until(lambda: chooses in ada.screen.text or chooses in bob.screen.text,
                    "the first faction's choice on one screen")
        first, other = (ada, bob) if chooses in ada.screen.text else (bob, ada)
        colour = "ada (Red)" if first is ada else "bob (Blue)"  # each by their own name
        await other.sees(f"{colour} chooses a faction")
        await press(first, "1")
        await other.sees(f"{colour} plays the")  # through the host and the relay
        await until(lambda: any(seat == (first is bob) for seat, _ in saved_log(tmp_path)),
                    "the host's autosave in ada's folder")
        await ada.leave()
        await bob.leave()
    header = load_with_backup(find_save(None, player_dir(tmp_path, "ada"))).save.header
    assert [seat.name for seat in header.seats] == ["ada", "bob"]  # the user names
    assert [seat.kind for seat in header.seats] == ["human", "remote"]


def process_limits(pid: int) -> dict[str, str]:
    """A process's soft limits, by name (Linux's /proc/PID/limits)."""
    rows = Path(f"/proc/{pid}/limits").read_text().splitlines()[1:]
    return {row[:26].strip(): row[26:47].strip() for row in rows}


async def test_a_session_over_its_limit_ends_alone_and_the_server_goes_on(
        host_key: Path, tmp_path: Path) -> None:
    """Each session's client runs within its limits (tui/serve/child.py): ada's, whose
    saved game of two hard bots thinks without a key, uses up its processor time and ends
    with the goodbye that says so; bob's, on the title meanwhile, plays on, and the server
    takes a new session after."""
    from core.rulesets import GameSetup, ruleset
    from saves.format import SaveMeta
    from saves.store import SaveStore

    game = ruleset("fractal").new_game(GameSetup(players=2, seed=3))
    SaveStore(player_dir(tmp_path, "ada")).autosave(game, SaveMeta.new(["bot:hard"] * 2))
    limits = ServeLimits(session_cpu=3, session_memory=900)
    async with running(host_key, tmp_path, limits=limits) as server:
        bob = await Player.join(server.port, "bob")
        await bob.sees("New game")
        ada = await Player.join(server.port, "ada")
        await ada.sees("Continue  (auto-")  # the title has read her saves
        for session in server.sessions:
            assert session.child is not None
            found = process_limits(session.child.process.pid)
            assert found["Max cpu time"] == "3" and found["Max core file size"] == "0"
            assert found["Max address space"] == str(900 * 2**20)
        ada.keys("c")  # Continue: the bots think, and think
        # Its 3 s of processor time (the title takes under one) come slowly on a busy
        # machine, where a client runs at a lower priority than the tests.
        said = await ada.ended(timeout=4 * DEADLINE)
        assert "used up this server's processor time for one session" in said
        bob.keys("\r")  # New game: bob's client goes on
        await bob.sees("Seat 1")
        await bob.leave()
        carol = await Player.join(server.port, "carol")
        await carol.sees("New game")
        await carol.leave()
        await until(lambda: not server.sessions, "every session's end")
