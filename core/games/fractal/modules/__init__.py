"""The rulebook's Advanced modules and The Fracture: optional rules a game switches on.

Each module lives in its own file named after its part of the rules (docs/modules.md says
every choice made where the text leaves a question open). A game names its modules in
``Options.modules``; the rules ask :func:`on` before doing anything a module adds, so a game
without modules runs exactly as before.
"""

from __future__ import annotations

from core.games.fractal.state import State

WARTIME_INNOVATION = "wartime_innovation"
ELITE_TRAINING = "elite_training"
DIPLOMACY = "diplomacy"
DAWN_OF_THE_GALAXY = "dawn_of_the_galaxy"
FRACTURE = "fracture"

NAMES = (WARTIME_INNOVATION, ELITE_TRAINING, DIPLOMACY, DAWN_OF_THE_GALAXY, FRACTURE)


def on(state: State, name: str) -> bool:
    return name in state.options.modules


def check(modules: list[str]) -> None:
    """Refuse a module the engine does not know, or one named twice: a game played by other
    rules than the players asked for is worse than no game."""
    unknown = [m for m in modules if m not in NAMES]
    if unknown:
        raise ValueError(f"unknown modules: {', '.join(unknown)}; known: {', '.join(NAMES)}")
    if len(set(modules)) != len(modules):
        raise ValueError("a module is named twice")
