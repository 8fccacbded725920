"""The `fractal` command line.

Every command imports what it needs when it runs, so `fractal` alone reaches the title
screen without loading any game engine, and the headless commands never load Textual.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from core import DEFAULT_GAME, PROGRAM
from tui import commands_net, commands_serve
from tui.oneline import run_command
from tui.play.seats import MAX_NAME

SEAT_KINDS = "human, or a bot level: easy, normal, hard (also random, heuristic)"


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("fractal-tui")
    except PackageNotFoundError:
        return "unknown"


class VersionAction(argparse.Action):
    """``--version``, reading the package metadata only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"fractal {package_version()}")
        parser.exit()


def _run_app(args: argparse.Namespace, launch: Any) -> int:
    from tui.app import ShellApp

    app = ShellApp(launch, save_dir=args.save_dir, player=args.player or "")
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def cmd_title(args: argparse.Namespace) -> int:
    from tui.app import Launch

    return _run_app(args, Launch())


def cmd_play(args: argparse.Namespace) -> int:
    from core.rng import fresh_seed
    from core.rulesets import GameSetup, counts, parse_modules, ruleset
    from tui.app import Launch
    from tui.play.seats import SeatSpec
    from tui.screens.new_game import NewGame

    rules = ruleset(args.game)
    seats = [SeatSpec.parse(s.strip()) for s in args.seats.split(",")] if args.seats else []
    players = args.players or len(seats) or min(rules.players)
    if players not in rules.players:
        raise ValueError(f"{rules.title} is played by {counts(rules.players)} players, "
                         f"not {players}")
    # You, then normal bots (the list is extended one seat at a time, so only the first
    # seat of an empty list is yours).
    while len(seats) < players:
        seats.append(SeatSpec("bot", "normal") if seats else SeatSpec("human"))
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    settings = settings_of(rules, args)
    modules = parse_modules(rules, args.modules)
    seed = args.seed if args.seed is not None else fresh_seed()
    setup = GameSetup(players=players, seed=seed, settings=settings, modules=modules)
    return _run_app(args, Launch(new=NewGame(args.game, setup, tuple(seats))))


def cmd_resume(args: argparse.Namespace) -> int:
    from saves.format import SaveError
    from saves.store import find_save
    from tui.app import Launch, open_save

    try:  # opened here, so a missing or bad save is one line, not a screen
        path = find_save(args.name, args.save_dir)
        opened = open_save(path)
    except SaveError as error:
        print(f"fractal: {error}", file=sys.stderr)
        return 2
    return _run_app(args, Launch(resume=str(path), opened=opened))


def settings_of(rules: Any, args: argparse.Namespace) -> dict[str, str]:
    """The game's settings from ``--map``, ``--factions`` and ``--set KEY=VALUE``, each
    checked against the game's declaration."""
    given = [("map", args.map), ("factions", args.factions)]
    for pair in args.set or ():
        key, equals, value = pair.partition("=")
        if not equals:
            raise ValueError(f"--set takes KEY=VALUE, not {pair!r}")
        given.append((key.strip(), value.strip()))
    offered = {s.key: s for s in rules.settings}
    settings: dict[str, str] = {}
    for key, value in given:
        if not value:
            continue
        if key not in offered:
            raise ValueError(f"{rules.title} has no setting {key!r}"
                             + (f"; it has {', '.join(offered)}" if offered else ""))
        if value not in offered[key].values:
            raise ValueError(f"{offered[key].title} is one of "
                             f"{', '.join(offered[key].values)}, not {value!r}")
        settings[key] = value
    return settings


def cmd_games(args: argparse.Namespace) -> int:
    from core.rulesets import counts, declarations, ruleset

    for name, game in declarations().items():
        if not game.listed:
            continue
        default = " (the default)" if name == DEFAULT_GAME else ""
        print(f"{name}: {game.title}{default}, {counts(game.players)} players")
        for setting in game.settings:
            print(f"  setting {setting.key}: {', '.join(setting.values)} "
                  f"(default {setting.default})")
        if game.pick_kind:
            words = ruleset(name).pick_words
            print(f"  simulate --factions ({game.pick_kind}): {', '.join(words)}")
        if game.modules:
            print(f"  modules: {', '.join(m.key for m in game.modules)}")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    import json

    from core.rulesets import ruleset

    words = ruleset(args.game).words()
    if args.markdown:
        sys.stdout.write(words.catalogue_markdown())
        return 0
    for record in words.catalogue(args.kind):
        if args.json:
            print(json.dumps(record, sort_keys=True))
        else:
            print(f"{record['kind']:<14} {record['id']:<36} {record['name']}")
    return 0


def _client_options(parser: argparse.ArgumentParser) -> None:
    from saves import add_save_dir

    add_save_dir(parser)
    parser.add_argument("--no-mouse", action="store_true",
                        help="do not ask the terminal for mouse reports (slow links)")
    parser.add_argument("--name", dest="player", type=player_name,
                        help="your name in the games you start or join (default: the "
                             "seat's own)")


