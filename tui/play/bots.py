"""A bot's decision, handed to whoever runs it off the event loop, its pace and its time.

A bot takes up to seconds to choose (``fractal bench``), so a screen runs it on a worker
thread and a headless player with ``asyncio.to_thread``; both call :func:`think`, which
also holds the answer back until the pace has passed, so that people can follow the
bots' moves.

A bot's time guard (normal's second a decision) bounds each decision; a turn of several
decisions in a row (a Fractal action, its unit, its sectors...) took the guard's whole
second for each of them on a busy machine, one bot after the other, while the player
waited. A turn now has a time of its own (:data:`TURN_SECONDS`, three times the level's guard),
shared over its decisions: each may take what the turn has left, within its own guard and
never less than a twentieth of the turn. The bots' decisions between two of a person's
share a time as well (:data:`WAIT_SECONDS`): a player who has passed waits for the others'
whole round, not one turn. Only time is bounded, never iterations, so on an idle machine
the budgets end first and a seeded bot answers as before, except in the longest waits;
questions with one answer take no time at all (the bots answer them at once).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.decisions import Prompt

# Seconds a turn of one bot may take in all, by level: three times each level's guard a
# decision (core.bots.levels; twice lost every game of a series against the guard a
# decision at Alien Artifacts, docs/benchmarks.md). A level not named (mcts:N, reproducible
# for tests) keeps its own guard.
TURN_SECONDS = {"easy": 3.0, "heuristic": 3.0, "normal": 3.0, "mcts": 3.0, "hard": 15.0}
TURN_FLOOR = 1 / 20  # of the turn's time: what a decision gets once the turn's is spent
# Seconds the bots may think in all, by level, between two decisions of the people at the
# table, beyond the pace. A Fractal player who has passed watches the others play out the
# round: up to sixty decisions of three bots, 30 s at normal's budgets. Past this, each
# decision gets a two-hundredth of it (normal: 0.03 s): the heuristic's judgement of
# every choice, which seeds the search, and what iterations fit (docs/benchmarks.md).
WAIT_SECONDS = {"easy": 6.0, "heuristic": 6.0, "normal": 6.0, "mcts": 6.0, "hard": 30.0}
WAIT_FLOOR = 1 / 200


def turn_left(level: str, spent: float, waited: float | None = None) -> float | None:
    """The seconds a bot of ``level`` may take for its next decision when its turn has
    spent ``spent`` already and the people at the table have waited ``waited`` seconds
    for the bots (None: nobody waits, a table of bots alone); None: its own guard alone."""
    turn = TURN_SECONDS.get(level)
    if turn is None:
        return None
    left = max(turn * TURN_FLOOR, turn - spent)
    if waited is None:
        return left
    wait = WAIT_SECONDS[level]
    return min(left, max(wait * WAIT_FLOOR, wait - waited))


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
    seconds: float | None = None  # what its turn leaves this decision (turn_left)


def think(turn: BotTurn, pace: float = 0.0, stop: threading.Event | None = None,
          thought: Callable[[BotTurn, float], None] | None = None) -> str | None:
    """The bot's choice, given no sooner than ``pace`` seconds after it was asked; None
    when ``stop`` was set meanwhile (the screen went away). ``thought`` is told the
    seconds the bot took."""
    started = time.monotonic()
    turn.bot.time_left = turn.seconds
    try:
        choice: str = turn.bot.choose(turn.view, turn.prompt)
    finally:
        turn.bot.time_left = None
    if thought is not None:
        thought(turn, time.monotonic() - started)
    wait = pace - (time.monotonic() - started)
    if stop is not None:
        stop.wait(max(0.0, wait))
        return None if stop.is_set() else choice
    if wait > 0:
        time.sleep(wait)
    return choice
