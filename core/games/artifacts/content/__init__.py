"""Alien Artifacts' content: the Resource deck, the attack tables, the ships, planets,
technologies, Alien Artifacts and factions, read from TOML and validated (``loader.py``)
into frozen records (``model.py``) on the vocabulary of docs/alien-artifacts-effects.md."""

from core.games.artifacts.content.loader import ContentError, build, load_content
from core.games.artifacts.content.model import Content

__all__ = ["Content", "ContentError", "build", "load_content"]
