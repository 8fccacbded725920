"""How much of the game is left, and what VP, CAPs and positions are worth with it.

Both the judgement (``value.py``) and the build planner (``planner.py``) price things with
these numbers, so that the planner spends exactly where the judgement says spending pays.

- Scorings left: the Arbitrations still to come, this round's included. Each Expansion
  flips one tile from the stack and lays one on the map per player, and the game ends at
  the Arbitration where the stack is empty or the map full.
- A standing (the VP a board would give now) is counted once per scoring left, each later
  scoring worth ``HOLD`` of the one before: others build and attack in between.
- A CAP is worth what it buys: about ``CAP_VP`` VP at each scoring left after it is spent.
  Income still to collect is worth that at each collection to come. CAPs over the
  Retention Limit are discarded at the next Arbitration: each is worth a CAP only in the
  share of this round's Action Phases still to come after the current one (``spendable``),
  so that a bot spends them rather than banking them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from core.games.hegemonic import galaxy
from core.games.hegemonic.state import State

HOLD = 0.85  # the share of a standing still held one scoring later
CAP_VP = 0.3  # VP a CAP buys at each scoring after it is spent
BEFORE_ACTIONS = ("setup", "collection", "expansion")
# The share of a CAP over the Retention Limit that may still be spent before it is lost.
SPENDABLE = {"setup": 1.0, "collection": 1.0, "expansion": 1.0, "action1": 2 / 3,
             "action2": 1 / 3}


@cache
def held(scorings: int) -> float:
    """What a standing is worth over that many scorings, per VP it gives now."""
    return sum(HOLD ** k for k in range(max(scorings, 0)))


@cache
def _income(scorings: int, collections: int) -> float:
    return CAP_VP * sum(held(scorings - k) for k in range(1, collections + 1))


@dataclass(frozen=True, slots=True)
class Outlook:
    scorings: int  # Arbitrations still to come, this round's included
    collections: int  # Collections still to come
    spendable: float = 0.0  # what a CAP over the Retention Limit is worth, per CAP

    @property
    def standing(self) -> float:
        """What a standing is worth, per VP it would give now."""
        return held(self.scorings)

    @property
    def later(self) -> float:
        """What a standing from the next round on is worth, per VP it would give."""
        return held(self.scorings - 1)

    @property
    def cap(self) -> float:
        """What a CAP in hand is worth."""
        return CAP_VP * held(self.scorings)

    @property
    def income(self) -> float:
        """What a CAP of income is worth: one CAP at every collection to come."""
        return _income(self.scorings, self.collections)

    def caps(self, caps: int, limit: int) -> float:
        """What ``caps`` in hand are worth to a player whose Retention Limit is ``limit``."""
        over = max(caps - limit, 0)
        return self.cap * (caps - over + self.spendable * over)


def outlook(state: State) -> Outlook:
    if state.over:
        return Outlook(0, 0)
    n = len(state.players)
    tiles = len(state.draw) + (len(state.pool) if "longer" in state.modules else 0)
    empty = len(galaxy.empty_hexes(state))
    if state.phase in BEFORE_ACTIONS:  # this round's Expansion is still to come
        tiles, empty = max(tiles - n, 0), max(empty - n, 0)
    later = 0 if not tiles or not empty else min(-(-tiles // n), -(-empty // n))
    scorings = 1 + later
    collections = scorings if state.phase in ("setup", "collection") else later
    return Outlook(scorings, collections, SPENDABLE.get(state.phase, 0.0))

