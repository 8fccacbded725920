"""The Fractured Atlas ruleset (a 4X game on the Decktet, by Mike Everett-Lane).

People read its name as "Fractured Atlas"; the shell knows it as ``atlas``.
"""

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "2"
