"""The random bot: uniform over the legal choices. The baseline, and the fastest player."""

from __future__ import annotations

from core.bots.base import Bot, View
from core.decisions import Prompt


class RandomBot(Bot):
    level = "random"

    def choose(self, view: View, prompt: Prompt) -> str:
        return self.rng.choice(prompt.options)
