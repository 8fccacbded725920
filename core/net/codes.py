"""The codes that end a connection, and the exception that carries them.

Every code is sent to the peer in an ``error`` or ``close`` message (except
``slow_reader``, which could not reach it), and appears in the relay's counters.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Why a connection ended. docs/protocol.md describes each one."""

    # Framing: the bytes on the wire are not a frame of this protocol.
    BAD_FRAME = "bad_frame"  # length 0, undecodable msgpack, an ext type, not a string-keyed map
    FRAME_TOO_LARGE = "frame_too_large"  # the length prefix is above the maximum frame size
    FRAME_TIMEOUT = "frame_timeout"  # a frame was started but not finished in time
    TRUNCATED = "truncated"  # the peer closed in the middle of a frame (and is usually gone)

    # Envelope and conversation.
    BAD_ENVELOPE = "bad_envelope"  # a field is unknown, of the wrong type or out of range
    UNKNOWN_TYPE = "unknown_type"  # the message type does not exist in this direction
    UNEXPECTED = "unexpected"  # a known message at the wrong moment (data before joining...)
    VERSION = "version"  # protocol version not accepted; the error lists the accepted ones
    HELLO_TIMEOUT = "hello_timeout"  # no hello within the hello timeout
    IDLE = "idle"  # nothing received within the idle timeout (pings unanswered)
    RATE_LIMITED = "rate_limited"  # more messages than the per-connection rate allows
    SLOW_READER = "slow_reader"  # the output buffer overflowed: cut without a message (logged)

    # Capacity.
    TOO_MANY_CONNECTIONS = "too_many_connections"  # in total or from this address
    TOO_MANY_ROOMS = "too_many_rooms"  # in total or created from this address

    # Requests.
    BAD_REQUEST = "bad_request"  # the arguments of create, join or reconnect are invalid
    BAD_CODE = "bad_code"  # no open room with a free seat (or the one asked for) has this code
    TOO_MANY_FAILURES = "too_many_failures"  # this address's budget of failed joins is spent
    BAD_TOKEN = "bad_token"  # no seat of this room has this token, or the room is gone
    FORBIDDEN = "forbidden"  # a guest addressed a seat or sent a public frame
    UNKNOWN_SEAT = "unknown_seat"  # the host addressed a seat it did not offer

    # Closes that are nobody's fault (sent in a ``close`` message).
    LEFT = "left"  # the guest gave its seat up
    ROOM_CLOSED = "room_closed"  # the host closed the room
    HOST_GONE = "host_gone"  # the host stayed away longer than the grace period
    REPLACED = "replaced"  # another connection presented this seat's token
    SHUTDOWN = "shutdown"  # the relay is stopping


class ProtocolError(Exception):
    """A frame or message the protocol refuses, or a request the relay declines.

    The relay answers it with an ``error`` message carrying ``code`` and closes the
    connection; it is never resynchronised.
    """

    def __init__(self, code: Code, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
