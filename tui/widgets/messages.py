"""Messages the panes of the game screen send, whatever game they draw.

A *spot* is whatever a game's main pane lets the player point at: a sector of a map, a
Place, a card on a table. Options and log lines name the spot they are about
(core.words.OptionWords.spot), so pointing and picking work the same for every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class SpotPointed(Message):
    """The main pane's cursor moved to a spot."""

    spot: int


@dataclass
class SpotPicked(Message):
    """The player picked a spot on the main pane (Enter or a click)."""

    spot: int


@dataclass
class CardOpened(Message):
    """The player asked to read a component in full."""

    kind: str
    card_id: str
