"""The save file format: an envelope around a msgpack header and a msgpack body.

Layout (every integer big-endian; see ``docs/save-format.md`` for every field)::

    offset  size  field
    0       8     MAGIC, b"\\x89FRACTAL"
    8       2     format version (u16)
    10      2     flags (u16): bit 0 = body is zlib-compressed
    12      4     header length H (u32)
    16      4     body length B (u32)
    20      4     crc32 of the header bytes
    24      4     crc32 of bytes 0..24 (the prefix above)
    28      H     header: msgpack map, small, read alone by listings
    28+H    B     body: msgpack map (options, seed, log, snapshot, digest), maybe zlib'd
    28+H+B  32    sha256 of every byte before it

The envelope (prefix and trailing sha256) is frozen across format versions, so even a file
from a newer program can be told apart from a damaged one. A version changes only what
the header and body maps hold; :data:`MIGRATIONS` lifts an old file's maps to the current
shape after its checksums pass. Loading never writes: a migrated file is rewritten in the
current format by the next save.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

import msgpack

from core.bounds import Unpacking, unpack
from core.net.text import screen_text
from core.plain import to_plain
from core.rulesets import ruleset, titles

if TYPE_CHECKING:
    from saves.engine import GameLike

MAGIC = b"\x89FRACTAL"
FORMAT_VERSION = 1
EXTENSION = ".fractal"

FLAG_ZLIB = 1
KNOWN_FLAGS = FLAG_ZLIB

_PREFIX = struct.Struct(">8sHHIII")  # magic, version, flags, header len, body len, header crc
PREFIX_SIZE = _PREFIX.size + 4  # plus the crc32 of the prefix itself
CHECKSUM_SIZE = 32
MAX_HEADER = 64 * 1024
# The body of the longest game is some 25 KiB (6 KiB compressed): this is far beyond any
# game and within what refusing a hostile file may cost. It bounds the body as stored and
# as inflated, so the whole file too.
MAX_BODY = 4 * 1024 * 1024
MAX_FILE = PREFIX_SIZE + MAX_HEADER + MAX_BODY + CHECKSUM_SIZE
# Decoding is bounded as well (core.bounds.unpack): one string, one list or map, every
# list, map and entry in all (a game's body holds some 10,000), and nesting (a snapshot
# nests 7 deep). A header is a few seats and fields.
HEADER_UNPACKING = Unpacking(max_str=4096, max_items=64, budget=2_000, depth=4)
BODY_UNPACKING = Unpacking(max_str=4096, max_items=100_000, budget=250_000, depth=24,
                           strict_keys=False)
# How the strings of a header are shown (cleaned of escapes and controls, and cut):
# a seat's name, its faction, the summary, and the other short fields.
MAX_NAME = 64
MAX_SUMMARY = 300
MAX_FIELD = 64
MAX_SEATS = 16
MAX_CHOICE = 200  # characters of a choice in the log; the engines' are far shorter
# A game's identity, which names its autosave: written as YYYYMMDD-HHMMSS-xxxxxx, read as
# any file-name-safe word.
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")
LEVEL = re.compile(r"[a-z0-9]{1,16}(:[0-9]{1,9})?")
DIGEST = re.compile(r"[0-9a-f]{64}")  # Game.digest(): a SHA-256 in hexadecimal

SEAT_KINDS = ("human", "bot", "remote")


class SaveError(Exception):
    """A save that cannot be read: one line naming the file and the reason.

    ``code`` is one of: ``missing``, ``unreadable``, ``empty``, ``foreign``, ``truncated``,
    ``corrupted``, ``newer``, ``unsupported``, ``invalid``; ``unwritable`` when a game
    about to be played cannot be saved where it would be.
    """

    def __init__(self, path: str | os.PathLike[str], code: str, reason: str) -> None:
        self.path = str(path)
        self.code = code
        # The reason may quote the file (a field's name) and the path may be a name found
        # in a directory: both are cleaned, as they are printed.
        self.reason = screen_text(reason, 300)
        super().__init__(f"{screen_text(self.path, 300)}: {self.reason}")


@dataclass(slots=True)
class SeatInfo:
    name: str
    kind: str  # "human", "bot" or "remote"
    level: str  # the bot's level; "" for humans and remote players
    faction: str


@dataclass(slots=True)
class Header:
    ruleset: str
    rules_version: str
    program_version: str
    game_id: str
    created: str  # ISO 8601 UTC, e.g. "2025-03-01T18:04:05.123Z"
    played: str  # last decision saved, same form
    seats: list[SeatInfo]
    cycle: int
    phase: str
    turn: int  # the seat whose turn it is in the action phase, -1 otherwise
    waiting: list[int]  # seats with a pending decision
    decisions: int  # length of the decision log
    over: bool
    winners: list[int]
    summary: str

    @property
    def described(self) -> str:
        """The game's title and its summary, as listings show a save."""
        return f"{titles(self.ruleset).get(self.ruleset, self.ruleset)}: {self.summary}"


