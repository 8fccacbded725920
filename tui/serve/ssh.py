"""``fractal serve --ssh``: an SSH server that gives every player a client of their own.

Each session with a terminal runs the client in a process of its own (tui/serve/pty.py,
session.py); this module is the server around them: who may log in, what else a client
may ask for (nothing: no forwarding of any kind), how many sessions it takes, the relay
its players meet through, and a stop that says goodbye to every session and leaves no
process behind. docs/serving.md describes it for the owner of a server.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import socket
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import asyncssh

from core.net.limits import RelayLimits
from core.net.relay import Relay
from core.stopping import until_stopped
from tui.serve import hostkey
from tui.serve.limits import ESCAPE_DELAY, KEEPALIVE_MISSES, ServeLimits, session_refusal
from tui.serve.players import PLAYERS_DIR
from tui.serve.session import GameSession, Table

log = logging.getLogger("fractal.serve")

NO_FORWARDING = "only the game is served here: no forwarding"
WILDCARDS = ("", "0.0.0.0", "::")
STOP_TIMEOUT = 10.0  # seconds for every session to end once the clients are hung up


@dataclass(frozen=True, slots=True)
class SshConfig:
    """What ``fractal serve --ssh`` was asked for."""

    host: str
    port: int  # 0: a free one
    save_root: Path  # the players' folders are under it
    host_key: str | None = None  # a key file; None: the one kept in the user data dir
    authorized_keys: str | None = None  # only these keys may log in
    password: str | None = None  # or this shared password
    relay: str | None = None  # HOST:PORT of a relay; None: start one for the players
    escape_delay: int = ESCAPE_DELAY  # milliseconds
    limits: ServeLimits = field(default_factory=ServeLimits)


class SshServer:
    """``await start()``, then ``await stop()``."""

    def __init__(self, config: SshConfig) -> None:
        self.config = config
        self.port = 0
        self.fingerprint = ""
        self.host_key_path: Path | None = None
        self.relay_address = ""
        self.sessions: set[GameSession] = set()
        self.per_address: Counter[str] = Counter()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self._relay: Relay | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._table: Table | None = None
        self._numbers = 0
        self._stopping = False

    @property
    def ssh_command(self) -> str:
        host = self.config.host
        shown = socket.gethostname() if host in WILDCARDS else host
        return f"ssh -p {self.port} player@{shown}"

    async def start(self) -> None:
        """Listen; raises ValueError or OSError (one line) when it cannot."""
        config = self.config
        key, self.host_key_path = hostkey.load_or_create(config.host_key)
        self.fingerprint = hostkey.fingerprint(key)
        authorized = _read_authorized_keys(config.authorized_keys)
        if config.relay is None:
            self._relay = Relay(players_relay_limits(config.limits))
            self.relay_address = await self._relay.start("127.0.0.1", 0)
        else:
            self.relay_address = config.relay
        self._table = Table(config.limits, config.save_root, self.relay_address,
                            config.escape_delay, dict(os.environ))
        limits = config.limits
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Connection(self), config.host, config.port,
                server_host_keys=[key], authorized_client_keys=authorized,
                server_version="Fractal", line_editor=False, encoding=None,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                login_timeout=limits.login_timeout,
                keepalive_interval=limits.keepalive_interval,
                keepalive_count_max=KEEPALIVE_MISSES)
        except BaseException:
            await self._stop_relay()
            raise
        self.port = self._acceptor.get_port()

    @property
    def login_required(self) -> bool:
        return self.config.authorized_keys is not None or self.config.password is not None

    def open_session(self, conn: asyncssh.SSHServerConnection, address: str) -> GameSession:
        """A new session of ``conn``, or ChannelOpenError when a limit is reached."""
        limits = self.config.limits
        if self._stopping:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_RESOURCE_SHORTAGE,
                                            "the server is stopping")
        refusal = session_refusal(limits, len(self.sessions), self.per_address[address])
        if refusal is not None:
            log.info("%s: refused a session: %s", address, refusal)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_RESOURCE_SHORTAGE, refusal)
        assert self._table is not None
        self._numbers += 1
        user = conn.get_extra_info("username") or ""
        session = GameSession(self._table, user, f"#{self._numbers} {user!r} from {address}")
        self.sessions.add(session)
        self.per_address[address] += 1
        session.done.add_done_callback(lambda _: self._release(session, address))
        return session

    def _release(self, session: GameSession, address: str) -> None:
        self.sessions.discard(session)
        self.per_address[address] -= 1
        if not self.per_address[address]:
            del self.per_address[address]

    async def stop(self) -> None:
        """Stop listening, end every game with a goodbye, close every connection."""
        self._stopping = True
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        sessions = list(self.sessions)
        for session in sessions:
            session.end("stopping")
        if sessions:
            await asyncio.wait([s.done for s in sessions], timeout=STOP_TIMEOUT)
        for conn in list(self.connections):
            conn.close()
        for conn in list(self.connections):
            await conn.wait_closed()
        await self._stop_relay()

    async def _stop_relay(self) -> None:
        if self._relay is not None:
            await self._relay.stop()
            self._relay = None


def players_relay_limits(limits: ServeLimits) -> RelayLimits:
    """The limits of the relay started for the players. They all reach it from 127.0.0.1,
    one address to the relay: the budget of failed joins it gives an address would be
    theirs to share, and one player typing wrong codes would keep every other from
    joining. So it is one address's budget per session the server admits."""
    usual = RelayLimits()
    return RelayLimits(join_failures=usual.join_failures * limits.max_sessions,
                       join_refill=usual.join_refill / limits.max_sessions)


