"""A command run for a player: whatever goes wrong ends in one line and an exit code,
never a traceback (``fractal`` itself, and the fuzz that opens hostile saves through the
same commands)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

Command = Callable[[argparse.Namespace], int]


def run_command(run: Command, args: argparse.Namespace) -> int:
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`fractal replay ... | head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (OSError, ValueError, LookupError) as error:  # ContentError is a ValueError
        print(f"fractal: {error}", file=sys.stderr)  # one line for the player, no traceback
        return 2
