"""``python -m tui.serve.child [--errors-fd N] --memory MB --cpu SECONDS -- ARGS...``: a
served client's first moments.

The server starts this for each session: over SSH in a session of its own on a fresh
pseudo-terminal (tui/serve/pty.py, which passes ``--errors-fd``), in a browser through
textual-serve (tui/serve/web.py). First the client's limits are set, before it loads
anything, so that one session never takes the machine from the others: its address
space, its processor time, no core file, and a lower priority than the server, which
carries every session's keys (docs/serving.md, "Each session's limits"). Over SSH the
terminal then becomes the controlling terminal, which only the process itself can ask
for: it is done before the client runs rather than in a forked copy of the server, whose
other threads may hold locks the copy would never see released. Then the client runs as
``fractal ARGS``, in this same process.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import resource
import sys
import termios

NICENESS = 5  # a client yields the processor to the server, which relays every session
CPU_GRACE = 5  # seconds between the soft limit's SIGXCPU and the hard limit's SIGKILL


def limit(memory_mb: int, cpu_seconds: int) -> None:
    """The limits of this process, for good: a client cannot raise them again."""
    memory = memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + CPU_GRACE))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a client's memory on no disk
    os.nice(NICENESS)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.serve.child")
    parser.add_argument("--errors-fd", type=int, help="the pipe for the client's errors "
                                                      "(over SSH, on a terminal)")
    parser.add_argument("--memory", type=int, required=True, metavar="MB")
    parser.add_argument("--cpu", type=int, required=True, metavar="SECONDS")
    if "--" not in argv:
        parser.error("the client's arguments follow --")
    split = argv.index("--")
    args = parser.parse_args(argv[:split])
    limit(args.memory, args.cpu)
    if args.errors_fd is not None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        # Textual draws on the terminal through the real standard error (sys.__stderr__);
        # what is written to sys.stderr (an error's traceback) goes to the server's log.
        sys.stderr = os.fdopen(args.errors_fd, "w", buffering=1, errors="replace")
    from tui.cli import main as client

    return client(argv[split + 1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
