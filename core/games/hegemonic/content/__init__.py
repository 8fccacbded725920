"""Hegemonic's content: the player board, the galaxy, the action cards and the
technologies, read from TOML and validated (``loader.py``) into frozen records
(``model.py``)."""

from core.games.hegemonic.content.loader import ContentError, board_hexes, load_content
from core.games.hegemonic.content.model import (
    ATTACKER_KIND,
    BASES,
    FACTIONS,
    KINDS,
    ActionCard,
    Content,
    Leader,
    Pattern,
    Scoring,
    Tech,
    TechCard,
    Tile,
    Track,
)

__all__ = ["ATTACKER_KIND", "BASES", "FACTIONS", "KINDS", "ActionCard", "Content",
           "ContentError", "Leader", "Pattern", "Scoring", "Tech", "TechCard", "Tile", "Track",
           "board_hexes", "load_content"]
