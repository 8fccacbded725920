"""The random bot: uniform over the legal choices. The baseline, and the fastest player."""

from __future__ import annotations

from core.bots.base import Bot, Model, View
from core.decisions import Prompt


class RandomBot(Bot):
    level = "random"

    def __init__(self, seed: int, model: Model | None = None) -> None:
        super().__init__(seed)
        self.model = model

    def choose(self, view: View, prompt: Prompt) -> str:
        """Uniform over the options, but for those the game's bots shun (``Model.shuns``)."""
        options = self.model.options(prompt) if self.model is not None else prompt.options
        return self.rng.choice(options)
