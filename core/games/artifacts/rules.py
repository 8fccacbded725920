"""Importing this module registers every task kind of Alien Artifacts with the engine."""

from core.games.artifacts import (  # noqa: F401
    actions,
    attack,
    construct,
    effects,
    operations,
    payment,
    produce,
    scoring,
    setup,
    tokens,
    turn,
)
