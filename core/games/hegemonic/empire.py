"""The player board: what a player's three tracks say (the rulebook's Player Board page).

A track's Bases are built left to right and come back right to left, so a track is fully
described by how many of its Bases are on the map. The right-most empty space, the last
Base built, gives the track's CAP income, its retention number and its technology tier;
the next space's cost is the price of the next Base. With every Base built, a Base is
relocated instead, at the left-most space's cost. The Retention Limit is the lowest of the
three tracks' retention numbers.
"""

from __future__ import annotations

from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.state import Player

EMERGENT_RETENTION = 6  # Emergent Economics
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}  # a kind's place on the player board


def space(player: Player, kind: str) -> int:
    """The index of the track's right-most empty space (the first, if none is empty)."""
    built = player.built[KIND_INDEX[kind]]
    return built - 1 if built else 0


def supply(content: Content, player: Player, kind: str) -> int:
    """Bases of that kind still on the player board."""
    return content.tracks[kind].bases - player.built[KIND_INDEX[kind]]


def next_cost(content: Content, player: Player, kind: str) -> int:
    """The cost of the next Base, or of a relocation when the track is empty."""
    track = content.tracks[kind]
    built = player.built[KIND_INDEX[kind]]
    return track.cost[built] if built < track.bases else track.cost[0]


def income(content: Content, player: Player, kind: str) -> int:
    return content.tracks[kind].income[space(player, kind)]


def tier(content: Content, player: Player, kind: str) -> int:
    return content.tracks[kind].tier[space(player, kind)]


def total_income(content: Content, player: Player) -> int:
    # Written out: the searches' judgement asks it of every seat at every position.
    tracks = content.tracks
    industrial, political, martial = player.built
    return (tracks["industrial"].income[industrial - 1 if industrial else 0]
            + tracks["political"].income[political - 1 if political else 0]
            + tracks["martial"].income[martial - 1 if martial else 0])


def lowest_income(content: Content, player: Player) -> int:
    """What CAPITALIZE collects: the CAP gain of the track that gives the least."""
    return min(income(content, player, kind) for kind in KINDS)


def retention(content: Content, player: Player) -> int:
    """The Retention Limit: the lowest retention number showing on the three tracks."""
    tracks = content.tracks
    industrial, political, martial = player.built
    return min(tracks["industrial"].retention[industrial - 1 if industrial else 0],
               tracks["political"].retention[political - 1 if political else 0],
               tracks["martial"].retention[martial - 1 if martial else 0])
