"""``python -m tui.serve.child --errors-fd N ARGS...``: a served client's first moments.

The server starts this in a session of its own on a fresh pseudo-terminal (tui/serve/
pty.py). Here the terminal becomes the controlling terminal, which only the process
itself can ask for: it is done before the client runs rather than in a forked copy of
the server, whose other threads may hold locks the copy would never see released. Then
the client runs as ``fractal ARGS``, in this same process.
"""

from __future__ import annotations

import fcntl
import os
import sys
import termios


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "--errors-fd" or not argv[1].isdigit():
        print("usage: python -m tui.serve.child --errors-fd N [fractal arguments]",
              file=sys.stderr)
        return 2
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # Textual draws on the terminal through the real standard error (sys.__stderr__);
    # what is written to sys.stderr (an error's traceback) goes to the server's log.
    sys.stderr = os.fdopen(int(argv[1]), "w", buffering=1, errors="replace")
    from tui.cli import main as client

    return client(argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
