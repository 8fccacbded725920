"""The SSH server's host key: what lets returning players know it is the same server.

Made on first use and kept (mode 0600) in the platform's user data directory, next to
the saves, unless ``--host-key`` names a file of the owner's (an OpenSSH private key, as
``ssh-keygen -t ed25519 -N '' -f FILE`` writes). Players see its fingerprint the first
time they connect; the server prints it at start so that they can be told it.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import platformdirs

from core import PROGRAM

KEY_NAME = "ssh_host_ed25519_key"


def default_path() -> Path:
    return Path(platformdirs.user_data_dir(PROGRAM, appauthor=False)) / KEY_NAME


def load_or_create(explicit: str | None) -> tuple[asyncssh.SSHKey, Path]:
    """The host key and where it lives; raises ValueError (one line) if it cannot be read."""
    path = Path(explicit).expanduser() if explicit else default_path()
    if not explicit and not path.exists():
        try:
            _create(path)
        except OSError as error:
            raise ValueError(f"cannot create the host key {path}: "
                             f"{error.strerror or error}") from None
    try:
        return asyncssh.read_private_key(path), path
    except (OSError, ValueError, asyncssh.KeyImportError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ValueError(f"cannot read the host key {path}: {reason}") from None


def _create(path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519", comment="fractal serve")
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created with its final mode, so that the key is never readable by others, even for
    # a moment; O_EXCL: two servers starting at once do not both write it.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())


def fingerprint(key: asyncssh.SSHKey) -> str:
    """As ``ssh`` shows it: ``SHA256:...``."""
    return key.get_fingerprint("sha256")
