"""The envelope every message travels in, and the message types of the relay protocol.

An envelope is a map ``{v, t, room, seat, seq, ack, p}``; fields other than ``v`` and
``t`` may be absent (absent and nil mean the same). ``p`` is the payload: for ``data``
and ``public`` it is one opaque ``bin`` value that the relay forwards without looking
inside; for the messages addressed to or sent by the relay itself it is a small map of
arguments. docs/protocol.md is the reference for every type and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from core.net.codes import Code, ProtocolError

VERSION = 1
ACCEPTED_VERSIONS = (1,)
# What this relay does beyond the version's baseline; a client checks for what it needs.
CAPABILITIES = ("public", "resume")

MAX_ID_LEN = 64
MAX_SEAT = 255
MAX_SEQ = 2**63 - 1
# Room the relay needs in a frame besides the payload (its own fields around a forwarded
# payload), so that the frame it forwards is never bigger than the one it received.
ENVELOPE_ROOM = 256


class Type(StrEnum):
    HELLO = "hello"
    CREATE = "create"
    CREATED = "created"
    JOIN = "join"
    JOINED = "joined"
    RECONNECT = "reconnect"
    RESUMED = "resumed"
    PING = "ping"
    PONG = "pong"
    DATA = "data"
    PUBLIC = "public"
    PRESENCE = "presence"
    CLOSE = "close"
    ERROR = "error"


FROM_CLIENT = frozenset({Type.HELLO, Type.CREATE, Type.JOIN, Type.RECONNECT, Type.PING,
                         Type.PONG, Type.DATA, Type.PUBLIC, Type.CLOSE})
FROM_RELAY = frozenset({Type.HELLO, Type.CREATED, Type.JOINED, Type.RESUMED, Type.PING,
                        Type.PONG, Type.DATA, Type.PUBLIC, Type.PRESENCE, Type.CLOSE,
                        Type.ERROR})
OPAQUE = frozenset({Type.DATA, Type.PUBLIC})
FIELDS = frozenset({"v", "t", "room", "seat", "seq", "ack", "p"})


class Presence(StrEnum):
    """What a ``presence`` notice says of a seat (or of the host)."""

    JOINED = "joined"  # a guest took the seat
    AWAY = "away"  # its connection was lost; the seat is kept for a reconnect
    BACK = "back"  # it reconnected (or a new connection replaced the old one)
    LEFT = "left"  # the guest gave the seat up; the seat is free again


@dataclass(slots=True)
class Envelope:
    t: Type
    room: str | None = None
    seat: int | None = None
    seq: int | None = None
    ack: int | None = None
    p: Any = None
    v: int = VERSION

    def wire(self) -> dict[str, object]:
        """The map to encode, without the fields that are nil."""
        message: dict[str, object] = {"v": self.v, "t": self.t.value}
        if self.room is not None:
            message["room"] = self.room
        if self.seat is not None:
            message["seat"] = self.seat
        if self.seq is not None:
            message["seq"] = self.seq
        if self.ack is not None:
            message["ack"] = self.ack
        if self.p is not None:
            message["p"] = self.p
        return message


def _bad(reason: str) -> ProtocolError:
    return ProtocolError(Code.BAD_ENVELOPE, reason)


def _bounded_int(message: dict[Any, Any], name: str, top: int) -> int | None:
    value = message.get(name)
    if value is None:
        return None
    if type(value) is not int or not 0 <= value <= top:
        raise _bad(f"{name} must be an integer from 0 to {top}")
    return value


def parse(message: dict[Any, Any], allowed: frozenset[Type]) -> Envelope:
    """Validate a decoded frame as an envelope whose type is in ``allowed``.

    Only the envelope is checked; an opaque payload is kept as it came.
    """
    if not FIELDS.issuperset(message):
        unknown = sorted(repr(key)[:20] for key in message if key not in FIELDS)
        raise _bad(f"unknown fields {', '.join(unknown[:4])}")
    version, kind = message.get("v"), message.get("t")
    if type(version) is not int:
        raise _bad("v must be an integer")
    if type(kind) is not str:
        raise _bad("t must be a string")
    if kind not in allowed:
        raise ProtocolError(Code.UNKNOWN_TYPE, f"unknown message type {kind[:32]!r}")
    room = message.get("room")
    if room is not None and (type(room) is not str or len(room) > MAX_ID_LEN):
        raise _bad(f"room must be a string of at most {MAX_ID_LEN} characters")
    payload = message.get("p")
    if kind in OPAQUE:
        if type(payload) is not bytes:
            raise _bad(f"the payload of {kind} must be bytes")
    elif payload is not None and type(payload) is not dict:
        raise _bad(f"the arguments of {kind} must be a map")
    return Envelope(t=Type(kind), room=room, seat=_bounded_int(message, "seat", MAX_SEAT),
                    seq=_bounded_int(message, "seq", MAX_SEQ),
                    ack=_bounded_int(message, "ack", MAX_SEQ), p=payload, v=version)


# The arguments of control messages live in ``p``; these read them or refuse the request.

def _args(envelope: Envelope) -> dict[Any, Any]:
    return envelope.p if isinstance(envelope.p, dict) else {}


def arg_str(envelope: Envelope, name: str, max_len: int = MAX_ID_LEN) -> str:
    value = _args(envelope).get(name)
    if type(value) is not str or not 0 < len(value) <= max_len:
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t} needs {name}: a string of 1 "
                                              f"to {max_len} characters")
    return value


def arg_int(envelope: Envelope, name: str) -> int:
    value = _args(envelope).get(name)
    if type(value) is not int or value < 0:
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t} needs {name}: an integer >= 0")
    return value


def arg_bool(envelope: Envelope, name: str) -> bool:
    value = _args(envelope).get(name)
    if type(value) is not bool:
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t} needs {name}: true or false")
    return value


def arg_seconds(envelope: Envelope, name: str) -> float:
    value = _args(envelope).get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t} needs {name}: seconds > 0")
    return float(value)


def arg_numbers(envelope: Envelope, name: str, required: bool = True) -> list[int]:
    """A list of small integers (0 to MAX_SEAT): seats, or protocol versions."""
    value = _args(envelope).get(name)
    if value is None and not required:
        return []
    if type(value) is not list or not all(
            type(item) is int and 0 <= item <= MAX_SEAT for item in value):
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t} needs {name}: a list of "
                                              f"integers from 0 to {MAX_SEAT}")
    return value


def arg_names(envelope: Envelope, name: str) -> list[str]:
    """An optional list of short strings (absent: empty)."""
    value = _args(envelope).get(name)
    if value is None:
        return []
    if type(value) is not list or not all(
            type(item) is str and len(item) <= MAX_ID_LEN for item in value):
        raise ProtocolError(Code.BAD_REQUEST, f"{envelope.t}'s {name} must be a list of "
                                              "short strings")
    return value
