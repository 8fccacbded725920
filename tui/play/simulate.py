"""``fractal simulate``'s games, each played at a headless table.

Nobody sits at the table: every seat is a bot, seeded from the game's seed and its seat
(:func:`bot_seed`), so that every seeded game and its record stay the same from release to
release. After every decision the state's invariants are checked, and the view each bot
receives is checked for others' hidden information; every ``replay_every``-th game is
also replayed from its log and its digest compared. A broken invariant is reported with
the game. No decision's facts are worked out: no person sees a frame.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Iterator

from core.bots.levels import lift_guard
from core.rng import Rng, derive
from core.simulate import (
    RANDOM_PICK,
    GameResult,
    SimConfig,
    empty_record,
    record_of,
    seat_levels,
    setup_of,
)
from tui.play.seats import BOT, SeatSpec
from tui.play.table import Table

FACTION_PICKER = 0  # derive(game seed, 0): the simulator's own picks (bots use 1 + seat)


def bot_seed(game_seed: int, seat: int) -> int:
    return derive(game_seed, 1 + seat)


def play_game(config: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of the series to its end (or to its first broken invariant)."""
    rules = config.rules
    seed = derive(config.seed, index)
    levels = seat_levels(config, index)
    problems: list[str] = []
    checking = 0.0
    start = time.perf_counter()
    try:
        game = rules.new_game(setup_of(config, index, seed))
    except Exception as error:
        return GameResult(empty_record(config, index, seed, levels), [_crash(error)])
    table = Table(rules, game, [SeatSpec(BOT, level) for level in levels], undo=False,
                  bot_seed=bot_seed)
    if config.unguarded:
        for bot in table.bots.values():
            lift_guard(bot)
    picker = Rng(derive(seed, FACTION_PICKER))
    checker = rules.checker(game)
    decisions = 0
    try:
        while not game.over and not problems:
            turn = table.bot_turn()
            if turn is None:
                problems.append("the game is not over and no decision is pending")
                break
            if config.checks:
                tick = time.perf_counter()
                problems += checker.view(turn.seat, turn.view)
                checking += time.perf_counter() - tick
            if turn.prompt.kind == rules.pick_kind and config.factions == RANDOM_PICK:
                choice = picker.choice(turn.prompt.options)
            else:
                choice = turn.bot.choose(turn.view, turn.prompt)
            events = table.apply(turn.seat, choice)
            decisions += 1
            if config.checks:
                tick = time.perf_counter()
                problems += checker.step(events)
                checking += time.perf_counter() - tick
            if decisions >= config.max_decisions:
                problems.append(f"no end after {decisions} decisions")
    except Exception as error:
        problems.append(_crash(error))
    seconds = time.perf_counter() - start - checking
    if not problems and config.replay_every and index % config.replay_every == 0:
        problems += checker.replay()
    record = record_of(game, index, seed, levels, seconds, rules)
    if config.keep is not None:
        config.keep(game, levels)
    return GameResult(record, [f"game {index} (seed {seed}): {p}" for p in problems])


def _crash(error: BaseException) -> str:
    where = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    place = f" at {where[0].filename}:{where[0].lineno}" if where else ""
    return f"engine error {type(error).__name__}: {error}{place}"


def _play_indexed(job: tuple[SimConfig, int]) -> GameResult:
    return play_game(*job)


def simulate(config: SimConfig) -> Iterator[GameResult]:
    """Play the series, yielding each game's result in game order."""
    jobs = [(config, i) for i in range(config.first, config.first + config.games)]
    if config.workers <= 1 or config.games == 1:
        yield from map(_play_indexed, jobs)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(config.workers) as pool:
        yield from pool.imap(_play_indexed, jobs)
