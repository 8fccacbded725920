"""One SSH session: a game on a terminal of its own, or a one-line answer.

A session that asks for a shell with a pseudo-terminal gets a client process
(tui/serve/pty.py) and the bytes between it and the channel. Anything else that asks
(a command, a subsystem such as SFTP, a shell without a terminal) is answered with one
line on its standard error and exit status 1: only the game runs here.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import signal
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from core.net.text import screen_text
from tui.serve.limits import ServeLimits, bounded_size
from tui.serve.players import player_dir, player_name
from tui.serve.pty import PtyChild

log = logging.getLogger("fractal.serve")

ONLY_THE_GAME = "Only the game runs here: connect with plain ssh, without a command."
NO_TERMINAL = "Fractal needs a terminal: connect with ssh -t (this session asked for none)."
NO_SUBSYSTEM = "Only the game runs here: no {name} on this server."
GOODBYES = {
    "quit": "Goodbye, {name}. Your games are kept: connect again as {login} to go on.",
    "quit unnamed": "Goodbye, {name}. Your games are kept: connect again under the same "
                    "user name to go on.",
    "error": "The game stopped on an error; it is saved up to the last decision.",
    "limit": "The game used up this server's processor time for one session and was stopped; "
             "it is saved up to the last decision.",
    "idle": "Closed after {minutes} minutes without a key. Your game is saved.",
    "stopping": "The server is stopping. Your game is saved: connect again later to go on.",
    "input closed": "Your terminal sent its end: no key can come. Your game is saved.",
    "unavailable": "The game could not start on this server: please try again later.",
}

# What Textual turns on, turned off, for a client that ended without restoring its
# terminal (hung up, killed): mouse reports, bracketed paste, in-band resizes, the kitty
# keyboard protocol, focus reports, the alternate screen, the hidden cursor, colours.
RESET_TERMINAL = ("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?2004l"
                  "\x1b[?2048l\x1b[<u\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[0m")

# How a client past its processor time ends (tui/serve/child.py): the soft limit's signal,
# or the hard limit's a few seconds later.
OVER_LIMIT = (-signal.SIGXCPU, -signal.SIGKILL)

# The server's own environment may hold secrets (the password, for one): a client gets
# these of it and nothing else.
SERVER_ENV = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "PYTHONPATH")
# Terminals whose names say they show true colour, for players who send no COLORTERM.
TRUE_COLOUR_TERMS = ("alacritty", "foot", "wezterm", "xterm-ghostty", "xterm-kitty")
_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)


def goodbye(reason: str, user: str, minutes: int) -> str:
    """The last line of a session that ends for ``reason``.

    The login that finds the player's saves again is the user name exactly as it was
    sent, not the name shown in the game ("bob!" and "bob" have different folders):
    quoted as a shell would need it, or not named at all when it holds something no
    screen should show.
    """
    if reason == "quit" and (not user or screen_text(user) != user):
        reason = "quit unnamed"
    return GOODBYES[reason].format(name=player_name(user), login=shlex.quote(user),
                                   minutes=minutes)


@dataclass(frozen=True, slots=True)
class Table:
    """What every session of one server shares."""

    limits: ServeLimits
    save_root: Path
    relay: str
    escape_delay: int  # milliseconds
    server_env: Mapping[str, str]


def child_env(table: Table, user: str, term: str, client_env: Mapping[str, str]
              ) -> dict[str, str]:
    """The environment of a player's client."""
    env = {name: table.server_env[name] for name in SERVER_ENV if name in table.server_env}
    env["TERM"] = term if _TERM.fullmatch(term) else DEFAULT_TERM
    if (client_env.get("COLORTERM") in ("truecolor", "24bit") or term.endswith("-direct")
            or term in TRUE_COLOUR_TERMS):
        env["COLORTERM"] = "truecolor"
    if "NO_COLOR" in client_env:
        env["NO_COLOR"] = "1"
    env["ESCDELAY"] = str(table.escape_delay)
    env["FRACTAL_SAVE_DIR"] = str(player_dir(table.save_root, user))
    env["FRACTAL_RELAY"] = table.relay
    return env


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One channel of a connection; ``done`` is set once it has closed and its client is
    gone."""

    def __init__(self, table: Table, user: str, label: str) -> None:
        self.table = table
        self.user = user
        self.label = label
        self.done = asyncio.get_running_loop().create_future()
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._answer = ""  # the one line a session that is not a game gets
        self.child: PtyChild | None = None  # the client, once it has started
        self._task: asyncio.Task[None] | None = None
        self._stopping: asyncio.Task[int] | None = None
        self._reason = ""  # why the server ends the game, once it does
        self._open = True
        self._last_key = 0.0
        self._idle: asyncio.TimerHandle | None = None

    # What the client asks for.

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan
        chan.set_write_buffer_limits(high=self.table.limits.max_output)

    def shell_requested(self) -> bool:
        assert self._chan is not None
        if self._chan.get_terminal_type() is None:
            log.info("%s: refused a shell without a terminal", self.label)
            self._answer = NO_TERMINAL
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("%s: refused the command %r", self.label, command[:80])
        self._answer = ONLY_THE_GAME
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s: refused the subsystem %r", self.label, subsystem[:40])
        self._answer = NO_SUBSYSTEM.format(name=screen_text(subsystem, 40) or "subsystem")
        return True

    def session_started(self) -> None:
        assert self._chan is not None
        if self._answer:
            self._chan.write_stderr(f"{self._answer}\r\n".encode())
            self._chan.exit(1)
            return
        self._task = asyncio.create_task(self._play())

    # The game.

    async def _play(self) -> None:
        chan = self._chan
        assert chan is not None
        columns, rows = chan.get_terminal_size()[:2]
        columns, rows = bounded_size(columns, rows) if columns and rows else DEFAULT_SIZE
        term = chan.get_terminal_type() or DEFAULT_TERM
        env = child_env(self.table, self.user, term, chan.get_environment())
        try:
            self.child = await PtyChild.start(["--name", player_name(self.user)], env,
                                               columns, rows, chan, self.label,
                                               self.table.limits.child_options())
        except OSError as error:
            log.error("%s: cannot start a client: %s", self.label, error)
            self._goodbye("unavailable", 1)
            return
        log.info("%s: game started, %dx%d %s", self.label, columns, rows, env["TERM"])
        if bounded_size(*chan.get_terminal_size()[:2]) != (columns, rows):  # resized meanwhile
            self.terminal_size_changed(*chan.get_terminal_size())
        self._last_key = asyncio.get_running_loop().time()
        self._watch_idle()
        if self._reason:  # the server began stopping while the client started
            await self.child.stop()
        status = await self.child.wait()
        self.child.close()
        if self._idle is not None:
            self._idle.cancel()
        ended = self._reason or ("quit" if status == 0 else
                                 "limit" if status in OVER_LIMIT else "error")
        log.info("%s: game ended (%s, status %d)", self.label, ended, status)
        self._goodbye(ended, 0 if status == 0 or self._reason else 1)

    def _goodbye(self, reason: str, status: int) -> None:
        if not self._open or self._chan is None:
            return
        line = goodbye(reason, self.user, round(self.table.limits.idle_timeout / 60))
        self._chan.write(f"{RESET_TERMINAL}\r\n{line}\r\n".encode())
        self._chan.exit(status)

    def end(self, reason: str) -> None:
        """End the game from the server's side; the client says goodbye when it is gone."""
        if self._reason:
            return
        self._reason = reason
        if self.child is not None:
            self._stopping = asyncio.create_task(self.child.stop())

    def _watch_idle(self) -> None:
        loop = asyncio.get_running_loop()
        left = self._last_key + self.table.limits.idle_timeout - loop.time()
        if left > 0:
            self._idle = loop.call_later(left, self._watch_idle)
        else:
            log.info("%s: idle", self.label)
            self.end("idle")

    # Bytes both ways.

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.child is not None:
            self._last_key = asyncio.get_running_loop().time()
            self.child.write(data)

    def eof_received(self) -> bool:
        # A game without keys cannot go on: end it, with a goodbye on the side still open.
        self.end("input closed")
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if self.child is not None and width and height:
            self.child.resize(*bounded_size(width, height))

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self._open = False
        self.end("disconnected")
        if self._task is None or self._task.done():
            self._finish()
        else:
            self._task.add_done_callback(lambda _: self._finish())

    def _finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)
