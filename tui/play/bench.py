"""What a frame costs and how long a player waits for the bots, for ``fractal bench``.

A frame: the widest prompt of a game's random games with four players (or its most, below
four), served by a table to the seat deciding.

The first frame of a decision asks the engine for its final options (core.game.Game.marks,
tui.play.facts.marked); the frames after it, for that seat or any other, reuse them. Both
are asked for the events since the last frame (none), as a screen redrawing or a host
resending asks.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.bench import widest
from core.bots.levels import lift_guard, make_bot
from core.rulesets import GameSetup, ruleset
from tui.play.seats import BOT, HUMAN, SeatSpec
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


# --- a player's wait (fractal bench --wait) -------------------------------------------------

ME = 0  # the seat that answers at once


@dataclass(slots=True)
class Waits:
    """What one game of ``fractal bench --wait`` measured: each wait of the seat that answers
    at once (seconds between its answer and its next question, where bots decided between
    them: the seat's own questions in a row keep nobody waiting), and each bot decision met
    on the way (seat, prompt kind, options, seconds, when it started)."""

    waits: list[float] = field(default_factory=list)
    decisions: list[tuple[int, str, int, float, float]] = field(default_factory=list)


def wait_game(game: str, players: int, level: str, seed: int, limit: int,
              unguarded: bool = False, turns_timed: bool = True) -> Waits:
    """Play one game at a table as a screen does, one bot decision at a time: seat 0 is a
    person who answers each question at once (as a random bot would, instantly), the other
    seats are bots of ``level``.
    Stops after ``limit`` waits (0: at the game's end). ``unguarded``: the bots without
    their time guards, and the waits in processor seconds (what an idle machine shows, on
    a busy one). ``turns_timed``: a bot's turn shares its time over its decisions
    (tui.play.bots.turn_left), as at a screen; else each has its guard alone."""
    rules = ruleset(game)
    seats = [SeatSpec(HUMAN)] + [SeatSpec(BOT, level)] * (players - 1)
    table = Table(rules, rules.new_game(GameSetup(players=players, seed=seed)), seats,
                  undo=False)
    person = make_bot("random", seed, rules.model())
    table.turns_timed = turns_timed and not unguarded
    clock = time.process_time if unguarded else time.perf_counter
    if unguarded:
        for bot in table.bots.values():
            lift_guard(bot)
    found = Waits()
    since: float | None = None  # when seat 0 last answered
    while not table.over:
        prompt = table.game.prompt_for(ME)
        if prompt is not None:  # a person answers while the bots think: first, at once
            if since is not None and found.decisions and found.decisions[-1][4] > since:
                found.waits.append(clock() - since)
                if len(found.waits) == limit:
                    break
            table.apply(ME, person.choose(table.game.view(ME), prompt))
            since = clock()
            continue
        turn = table.bot_turn()
        if turn is None:
            break
        start = clock()
        choice = table.think(turn)
        found.decisions.append((turn.seat, turn.prompt.kind, len(turn.prompt.options),
                                clock() - start, start))
        if choice is None or not table.answer_bot(turn, choice):
            break
    return found


def wait_figures(game: str, players: int, level: str, seeds: Sequence[int],
                 limit: int, unguarded: bool = False) -> dict[str, Any]:
    """The waits of seat 0 over a game per seed: median and longest, and the bot decisions
    behind them (how many, how many asked a choice of one option, the slowest kinds)."""
    waits: list[float] = []
    decisions: list[tuple[int, str, int, float, float]] = []
    for seed in seeds:
        found = wait_game(game, players, level, seed, limit, unguarded)
        waits += found.waits
        decisions += found.decisions
    by_kind: dict[str, list[float]] = {}
    for _, kind, _, seconds, _ in decisions:
        by_kind.setdefault(kind, []).append(seconds)
    slowest = sorted(by_kind.items(), key=lambda item: -sum(item[1]))[:5]
    return {
        "wait_game": ruleset(game).title, "wait_players": players, "wait_bots": level,
        "wait_seeds": list(seeds), "wait_clock": "processor, unguarded" if unguarded else "wall",
        "waits": len(waits),
        "wait_median_seconds": round(statistics.median(waits), 3) if waits else None,
        "wait_longest_seconds": round(max(waits), 3) if waits else None,
        "bot_decisions": len(decisions),
        "bot_seconds": round(sum(d[3] for d in decisions), 2),
        "bot_forced_decisions": sum(1 for d in decisions if d[2] == 1),
        "bot_seconds_by_kind": {kind: f"{len(times)} x {statistics.median(times):.3f} s, "
                                      f"{sum(times):.1f} s"
                                for kind, times in slowest},
    }