@dataclass(slots=True)
class Body:
    options: dict[str, Any]  # the ruleset's options as plain data
    seed: int
    log: list[tuple[int, str]]
    snapshot: dict[str, Any]  # the state as plain data (Game.snapshot())
    digest: str  # Game.digest() of that snapshot


@dataclass(slots=True)
class SaveFile:
    header: Header
    body: Body
    version: int = FORMAT_VERSION  # the format version the bytes were written in
    path: str = "<memory>"


@dataclass(slots=True)
class SaveMeta:
    """What a save knows that the game state does not: identity, creation time, seat kinds."""

    game_id: str
    created: str
    kinds: list[str] = field(default_factory=list)  # per seat: "human", "bot:LEVEL", "remote"

    @classmethod
    def new(cls, kinds: Sequence[str] = ()) -> SaveMeta:
        now = datetime.now(UTC)
        game_id = f"{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
        return cls(game_id, utc_text(now), list(kinds))

    @classmethod
    def of(cls, header: Header) -> SaveMeta:
        """The meta of a loaded game, so its autosave continues in the same file."""
        kinds = [s.kind if not s.level else f"{s.kind}:{s.level}" for s in header.seats]
        return cls(header.game_id, header.created, kinds)

    @property
    def autosave_name(self) -> str:
        return f"auto-{self.game_id}"


@dataclass(slots=True)
class Migration:
    """Lifts the plain header and body of version ``v`` to version ``v + 1``."""

    header: Callable[[dict[str, Any]], dict[str, Any]] = lambda h: h
    body: Callable[[dict[str, Any]], dict[str, Any]] = lambda b: b


# MIGRATIONS[v] lifts version v to v + 1. Versions below MIGRATIONS' reach are unsupported.
MIGRATIONS: dict[int, Migration] = {}


