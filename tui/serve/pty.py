"""A client process on a pseudo-terminal of its own, and the bytes between it and a network
session.

The child starts as ``python -m tui.serve.child``, which sets its limits (memory,
processor time) and makes the terminal its controlling terminal before it runs the
client: only then does a resize reach it as SIGWINCH and does closing the terminal hang
it up. Its output is read only while the session can take more
(:meth:`PtyChild.pause_output`), so a slow client holds up its own game, not the
server's memory; its input waits in a bounded queue while the terminal is full. What the
child writes to ``sys.stderr`` (an error's traceback) comes to the server's log through
a pipe of its own, never to the player's screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import pty
import signal
import struct
import sys
import termios
from collections.abc import Mapping, Sequence
from typing import Protocol

log = logging.getLogger("fractal.serve")

READ_SIZE = 64 * 1024
MAX_INPUT = 64 * 1024  # keys waiting for a busy client before the session stops reading
MAX_ERROR_LOG = 64 * 1024  # of one child's error output; a loop of errors must not flood
STOP_GRACE = 3.0  # seconds between the hang-up and SIGKILL


class Peer(Protocol):
    """The network side of a child: an SSH channel has these methods."""

    def write(self, data: bytes) -> None: ...

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...


def set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class PtyChild:
    """One client process, its terminal's master side and its error pipe."""

    def __init__(self, process: asyncio.subprocess.Process, master: int, errors: int,
                 peer: Peer, label: str) -> None:
        self.process = process
        self.label = label
        self._master = master
        self._errors = errors
        self._error_room = MAX_ERROR_LOG
        self._error_line = b""
        self._peer = peer
        self._loop = asyncio.get_running_loop()
        self._input = bytearray()
        self._input_held = False
        self._output_paused = False
        self._output_done: asyncio.Future[None] = self._loop.create_future()
        self._closed = False
        self._loop.add_reader(master, self._readable)
        self._loop.add_reader(errors, self._error_readable)

    @classmethod
    async def start(cls, client_args: Sequence[str], env: Mapping[str, str], columns: int,
                    rows: int, peer: Peer, label: str, limits: Sequence[str]) -> PtyChild:
        """Start ``fractal CLIENT_ARGS`` on a new terminal of ``columns`` x ``rows``, within
        ``limits`` (the options of tui.serve.child: ServeLimits.child_options)."""
        master, slave = pty.openpty()
        errors, errors_child = os.pipe()
        try:
            set_size(slave, columns, rows)
            os.set_blocking(master, False)
            os.set_blocking(errors, False)
            # start_new_session: the child leads a session of its own (setsid), so it
            # may take the terminal as its controlling terminal, and a signal to its
            # group reaches nothing of the server's.
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tui.serve.child", "--errors-fd", str(errors_child),
                *limits, "--", *client_args, stdin=slave, stdout=slave, stderr=slave, env=dict(env),
                start_new_session=True, pass_fds=(errors_child,))
        except BaseException:
            os.close(master)
            os.close(errors)
            raise
        finally:
            os.close(slave)  # the child's copies are its own: its exit makes reads fail
            os.close(errors_child)
        return cls(process, master, errors, peer, label)

    # Output: the child's screen, to the peer.

    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process on the terminal has closed it
            data = b""
        if not data:
            self._end_output()
            return
        try:
            self._peer.write(data)
        except (BrokenPipeError, ConnectionError):  # the peer is gone; its end stops us
            self.pause_output()

    def _end_output(self) -> None:
        if not self._output_done.done():
            self._loop.remove_reader(self._master)
            self._output_done.set_result(None)

    @property
    def output_paused(self) -> bool:
        return self._output_paused

    def pause_output(self) -> None:
        """Stop reading the child's screen: the peer has enough to send for now."""
        if not self._output_paused and not self._output_done.done():
            self._output_paused = True
            self._loop.remove_reader(self._master)

    def resume_output(self) -> None:
        if self._output_paused and not self._output_done.done():
            self._output_paused = False
            self._loop.add_reader(self._master, self._readable)

    # Input: keys and mouse reports, to the child.

    def write(self, data: bytes) -> None:
        if self._closed:
            return
        if not self._input:
            data = data[self._write_some(data):]
            if not data:
                return
            self._loop.add_writer(self._master, self._writable)
        self._input += data
        if len(self._input) > MAX_INPUT and not self._input_held:
            self._input_held = True
            self._peer.pause_reading()

    def _write_some(self, data: bytes | bytearray) -> int:
        try:
            return os.write(self._master, data)
        except BlockingIOError:
            return 0
        except OSError:  # the child is gone: its end shows on the output side
            return len(data)

    def _writable(self) -> None:
        del self._input[:self._write_some(self._input)]
        if not self._input:
            self._loop.remove_writer(self._master)
            if self._input_held:
                self._input_held = False
                self._peer.resume_reading()

    # The terminal's size, the child's errors and its end.

    def resize(self, columns: int, rows: int) -> None:
        """Set the terminal's size. As it is the child's controlling terminal, the kernel
        sends SIGWINCH to the child's process group, the terminal's foreground group."""
        if not self._closed:
            set_size(self._master, columns, rows)

    def _error_readable(self) -> None:
        try:
            data = os.read(self._errors, READ_SIZE)
        except BlockingIOError:
            return
        if not data:
            self._loop.remove_reader(self._errors)
            data = b"\n" if self._error_line else b""
        *lines, self._error_line = (self._error_line + data).split(b"\n")
        for line in lines:
            if self._error_room > 0:
                self._error_room -= len(line)
                log.warning("%s: %s", self.label, line.decode(errors="replace")[:500])

    async def wait(self) -> int:
        """The child's exit status, once it has exited and its last output was read."""
        status = await self.process.wait()
        await self._output_done
        return status

    async def stop(self, grace: float = STOP_GRACE) -> int:
        """Hang up, as a terminal closing does (the game is saved after every decision);
        kill the child if it is still there after ``grace`` seconds. Returns its status."""
        if self.process.returncode is None:
            self._signal(signal.SIGHUP)
            try:
                async with asyncio.timeout(grace):
                    await self.process.wait()
            except TimeoutError:
                self._signal(signal.SIGKILL)
        status = await self.process.wait()
        self.close()
        return status

    def _signal(self, signum: int) -> None:
        # Only while the child has not been reaped: its group id cannot belong to
        # anything else until then.
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signum)

    def close(self) -> None:
        """Let go of the terminal and the error pipe (the child must be gone)."""
        if self._closed:
            return
        self._closed = True
        self._end_output()
        self._loop.remove_writer(self._master)
        self._loop.remove_reader(self._errors)
        os.close(self._master)
        os.close(self._errors)
