"""Frames: a 4-byte big-endian length, then one msgpack map of that many bytes.

Reading is defensive because the bytes come from anyone on the network: the length is
checked before a byte of the body is read (``StreamReader.readexactly`` is not bounded by
the stream's limit), msgpack is decoded with small explicit limits, and any error ends
the connection: after a bad frame nothing that follows can be trusted to start a frame.
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import msgpack

from core.net.codes import Code, ProtocolError

HEADER = struct.Struct(">I")

# The protocol's own maps and lists are small: an envelope has 7 fields, a request's
# arguments a handful, the longest list is the seats of a room. Payloads travel as one
# ``bin`` value, bounded by the frame size. The longest string is a reason (about 200
# characters); these bounds also cap what a hostile frame can make the decoder allocate.
MAX_STR_LEN = 512
MAX_ARRAY_LEN = 64
MAX_MAP_LEN = 16


@dataclass(slots=True)
class ReadState:
    """When the frame being read began and when the last whole frame arrived (monotonic
    seconds), for a watchdog that cuts slow senders and idle peers."""

    last_frame: float
    started: float | None = None


def _refuse_ext(code: int, data: bytes) -> NoReturn:
    raise ValueError(f"ext type {code} refused")


def decode(body: bytes, max_frame: int) -> dict[Any, Any]:
    """The map in ``body``; ``ProtocolError(BAD_FRAME)`` for anything else."""
    try:
        message = msgpack.unpackb(
            body, raw=False, strict_map_key=True, use_list=True,
            max_bin_len=max_frame, max_str_len=MAX_STR_LEN, max_array_len=MAX_ARRAY_LEN,
            max_map_len=MAX_MAP_LEN, max_ext_len=0, ext_hook=_refuse_ext)
    except ValueError as error:  # msgpack reports every malformed input as a ValueError
        raise ProtocolError(Code.BAD_FRAME, f"undecodable frame: {error}"[:200]) from None
    if not isinstance(message, dict):
        raise ProtocolError(Code.BAD_FRAME, "a frame must hold one map")
    return message


_packer = msgpack.Packer(use_bin_type=True)  # made once: packb would make one a call


def encode(message: Mapping[str, object]) -> bytes:
    """One frame holding ``message``."""
    body: bytes = _packer.pack(message)
    return HEADER.pack(len(body)) + body


def check_length(length: int, max_frame: int) -> None:
    if length == 0:
        raise ProtocolError(Code.BAD_FRAME, "empty frame")
    if length > max_frame:
        raise ProtocolError(Code.FRAME_TOO_LARGE,
                            f"frame of {length} bytes, the maximum is {max_frame}")


async def read_frame(reader: asyncio.StreamReader, state: ReadState,
                     max_frame: int) -> dict[Any, Any] | None:
    """The next frame's map, or None when the peer closed cleanly between two frames.

    ``state.started`` is set from the frame's first byte to its last, so a watchdog can
    tell a slow sender from a quiet one.
    """
    try:
        first = await reader.readexactly(1)
    except asyncio.IncompleteReadError:
        return None
    state.started = time.monotonic()
    try:
        (length,) = HEADER.unpack(first + await reader.readexactly(HEADER.size - 1))
        check_length(length, max_frame)
        body = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError(Code.TRUNCATED, "connection ended inside a frame") from None
    state.last_frame = time.monotonic()
    state.started = None
    return decode(body, max_frame)
