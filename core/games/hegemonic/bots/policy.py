"""How Hegemonic's searches play the prompts they do not judge (``Model.policy``): the
turns of settling and rollouts, where a random answer says little of what a position is
worth (it ends turns early, scraps Advanced Technologies, starts conflicts it cannot win).

In a turn an action is always taken while one is left: a BUILD (which the planner plays)
before BASIC's 2 CAPs, and CAPITALIZE before SURVEY and RESEARCH; conflicts are left to the
searches' own choices. A draw comes from the draw pile; RESEARCH keeps the hand. Every
other prompt is answered at random.
"""

from __future__ import annotations

from typing import Any

from core.decisions import DONE, Prompt
from core.rng import Rng

ACTIONS = ("action:build", "action:basic", "action:capitalize", "action:survey",
           "action:research")
FIXED = {"basic": "caps", "draw_source": "deck", "research_discard": DONE}


def policy(game: Any, prompt: Prompt, rng: Rng) -> str | None:
    if prompt.kind == "action":
        return next((a for a in ACTIONS if a in prompt.options), DONE)
    choice = FIXED.get(prompt.kind)
    return choice if choice in prompt.options else None
