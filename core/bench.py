"""`fractal bench`: a ruleset's engine and bots, their speed on this machine.

Each figure is the median of several runs. A figure that cannot be measured (the engine
stops with an error before the end of a game, the view cannot be determinized yet...) is
reported as ``None`` with the reason in ``notes``, never as a made-up number.

Save and load figures need ``saves``, which core must not import: the CLI adds them.
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

from core import native
from core.bots.base import Bot
from core.bots.mcts import Budget, MctsBot
from core.rng import Rng
from core.rulesets import DEFAULT_GAME, GameSetup, ruleset

Figures = dict[str, Any]


def random_game(players: int, seed: int, max_decisions: int = 50_000,
                game_name: str = DEFAULT_GAME) -> tuple[Any, int, float]:
    """Play one game of the named ruleset with uniform random choices: (game, decisions,
    seconds)."""
    rules = ruleset(game_name)
    start = time.perf_counter()
    game = rules.new_game(GameSetup(players=players, seed=seed))
    rng = Rng(seed)
    decisions = 0
    while not game.over and decisions < max_decisions:
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
        decisions += 1
    return game, decisions, time.perf_counter() - start


def midgame(players: int, seed: int, decisions: int = 40, game_name: str = DEFAULT_GAME) -> Any:
    """A position some way into a random game where the seat to act has a real choice."""
    game = ruleset(game_name).new_game(GameSetup(players=players, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    while not game.over and len(game.pending()[0].options) < 2:
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    return game


def widest(players: int, seed: int, decisions: int = 400, game_name: str = DEFAULT_GAME) -> Any:
    """The position with the most choices in the first decisions of a random game: where a
    search's budget costs the most time."""
    game = ruleset(game_name).new_game(GameSetup(players=players, seed=seed))
    rng = Rng(seed)
    best, most = game.clone(), 0
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        if len(prompt.options) > most:
            best, most = game.clone(), len(prompt.options)
        game.apply(prompt.seat, rng.choice(prompt.options))
    return best


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def _timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of one call of ``fn``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return _median(samples)


def bench_engine(runs: int, game_name: str = DEFAULT_GAME) -> tuple[Figures, list[str]]:
    figures: Figures = {}
    notes: list[str] = []
    rates = []
    for players in (2, 3, 4):
        seconds = []
        for run in range(runs):
            try:
                game, decisions, took = random_game(players, 1000 + run,
                                                    game_name=game_name)
            except Exception as error:
                notes.append(f"{players}-player random game: {type(error).__name__}: {error}")
                break
            if not game.over:
                notes.append(f"{players}-player random game did not end")
                break
            seconds.append(took)
            rates.append(decisions / took)
        figures[f"games_per_second_{players}p"] = (
            round(1 / _median(seconds), 2) if len(seconds) == runs else None)
    figures["decisions_per_second"] = round(_median(rates)) if rates else None
    try:
        game = midgame(4, 7, game_name=game_name)
        figures["clone_ms"] = round(_timed(game.clone, runs * 20) * 1000, 4)
        seat = game.pending()[0].seat
        figures["view_ms"] = round(_timed(lambda: game.view(seat), runs * 20) * 1000, 4)
        figures["digest_ms"] = round(_timed(game.digest, runs * 4) * 1000, 4)
    except Exception as error:
        notes.append(f"clone/view: {type(error).__name__}: {error}")
        figures.update(clone_ms=None, view_ms=None, digest_ms=None)
    return figures, notes


def bench_mcts(runs: int, levels: bool = True,
               game_name: str = DEFAULT_GAME) -> tuple[Figures, list[str]]:
    figures: Figures = {"mcts_iterations_per_second": None,
                        "seconds_per_decision_normal": None,
                        "seconds_per_decision_hard": None}
    notes: list[str] = []
    try:
        rules = ruleset(game_name)
        model = rules.model()
        positions = [midgame(2, 11 + run, game_name=game_name) for run in range(runs)]
        rates = []
        for run, game in enumerate(positions):
            prompt = game.pending()[0]
            view = game.view(prompt.seat)
            model.determinize(view, Rng(run))  # fails early when the view cannot be sampled
            # The levels' rollouts, without the prior: the search's own pace.
            bot = MctsBot(run, model, Budget(iterations=100, seconds=10.0), stop=model.stop)
            bot.choose(view, prompt)
            rates.append(bot.last_iterations / max(bot.last_seconds, 1e-9))
        figures["mcts_iterations_per_second"] = round(_median(rates), 1)
        if levels:
            for name in ("normal", "hard"):
                seconds = [_seconds_to_choose(rules.make_bot(name, run), game)
                           for run, game in enumerate(positions)]
                figures[f"seconds_per_decision_{name}"] = round(_median(seconds), 3)
                figures[f"max_seconds_per_decision_{name}"] = round(max(seconds), 3)
            # The midgame prompts are narrow; the widest one shows what the guards are for.
            wide = widest(2, 11, game_name=game_name)
            figures["widest_prompt_options"] = len(wide.pending()[0].options)
            for name in ("normal", "hard"):
                figures[f"seconds_on_widest_{name}"] = round(
                    _seconds_to_choose(rules.make_bot(name, 0), wide), 3)
    except Exception as error:
        notes.append(f"mcts: {type(error).__name__}: {error}")
    return figures, notes


def _seconds_to_choose(bot: Bot, game: Any) -> float:
    """How long ``bot`` takes to answer the game's first pending prompt."""
    prompt = game.pending()[0]
    start = time.perf_counter()
    bot.choose(game.view(prompt.seat), prompt)
    return time.perf_counter() - start


def run_bench(runs: int = 5, mcts_levels: bool = True, game: str = DEFAULT_GAME) -> Figures:
    """Every core figure of a ruleset, with the machine, the date and notes on what
    failed."""
    engine, notes = bench_engine(runs, game)
    search, search_notes = bench_mcts(max(1, min(runs, 3)), mcts_levels, game)
    return {
        "game": ruleset(game).title,
        "machine": machine(),
        "engines": native.status(),
        "date": time.strftime("%Y-%m-%d"),
        "runs": runs,
        **engine,
        **search,
        "notes": notes + search_notes,
    }


def machine() -> str:
    import os

    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}")


def format_figures(figures: Figures) -> str:
    lines = [f"fractal bench: {figures.get('game', '')}, {figures.get('machine', '')}, "
             f"{figures.get('date', '')}, median of {figures.get('runs', '?')} runs",
             f"  engines: {figures.get('engines', '')}"]
    for key, value in figures.items():
        if key in ("game", "machine", "engines", "date", "runs", "notes"):
            continue
        if isinstance(value, dict):
            lines.append(f"  {key}")
            lines += [f"    {name:<40}{shown:>16}" for name, shown in value.items()]
            continue
        shown = "not measured" if value is None else f"{value:,}" if isinstance(
            value, int | float) else str(value)
        lines.append(f"  {key:<32}{shown:>16}")
    for note in figures.get("notes", []):
        lines.append(f"  note: {note}")
    return "\n".join(lines)
