"""What Fractured Atlas's bots know of its rules: sampled worlds and the judgement of a position."""
