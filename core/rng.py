"""A seeded random generator whose whole state is one integer kept inside the game state.

The state is a 64-bit counter advanced by SplitMix64's odd constant, so it survives msgpack
as a plain int and a saved game continues with exactly the draws it would have made. Each
output is a BLAKE2b hash of the counter rather than SplitMix64's own mixing: the draws
every player sees (the map, the face-up cards) must not let anyone work out the counter,
and with it the face-down tiles and the decks' order (docs/view.md, "Hidden information").
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Final, Protocol, TypeVar

_MASK: Final = (1 << 64) - 1
_FLOAT_BITS: Final = 53
T = TypeVar("T")


class HasRng(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    return seed & _MASK


_STEP: Final = 0x9E3779B97F4A7C15
_SPAN: Final = _MASK + 1
# Each draw hashes a copy of this empty hash: a third cheaper than making a new one.
_EMPTY = hashlib.blake2b(digest_size=8)


def _next(holder: HasRng) -> int:
    holder.rng = state = (holder.rng + _STEP) & _MASK
    hashed = _EMPTY.copy()
    hashed.update(state.to_bytes(8, "little"))
    return int.from_bytes(hashed.digest(), "little")


def below(holder: HasRng, n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    # Rejection sampling keeps the draw uniform for any n. ``_next`` written out: every
    # random draw of a game and of a bot's play-outs comes through here.
    limit = _SPAN - _SPAN % n
    while True:
        holder.rng = state = (holder.rng + _STEP) & _MASK
        hashed = _EMPTY.copy()
        hashed.update(state.to_bytes(8, "little"))
        value = int.from_bytes(hashed.digest(), "little")
        if value < limit:
            return value % n


def shuffle(holder: HasRng, items: MutableSequence[T]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(holder, i + 1)
        items[i], items[j] = items[j], items[i]


def fresh_seed() -> int:
    """A seed for a game played for real: anyone who knows a game's seed can deal its
    setup again and read every face-down tile, and a small seed is quickly guessed, so a
    game nobody asked a seed for gets 63 unpredictable bits."""
    return secrets.randbits(63)


def derive(seed: int, index: int) -> int:
    """A seed for the index-th game of a series, stable across versions."""
    return _next(Rng(seed ^ (index * 0x2545F4914F6CDD1D))) & 0x7FFFFFFF


class Rng:
    """A generator of its own, outside any game state: a bot's, or the one a determinizer
    samples hidden cards with. Seeded, never shared."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)

    def below(self, n: int) -> int:
        return below(self, n)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return below(self, 1 << _FLOAT_BITS) / (1 << _FLOAT_BITS)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        shuffle(self, items)

    def seed(self) -> int:
        """A fresh seed for something this generator spawns (a determinized game...)."""
        return self.below(1 << 62)
