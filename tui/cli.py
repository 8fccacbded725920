"""The `fractal` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version

Command = Callable[[argparse.Namespace], int]


def package_version() -> str:
    try:
        return version("fractal-tui")
    except PackageNotFoundError:
        return "unknown"


def cmd_play(args: argparse.Namespace) -> int:
    from tui.app import FractalApp

    FractalApp().run()
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fractal", description="Fractal, a 4X space board game for the terminal."
    )
    parser.add_argument("--version", action="version", version=f"fractal {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="start a game against bots")
    play.set_defaults(run=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Command = getattr(args, "run", cmd_play)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
