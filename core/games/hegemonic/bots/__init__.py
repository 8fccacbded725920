"""What Hegemonic's searching bots know of the game: sampled worlds and a judgement."""
