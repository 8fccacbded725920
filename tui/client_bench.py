"""The client's responsiveness for a game, measured headless (``fractal bench --client``):

- a cursor move on the map at 200 x 60 with the most players the game allows and its
  default settings: the widget's own work (laying the map out again and drawing every
  visible line), not the terminal's;
- a repaint of the map there for a new position (a decision made elsewhere): the same
  work with every cell's contents worked out again;
- how long the event loop stays blocked while a hard bot thinks on its worker thread: the
  lateness of a 10 ms timer on the loop, which is how late a key press would be handled.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from typing import Any

from core.rulesets import GameSetup, ruleset
from tui.app import ShellApp
from tui.play.seats import SeatSpec
from tui.screens.game import GameScreen
from tui.session import LocalSession
from tui.widgets.cellmap import CellMap

SIZE = (200, 60)
TICK = 0.01


@dataclass(frozen=True, slots=True)
class Responsiveness:
    cursor_ms_median: float  # 0 for a game whose main pane is not a map of cells
    cursor_ms_max: float
    repaint_ms_median: float  # 0 likewise
    repaint_ms_max: float
    loop_lag_ms_max: float  # the worst lateness of a tick while a hard bot thought
    loop_lag_ms_p99: float
    bot_seconds: float  # a bot decision, on average, pace included


def _game(name: str, players: int, decisions: int, seed: int) -> Any:
    game = ruleset(name).new_game(GameSetup(players=players, seed=seed))
    rnd = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return game


async def _map(name: str, moves: int) -> tuple[list[float], list[float]]:
    """Milliseconds per cursor move, and per repaint for a new position."""
    players = max(ruleset(name).players)
    with tempfile.TemporaryDirectory() as saves:
        app = ShellApp(save_dir=saves)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            game = _game(name, players, 300, 5)
            session = LocalSession(ruleset(name), game, [SeatSpec("human")] * players, None)
            app.play(session)
            await pilot.pause()
            maps = app.screen.query(CellMap)
            if not maps:
                return [0.0], [0.0]
            cells = maps.first()
            cursor = []
            for i in range(moves):
                started = time.perf_counter()
                cells.action_move(("right", "down", "left", "up")[i % 4])
                _draw(cells)
                cursor.append((time.perf_counter() - started) * 1000)
            # two positions a decision apart, shown in turn: each is new to the map
            later = game.clone()
            prompt = later.pending()[0]
            later.apply(prompt.seat, prompt.options[0])
            views = [game.view(0), later.view(0)]
            repaint = []
            for i in range(moves):
                started = time.perf_counter()
                cells.show(views[i % 2], cells.targets)
                _draw(cells)
                repaint.append((time.perf_counter() - started) * 1000)
            return cursor, repaint


def _draw(cells: CellMap) -> None:
    for y in range(cells.size.height):
        cells.render_line(y)


async def _lag(name: str, decisions: int) -> tuple[list[float], float]:
    """Tick lateness while hard bots play ``decisions`` decisions at the default pace, from
    the first bot move on (the screen's first drawing is not a bot's turn)."""
    with tempfile.TemporaryDirectory() as saves:
        app = ShellApp(save_dir=saves)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            players = min(ruleset(name).players)
            game = _game(name, players, 120, 3)
            seats = [SeatSpec("bot", "hard")] * players
            app.play(LocalSession(ruleset(name), game, seats, None))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            start = len(game.log)
            while len(screen.session.game.log) == start:  # type: ignore[attr-defined]
                await asyncio.sleep(TICK)
            lags: list[float] = []
            started = time.perf_counter()
            while len(screen.session.game.log) < start + decisions:  # type: ignore[attr-defined]
                before = time.perf_counter()
                await asyncio.sleep(TICK)
                lags.append((time.perf_counter() - before - TICK) * 1000)
            screen.stop_bots.set()
            return lags, (time.perf_counter() - started) / (decisions - 1)


def measure(name: str, moves: int = 60, decisions: int = 20) -> Responsiveness:
    cursor, repaint = asyncio.run(_map(name, moves))
    lags, thought = asyncio.run(_lag(name, decisions))
    lags.sort()
    return Responsiveness(
        cursor_ms_median=statistics.median(cursor), cursor_ms_max=max(cursor),
        repaint_ms_median=statistics.median(repaint), repaint_ms_max=max(repaint),
        loop_lag_ms_max=lags[-1] if lags else 0.0,
        loop_lag_ms_p99=lags[int(0.99 * (len(lags) - 1))] if lags else 0.0,
        bot_seconds=thought)
