"""The Fractured Atlas ruleset (a 4X game on the Decktet, by Mike Everett-Lane).

People read its name as "Fractured Atlas"; the shell knows it as ``atlas``.
"""

from core.bounds import Bounds
from core.declaration import Declaration, Stat

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "3"  # 3: a seat named "" goes by its colour

GAME = Declaration(
    name="atlas",
    title="Fractured Atlas",
    players=(2, 3, 4),
    rules_version=RULES_VERSION,
    game="core.games.atlas.game:Game",
    words="core.games.atlas.words:WORDS",
    bots="core.games.atlas.bots:model",
    invariants="core.games.atlas.invariants",
    client="tui.games.atlas:UI",
    maps=("known_world",),
    pick_kind="advisor",
    vp_keys=("fiefs", "disputed", "tower"),
    stats=(Stat("battles"),),  # its attacks
    bounds=Bounds(coordinates=("x", "y"), extent=45),  # every Location card in a line
)
