"""Saves written by hand: a real save taken apart into its header and body maps, changed,
and put back together with every checksum right, as a forger would.

The fuzz (``fractal bench --fuzz-saves``, tui/fuzz.py) and the tests of hostile saves make
their files here: only a file whose checksums pass reaches the checks of its contents.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from typing import Any

import msgpack

from saves.format import FLAG_ZLIB, FORMAT_VERSION, PREFIX_SIZE, envelope, parse_prefix


@dataclass(slots=True)
class Parts:
    """A save's maps as plain data, with its envelope's version and flags."""

    header: dict[str, Any]
    body: dict[str, Any]
    version: int = FORMAT_VERSION
    flags: int = FLAG_ZLIB


def take_apart(data: bytes) -> Parts:
    """The parts of a save this program wrote (trusted: nothing is checked but the
    prefix)."""
    prefix = parse_prefix(data, "<forge>")
    header = data[PREFIX_SIZE:PREFIX_SIZE + prefix.header_len]
    body = data[PREFIX_SIZE + prefix.header_len:-32]
    if prefix.flags & FLAG_ZLIB:
        body = zlib.decompress(body)
    return Parts(msgpack.unpackb(header, raw=False, strict_map_key=False),
                 msgpack.unpackb(body, raw=False, strict_map_key=False), prefix.version,
                 prefix.flags)


def pack(value: Any) -> bytes:
    packed: bytes = msgpack.packb(value, use_bin_type=True)
    return packed


def put_together(parts: Parts, stored: bytes | None = None) -> bytes:
    """The file of ``parts``, its checksums right. ``stored`` is the body as the file
    holds it, instead of the body map packed (and compressed when the flags say so)."""
    if stored is None:
        stored = pack(parts.body)
        if parts.flags & FLAG_ZLIB:
            stored = zlib.compress(stored, 1)
    return envelope(pack(parts.header), stored, version=parts.version, flags=parts.flags)


def digest_of(snapshot: Any) -> str:
    """The digest a forger writes beside a snapshot: that of the snapshot as given (the
    engine's own, when it loads the snapshot back to the same plain data)."""
    return hashlib.sha256(msgpack.packb(snapshot)).hexdigest()
