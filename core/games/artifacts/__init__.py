"""Alien Artifacts: an engine-building card game of ships, technologies and planets around
a shared deck of Resource cards, for 2 to 5 players.

docs/alien-artifacts.md is the game as this program builds it (every open rule decided as
R1-R33). The engine is here, its words in words/, its bots in bots/, its client plug-in in
tui/games/artifacts/.
"""

from core.declaration import Declaration, Setting

# Raised whenever a change makes an old decision log replay differently; saves record it.
# 6: the Ix Wanderers and the Verdant Accord grow with the table; 7: the Dusk Syndicate
# too, at 4 players or more; 8: the Ix Wanderers' setup artifacts stop at 3, the Verdant
# Accord's VP a rival start at 3 players (issue 37)
RULES_VERSION = "8"

FACTION_RULES = ("dealt", "chosen")  # R26

GAME = Declaration(
    name="artifacts",
    title="Alien Artifacts",
    players=(2, 3, 4, 5),
    rules_version=RULES_VERSION,
    game="core.games.artifacts.game:Game",
    words="core.games.artifacts.words:WORDS",
    bots="core.games.artifacts.bots:model",
    invariants="core.games.artifacts.invariants",
    client="tui.games.artifacts:UI",
    settings=(Setting("factions", "Factions", FACTION_RULES, "dealt"),),
    pick_kind="faction",
    pick_setting="factions",
    vp_keys=("play", "empire", "technology", "faction"),
    stats=(),
)
