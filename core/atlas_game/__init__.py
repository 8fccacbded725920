"""The Fractured Atlas ruleset (a 4X game on the Decktet, by Mike Everett-Lane).

The package is named ``atlas_game`` so as not to clash with Fractal's atlas of map layouts;
people read its name as "Fractured Atlas", and the shell knows it as ``atlas``.
"""

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "1"
