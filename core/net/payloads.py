"""Game payloads: what a host and its guests say to each other inside ``data`` and
``public`` frames, which the relay forwards without reading (docs/protocol.md, "Game
payloads").

A payload is one byte saying how the rest is encoded (plain msgpack, or msgpack
compressed with zlib), then one msgpack map ``{v, t, ...}``: the payload version, the
message type and its fields. Everything here is checked strictly on the way in, because
the bytes come from another program over the network: a payload that is not exactly one
of these messages raises :class:`BadPayload` with a one-line reason, and the session that
received it answers or drops it without stopping.

Every string of a payload, keys too, is made fit for a screen as it is decoded
(core/net/text.py), before any field is read: what a session, a widget or a print gets
from here holds no escape sequence or control character, whoever sent it.

Nothing here knows a ruleset. A frame (core/frames.py, docs/view.md) is checked for its
shape here; its content is checked against the game's bounds (core/bounds.py) by the
guest, which knows the game, before anything draws it.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field, fields, is_dataclass
from enum import StrEnum
from typing import Any, ClassVar, NoReturn

import msgpack

from core.bounds import Unpacking, unpack
from core.net.chat import MAX_CHAT
from core.net.text import screen_tree

VERSION = 1
PLAIN, ZLIB = 0, 1  # the first byte of a payload
COMPRESS_OVER = 512  # bytes of msgpack from which a payload is compressed

# A frame holds a whole view and up to core.frames.MAX_EVENTS events: a few hundred
# kilobytes at most, inflated from at most the relay's largest payload.
MAX_INFLATED = 4 * 1024 * 1024
MAX_ITEMS = 100_000  # in one list or map of a frame
MAX_STR = 64 * 1024
# Every list, map and entry of one payload, in all: a frame of 2,000 events holds some
# 40,000. What decoding may allocate stays a few tens of megabytes whatever the bytes.
MAX_BUDGET = 250_000
MAX_DEPTH = 32  # a frame nests some ten deep
MAX_EVENTS = 2000  # in one frame: core.frames.MAX_EVENTS (the relay knows no game)
UNPACKING = Unpacking(max_str=MAX_STR, max_items=MAX_ITEMS, budget=MAX_BUDGET,
                      depth=MAX_DEPTH)
# What a guest sends is a few short fields: a bound that leaves no room for a bomb.
MAX_GUEST_PAYLOAD = 1024
MAX_CHOICE = 200  # characters of a choice; the engine's are far shorter
MAX_REASON = 200  # characters of an error's reason
MAX_NAME = 64
MAX_SEATS = 16  # seats in a lobby or a result (the relay offers at most 255)


class Kind(StrEnum):
    # host -> guest
    FRAME = "frame"
    ERROR = "error"
    LOBBY = "lobby"
    PAUSE = "pause"
    RESUME = "resume"
    OVER = "over"
    CHAT = "chat"
    # guest -> host
    CHOICE = "choice"
    SYNC = "sync"
    READY = "ready"
    SAY = "say"


class Code(StrEnum):
    """Why the host refused what a guest sent (in an ``error`` message)."""

    BAD_MESSAGE = "bad_message"  # not a payload of this protocol, or a field is wrong
    VERSION = "version"  # another payload version
    NOT_STARTED = "not_started"  # a choice before the game started
    PAUSED = "paused"  # a choice while the game waits for an absent player
    STALE = "stale"  # a choice made on an earlier decision: a fresh frame follows
    ILLEGAL = "illegal"  # the engine refused the choice
    NOT_YOURS = "not_yours"  # no decision of this seat is pending, or it is a spectator
    OVER = "over"  # the game has ended
    CHAT = "chat"  # a line said was refused (too fast, to nobody who may read it) or cut


class BadPayload(Exception):
    """A payload that is not one of these messages; ``code`` says which way (a
    :class:`Code`), the message is one line."""

    def __init__(self, reason: str, code: Code = Code.BAD_MESSAGE) -> None:
        super().__init__(reason)
        self.code = code


def _bad(reason: str) -> NoReturn:
    raise BadPayload(reason)


# Reading fields: each takes the decoded map and a field name, and refuses anything else.

def _int(raw: dict[str, Any], name: str, low: int = 0, high: int = 2**63 - 1) -> int:
    value = raw.get(name)
    if type(value) is not int or not low <= value <= high:
        _bad(f"{name} must be an integer from {low} to {high}")
    return value


def _score(raw: dict[str, Any], name: str) -> int | float:
    value = raw.get(name)
    if isinstance(value, int | float) and not isinstance(value, bool) and \
            math.isfinite(value) and abs(value) <= 2**31:
        return value
    _bad(f"{name} must be a number from {-2**31} to {2**31}")


def _opt_int(raw: dict[str, Any], name: str, high: int = 2**63 - 1) -> int | None:
    return None if raw.get(name) is None else _int(raw, name, 0, high)


def _str(raw: dict[str, Any], name: str, limit: int) -> str:
    value = raw.get(name)
    if type(value) is not str or len(value) > limit:
        _bad(f"{name} must be a string of at most {limit} characters")
    return value


def _bool(raw: dict[str, Any], name: str) -> bool:
    value = raw.get(name)
    if type(value) is not bool:
        _bad(f"{name} must be true or false")
    return value


def _list(raw: dict[str, Any], name: str, limit: int = MAX_SEATS) -> list[Any]:
    value = raw.get(name)
    if type(value) is not list or len(value) > limit:
        _bad(f"{name} must be a list of at most {limit} items")
    return value


def _map(value: Any, name: str) -> dict[str, Any]:
    if type(value) is not dict:
        _bad(f"{name} must be a map")
    return value


def _seats(raw: dict[str, Any], name: str) -> list[int]:
    seats = _list(raw, name)
    if not all(type(seat) is int and 0 <= seat <= 255 for seat in seats):
        _bad(f"{name} must be a list of seats (0 to 255)")
    return seats


# The messages. Each has its type in KIND, its fields as attributes, and reads itself
# from a decoded map with ``parse``.

@dataclass(frozen=True, slots=True)
class Frame:
    """A seat's frame (core/frames.py). ``asked`` is the number of decisions the game had
    made when the seat's pending decision was put to it (None without one): the guest
    sends it back with its choice. ``sync`` marks the frame that answers a ``sync``."""

    KIND: ClassVar[Kind] = Kind.FRAME
    frame: dict[str, Any]
    asked: int | None = None
    sync: bool = False

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Frame:
        return cls(check_frame(_map(raw.get("frame"), "frame")), _opt_int(raw, "asked"),
                   _bool(raw, "sync"))


@dataclass(frozen=True, slots=True)
class Error:
    """The host refused something this seat sent: for a choice, ``choice`` and ``asked``
    say which ("" and None otherwise)."""

    KIND: ClassVar[Kind] = Kind.ERROR
    code: str
    reason: str
    choice: str = ""
    asked: int | None = None

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Error:
        return cls(_str(raw, "code", 32), _str(raw, "reason", MAX_REASON),
                   _str(raw, "choice", MAX_CHOICE), _opt_int(raw, "asked"))


@dataclass(frozen=True, slots=True)
class LobbySeat:
    seat: int
    kind: str  # human (at the host's terminal), remote, bot, spectator
    level: str  # a bot's level
    name: str
    connected: bool  # a remote seat's guest is connected (others: always)
    ready: bool  # a remote seat's guest said it is ready (others: always)

    @classmethod
    def parse(cls, raw: Any) -> LobbySeat:
        raw = _map(raw, "a lobby seat")
        return cls(_int(raw, "seat", 0, 255), _str(raw, "kind", 16),
                   _str(raw, "level", 16), _str(raw, "name", MAX_NAME),
                   _bool(raw, "connected"), _bool(raw, "ready"))


@dataclass(frozen=True, slots=True)
class Lobby:
    """Who plays which seat, who is here and ready, and whether the game has started."""

    KIND: ClassVar[Kind] = Kind.LOBBY
    game: str  # the ruleset's name (core/rulesets.py)
    players: int
    started: bool
    seats: list[LobbySeat] = field(default_factory=list)

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Lobby:
        return cls(_str(raw, "game", 32), _int(raw, "players", 1, MAX_SEATS),
                   _bool(raw, "started"),
                   [LobbySeat.parse(seat) for seat in _list(raw, "seats")])


@dataclass(frozen=True, slots=True)
class Pause:
    """The game waits: the players of ``away`` lost their connection."""

    KIND: ClassVar[Kind] = Kind.PAUSE
    away: list[int]

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Pause:
        return cls(_seats(raw, "away"))


@dataclass(frozen=True, slots=True)
class Resume:
    """The game goes on."""

    KIND: ClassVar[Kind] = Kind.RESUME

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Resume:
        return cls()


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    name: str
    place: int  # 1 = first; tied seats share it
    score: int | float  # a game may split points between players

    @classmethod
    def parse(cls, raw: Any) -> Standing:
        raw = _map(raw, "a standing")
        return cls(_int(raw, "seat", 0, 255), _str(raw, "name", MAX_NAME),
                   _int(raw, "place", 1, MAX_SEATS), _score(raw, "score"))


@dataclass(frozen=True, slots=True)
class Over:
    """The game ended: who won, and every seat's place and score, best first."""

    KIND: ClassVar[Kind] = Kind.OVER
    winners: list[int]
    standings: list[Standing]

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Over:
        return cls(_seats(raw, "winners"),
                   [Standing.parse(item) for item in _list(raw, "standings")])