def _read_authorized_keys(path: str | None) -> asyncssh.SSHAuthorizedKeys | None:
    if path is None:
        return None
    try:
        return asyncssh.read_authorized_keys(path)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ValueError(f"cannot read the authorized keys {path}: {reason}") from None


class Connection(asyncssh.SSHServer):
    """One client's connection: its login, and what it may open (game sessions only)."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.address = "unknown"
        self._conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "unknown"
        self.server.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._conn is not None:
            self.server.connections.discard(self._conn)

    def begin_auth(self, username: str) -> bool:
        # False: anyone is in, under any name (docs/serving.md, the security model).
        return self.server.login_required

    def password_auth_supported(self) -> bool:
        return self.server.config.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        expected = self.server.config.password
        if expected is None:
            return False
        admitted = hmac.compare_digest(password.encode(), expected.encode())
        if not admitted:
            log.info("%s: wrong password for %r", self.address, username)
        return admitted

    def session_requested(self) -> GameSession:
        assert self._conn is not None
        return self.server.open_session(self._conn, self.address)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        log.info("%s: refused forwarding to %s:%d", self.address, dest_host, dest_port)
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        NO_FORWARDING)

    def unix_connection_requested(self, dest_path: str) -> bool:
        log.info("%s: refused forwarding to a socket", self.address)
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        NO_FORWARDING)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        # A global request's refusal carries no message in SSH: the client says it failed.
        log.info("%s: refused remote forwarding from port %d", self.address, listen_port)
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        log.info("%s: refused remote forwarding from a socket", self.address)
        return False


async def serve(config: SshConfig, out: TextIO) -> int:
    """Run until SIGINT or SIGTERM; the first line on ``out`` is the ssh command."""
    server = SshServer(config)
    await server.start()
    print(server.ssh_command, file=out, flush=True)
    print(f"host key {server.fingerprint} ({server.host_key_path})", file=out)
    started = "started for the players" if config.relay is None else "given"
    print(f"relay {server.relay_address} ({started})", file=out)
    print(f"saves in {config.save_root / PLAYERS_DIR}, a folder for each user name", file=out)
    print("Ctrl+C or SIGTERM stops the server", file=out, flush=True)
    try:
        await until_stopped()
    finally:
        log.info("stopping: %d sessions", len(server.sessions))
        await server.stop()
    return 0
