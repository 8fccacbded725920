"""The hard bot's opening book: how each Fractal faction fared in self-play.

A search judges a choice where it stops looking, the start of the next turn. From there a
faction is only its starting units and colony; its abilities and governments pay off over
the whole game, out of the search's sight. So the search favoured the factions that start
with the most units (the Gorias) and lost with them: in 200 games against normal, the hard
bot took the Gorias in a third of its games and won 39% of those, against 60% with the
other factions.

``STRENGTH`` is each faction's wins over the wins of an even share, from heuristic bots
playing factions dealt at random (so every faction is measured about equally often),
pooled over these two series of RULES_VERSION 5's content (docs/benchmarks.md):

    fractal simulate --players 2 --bots heuristic --games 400 --seed 41 --factions random
    fractal simulate --players 4 --bots heuristic --games 200 --seed 41 --factions random

Measure it again when a faction's content changes; a test checks that the book names
every faction.
"""

from __future__ import annotations

from core.decisions import Prompt, arg

STRENGTH = {
    "borroka": 0.98,
    "delverar": 1.10,
    "exodians": 0.95,
    "gorias": 0.92,
    "saura": 0.97,
    "txingur": 1.08,
    "vax117": 1.00,
}


def faction_pick(prompt: Prompt) -> str | None:
    """The strongest faction offered, or None when the prompt is not the faction pick."""
    if prompt.kind != "faction":
        return None
    return max(prompt.options, key=lambda option: STRENGTH.get(arg(option), 1.0))
