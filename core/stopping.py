"""How a server (the relay, `fractal serve`) is told to stop: Ctrl+C or SIGTERM."""

from __future__ import annotations

import asyncio
import signal


async def until_stopped() -> None:
    """Wait for SIGINT or SIGTERM, whichever comes first."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
