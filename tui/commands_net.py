"""The network commands: `fractal relay`, `fractal bench --relay`, `fractal host` and
`fractal join`.

The relay and its benchmark import neither Textual nor the game: a relay runs on a server
that never plays, and ``tui/cli.py`` builds a parser of these commands alone when one of
them is asked for (:func:`handles`), so that starting one loads only ``core.net``. Host
and join load the game when they run, and Textual only to open the client (without
``--headless`` or ``--bot``).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from core import DEFAULT_GAME
from tui.netplay import default_relay

MODULES_HELP = "the game's optional rules: all, or a comma list (`fractal games` lists them)"
GAME_HELP = f"the game (default: {DEFAULT_GAME}; `fractal games` lists them)"

SEATS_HELP = ("who plays each seat, comma-separated: remote (a guest), human (at this "
              "terminal, not with --headless) or a bot level: random, easy, heuristic, normal, "
              "hard")


def handles(words: list[str]) -> bool:
    """Whether the command line asks for a network command."""
    return bool(words) and (words[0] == "relay" or (words[0] == "bench" and "--relay" in words))


def port_number(text: str) -> int:
    port = int(text) if text.isdigit() else -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535): {text!r}")
    return port


def register(subparsers: Any) -> None:
    from core.net.limits import RelayLimits

    relay = subparsers.add_parser(
        "relay", help="run a relay that network games meet through",
        description="Run a relay: hosts create rooms, guests join them by invite code, and "
                    "the relay forwards their frames without reading them. Its first line "
                    "of output is the address it listens on; SIGINT or SIGTERM stops it and "
                    "it prints its counters. See docs/protocol.md.")
    relay.add_argument("--host", default="127.0.0.1", help="address to listen on "
                                                           "(default: %(default)s)")
    relay.add_argument("--port", type=port_number, default=7777,
                       help="port to listen on, 0 for a free one (default: %(default)s)")
    relay.add_argument("--quiet", action="store_true",
                       help="log only warnings, not one line per connection event")
    limits = relay.add_argument_group("limits")
    for spec in fields(RelayLimits):
        limits.add_argument(f"--{spec.name.replace('_', '-')}", dest=spec.name,
                            type=type(spec.default), default=spec.default,
                            help=f"{spec.metadata['help']} (default: %(default)s)")
    relay.set_defaults(run=cmd_relay)


def register_play(subparsers: Any, client_options: Callable[[Any], None]) -> None:
    """``host`` and ``join``; ``client_options`` adds the options of every command that may
    open the client (the save directory, the mouse)."""
    host = subparsers.add_parser(
        "host", help="host a network game through a relay",
        description="Host a game for players who join through a relay with its invite code. "
                    "The game runs here and is saved after every decision. Without "
                    "--headless the client opens at the lobby. See docs/how-to-play.md.")
    host.add_argument("--relay", default=default_relay(), metavar="HOST:PORT",
                      help="the relay's address (default: %(default)s)")
    host.add_argument("--headless", action="store_true",
                      help="no screen: print the invite code alone on the first line, start "
                           "when every remote seat is in, print the result at the end")
    host.add_argument("--players", type=int, default=0,
                      help="as many as the game allows (default: the seats)")
    host.add_argument("--seats", default="", help=f"{SEATS_HELP} (default: you, then "
                                                  "remote players; all remote headless)")
    host.add_argument("--seed", type=int, default=None,
                      help="deal this game (default: a fresh random seed)")
    host.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    host.add_argument("--modules", default="", help=MODULES_HELP)
    host.add_argument("--spectators", type=int, default=0,
                      help="seats for guests who only watch (default: 0)")
    host.add_argument("--resume", metavar="NAME", default=None,
                      help="host a saved game again, with the seats it was saved with")
    client_options(host)
    host.set_defaults(run=cmd_host)

    join = subparsers.add_parser(
        "join", help="join a network game with its invite code",
        description="Take a seat in a game hosted through a relay. With --bot a bot plays "
                    "the seat with no screen; without it the client opens at the lobby.")
    join.add_argument("code", metavar="CODE", help="the invite code the host gave")
    join.add_argument("--relay", default=default_relay(), metavar="HOST:PORT",
                      help="the relay's address (default: %(default)s)")
    join.add_argument("--bot", metavar="LEVEL", default="",
                      help="play the seat with a bot of this level, headless")
    join.add_argument("--seat", type=int, default=None,
                      help="the seat to take, from 1 (default: the first free one)")
    join.add_argument("--seed", type=int, default=None, help="the bot's seed")
    client_options(join)
    join.set_defaults(run=cmd_join)


def add_bench_options(bench: argparse.ArgumentParser) -> None:
    """The options of ``fractal bench --relay`` (which takes no other)."""
    group = bench.add_argument_group("relay benchmark (--relay takes only these options)")
    group.add_argument("--relay", action="store_true",
                       help="measure the relay against a plain echo server instead")
    group.add_argument("--connections", type=int, default=1000,
                       help="clients to connect (default: %(default)s)")
    group.add_argument("--rooms", type=int, default=250,
                       help="rooms they are spread over (default: %(default)s)")
    group.add_argument("--seconds", type=float, default=3.0,
                       help="length of each measurement (default: %(default)s)")


def register_bench(subparsers: Any) -> None:
    """``bench`` with the relay's options alone, for a command line that has --relay."""
    bench = subparsers.add_parser("bench", help="measure the relay (with --relay)")
    add_bench_options(bench)
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON "
                                                           "object")
    bench.set_defaults(run=cmd_bench_relay)


