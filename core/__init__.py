"""The kernel: decisions, randomness, events, words, the registry of games; each game lives
in a package of its own under core/games."""

DEFAULT_GAME = "fractal"  # what `fractal play` and a new game start when no game is named
# The command's name, and its data directory's: the program is named after its first game.
PROGRAM = DEFAULT_GAME

from core import native  # noqa: E402  (it reads PROGRAM)

native.guard()  # before any compiled module is imported: an out-of-date build runs the sources
