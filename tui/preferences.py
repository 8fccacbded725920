"""The player's preferences, kept beside their saves (``preferences.json`` in the save
directory), so that they outlive a game and every SSH player keeps their own.

A missing or unreadable file gives the defaults: preferences never stop a game.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

FILE = "preferences.json"
PACES = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds a bot's move stays on screen at least


@dataclass(slots=True)
class Preferences:
    answer_single: bool = True  # a question with one legal answer is answered for you
    hints: bool = True  # the first time a kind of question comes up, a hint explains it
    hinted: list[str] = field(default_factory=list)  # the kinds already explained
    pace: int = 2  # index into PACES

    @classmethod
    def load(cls, directory: Path) -> Preferences:
        try:
            raw: Any = json.loads((directory / FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        found = cls()
        if isinstance(raw, dict):
            for each in fields(cls):
                value = raw.get(each.name)
                if isinstance(value, type(getattr(found, each.name))):
                    setattr(found, each.name, value)
        found.pace = min(max(found.pace, 0), len(PACES) - 1)
        found.hinted = [kind for kind in found.hinted if isinstance(kind, str)]
        return found

    def save(self, directory: Path) -> None:
        """Best effort: a preference that cannot be written is kept for this session."""
        try:
            directory.mkdir(parents=True, exist_ok=True)
            temporary = directory / f".{FILE}.tmp"
            temporary.write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")
            temporary.replace(directory / FILE)
        except OSError:
            pass
