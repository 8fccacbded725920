"""The `fractal` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from tui import commands_net

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


def cmd_resume(args: argparse.Namespace) -> int:
    from saves.format import SaveError
    from saves.replay import restore
    from saves.store import find_save, load_with_backup
    from tui.app import FractalApp

    try:
        loaded = load_with_backup(find_save(args.name, args.save_dir))
        restore(loaded.save)
    except SaveError as error:
        print(f"fractal: {error}", file=sys.stderr)
        return 2
    note = f" (from its backup: {loaded.problem.reason})" if loaded.problem else ""
    FractalApp(status=f"Resumed {loaded.path.stem}{note}: {loaded.save.header.summary}").run()
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from core.fractal.cardsdoc import components_as_json, render_cards_markdown
    from core.fractal.content import load_content

    content = load_content()
    if args.markdown:
        sys.stdout.write(render_cards_markdown(content))
        return 0
    records = components_as_json(content, args.kind)
    for record in records:
        if args.json:
            print(json.dumps(record, sort_keys=True))
        else:
            print(f"{record['kind']:<14} {record['id']:<36} {record['name']}")
    return 0


def top_parser() -> tuple[argparse.ArgumentParser, Any]:
    """The ``fractal`` parser without its commands, and the object that adds them."""
    parser = argparse.ArgumentParser(
        prog="fractal", description="Fractal, a 4X space board game for the terminal."
    )
    parser.add_argument("--version", action="version", version=f"fractal {package_version()}")
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND")


def build_parser() -> argparse.ArgumentParser:
    # Imported here: the network commands are parsed without them (see build_net_parser).
    from core.fractal.cardsdoc import KINDS
    from saves import commands as saves_commands
    from tui import commands_sim

    parser, sub = top_parser()
    play = sub.add_parser("play", help="start a game against bots")
    play.set_defaults(run=cmd_play)
    resume = sub.add_parser("resume", help="resume the newest saved game, or the one named")
    resume.add_argument("name", nargs="?", metavar="NAME", help="a save name or a file")
    saves_commands.add_save_dir(resume)
    resume.set_defaults(run=cmd_resume)
    cards = sub.add_parser("cards", help="list every card, tile and token of Fractal")
    cards.add_argument("--kind", choices=KINDS, help="only this kind of component")
    cards.add_argument("--json", action="store_true", help="one JSON object per component")
    cards.add_argument("--markdown", action="store_true",
                       help="print docs/cards.md as generated from the data")
    cards.set_defaults(run=cmd_cards)
    saves_commands.register(sub)
    commands_sim.register(sub)
    commands_net.register(sub)
    commands_net.add_bench_options(sub.choices["bench"])  # for its help: main routes --relay
    return parser


def build_net_parser() -> argparse.ArgumentParser:
    """A parser of the network commands alone, which loads neither Textual nor the game."""
    parser, sub = top_parser()
    commands_net.register(sub)
    commands_net.register_bench(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_net_parser() if commands_net.handles(words) else build_parser()
    args = parser.parse_args(words)
    run: Command = getattr(args, "run", cmd_play)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except (OSError, ValueError) as error:  # one line for the player, no traceback
        if isinstance(error, ValueError) and not is_content_error(error):
            raise
        print(f"fractal: {error}", file=sys.stderr)
        return 2


def is_content_error(error: ValueError) -> bool:
    # Imported only here, so that a network command never loads the game's content.
    from core.fractal.content import ContentError

    return isinstance(error, ContentError)


if __name__ == "__main__":
    sys.exit(main())
