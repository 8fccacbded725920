"""The Fractal ruleset."""
