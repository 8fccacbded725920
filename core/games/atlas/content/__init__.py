"""Fractured Atlas's content: the Decktet's cards and the rules' own numbers and Place
powers, read from TOML and validated (``loader.py``) into frozen records (``model.py``)."""

from core.content_schema import ContentError
from core.games.atlas.content.loader import load_content
from core.games.atlas.content.model import ACTIONS, KINDS, RANKS, SUITS, Card, Content, Power

__all__ = ["ACTIONS", "KINDS", "RANKS", "SUITS", "Card", "Content", "ContentError", "Power",
           "load_content"]
