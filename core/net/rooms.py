"""Rooms, their seats and the secrets that open them.

A room has a host and the seats the host offers to guests. Each member (the host too)
holds a token; presenting it again takes the membership back on a new connection. The
relay keeps no game state: a member is a seat, a token, a link to its connection and two
sequence counters.
"""

from __future__ import annotations

import hmac
import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from core.net.codes import Code, ProtocolError
from core.net.limits import RelayLimits
from core.net.protocol import Envelope, Type

if TYPE_CHECKING:
    import asyncio

# No 0/O, 1/I/L: a code read aloud or copied by hand survives.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
# 31**10 codes, about 49.5 bits: enough that guessing at the rate the relay admits
# (core/net/guesses.py) finds no room among a million (docs/protocol.md has the sums).
CODE_LENGTH = 10
CODE_TYPED = 32  # characters of a code as typed, with its dash and any spaces
# One answer for every join that names no free seat: a wrong code, a full room, a seat
# taken or not offered. Anything else would tell a guesser that a code exists.
NO_FREE_SEAT = "no open room with a free seat has this code"
TOKEN_BYTES = 24  # 192 bits
ROOM_ID_BYTES = 16


class Link(Protocol):
    """The connection of a member, as the rooms see it."""

    member: Member | None

    def send(self, envelope: Envelope) -> None: ...

    def finish(self, kind: Type, code: Code, reason: str) -> None: ...


@dataclass(eq=False, slots=True)
class Member:
    room: Room
    seat: int | None  # None for the host
    token: str
    link: Link | None = None
    received: int = 0  # the last seq this member sent that was forwarded
    sent: int = 0  # the last seq given to a frame for this member, delivered or not

    @property
    def is_host(self) -> bool:
        return self.seat is None


@dataclass(eq=False, slots=True)
class Room:
    id: str
    code: str
    creator: str  # the address that created it, for the per-address cap
    offered: frozenset[int]
    host: Member = field(init=False)
    guests: dict[int, Member] = field(default_factory=dict)
    expiry: asyncio.TimerHandle | None = None  # while the host is away

    def members(self) -> list[Member]:
        return [self.host, *self.guests.values()]

    @property
    def label(self) -> str:
        """The room as the relay's log names it: never by its code, which lets whoever
        reads it join."""
        return self.id[:8]


def normalize_code(text: str) -> str:
    """A code as the relay keys it: its dash, spaces and case as the player typed them
    do not matter."""
    return "".join(text.split()).replace("-", "").upper()


def shown_code(code: str) -> str:
    """A code in two halves, easier to read out and to type: ``ABCDE-FGHJK``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


class Rooms:
    """The open rooms, by id and by invite code."""

    def __init__(self, limits: RelayLimits) -> None:
        self.limits = limits
        self.by_id: dict[str, Room] = {}
        self.by_code: dict[str, Room] = {}
        self.per_address: Counter[str] = Counter()

    def create(self, address: str, seats: list[int], link: Link) -> Room:
        if not seats or len(set(seats)) != len(seats):
            raise ProtocolError(Code.BAD_REQUEST, "seats must be a non-empty list without repeats")
        if len(seats) >= self.limits.max_clients_per_room:
            raise ProtocolError(Code.BAD_REQUEST, f"at most {self.limits.max_clients_per_room - 1}"
                                                  " seats for guests in a room")
        if len(self.by_id) >= self.limits.max_rooms:
            raise ProtocolError(Code.TOO_MANY_ROOMS, "the relay has no room for another room")
        if self.per_address[address] >= self.limits.max_rooms_per_address:
            raise ProtocolError(Code.TOO_MANY_ROOMS, f"{address} already has "
                                                     f"{self.per_address[address]} rooms open")
        room = Room(id=self._new_id(), code=self._new_code(), creator=address,
                    offered=frozenset(seats))
        room.host = Member(room, None, secrets.token_urlsafe(TOKEN_BYTES), link)
        self.by_id[room.id] = room
        self.by_code[room.code] = room
        self.per_address[address] += 1
        return room

    def join(self, code: str, seat: int | None, link: Link) -> Member:
        room = self.by_code.get(normalize_code(code))
        free = sorted(room.offered - room.guests.keys()) if room is not None else []
        if seat is None and free:
            seat = free[0]
        if room is None or seat not in free:
            raise ProtocolError(Code.BAD_CODE, NO_FREE_SEAT)
        member = Member(room, seat, secrets.token_urlsafe(TOKEN_BYTES), link)
        room.guests[seat] = member
        return member

    def reclaim(self, room_id: str, token: str) -> Member:
        """The member of ``room_id`` whose token is ``token``."""
        room = self.by_id.get(room_id)
        if room is None:
            raise ProtocolError(Code.BAD_TOKEN, "that room is closed")
        given = token.encode()
        found = None
        for member in room.members():  # every token compared, in constant time each
            if hmac.compare_digest(given, member.token.encode()):
                found = member
        if found is None:
            raise ProtocolError(Code.BAD_TOKEN, "wrong token for this room")
        return found

    def remove(self, room: Room) -> None:
        del self.by_id[room.id]
        del self.by_code[room.code]
        self.per_address[room.creator] -= 1
        if not self.per_address[room.creator]:
            del self.per_address[room.creator]

    def _new_id(self) -> str:
        while (room_id := secrets.token_urlsafe(ROOM_ID_BYTES)) in self.by_id:
            pass
        return room_id

    def _new_code(self) -> str:
        while (code := "".join(secrets.choice(CODE_ALPHABET)
                               for _ in range(CODE_LENGTH))) in self.by_code:
            pass
        return code
