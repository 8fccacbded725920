"""Every rule module, imported once so that each registers its tasks with the engine."""

from core.games.fractal import (  # noqa: F401
    action_cards,
    actions,
    battle,
    colonize,
    conflict,
    cycle,
    effects,
    government,
    insight,
    movement,
    obstacles,
    recruit,
    research,
    setup,
    sieges,
    storms,
)
from core.games.fractal.modules import diplomacy, elite_training, fracture, wartime  # noqa: F401
