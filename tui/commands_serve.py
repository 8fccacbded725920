"""``fractal serve``: the game for players who have nothing installed, over SSH
(``--ssh``) or in a browser (``--web``). docs/serving.md is the owner's guide.

The server process never imports Textual: each player's client is a process of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Coroutine
from dataclasses import fields
from pathlib import Path
from typing import Any

from tui.commands_net import port_number

SSH_PORT = 2222
WEB_PORT = 8000
# The options of the SSH server alone (and its limits), which default to None so that
# one given with --web is told apart.
SSH_ONLY = ("host_key", "authorized_keys", "password_env", "relay", "escape_delay")


def relay_address(text: str) -> str:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"not a relay address (HOST:PORT): {text!r}")
    return text


def register(subparsers: Any) -> None:
    from saves import add_save_dir
    from tui.serve.limits import ESCAPE_DELAY, SHARED, ServeLimits

    serve = subparsers.add_parser(
        "serve", help="serve the game over SSH or in a browser",
        description="Serve the game to players who have nothing installed: over SSH "
                    "(each connection gets its own client) or in a browser. The first "
                    "line of output says how to connect; Ctrl+C or SIGTERM stops the "
                    "server. See docs/serving.md.")
    mode = serve.add_mutually_exclusive_group(required=True)
    mode.add_argument("--ssh", action="store_true", help="an SSH server")
    mode.add_argument("--web", action="store_true", help="a web server (textual-serve)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default: %(default)s)")
    serve.add_argument("--port", type=port_number, default=None,
                       help=f"port to listen on, 0 for a free one (default: {SSH_PORT} "
                            f"with --ssh, {WEB_PORT} with --web)")
    add_save_dir(serve)
    serve.add_argument("--quiet", action="store_true",
                       help="log only warnings, not one line per session")
    both = serve.add_argument_group("limits (--ssh and --web: a browser tab is a session)")

    ssh = serve.add_argument_group("SSH (--ssh only)")
    ssh.add_argument("--host-key", metavar="FILE",
                     help="the server's private key (default: one made on first use and "
                          "kept in the user data directory)")
    ssh.add_argument("--authorized-keys", metavar="FILE",
                     help="admit only the public keys in this authorized_keys file")
    ssh.add_argument("--password-env", metavar="VAR",
                     help="admit only players who give the password held in this "
                          "environment variable")
    ssh.add_argument("--relay", metavar="HOST:PORT", type=relay_address,
                     help="the relay network games meet through (default: one started "
                          "for the players on 127.0.0.1)")
    ssh.add_argument("--escape-delay", metavar="MS", type=int,
                     help="milliseconds a client waits after Escape for the rest of a key "
                          f"(default: {ESCAPE_DELAY})")
    for spec in fields(ServeLimits):
        group = both if spec.name in SHARED else ssh
        group.add_argument(f"--{spec.name.replace('_', '-')}", dest=spec.name,
                           type=type(spec.default),
                           metavar="SECONDS" if isinstance(spec.default, float) else "N",
                           help=f"{spec.metadata['help']} (default: {spec.default})")

    web = serve.add_argument_group("web (--web only)")
    web.add_argument("--public-url", metavar="URL",
                     help="the address browsers use, when it is not http://HOST:PORT "
                          "(a proxy in front, or a wildcard --host)")
    web.add_argument("--token", action=argparse.BooleanOptionalAction, default=None,
                     help="let in only browsers that come with the token of the printed "
                          "address (default: beyond loopback)")
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s serve %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # it logs every channel event
    try:
        run = _ssh(args) if args.ssh else _web(args)
    except ValueError as error:
        print(f"fractal serve: {error}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(run)
    except OSError as error:
        print(f"fractal serve: cannot listen on {args.host}:{args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 2
    except ValueError as error:  # a host key or authorized keys file that does not read
        print(f"fractal serve: {error}", file=sys.stderr)
        return 2


def _ssh(args: argparse.Namespace) -> Coroutine[Any, Any, int]:
    from saves.store import save_dir
    from tui.serve.limits import ESCAPE_DELAY, ServeLimits
    from tui.serve.ssh import SshConfig, serve

    for name in ("public_url", "token"):
        if getattr(args, name) is not None:
            raise ValueError(f"--{name.replace('_', '-')} is for --web")
    password = None
    if args.password_env:
        password = os.environ.get(args.password_env)
        if not password:
            raise ValueError(f"the environment variable {args.password_env} holds no password")
    escape_delay = ESCAPE_DELAY if args.escape_delay is None else args.escape_delay
    if escape_delay <= 0:
        raise ValueError("escape_delay must be positive")
    limits = ServeLimits(**{spec.name: getattr(args, spec.name) for spec in fields(ServeLimits)
                            if getattr(args, spec.name) is not None})
    args.port = SSH_PORT if args.port is None else args.port
    config = SshConfig(host=args.host, port=args.port, host_key=args.host_key,
                       authorized_keys=args.authorized_keys, password=password,
                       relay=args.relay, save_root=Path(save_dir(args.save_dir)),
                       escape_delay=escape_delay, limits=limits)
    return serve(config, sys.stdout)


def _web(args: argparse.Namespace) -> Coroutine[Any, Any, int]:
    from tui.serve.limits import SHARED, ServeLimits
    from tui.serve.web import WebConfig, serve
    from tui.serve.web_gate import public_address

    given = [name for name in (*SSH_ONLY, *(spec.name for spec in fields(ServeLimits)))
             if getattr(args, name) is not None and name not in SHARED]
    if given:
        raise ValueError(f"--{given[0].replace('_', '-')} is for --ssh")
    if args.public_url is not None:
        public_address(args.public_url)
    limits = ServeLimits(**{name: getattr(args, name) for name in SHARED
                            if getattr(args, name) is not None})
    args.port = WEB_PORT if args.port is None else args.port
    return serve(WebConfig(host=args.host, port=args.port, save_dir=args.save_dir,
                           public_url=args.public_url, token=args.token, limits=limits),
                 sys.stdout)

