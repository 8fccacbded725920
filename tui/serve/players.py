"""Who an SSH user is in the game: a name to play under and a save directory of their own.

A user name is whatever the client sent: it is shown to other players and becomes a
directory name, so both are made safe here, and two different user names never share a
directory.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tui.play.seats import MAX_NAME

DEFAULT_NAME = "player"
PLAYERS_DIR = "players"
_UNSAFE_IN_PATH = re.compile(r"[^A-Za-z0-9_.-]")


def player_name(user: str) -> str:
    """The name shown in the game: letters, digits, spaces and ``_ . -`` of the user name."""
    kept = "".join(ch for ch in user if ch.isalnum() or ch in " _.-")
    return " ".join(kept.split())[:MAX_NAME].strip() or DEFAULT_NAME


def player_dir(root: Path, user: str) -> Path:
    """The user's own save directory under ``root``.

    A name that is not already safe as a file name is changed, so it gets a short digest
    of the original too: "bob!" and "bob?" must not find each other's saves.
    """
    safe = _UNSAFE_IN_PATH.sub("_", user)[:32].lstrip(".")
    if safe != user or not safe:
        digest = hashlib.sha256(user.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        safe = f"{safe}-{digest}" if safe else digest
    return root / PLAYERS_DIR / safe
