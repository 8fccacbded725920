"""The Hegemonic ruleset: galactic expansion, conflict and intrigue for 2 to 6 players.

The rulebook is the source of truth; docs/hegemonic.md records how the program reads its
open points and the numbers it designed where the printed ones are lost.
"""

from core.bounds import Bounds
from core.declaration import Declaration, Module, Setting, Stat

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "6"  # 6: the Envoy builds no Embassy at level 1 (0 / 1 / 2)

LAYOUTS = ("suggested", "free")
HOME_RULES = ("recommended", "any")

GAME = Declaration(
    name="hegemonic",
    title="Hegemonic",
    players=(2, 3, 4, 5, 6),
    rules_version=RULES_VERSION,
    game="core.games.hegemonic.game:Game",
    words="core.games.hegemonic.words:WORDS",
    bots="core.games.hegemonic.bots:model",
    invariants="core.games.hegemonic.invariants",
    client="tui.games.hegemonic:UI",
    settings=(Setting("layout", "Galaxy", LAYOUTS, "suggested"),
              Setting("homes", "Homes", HOME_RULES, "recommended")),
    modules=(
        Module("learning", "Learning Game"),
        Module("discard_piles", "Multiple Technology Discard Piles"),
        Module("draft", "Technology Draft"),
        Module("longer", "Longer Game"),
        Module("wild_homes", "\u201cWild\u201d Home Embassies"),
        Module("leaders", "Leaders"),
    ),
    maps=("suggested",),
    pick_kind="home",
    vp_keys=("boards", "technology"),
    stats=(Stat("battles"), Stat("gifts")),  # its conflicts; CAPs given (counted in the log)
    bounds=Bounds(coordinates=("q", "r", "center"), extent=24),  # six boards reach 7 out
)
