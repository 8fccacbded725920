"""Imports every module that registers task kinds with the engine, so that importing the
game registers the whole rulebook."""

from core.games.atlas import (  # noqa: F401
    actions,
    advisor,
    attack,
    build,
    exploit,
    explore,
    magic,
    resolution,
    rounds,
    trade,
)
