"""The save store: a directory of ``.fractal`` files, written atomically, with backups.

``NAME.fractal`` is the current save of a game, ``NAME.fractal.bak`` the previous good
version of it. A write goes to a temporary file in the same directory (flushed and
fsynced), the current file is hard-linked to the backup if it checks out, the temporary
file is renamed over the current one, and the directory is fsynced: at every instant
``NAME.fractal`` is a whole save, old or new. Files starting with ``.`` are temporary
and never listed.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from core import PROGRAM
from core.net.text import screen_text
from saves.engine import GameLike
from saves.format import (
    EXTENSION,
    Header,
    SaveError,
    SaveFile,
    SaveMeta,
    check_envelope,
    encode,
    read_header,
    read_save,
    save_of,
    utc_text,
)

ENV_VAR = "FRACTAL_SAVE_DIR"
BACKUP_SUFFIX = ".bak"
STALE_TEMP_SECONDS = 600
DAMAGE = frozenset({"missing", "empty", "foreign", "truncated", "corrupted", "invalid"})
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.\-]{0,99}")
MAX_SHOWN_NAME = 120  # characters of a file's name in a listing (the store writes 100)


def save_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where saves live: ``explicit``, else ``$FRACTAL_SAVE_DIR``, else the user data dir."""
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(PROGRAM, appauthor=False)) / "saves"


def check_name(name: str) -> str:
    """A save name is a file stem: letters, digits, space, ``_ . -``; no path, no dot first."""
    if name.endswith(EXTENSION):
        name = name[: -len(EXTENSION)]
    if not _NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a valid save name "
                         "(letters, digits, space, '_', '.', '-'; up to 100)")
    return name


@dataclass(slots=True)
class Loaded:
    """A save read from the store; ``problem`` says why the backup was used, if it was."""

    save: SaveFile
    path: Path
    from_backup: bool = False
    problem: SaveError | None = None


@dataclass(slots=True)
class Listing:
    """One line of a listing: a header, or the reason the header could not be read."""

    name: str  # the file's name less its extension, cleaned as every text from a file is
    path: Path
    header: Header | None
    error: SaveError | None
    size: int
    modified: str  # the file's mtime, ISO 8601 UTC
    from_backup: bool = False

    @property
    def when(self) -> str:
        return self.header.played if self.header else self.modified


