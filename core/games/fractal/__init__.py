"""The Fractal ruleset."""

# Raised whenever a change makes an old decision log replay differently; saves record it.
RULES_VERSION = "2"
