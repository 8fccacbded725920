"""What a frame costs, for ``fractal bench``: the widest prompt of a game's random games
with four players (or its most, below four), served by a table to the seat deciding.

The first frame of a decision works out its final options (each option tried on a copy
of the game, tui.play.facts.tried), which every frame did before the table kept them; the
frames after it, for that seat or any other, reuse them. Both are asked for the events
since the last frame (none), as a screen redrawing or a host resending asks.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from core.bench import widest
from core.rulesets import ruleset
from tui.play.seats import HUMAN, SeatSpec
from tui.play.table import Table

SEEDS = range(1, 9)  # the random games searched for the widest prompt
AGAIN = 20  # frames after the first, per run


def frame_figures(runs: int, game: str) -> dict[str, Any]:
    rules = ruleset(game)
    players = 4 if 4 in rules.players else max(rules.players)
    positions = [widest(players, seed, game_name=game) for seed in SEEDS]
    position = max(positions, key=lambda g: len(g.pending()[0].options))
    prompt = position.pending()[0]
    seats = [SeatSpec(HUMAN)] * players
    seq = len(position.history)
    first, again = [], []
    for _ in range(max(1, runs)):
        table = Table(rules, position.clone(), seats, undo=False)
        start = time.perf_counter()
        table.frame(prompt.seat, seq)
        first.append(time.perf_counter() - start)
        for _ in range(AGAIN):
            start = time.perf_counter()
            table.frame(prompt.seat, seq)
            again.append(time.perf_counter() - start)
    return {"frame_players": players, "frame_options": len(prompt.options),
            "frame_first_ms": round(statistics.median(first) * 1000, 3),
            "frame_ms": round(statistics.median(again) * 1000, 3)}
