"""Imports every module that registers task kinds with the engine, so that importing the
game registers the whole rulebook."""

from core.games.hegemonic import (  # noqa: F401
    actions,
    arbitration,
    attack,
    build,
    conflict,
    discover,
    rounds,
    setup,
)
