"""The command-line side of saves: ``fractal saves``, ``fractal replay`` and ``fractal show``.

``tui/cli.py`` calls :func:`register` with its subparsers. Each command stores its
function as ``run`` (taking the parsed arguments, returning the exit code), as the
other commands do. A save that cannot be read prints one line to stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from core.errors import GameError
from core.plain import to_plain
from core.rulesets import ruleset
from saves import add_save_dir
from saves.format import SaveError, SaveFile, read_save
from saves.replay import Verification, new_game, options_of, restore, steps, verify
from saves.store import Listing, find_save, list_saves, save_dir

EXIT_BAD_SAVE = 2
EXIT_MISMATCH = 1


def register(subparsers: Any) -> None:
    """Add ``saves`` and ``replay`` to an ``argparse`` subparsers object."""
    saves = subparsers.add_parser("saves", help="list saved games, newest first")
    saves.add_argument("action", nargs="?", choices=["list"], default="list",
                       help="what to do (only 'list' for now)")
    saves.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_save_dir(saves)
    saves.set_defaults(run=cmd_saves)

    replay = subparsers.add_parser("replay", help="replay a saved game's decisions")
    replay.add_argument("name", metavar="NAME", help="a save name or a path to a .fractal file")
    replay.add_argument("--verify", action="store_true",
                        help="check that replaying the log reproduces the stored snapshot")
    replay.add_argument("--text", action="store_true",
                        help="print every decision and event as sentences, then the scores")
    add_seat(replay)
    add_save_dir(replay)
    replay.set_defaults(run=cmd_replay)

    show = subparsers.add_parser(
        "show", help="print a saved game's map, empire boards and pending question as text")
    show.add_argument("name", metavar="NAME", help="a save name or a path to a .fractal file")
    show.add_argument("--ascii", action="store_true", help="plain ASCII symbols only")
    add_seat(show)
    add_save_dir(show)
    show.set_defaults(run=cmd_show)


def add_seat(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, default=-1, metavar="N",
                        help="whose point of view: a seat from 0 (default: a spectator, "
                             "who sees no one's hidden cards)")


def listing_record(item: Listing) -> dict[str, Any]:
    record: dict[str, Any] = {
        "name": item.name,
        "path": str(item.path),
        "size": item.size,
        "modified": item.modified,
        "from_backup": item.from_backup,
        "header": to_plain(item.header) if item.header else None,
        "error": item.error.reason if item.error else None,
    }
    return record


def _seats(item: Listing) -> str:
    if item.header is None:
        return ""
    return ", ".join(s.name + (f" ({s.kind}{':' + s.level if s.level else ''})"
                               if s.kind != "human" else "") for s in item.header.seats)


def print_listing(items: list[Listing], out: TextIO) -> None:
    if not items:
        print("no saves", file=out)
        return
    for item in items:
        played = item.when[:16].replace("T", " ")
        if item.header is None:
            reason = item.error.reason if item.error else "unreadable"
            print(f"{item.name}  {played}  unreadable: {reason}", file=out)
            continue
        note = " [backup]" if item.from_backup else ""
        print(f"{item.name}{note}  {played}  {_seats(item)}  {item.header.described}", file=out)


def cmd_saves(args: argparse.Namespace) -> int:
    directory = save_dir(args.save_dir)
    items = list_saves(directory)
    if args.json:
        json.dump([listing_record(i) for i in items], sys.stdout, indent=1)
        print()
    else:
        print(f"saves in {directory}:", file=sys.stderr)
        print_listing(items, sys.stdout)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        save = read_save(find_save(args.name, args.save_dir))
        if args.text:
            return _replay_text(save, args.seat)
        if args.verify:
            result: Verification = verify(save)
            print(result.line())
            return 0 if result.ok else EXIT_MISMATCH
        names = [seat.name for seat in save.header.seats]
        for step in steps(save):
            who = names[step.seat] if 0 <= step.seat < len(names) else f"seat {step.seat}"
            print(f"{step.index + 1:5d}  {who}: {step.choice}")
        print(save.header.summary)
        return 0
    except SaveError as err:
        print(f"fractal: {err}", file=sys.stderr)
        return EXIT_BAD_SAVE
    except GameError as err:  # the log does not replay under these rules
        print(f"fractal: {args.name}: the log does not replay: {err}", file=sys.stderr)
        return EXIT_MISMATCH


def _words_of(save: SaveFile, seat: int) -> Any:
    """The words of the save's ruleset, once the seat is known to be one of its seats."""
    if not -1 <= seat < len(save.header.seats):
        raise SaveError(save.path, "invalid",
                        f"no seat {seat}: seats are 0 to {len(save.header.seats) - 1}, or -1")
    try:
        return ruleset(save.header.ruleset).words()  # the engine loads only for this
    except LookupError as err:
        raise SaveError(save.path, "invalid", str(err)) from None


def _replay_text(save: SaveFile, seat: int) -> int:
    from core.words import told

    words = _words_of(save, seat)
    engine = ruleset(save.header.ruleset).engine()
    new_game(save)  # the options deal a game, or the save is refused in one line
    for line in told(engine, words, options_of(save), list(save.body.log), seat):
        print(line)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    try:
        save = read_save(find_save(args.name, args.save_dir))
        words = _words_of(save, args.seat)
        game = restore(save)
    except SaveError as err:
        print(f"fractal: {err}", file=sys.stderr)
        return EXIT_BAD_SAVE
    from core.frames import frame

    current = frame(game, args.seat, len(game.history))  # type: ignore[arg-type]
    sys.stdout.write(words.show(current["view"], current["prompt"], ascii=args.ascii))
    return 0