def utc_text(moment: datetime | None = None) -> str:
    moment = moment or datetime.now(UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def program_version() -> str:
    try:
        return version("fractal-tui")
    except PackageNotFoundError:
        return "unknown"


# -- building a save from a game ------------------------------------------------------------


def _seat(kind_spec: str) -> tuple[str, str]:
    kind, _, level = kind_spec.partition(":")
    if kind not in SEAT_KINDS:
        raise ValueError(f"unknown seat kind {kind_spec!r}")
    return kind, level


def save_of(game: GameLike, meta: SaveMeta, played: str | None = None) -> SaveFile:
    """The save of a game as it stands now."""
    state = game.state
    rules = ruleset(game.ruleset)
    progress = game.progress()
    seats = []
    for i, (name, faction) in enumerate(zip(progress.names, progress.factions, strict=True)):
        kind, level = _seat(meta.kinds[i] if i < len(meta.kinds) else "human")
        seats.append(SeatInfo(name, kind, level, faction))
    header = Header(
        ruleset=game.ruleset,
        rules_version=rules.rules_version,
        program_version=program_version(),
        game_id=meta.game_id,
        created=meta.created,
        played=played or utc_text(),
        seats=seats,
        cycle=progress.cycle,
        phase=progress.phase,
        turn=progress.turn,
        waiting=sorted({p.seat for p in game.pending()}),
        decisions=len(game.log),
        over=game.over,
        winners=list(state.winners),
        summary=progress.summary,
    )
    options: dict[str, Any] = to_plain(state.options)
    body = Body(
        options=options,
        seed=state.options.seed,
        log=list(game.log),
        snapshot=game.snapshot(),
        digest=game.digest(),
    )
    return SaveFile(header, body)


# -- encoding -------------------------------------------------------------------------------


def _pack(value: Any) -> bytes:
    packed: bytes = msgpack.packb(value, use_bin_type=True)
    return packed


def encode(save: SaveFile, *, compress: bool = True, version: int | None = None) -> bytes:
    """The bytes of a save file. ``version`` is for tests that fake other versions."""
    header = _pack(to_plain(save.header))
    if len(header) > MAX_HEADER:
        raise ValueError(f"header of {len(header)} bytes exceeds {MAX_HEADER}")
    b = save.body  # already plain: built directly, as to_plain would walk the whole log
    body = _pack({"options": b.options, "seed": b.seed, "log": b.log, "snapshot": b.snapshot,
                  "digest": b.digest})
    flags = 0
    if compress:
        body = zlib.compress(body, 1)  # level 1: most of the gain, a fraction of the time
        flags |= FLAG_ZLIB
    return envelope(header, body, version=FORMAT_VERSION if version is None else version,
                    flags=flags)


def envelope(header: bytes, body: bytes, *, version: int, flags: int) -> bytes:
    """The file around a packed header and body: the prefix, and every checksum."""
    prefix = _PREFIX.pack(MAGIC, version, flags, len(header), len(body), zlib.crc32(header))
    head = prefix + struct.pack(">I", zlib.crc32(prefix)) + header + body
    return head + hashlib.sha256(head).digest()


# -- decoding -------------------------------------------------------------------------------


@dataclass(slots=True, frozen=True)
class Prefix:
    version: int
    flags: int
    header_len: int
    body_len: int
    header_crc: int

    @property
    def total(self) -> int:
        return PREFIX_SIZE + self.header_len + self.body_len + CHECKSUM_SIZE


def parse_prefix(data: bytes, path: str, size: int | None = None) -> Prefix:
    """Check the fixed prefix; ``size`` is the file's full size when ``data`` is its start."""
    size = len(data) if size is None else size
    if size == 0:
        raise SaveError(path, "empty", "empty file")
    if data[:8] != MAGIC[: len(data[:8])]:
        if len(data) >= PREFIX_SIZE and _prefix_crc_ok(MAGIC + data[8:PREFIX_SIZE]):
            raise SaveError(path, "corrupted", "corrupted: damaged Fractal marker")
        raise SaveError(path, "foreign", "not a Fractal save (no Fractal marker at the start)")
    if len(data) < PREFIX_SIZE:
        raise SaveError(path, "truncated", f"truncated: {size} bytes, shorter than the prefix")
    if not _prefix_crc_ok(data[:PREFIX_SIZE]):
        raise SaveError(path, "corrupted", "corrupted: damaged prefix (crc mismatch)")
    _, ver, flags, header_len, body_len, header_crc = _PREFIX.unpack_from(data)
    prefix = Prefix(ver, flags, header_len, body_len, header_crc)
    if size < prefix.total:
        raise SaveError(path, "truncated", f"truncated: {size} of {prefix.total} bytes")
    if size > prefix.total:
        extra = size - prefix.total
        raise SaveError(path, "corrupted", f"corrupted: {extra} unexpected bytes at the end")
    if header_len > MAX_HEADER:
        raise SaveError(path, "corrupted", f"corrupted: header of {header_len} bytes")
    if body_len > MAX_BODY:
        raise SaveError(path, "invalid", f"invalid: a body of {body_len} bytes, more than "
                                         f"any game's ({MAX_BODY})")
    return prefix


def _prefix_crc_ok(prefix: bytes) -> bool:
    (stored,) = struct.unpack_from(">I", prefix, _PREFIX.size)
    return zlib.crc32(prefix[: _PREFIX.size]) == int(stored)


def _check_version(prefix: Prefix, path: str) -> None:
    if prefix.version > FORMAT_VERSION:
        raise SaveError(path, "newer", f"written by a newer Fractal (format version "
                        f"{prefix.version}; this program reads up to {FORMAT_VERSION})")
    if prefix.flags & ~KNOWN_FLAGS:  # the envelope is frozen: no version adds a flag
        raise SaveError(path, "invalid", f"invalid: reserved flag bits set "
                        f"(0x{prefix.flags & ~KNOWN_FLAGS:04x})")
    missing = [v for v in range(prefix.version, FORMAT_VERSION) if v not in MIGRATIONS]
    if prefix.version < 1 or missing:
        raise SaveError(path, "unsupported",
                        f"format version {prefix.version} is no longer supported")


def _migrate(plain: dict[str, Any], since: int, part: str) -> dict[str, Any]:
    for v in range(since, FORMAT_VERSION):
        step = MIGRATIONS[v]
        plain = step.header(plain) if part == "header" else step.body(plain)
    return plain


def _header_of(data: bytes, prefix: Prefix, path: str) -> Header:
    start = PREFIX_SIZE
    raw = data[start : start + prefix.header_len]
    if zlib.crc32(raw) != prefix.header_crc:
        raise SaveError(path, "corrupted", "corrupted: header checksum mismatch")
    _check_version(prefix, path)
    try:
        return _validate_header(_migrate(_expect_map(unpack(raw, HEADER_UNPACKING), "header"),
                                         prefix.version, "header"))
    except (ValueError, TypeError, KeyError) as err:
        raise SaveError(path, "invalid", f"invalid header: {_one_line(err)}") from None


def decode(data: bytes, path: str | os.PathLike[str] = "<memory>") -> SaveFile:
    """Check every checksum, migrate if old, and return the save; :class:`SaveError` if not."""
    where = str(path)
    prefix = parse_prefix(data, where)
    if hashlib.sha256(data[:-CHECKSUM_SIZE]).digest() != data[-CHECKSUM_SIZE:]:
        raise SaveError(where, "corrupted", "corrupted: checksum mismatch")
    header = _header_of(data, prefix, where)
    raw = data[PREFIX_SIZE + prefix.header_len : -CHECKSUM_SIZE]
    try:
        if prefix.flags & FLAG_ZLIB:
            inflater = zlib.decompressobj()
            raw = inflater.decompress(raw, MAX_BODY)
            if inflater.unconsumed_tail or not inflater.eof:
                raise ValueError("compressed body is incomplete or too large")
        plain = _migrate(_expect_map(unpack(raw, BODY_UNPACKING), "body"), prefix.version,
                         "body")
        body = _validate_body(plain)
    except (ValueError, TypeError, KeyError, zlib.error) as err:
        raise SaveError(where, "invalid", f"invalid body: {_one_line(err)}") from None
    return SaveFile(header, body, prefix.version, where)


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and check a whole save file. The file is opened read-only and never changed."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_FILE:  # read no further than a save can reach
                raise SaveError(path, "invalid", f"invalid: {size} bytes, more than any "
                                                 f"save ({MAX_FILE})")
            data = handle.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise SaveError(path, "missing", "no such save") from None
    except OSError as err:
        raise SaveError(path, "unreadable", f"cannot read: {err.strerror or err}") from None
    return decode(data, path)


def read_header(path: str | os.PathLike[str]) -> Header:
    """Read only the prefix and header of a save (a few hundred bytes), for listings.

    The body is not read, so its checksum is not verified: a listing vouches for the
    header alone. The file's size is checked against the prefix, so truncation shows.
    """
    where = str(path)
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(4096)
            prefix = parse_prefix(data, where, size)
            need = PREFIX_SIZE + prefix.header_len
            if len(data) < need:
                data += handle.read(need - len(data))
    except FileNotFoundError:
        raise SaveError(where, "missing", "no such save") from None
    except OSError as err:
        raise SaveError(where, "unreadable", f"cannot read: {err.strerror or err}") from None
    return _header_of(data, prefix, where)


def check_envelope(data: bytes) -> bool:
    """Whether bytes are a whole, undamaged save of a version this program reads."""
    try:
        prefix = parse_prefix(data, "")
        _check_version(prefix, "")
    except SaveError:
        return False
    return hashlib.sha256(data[:-CHECKSUM_SIZE]).digest() == data[-CHECKSUM_SIZE:]


# -- validation of the plain maps -----------------------------------------------------------


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def _expect_map(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not a map")
    return value


def _get(plain: dict[str, Any], key: str, kind: type) -> Any:
    if key not in plain:
        raise ValueError(f"missing field {key!r}")
    value = plain[key]
    wrong_bool = kind is int and isinstance(value, bool)
    if not isinstance(value, kind) or wrong_bool:
        raise ValueError(f"field {key!r} is not {kind.__name__}")
    return value


def _ints(plain: dict[str, Any], key: str) -> list[int]:
    values = _get(plain, key, list)
    if len(values) > MAX_SEATS or not all(type(v) is int and 0 <= v < MAX_SEATS
                                          for v in values):
        raise ValueError(f"field {key!r} is not a list of seats")
    return list(values)


def _count(plain: dict[str, Any], key: str, low: int = 0) -> int:
    value: int = _get(plain, key, int)
    if not low <= value < 2**31:
        raise ValueError(f"field {key!r} is out of range")
    return value


def _text(plain: dict[str, Any], key: str, limit: int = MAX_FIELD) -> str:
    """A string of the header as every listing shows it: no escape sequence or control
    character reaches a terminal from a save."""
    return screen_text(_get(plain, key, str), limit)


def _validate_seat(plain: Any) -> SeatInfo:
    seat = _expect_map(plain, "seat")
    kind, level = _get(seat, "kind", str), _get(seat, "level", str)
    if kind not in SEAT_KINDS or (kind == "bot") != bool(level) or \
            (level and not LEVEL.fullmatch(level)):
        raise ValueError(f"a seat is not human, remote or a bot of a level "
                         f"({kind[:16]!r}, {level[:16]!r})")
    return SeatInfo(_text(seat, "name", MAX_NAME), kind, level, _text(seat, "faction"))


def _validate_header(plain: dict[str, Any]) -> Header:
    seats = _get(plain, "seats", list)
    if not 0 < len(seats) <= MAX_SEATS:
        raise ValueError(f"{len(seats)} seats")
    game_id = _get(plain, "game_id", str)
    if not GAME_ID.fullmatch(game_id):
        raise ValueError("the game_id is not a word of letters, digits, '_', '.' and '-'")
    return Header(
        ruleset=_text(plain, "ruleset"),
        rules_version=_text(plain, "rules_version"),
        program_version=_text(plain, "program_version"),
        game_id=game_id,
        created=_text(plain, "created"),
        played=_text(plain, "played"),
        seats=[_validate_seat(seat) for seat in seats],
        cycle=_count(plain, "cycle"),
        phase=_text(plain, "phase"),
        turn=_count(plain, "turn", -1),
        waiting=_ints(plain, "waiting"),
        decisions=_count(plain, "decisions"),
        over=_get(plain, "over", bool),
        winners=_ints(plain, "winners"),
        summary=_text(plain, "summary", MAX_SUMMARY),
    )


def _digest(plain: dict[str, Any]) -> str:
    digest: str = _get(plain, "digest", str)
    if not DIGEST.fullmatch(digest):
        raise ValueError("the digest is not 64 hexadecimal digits")
    return digest


def _validate_body(plain: dict[str, Any]) -> Body:
    log: list[tuple[int, str]] = []
    for entry in _get(plain, "log", list):
        if (type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int
                or not 0 <= entry[0] < MAX_SEATS or type(entry[1]) is not str
                or len(entry[1]) > MAX_CHOICE):
            raise ValueError(f"log entry {len(log)} is not [seat, choice]")
        log.append((entry[0], entry[1]))
    return Body(
        options=_get(plain, "options", dict),
        seed=_get(plain, "seed", int),
        log=log,
        snapshot=_get(plain, "snapshot", dict),
        digest=_digest(plain),
    )
