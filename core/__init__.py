"""The game kernel: decisions, randomness, events, hex grid; rulesets live in subpackages."""
