"""The `fractal` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version

from core.fractal.cardsdoc import KINDS
from core.fractal.content import ContentError
from saves import commands as saves_commands
from tui import commands_sim

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fractal", description="Fractal, a 4X space board game for the terminal."
    )
    parser.add_argument("--version", action="version", version=f"fractal {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Command = getattr(args, "run", cmd_play)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except (OSError, ContentError) as error:  # one line for the player, no traceback
        print(f"fractal: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
