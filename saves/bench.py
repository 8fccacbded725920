"""Measurements of the save goals, for ``fractal bench`` (which prints and judges them).

Goals: a finished 4-player game's save under 64 KiB; a save (autosave, fsync included)
under 10 ms; a load with verification (the file's checksums, the game from its snapshot and
the snapshot's digest: how a player's Continue opens it, saves.replay.resume with
``later``) under 10 ms (issue 43); listing 1,000 saves under 1 s. The log's check that
follows once the screen shows (one replay, saves.replay.LogCheck) and replaying and
verifying the whole log are measured too, without a goal.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core import rng
from core.rulesets import DEFAULT_GAME, GameSetup, ruleset
from saves.engine import EngineLike, GameLike, engine_for
from saves.format import SaveMeta, encode, read_save, save_of
from saves.replay import resume, verify
from saves.store import SaveStore, list_saves


@dataclass(slots=True, frozen=True)
class Measurement:
    name: str
    value: float
    unit: str
    goal: float | None  # the value must stay below it; None: informational

    @property
    def ok(self) -> bool:
        return self.goal is None or self.value < self.goal

    def line(self) -> str:
        goal = f" (goal < {self.goal:g} {self.unit})" if self.goal is not None else ""
        mark = "" if self.goal is None else (" ok" if self.ok else " MISSED")
        return f"{self.name}: {self.value:.2f} {self.unit}{goal}{mark}"


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)


def random_game(players: int = 4, seed: int = 1, engine: EngineLike | None = None,
                limit: int = 50_000, game: str = DEFAULT_GAME) -> GameLike:
    """A game of the named ruleset played to its end (or ``limit`` decisions) by uniformly
    random choices."""
    options = ruleset(game).options(GameSetup(players=players, seed=seed))
    played = (engine or engine_for(game)).new(options)
    chooser = _Holder(seed)
    for _ in range(limit):
        pending = played.pending()
        if played.over or not pending:
            break
        prompt = pending[rng.below(chooser, len(pending))]
        played.apply(prompt.seat, prompt.options[rng.below(chooser, len(prompt.options))])
    return played


def _median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(game: GameLike, engine: EngineLike | None = None,
            directory: Path | None = None, listing: int = 1000,
            repeat: int = 20) -> list[Measurement]:
    """Measure the goals on one game (normally a finished 4-player game)."""
    work = Path(tempfile.mkdtemp(prefix="fractal-bench-", dir=directory))
    try:
        store = SaveStore(work)
        meta = SaveMeta.new(["human", "bot:strong", "bot:strong", "bot:strong"])
        size = len(encode(save_of(game, meta)))
        save_ms = _median_ms(lambda: store.autosave(game, meta), repeat)
        path = store.path_of(meta.autosave_name)
        load_ms = _median_ms(lambda: resume(read_save(path), engine, later=True), repeat)
        check = resume(read_save(path), engine, later=True).check
        if check is None:
            raise ValueError("the save did not open from its snapshot")
        check_ms = _median_ms(check.run, max(1, repeat // 4))
        replay_ms = _median_ms(lambda: verify(read_save(path), engine), max(1, repeat // 10))
        data = path.read_bytes()
        for i in range(listing):
            (work / f"copy{i:04d}.fractal").write_bytes(data)
        list_ms = _median_ms(lambda: list_saves(work), 3)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return [
        Measurement(f"save size ({len(game.log)} decisions)", size / 1024, "KiB", 64),
        Measurement("save (encode, write, fsync, rename)", save_ms, "ms", 10),
        Measurement("load with verification", load_ms, "ms", 10),
        Measurement("the log's check, once the screen shows", check_ms, "ms", None),
        Measurement("replay and verify the whole log", replay_ms, "ms", None),
        Measurement(f"list {listing} saves (headers only)", list_ms, "ms", 1000),
    ]


def run(players: int = 4, seed: int = 1, engine: EngineLike | None = None,
        directory: Path | None = None, game: str = DEFAULT_GAME) -> list[Measurement]:
    """Play a random game of the named ruleset to the end, then :func:`measure` it."""
    return measure(random_game(players, seed, engine, game=game), engine, directory)
