"""What Fractal's bots know of its rules: sampled worlds, the judgement of a position
and the opening book."""
