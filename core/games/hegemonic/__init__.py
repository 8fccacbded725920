"""The Hegemonic ruleset: galactic expansion, conflict and intrigue for 2 to 6 players.

The rulebook is the source of truth; docs/hegemonic.md records how the program reads its
open points and the numbers it designed where the printed ones are lost.
"""

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "1"
