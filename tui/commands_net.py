"""`fractal relay` and `fractal bench --relay`.

Neither imports Textual nor the game: a relay runs on a server that never plays, and
``tui/cli.py`` builds a parser of these commands alone when one of them is asked for
(:func:`handles`), so that starting one loads only ``core.net``.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import fields
from typing import Any


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