@dataclass(frozen=True, slots=True)
class Choice:
    """A guest's answer to the decision put to it when the game had made ``asked``."""

    KIND: ClassVar[Kind] = Kind.CHOICE
    choice: str
    asked: int

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Choice:
        return cls(_str(raw, "choice", MAX_CHOICE), _int(raw, "asked"))


@dataclass(frozen=True, slots=True)
class Sync:
    """A guest asks for its frame again, with the events from ``since`` on (the ``seq``
    of the last frame it holds; 0 for everything)."""

    KIND: ClassVar[Kind] = Kind.SYNC
    since: int

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Sync:
        return cls(_int(raw, "since"))


@dataclass(frozen=True, slots=True)
class Ready:
    KIND: ClassVar[Kind] = Kind.READY
    ready: bool
    name: str = ""  # the guest's name for its seat in a new game, "" for the seat's default

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Ready:
        return cls(_bool(raw, "ready"), _str(raw, "name", MAX_NAME))


@dataclass(frozen=True, slots=True)
class Chat:
    """A line said at the table, as the host passes it on: who said it (``seat``, stamped
    by the host from the relay seat it came from; None for the host itself) and to whom
    (``to``: None for everyone, else the one seat that may read it)."""

    KIND: ClassVar[Kind] = Kind.CHAT
    seat: int | None
    to: int | None
    text: str

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Chat:
        return cls(_opt_int(raw, "seat", 255), _opt_int(raw, "to", 255),
                   _str(raw, "text", MAX_CHAT))