class SaveStore:
    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = save_dir(directory)
        self._swept = False

    def path_of(self, name: str) -> Path:
        return self.directory / (check_name(name) + EXTENSION)

    # -- writing ----------------------------------------------------------------------------

    def save(self, name: str, game: GameLike, meta: SaveMeta) -> Path:
        """Save a game under a name ("save as"), keeping the previous version as backup."""
        return self.write(name, save_of(game, meta))

    def autosave(self, game: GameLike, meta: SaveMeta) -> Path:
        """Save a game in its own autosave file; call after every decision."""
        if not self._swept:
            self._swept = True
            self.sweep()
        return self.write(meta.autosave_name, save_of(game, meta))

    def write(self, name: str, save: SaveFile) -> Path:
        path = self.path_of(name)
        atomic_write(path, encode(save), backup=backup_of(path))
        return path

    def sweep(self, older_than: float = STALE_TEMP_SECONDS) -> int:
        """Remove temporary files left by writers that died; returns how many."""
        removed = 0
        limit = time.time() - older_than
        with contextlib.suppress(OSError), os.scandir(self.directory) as entries:
            for entry in entries:
                if _is_temp(entry.name) and entry.stat().st_mtime < limit:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
                        removed += 1
        return removed

    # -- reading ----------------------------------------------------------------------------

    def load(self, name: str) -> Loaded:
        return load_with_backup(self.path_of(name))

    def list(self) -> list[Listing]:
        return list_saves(self.directory)

    def find(self, name: str | None = None) -> Path:
        return find_save(name, self.directory)


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _is_temp(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return  # Windows cannot open a directory; its renames are journaled by NTFS
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _temp_name(directory: Path, stem: str) -> Path:
    return directory / f".{stem}.{os.getpid()}.{secrets.token_hex(4)}.tmp"


def _keep_backup(path: Path, backup: Path) -> None:
    """Make the current file the backup, if it is a whole, good save."""
    try:
        current = path.read_bytes()
    except FileNotFoundError:
        return
    if not check_envelope(current):
        return  # a damaged current file must not replace a good backup
    temp = _temp_name(path.parent, backup.name)
    try:
        try:
            os.link(path, temp)
        except OSError:  # no hard links here: copy, and make the copy durable
            with open(temp, "wb") as handle:
                handle.write(current)
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temp, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backup is not None:
            _keep_backup(path, backup)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(path.parent)


def load_with_backup(path: Path) -> Loaded:
    """Read a save; if it is missing or damaged, read its backup instead.

    Only damage (:data:`DAMAGE`) sends it to the backup: a save from a newer program is
    reported, not replaced by an older backup. Raises the save's own :class:`SaveError`
    when the backup cannot help. Nothing is written.
    """
    try:
        return Loaded(read_save(path), path)
    except SaveError as problem:
        if problem.code not in DAMAGE:
            raise  # a newer file must not be shadowed (and then overwritten) by its backup
        backup = backup_of(path)
        try:
            return Loaded(read_save(backup), backup, True, problem)
        except SaveError as second:
            if second.code == "missing":
                raise problem from None
            raise SaveError(path, problem.code,
                            f"{problem.reason} (backup: {second.reason})") from None


def _mtime_text(seconds: float) -> str:
    return utc_text(datetime.fromtimestamp(seconds, UTC))


def _listing(name: str, path: Path, size: int, mtime: float, from_backup: bool) -> Listing:
    try:
        header: Header | None = read_header(path)
        error = None
    except SaveError as err:
        header, error = None, err
    return Listing(screen_text(name, MAX_SHOWN_NAME), path, header, error, size,
                   _mtime_text(mtime), from_backup)


def list_saves(directory: str | os.PathLike[str]) -> list[Listing]:
    """Every save in a directory, newest first, reading only each file's header.

    A save whose current file is gone but whose backup remains is listed from its backup.
    """
    found: dict[str, Listing] = {}
    backups: dict[str, os.DirEntry[str]] = {}
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                if entry.name.endswith(EXTENSION):
                    stat = entry.stat()
                    name = entry.name[: -len(EXTENSION)]
                    found[name] = _listing(name, Path(entry.path), stat.st_size,
                                           stat.st_mtime, False)
                elif entry.name.endswith(EXTENSION + BACKUP_SUFFIX):
                    backups[entry.name[: -len(EXTENSION + BACKUP_SUFFIX)]] = entry
    except FileNotFoundError:
        return []
    for name, entry in backups.items():
        if name not in found:
            stat = entry.stat()
            found[name] = _listing(name, Path(entry.path), stat.st_size, stat.st_mtime, True)
    return sorted(found.values(), key=lambda item: (item.when, item.name), reverse=True)


def find_save(name: str | None, directory: str | os.PathLike[str] | None = None) -> Path:
    """The save to resume or replay: a path, a name in the store, or (None) the newest.

    The newest is the most recently played save whose header reads. Raises
    :class:`SaveError` (code ``missing``) when there is no such save.
    """
    where = save_dir(directory)
    if name is None:
        for item in list_saves(where):
            if item.header is not None:
                return item.path
        raise SaveError(where, "missing", "no saves here")
    given = Path(name).expanduser()
    if given.suffix == EXTENSION and (given.is_file() or os.sep in name or given.is_absolute()):
        if given.is_file() or backup_of(given).is_file():
            return given
        raise SaveError(given, "missing", "no such save")
    try:
        path = where / (check_name(name) + EXTENSION)
    except ValueError as err:
        raise SaveError(name, "missing", str(err)) from None
    if path.is_file() or backup_of(path).is_file():
        return path
    raise SaveError(path, "missing", "no such save")