def cmd_relay(args: argparse.Namespace) -> int:
    from core.net.limits import RelayLimits
    from core.net.relay import run

    try:
        limits = RelayLimits(**{spec.name: getattr(args, spec.name)
                                for spec in fields(RelayLimits)})
    except ValueError as error:
        print(f"fractal relay: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s relay %(message)s")
    try:
        return run(args.host, args.port, limits)
    except OSError as error:
        print(f"fractal relay: cannot listen on {args.host}:{args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 2


def cmd_bench_relay(args: argparse.Namespace) -> int:
    from core.net.bench import BenchConfig, format_figures, run_bench

    try:
        config = BenchConfig(connections=args.connections, rooms=args.rooms,
                             seconds=args.seconds)
    except ValueError as error:
        print(f"fractal bench: {error}", file=sys.stderr)
        return 2
    relay = [sys.executable, "-m", "tui.cli", "relay", "--port", "0", "--quiet"]
    figures = run_bench(config, relay)
    print(json.dumps(figures) if args.json else format_figures(figures))
    return 0


def _host_seats(args: argparse.Namespace) -> list[Any]:
    from tui.netplay.host import parse_seats
    from tui.play.seats import REMOTE, SeatSpec

    seats = parse_seats(args.seats)
    players = args.players or len(seats) or 2
    if not seats:
        first = SeatSpec(REMOTE) if args.headless else SeatSpec("human")
        seats = [first] + [SeatSpec(REMOTE)] * (players - 1)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if args.headless and any(seat.kind == "human" for seat in seats):
        raise ValueError("a human seat needs the client: leave out --headless")
    return seats


def cmd_host(args: argparse.Namespace) -> int:
    import asyncio

    from core.net.client import parse_address
    from saves.format import SaveError

    parse_address(args.relay)
    if args.spectators < 0:
        raise ValueError("--spectators cannot be negative")
    if not args.headless:
        return _open_client(args, "host")
    from saves.store import SaveStore
    from tui.netplay import headless
    from tui.netplay.host import new_host_session, saved_host_session

    store = SaveStore(args.save_dir)
    try:
        if args.resume is not None:
            session = saved_host_session(args.resume, store, args.spectators)
            if any(seat.kind == "human" for seat in session.seats):
                raise ValueError("that game has a human seat, which needs the client: leave "
                                 "out --headless")
        else:
            session = new_host_session(args.game, _host_seats(args), args.seed, store,
                                       args.spectators, modules=_modules(args))
    except SaveError as error:
        print(f"fractal host: {error}", file=sys.stderr)
        return 2
    return asyncio.run(headless.host(session, args.relay))


def cmd_join(args: argparse.Namespace) -> int:
    import asyncio

    from core.net.client import parse_address

    parse_address(args.relay)
    if not args.bot:
        return _open_client(args, "join")
    from core.bots.levels import LEVELS, is_level
    from core.rng import fresh_seed
    from tui.netplay import headless

    if not is_level(args.bot):
        raise ValueError(f"unknown bot level {args.bot!r}; expected one of "
                         f"{', '.join(LEVELS)}")
    seed = fresh_seed() if args.seed is None else args.seed
    return asyncio.run(headless.join(args.relay, args.code, args.bot, _seat(args), seed,
                                     name=args.player or ""))


def _modules(args: argparse.Namespace) -> tuple[str, ...]:
    from core.rulesets import parse_modules, ruleset

    return tuple(parse_modules(ruleset(args.game), args.modules))


def _seat(args: argparse.Namespace) -> int | None:
    """The relay's seat number (from 0) of the seat asked for (from 1, as players count)."""
    if args.seat is None:
        return None
    if args.seat < 1:
        raise ValueError("seats are numbered from 1")
    return int(args.seat) - 1


def _open_client(args: argparse.Namespace, mode: str) -> int:
    from tui.app import Launch, ShellApp
    from tui.screens.lobby import LobbyRequest

    if mode == "host":
        seats = tuple(seat.text for seat in _host_seats(args)) if args.resume is None else ()
        request = LobbyRequest(mode, args.relay, seats=seats, seed=args.seed,
                               game=args.game, resume=args.resume,
                               spectators=args.spectators, connect=True,
                               modules=_modules(args))
    else:
        request = LobbyRequest(mode, args.relay, code=args.code, seat=_seat(args),
                               connect=True)
    app = ShellApp(Launch(lobby=request), save_dir=args.save_dir, player=args.player or "")
    app.run(mouse=not args.no_mouse)
    return 0