@dataclass(frozen=True, slots=True)
class Say:
    """A guest's line for the table: to everyone (``to`` None) or to one seat. It names no
    speaker: the host knows who sent it from the relay."""

    KIND: ClassVar[Kind] = Kind.SAY
    text: str
    to: int | None = None

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Say:
        # As long as the payload allows: the host cuts it to MAX_CHAT and says so.
        return cls(_str(raw, "text", MAX_GUEST_PAYLOAD), _opt_int(raw, "to", 255))


HostMessage = Frame | Error | Lobby | Pause | Resume | Over | Chat
GuestMessage = Choice | Sync | Ready | Say
Message = HostMessage | GuestMessage

FROM_HOST: dict[str, type[HostMessage]] = {
    cls.KIND: cls for cls in (Frame, Error, Lobby, Pause, Resume, Over, Chat)}
FROM_GUEST: dict[str, type[GuestMessage]] = {
    cls.KIND: cls for cls in (Choice, Sync, Ready, Say)}


# Frames ------------------------------------------------------------------------------------

def check_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` if it has the shape of core.frames.frame (docs/view.md); the view is
    checked to be a map, its content is the ruleset's."""
    seq = _int(frame, "seq")
    first = _int(frame, "first", 0, seq)
    _int(frame, "version", 1, 1)
    _int(frame, "seat", -1, 255)
    _map(frame.get("view"), "view")
    prompt = frame.get("prompt")
    if prompt is not None:
        prompt = _map(prompt, "prompt")
        _int(prompt, "seat", 0, 255)
        _str(prompt, "kind", MAX_NAME)
        _map(prompt.get("context"), "a prompt's context")
        for name in ("options", "final"):
            if not all(type(o) is str for o in _list(prompt, name, MAX_ITEMS)):
                _bad(f"a prompt's {name} must be strings")
        if not prompt["options"]:
            _bad("a prompt must offer at least one option")
        why = prompt.get("why", {})  # a host older than the reasons sends none
        if not isinstance(why, dict) or len(why) > MAX_ITEMS or not all(
                type(c) is str and type(r) is str and len(r) <= MAX_NAME
                for c, r in why.items()):
            _bad("a prompt's reasons must be strings by option")
    for record in _list(frame, "events", MAX_EVENTS):
        record = _map(record, "an event")
        if not first <= _int(record, "seq") < seq:
            _bad("an event's seq is outside the frame's")
        _str(record, "kind", MAX_NAME)
    return frame


# Encoding ----------------------------------------------------------------------------------

_packer = msgpack.Packer(use_bin_type=True)


def encode(message: Message) -> bytes:
    """The payload of a message: compressed when that makes it smaller than it was big."""
    body: bytes = _packer.pack({"v": VERSION, "t": str(message.KIND), **_plain(message)})
    if len(body) > COMPRESS_OVER:
        return bytes((ZLIB,)) + zlib.compress(body, 6)
    return bytes((PLAIN,)) + body


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {spec.name: _plain(getattr(value, spec.name)) for spec in fields(value)}
    return value


# Decoding ----------------------------------------------------------------------------------

def _inflate(data: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        body = inflater.decompress(data, MAX_INFLATED)
    except zlib.error as error:
        _bad(f"undecodable compressed payload: {error}")
    if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
        _bad(f"a compressed payload must inflate whole to at most {MAX_INFLATED} bytes")
    return body


def _unpack(payload: bytes, compressed_ok: bool) -> dict[str, Any]:
    if not payload:
        _bad("an empty payload")
    encoding, body = payload[0], payload[1:]
    if encoding == ZLIB and compressed_ok:
        body = _inflate(body)
    elif encoding != PLAIN:
        _bad(f"unknown payload encoding {encoding}")
    try:
        value = unpack(body, UNPACKING)
    except ValueError as error:
        _bad(f"undecodable payload: {str(error)[:140]}")
    return _map(value, "a payload")


def _decode(raw: dict[str, Any], kinds: dict[str, type[Any]]) -> Any:
    try:
        raw = screen_tree(raw)
    except RecursionError:
        _bad("a payload nested too deep")
    version = raw.get("v")
    if type(version) is not int or version != VERSION:
        raise BadPayload(f"payload version {str(version)[:16]} (this program speaks "
                         f"{VERSION})", Code.VERSION)
    kind = raw.get("t")
    if type(kind) is not str or kind not in kinds:
        _bad(f"unknown message type {str(kind)[:32]!r}")
    expected = {"v", "t", *kinds[kind].__slots__}
    unknown = set(raw) - expected
    if unknown:
        _bad(f"unknown fields in {kind}: {', '.join(sorted(unknown))[:80]}")
    return kinds[kind].parse(raw)


def decode_from_host(payload: bytes) -> HostMessage:
    """A message from the host, read by a guest."""
    message: HostMessage = _decode(_unpack(payload, compressed_ok=True), FROM_HOST)
    return message


def decode_from_guest(payload: bytes) -> GuestMessage:
    """A message from a guest, read by the host: small, never compressed."""
    if len(payload) > MAX_GUEST_PAYLOAD:
        _bad(f"a guest's payload of {len(payload)} bytes (at most {MAX_GUEST_PAYLOAD})")
    message: GuestMessage = _decode(_unpack(payload, compressed_ok=False), FROM_GUEST)
    return message
