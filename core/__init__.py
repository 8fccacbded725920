"""The kernel: decisions, randomness, events, words, the registry of games; each game lives
in a package of its own under core/games."""

# The command's name, and its data directory's: the program is named after its first game.
PROGRAM = "fractal"
