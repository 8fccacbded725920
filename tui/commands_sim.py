"""The `fractal simulate` and `fractal bench` subcommands.

The CLI owner calls :func:`register` with the parser's subparsers; each subcommand sets
``run`` to a function of the parsed arguments returning the exit status. The engine and
the bots are imported when a command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from dataclasses import asdict
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.rulesets import DEFAULT_GAME
from saves import add_save_dir
from tui.commands_net import GAME_HELP, MODULES_HELP

if TYPE_CHECKING:
    from core.simulate import SimConfig

LEVEL_HELP = "random, easy, heuristic, normal, hard, mcts:N"


def register(subparsers: Any) -> None:
    native = subparsers.add_parser(
        "native", help="the engines compiled with mypyc: build, check, clean or status",
        description="An optional build of the engines and bots with mypyc, about twice as "
                    "fast; the sources run without it (docs/benchmarks.md).")
    native.add_argument("command", choices=("build", "check", "clean", "status"),
                        help="build them (needs a C compiler), check that they play the "
                             "same games as the sources, remove them, or say which run")
    native.set_defaults(run=cmd_native)
    sim = subparsers.add_parser(
        "simulate", help="play headless games between bots",
        description="Play headless games between bots and summarise them. Exits 1 if any "
                    "invariant breaks. Game i uses the seed core.rng.derive(SEED, i).")
    sim.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--bots", default="random",
                     help=f"one level for all seats or one per seat, comma-separated "
                          f"({LEVEL_HELP})")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--first", type=int, default=0, metavar="I",
                     help="the first game's index (default 0): a long series in parts")
    sim.add_argument("--map", default="",
                     help="one of the game's maps (default: its first), or both: the game's "
                          "maps in turn from game to game")
    sim.add_argument("--factions", default="",
                     help="how every seat's faction (or the game's setup pick) is made: "
                          "random (uniformly from the offer, for balance reports), chosen "
                          "(by each bot), or the game's own words (`fractal games` lists "
                          "them; default: the game's setting)")
    sim.add_argument("--modules", default="", help=MODULES_HELP)
    sim.add_argument("--json", action="store_true",
                     help="one JSON object per game, then one summary line")
    sim.add_argument("--workers", type=int, default=1, help="processes to play in parallel")
    sim.add_argument("--swap", action="store_true",
                     help="rotate the levels through the seats from game to game")
    sim.add_argument("--replay-every", type=int, default=10, metavar="N",
                     help="replay the log of every N-th game and compare digests (0: never)")
    sim.add_argument("--no-checks", action="store_true",
                     help="skip the state and view invariants after each decision")
    sim.add_argument("--unguarded", action="store_true",
                     help="the bots without their time guards: each search spends its whole "
                          "budget, so the series plays as on an idle machine, at any load")
    sim.add_argument("--report", metavar="FILE",
                     help="also write the balance report (Markdown) to FILE")
    sim.add_argument("--records", nargs="+", metavar="JSONL",
                     help="play nothing: summarise the games of earlier --json runs of the "
                          "same series (the parts of one series, given with its options)")
    sim.add_argument("--against", nargs="+", metavar="JSONL",
                     help="with --records: compare them game by game with these records of "
                          "the same series played by other bots (a candidate against the "
                          "committed ones): wins, outcomes changed, VP margins")
    add_save_dir(sim)
    sim.set_defaults(run=cmd_simulate)

    bench = subparsers.add_parser("bench", help="measure engine and bot speed on this machine")
    bench.add_argument("--game", default=None,
                       help=f"{GAME_HELP[:-1]}; the fuzz runs every game unless one is named)")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    bench.add_argument("--quick", action="store_true",
                       help="skip the seconds per decision of the normal and hard bots")
    bench.add_argument("--client", action="store_true",
                       help="only the client's responsiveness: a map cursor move at 200x60 and "
                            "how long a hard bot's turn keeps the screen from a key press")
    bench.add_argument("--startup", action="store_true",
                       help="only the client's start-up: the title screen against a "
                            "minimal Textual app, in tmux (RUNS alternating pairs)")
    wait = bench.add_argument_group("a player's wait for the bots (docs/benchmarks.md)")
    wait.add_argument("--wait", action="store_true",
                      help="only a player's wait: seat 1 answers at once, the others are "
                           "bots; the median and longest wait between its questions, over "
                           "RUNS games (seeds SEED, SEED+1...)")
    wait.add_argument("--players", type=int, default=4, help="players of --wait (default: 4)")
    wait.add_argument("--bots", default="normal", help="the bots of --wait (default: normal)")
    wait.add_argument("--unguarded", action="store_true",
                      help="--wait's bots without their time guards, the waits in processor "
                           "seconds: an idle machine's figures on a busy one")
    wait.add_argument("--waits", type=int, default=20, metavar="N",
                      help="--wait stops each game after N waits (0: at the game's end; "
                           "default: 20)")
    fuzz = bench.add_argument_group("hostile input (docs/benchmarks.md)")
    fuzz.add_argument("--fuzz-saves", type=int, default=0, metavar="N",
                      help="only open N hostile saves of each game every way a player can")
    fuzz.add_argument("--fuzz-frames", type=int, default=0, metavar="N",
                      help="only read N hostile frames of each game as a guest does")
    fuzz.add_argument("--seed", type=int, default=0,
                      help="the fuzz's seed, or --wait's first game (default: 0)")
    fuzz.add_argument("--workers", type=int, default=1,
                      help="the fuzz's processes (default: 1)")
    bench.set_defaults(run=cmd_bench)


def config_of(args: argparse.Namespace) -> SimConfig:
    from core.bots.levels import is_level
    from core.simulate import SimConfig
    from saves.store import save_dir

    bots = tuple(level.strip() for level in args.bots.split(",") if level.strip())
    for level in bots:
        if not is_level(level):
            raise ValueError(f"unknown bot level {level!r}")
    from core.rulesets import parse_modules, ruleset

    modules = tuple(parse_modules(ruleset(args.game), args.modules))
    keep = partial(keep_game, str(save_dir(args.save_dir))) if args.save_dir else None
    return SimConfig(players=args.players, bots=bots, games=args.games, seed=args.seed,
                     map=args.map, swap=args.swap, workers=args.workers,
                     checks=not args.no_checks, replay_every=args.replay_every, keep=keep,
                     factions=args.factions, modules=modules, game=args.game,
                     first=args.first, unguarded=args.unguarded)


def keep_game(directory: str, game: Any, levels: list[str]) -> None:
    """Write a simulated game as a save, named after its seed, to inspect or replay it."""
    from saves.format import SaveMeta
    from saves.store import SaveStore

    meta = SaveMeta.new([f"bot:{level}" for level in levels])
    SaveStore(Path(directory)).save(f"sim-{game.state.options.seed}", game, meta)


def cmd_simulate(args: argparse.Namespace) -> int:
    from core.simulate import GameResult, format_report, format_summary, paired, summarize
    from tui.play.simulate import simulate

    try:
        config = config_of(args)
    except (ValueError, LookupError) as error:
        print(f"fractal simulate: {error}", file=sys.stderr)
        return 2
    results: list[GameResult] = []
    compared: dict[str, Any] = {}
    if args.against and not args.records:
        print("fractal simulate: --against compares --records; give both", file=sys.stderr)
        return 2
    if args.records:
        try:
            records = read_records(args.records, config)
            if args.against:
                compared = paired(records, read_records(args.against, config))
        except (OSError, ValueError) as error:
            print(f"fractal simulate: {error}", file=sys.stderr)
            return 2
        results = [GameResult(record) for record in records]
    else:
        for result in simulate(config):
            results.append(result)
            if args.json:
                print(json.dumps(result.record), flush=True)
            for problem in result.problems:
                print(f"invariant broken: {problem}", file=sys.stderr, flush=True)
    summary = summarize(config, results)
    if compared:
        summary["paired"] = compared
    if args.report:
        command = "fractal simulate " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else ""
        when = datetime.now(UTC).date().isoformat()
        Path(args.report).write_text(format_report(summary, command.strip(), when) + "\n",
                                     encoding="utf-8")
    if args.json:
        print(json.dumps({"summary": summary}), flush=True)
    else:
        print(format_summary(summary))
    return 1 if summary["broken_games"] else 0


def read_records(paths: list[str], config: SimConfig) -> list[dict[str, Any]]:
    """The game records of --json runs (their summary lines left out), in game order: a
    ValueError for a record of another table or a game given twice."""
    records: dict[int, dict[str, Any]] = {}
    for path in paths:
        for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith('{"game"'):
                continue
            record = json.loads(line)
            where = f"{path}, line {number}"
            if record.get("players") != config.players:
                raise ValueError(f"{where}: a game of {record.get('players')} players")
            if record["game"] in records:
                raise ValueError(f"{where}: game {record['game']} is there twice")
            records[record["game"]] = record
    if not records:
        raise ValueError("no game records in " + ", ".join(paths))
    return [records[index] for index in sorted(records)]


def cmd_native(args: argparse.Namespace) -> int:
    from core import native

    return native.main(args.command)


def cmd_bench(args: argparse.Namespace) -> int:
    from core.bench import format_figures, run_bench

    if args.fuzz_saves or args.fuzz_frames:
        return cmd_fuzz(args)
    args.game = args.game or DEFAULT_GAME
    if args.startup:
        return cmd_startup(args)
    if args.client:
        return cmd_client(args)
    if args.wait:
        return cmd_wait(args)
    figures = run_bench(runs=max(1, args.runs), mcts_levels=not args.quick, game=args.game)
    notes: list[str] = list(figures.pop("notes", []))
    figures.update(save_figures(args.runs, notes, args.game))
    figures.update(frame_figures(args.runs, notes, args.game))
    figures["notes"] = notes
    print(json.dumps(figures) if args.json else format_figures(figures))
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    from core.rulesets import ruleset, titles
    from tui import fuzz

    games = [ruleset(args.game).name] if args.game else list(titles())
    failed = False
    for kind, cases in (("saves", args.fuzz_saves), ("frames", args.fuzz_frames)):
        if cases <= 0:
            continue
        results = fuzz.run(kind, games, cases, args.seed, max(1, args.workers))
        failed = failed or any(r.tracebacks or r.hangs or r.leaks for r in results)
        print(json.dumps([asdict(r) for r in results]) if args.json else
              fuzz.format_figures(kind, cases, results), flush=True)
    return 1 if failed else 0


def cmd_client(args: argparse.Namespace) -> int:
    from tui.client_bench import measure

    figures = {name: round(value, 2) for name, value in asdict(measure(args.game)).items()}
    print(json.dumps(figures) if args.json else "\n".join(
        f"  {name:<32} {value}" for name, value in figures.items()))
    return 0


def cmd_wait(args: argparse.Namespace) -> int:
    from core import native
    from core.bench import format_figures, machine
    from core.bots.levels import is_level
    from core.rulesets import ruleset
    from tui.play.bench import wait_figures

    rules = ruleset(args.game)
    if args.players not in rules.players or not is_level(args.bots):
        print(f"fractal bench: --wait needs a player count of {rules.title} and a bot level "
              f"({LEVEL_HELP})", file=sys.stderr)
        return 2
    seeds = range(args.seed, args.seed + max(1, args.runs))
    figures = {"game": rules.title, "machine": machine(), "engines": native.status(),
               "runs": len(seeds),
               "date": datetime.now(UTC).date().isoformat(),
               **wait_figures(args.game, args.players, args.bots, seeds, args.waits,
                              args.unguarded)}
    print(json.dumps(figures) if args.json else format_figures(figures))
    return 0


def cmd_startup(args: argparse.Namespace) -> int:
    import tempfile

    from tui.startup_bench import measure

    with tempfile.TemporaryDirectory() as empty:  # the title reads no one's saves
        found = measure(max(1, args.runs), save_dir=empty)
    figures = {"startup_title_seconds": round(found.fractal, 3),
               "startup_minimal_app_seconds": round(found.minimal, 3),
               "startup_ratio": round(found.ratio, 2), "pairs": found.pairs}
    print(json.dumps(figures) if args.json else "\n".join(
        f"  {name:<32} {value}" for name, value in figures.items()))
    return 0


def frame_figures(runs: int, notes: list[str], game: str) -> dict[str, Any]:
    """A frame's cost at the game's widest prompt, measured by ``tui.play.bench``."""
    from tui.play.bench import frame_figures

    try:
        return frame_figures(runs, game)
    except Exception as error:
        notes.append(f"frames: {type(error).__name__}: {error}")
        return {"frame_ms": None}


def save_figures(runs: int, notes: list[str], game: str) -> dict[str, Any]:
    """Save and load of a finished 4-player game, measured by ``saves.bench.run``.

    Each measurement becomes one figure named after it, with its unit (``saves.bench``
    takes its own medians). Without ``saves.bench`` the figures are reported missing.
    """
    try:
        saves_bench = importlib.import_module("saves.bench")
    except ImportError:
        notes.append("save/load: saves.bench does not exist yet")
        return {"saves": None}
    try:
        measurements = saves_bench.run(players=4, seed=4242, game=game)
    except Exception as error:
        notes.append(f"save/load: {type(error).__name__}: {error}")
        return {"saves": None}
    return {"saves": {m.name: f"{m.value:.2f} {m.unit}" for m in measurements}}
