"""A bot's decision, handed to whoever runs it off the event loop, and its pace.

A bot takes up to seconds to choose (``fractal bench``), so a screen runs it on a worker
thread and a headless player with ``asyncio.to_thread``; both call :func:`think`, which
also holds the answer back until the pace has passed, so that people can follow the
bots' moves.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from core.decisions import Prompt


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's decision to make: everything it needs, copied, so it can run on a thread.
    ``generation`` says which decision it answers, so that an answer arriving after the
    game moved on (an undo, a stand-in sent away) is dropped."""

    seat: int
    bot: Any
    view: dict[str, Any]
    prompt: Prompt
    generation: int


def think(turn: BotTurn, pace: float = 0.0, stop: threading.Event | None = None) -> str | None:
    """The bot's choice, given no sooner than ``pace`` seconds after it was asked; None
    when ``stop`` was set meanwhile (the screen went away)."""
    started = time.monotonic()
    choice: str = turn.bot.choose(turn.view, turn.prompt)
    wait = pace - (time.monotonic() - started)
    if stop is not None:
        stop.wait(max(0.0, wait))
        return None if stop.is_set() else choice
    if wait > 0:
        time.sleep(wait)
    return choice
