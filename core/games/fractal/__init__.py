"""The Fractal ruleset: a 4X space board game for 2 to 4 players (docs/rules-coverage.md)."""

from core.bounds import Bounds
from core.declaration import WHEN, Declaration, Module, Setting, Stat

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "5"

MAPS = ("extended", "compact")

GAME = Declaration(
    name="fractal",
    title="Fractal",
    players=(2, 3, 4),
    rules_version=RULES_VERSION,
    game="core.games.fractal.game:Game",
    words="core.games.fractal.words:WORDS",
    bots="core.games.fractal.bots:model",
    invariants="core.games.fractal.invariants",
    client="tui.games.fractal:UI",
    settings=(Setting("map", "Map", MAPS, "extended"),
              Setting("factions", "Factions", ("chosen", "random"), "chosen")),
    modules=(
        Module("wartime_innovation", "Wartime innovation"),
        Module("elite_training", "Elite training"),
        Module("diplomacy", "Diplomacy"),
        Module("dawn_of_the_galaxy", "Dawn of the Galaxy"),
        Module("fracture", "The Fracture"),
    ),
    maps=MAPS,
    pick_kind="faction",
    vp_keys=("imperial", "military", "scientific", "productive", "exploration", "tokens"),
    stats=(Stat("battles"), Stat("sieges"), Stat("retreats"), Stat("fracture_entered", WHEN)),
    bounds=Bounds(coordinates=("q", "r"), extent=12),  # either map reaches 6 hexes out
)
