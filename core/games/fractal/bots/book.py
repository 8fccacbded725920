"""The hard bot's opening book: how each Fractal faction fared in self-play.

A search judges a choice where it stops looking, the start of the next turn. From there a
faction is only its starting units and colony; its abilities and governments pay off over
the whole game, out of the search's sight. So the search favoured the factions that start
with the most units (the Gorias) and, before the bots counted a depleted action marker,
lost with them: in 200 games against normal, the hard bot took the Gorias in a third of
its games and won 39% of those, against 60% with the other factions. The book picks by how
a faction fares over whole games instead.

``STRENGTH`` is each faction's wins over the wins of an even share, from heuristic bots
playing factions dealt at random (so every faction is measured about equally often),
pooled over the two balance reports of RULES_VERSION 5's content, both played since the
bots count a depleted action marker (docs/balance-2p.md, docs/balance.md):

    fractal simulate --players 2 --bots heuristic --games 400 --seed 41 --factions random
    fractal simulate --players 4 --bots heuristic --games 400 --seed 41 --factions random

Measure it again when a faction's content or the bots' judgement changes; a test checks
that the book names every faction. Between two searching bots the order is much the same
(the Gorias and the Txingur ahead, the Delverar and the Saura behind: docs/benchmarks.md,
"Two normal bots: the factions"), the spread wider.
"""

from __future__ import annotations

from core.decisions import Prompt, arg

STRENGTH = {
    "borroka": 0.96,
    "delverar": 0.82,
    "exodians": 1.09,
    "gorias": 1.11,
    "saura": 0.94,
    "txingur": 1.15,
    "vax117": 0.96,
}


def faction_pick(prompt: Prompt) -> str | None:
    """The strongest faction offered, or None when the prompt is not the faction pick."""
    if prompt.kind != "faction":
        return None
    return max(prompt.options, key=lambda option: STRENGTH.get(arg(option), 1.0))