def player_name(text: str) -> str:
    name = text.strip()
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise argparse.ArgumentTypeError(
            f"a name is 1 to {MAX_NAME} printable characters, not {text!r}")
    return name


def top_parser() -> tuple[argparse.ArgumentParser, Any]:
    """The ``fractal`` parser without its commands, and the object that adds them."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Board games in the terminal, Fractal first (`fractal games` "
                                    "lists them). Without a command: the title screen.")
    parser.add_argument("--version", action=VersionAction, nargs=0,
                        help="show the program's version and exit")
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND")


def build_parser() -> argparse.ArgumentParser:
    from saves import commands as saves_commands
    from tui import commands_sim

    parser, sub = top_parser()
    _client_options(parser)
    parser.set_defaults(run=cmd_title)

    play = sub.add_parser("play", help="start a game against bots (or friends at this "
                                       "terminal)")
    play.add_argument("--game", default=DEFAULT_GAME, help=commands_net.GAME_HELP)
    play.add_argument("--players", type=int, default=0,
                      help="as many as the game allows (default: the seats)")
    play.add_argument("--seats", default="",
                      help=f"who plays each seat, comma-separated: {SEAT_KINDS} "
                           "(default: you, then normal bots)")
    play.add_argument("--map", default="", help="the game's map setting, if it has one "
                                                "(`fractal games` lists them)")
    play.add_argument("--factions", default="",
                      help="the game's factions setting, if it has one, in its own words "
                           "(`fractal games` lists them): chosen or random, dealt...")
    play.add_argument("--set", action="append", metavar="KEY=VALUE",
                      help="any other setting of the game (repeatable)")
    play.add_argument("--seed", type=int, default=None,
                      help="deal this game again (default: a fresh random seed)")
    play.add_argument("--modules", default="", help=commands_net.MODULES_HELP)
    _client_options(play)
    play.set_defaults(run=cmd_play)

    resume = sub.add_parser("resume", help="resume the newest saved game, or the one named")
    resume.add_argument("name", nargs="?", metavar="NAME", help="a save name or a file")
    _client_options(resume)
    resume.set_defaults(run=cmd_resume)

    games = sub.add_parser("games", help="list the games, their players, settings and modules")
    games.set_defaults(run=cmd_games)

    cards = sub.add_parser("cards", help="list every card, tile and token of a game")
    cards.add_argument("--game", default=DEFAULT_GAME, help=commands_net.GAME_HELP)
    cards.add_argument("--kind", help="only this kind of component")
    cards.add_argument("--json", action="store_true", help="one JSON object per component")
    cards.add_argument("--markdown", action="store_true",
                       help="the game's card document as generated from its data "
                           "(docs/cards.md is the default game's)")
    cards.set_defaults(run=cmd_cards)
    saves_commands.register(sub)
    commands_sim.register(sub)
    commands_net.register(sub)
    commands_serve.register(sub)
    commands_net.register_play(sub, _client_options)
    commands_net.add_bench_options(sub.choices["bench"])  # for its help: main routes --relay
    _global_before_or_after(parser, sub)
    return parser


def _global_before_or_after(parser: argparse.ArgumentParser, sub: Any) -> None:
    """The options ``fractal --help`` lists as global count before or after the command:
    a command's copy of one keeps the value given before it unless given again (argparse
    would otherwise write the command's default over it)."""
    shared = {action.dest for action in parser._actions if action.option_strings}
    for command in sub.choices.values():
        for action in command._actions:
            if action.dest in shared and action.option_strings and action.dest != "help":
                action.default = argparse.SUPPRESS


def build_net_parser() -> argparse.ArgumentParser:
    """A parser of the network commands alone, which loads neither Textual nor the game."""
    parser, sub = top_parser()
    commands_net.register(sub)
    commands_net.register_bench(sub)
    return parser


def title_args(words: list[str]) -> argparse.Namespace | None:
    """The command line of the title screen (the client's options and no command), read
    without building every command's parser and importing what the commands need; None
    when it names a command, asks for help or is wrong (the whole parser says so)."""
    if any(word in ("-h", "--help", "--version") for word in words):
        return None
    parser = argparse.ArgumentParser(prog=PROGRAM, add_help=False, exit_on_error=False)
    _client_options(parser)
    try:
        args, rest = parser.parse_known_args(words)
    except argparse.ArgumentError:
        return None
    if rest:
        return None
    args.run = cmd_title
    return args


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if commands_net.handles(words):
        args = build_net_parser().parse_args(words)
    else:
        args = title_args(words) or build_parser().parse_args(words)
    return run_command(args.run, args)


if __name__ == "__main__":
    sys.exit(main())
