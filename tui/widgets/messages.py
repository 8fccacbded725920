"""Messages the panes of the game screen send, whatever ruleset they draw."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class MapPointed(Message):
    """The map's cursor moved to a sector."""

    sector: int


@dataclass
class MapPicked(Message):
    """The player picked a sector on the map (Enter or a click)."""

    sector: int


@dataclass
class CardOpened(Message):
    """The player asked to read a component in full."""

    kind: str
    card_id: str
