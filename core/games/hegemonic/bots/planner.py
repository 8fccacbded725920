"""The build planner: how Hegemonic's bots play a BUILD, piece by piece (``Model.plan``).

A BUILD is a chain of prompts, one per piece, each opening new Locations in range: searched
piece by piece it branches too widely for a bot's second, and played at random it says
little of what the BUILD was worth. So the bots choose *whether* to build (the action) and
leave *what* to this planner, which the searches then treat as one macro-move.

The planner is greedy: at each prompt it takes the piece that gains most, priced as the
judgement prices a position (``outlook.py``, ``value.py``), and stops when nothing gains:

- a Base: the VP its board's standing gives more to the seat, less what it gives the
  others, for every scoring left; the income its track gains; the open Locations its range
  adds; less its cost in CAPs;
- an Agent or a Fleet: what a Unit on the map is worth, and the Locations it puts in range,
  less its cost (none when a Leader builds it);
- a Base moved (an empty track, Transcendency Routine, Brane Manipulation): the standings
  where it leaves and where it goes, less the price;
- Quantum Gates are left to a bot's own choice: never planned.

Ties go to the first option, so a plan is reproducible.
"""

from __future__ import annotations

from typing import Any

from core.decisions import DONE, Prompt, int_arg
from core.games.hegemonic import pieces, scoring
from core.games.hegemonic.arbitration import caps_kept
from core.games.hegemonic.bots.outlook import Outlook, outlook
from core.games.hegemonic.bots.value import SITE, UNIT, sites
from core.games.hegemonic.build import (
    BRANE_COST,
    TRANSCEND_COST,
    UNIT_KIND,
    base_cost,
    relocation_sites,
    unit_cost,
)
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.geometry import Geometry, geometry
from core.games.hegemonic.state import State

PLANNED = frozenset({"build", "relocate_to"})
NOTHING = 1e-6  # a gain smaller than this is none


class Pricing:
    """What the seat's pieces would gain, on one position."""

    def __init__(self, state: State, content: Content, seat: int) -> None:
        self.state, self.content, self.seat = state, content, seat
        self.ahead: Outlook = outlook(state)
        self.geo: Geometry = geometry(state)
        self.powers = scoring.board_power(state)
        self.caps = state.players[seat].caps
        self.found: dict[str, int] = {}  # the seat's open Locations in range now, by kind
        self.limit = caps_kept(content, state.players[seat])

    def spend(self, cost: int) -> float:
        """What paying ``cost`` CAPs loses: little while they are over the Retention Limit."""
        ahead = self.ahead
        return ahead.caps(self.caps, self.limit) - ahead.caps(self.caps - cost, self.limit)

    def standing(self, changes: dict[int, int]) -> float:
        """VP gained by the seat over the others' mean when board powers change."""
        content, seat = self.content, self.seat
        gained = 0.0
        for board, add in changes.items():
            before = self.powers[board]
            after = list(before)
            after[seat] += add
            old = scoring.score_board(content, before, board == 0)
            new = scoring.score_board(content, after, board == 0)
            deltas = [n - o for n, o in zip(new, old, strict=True)]
            others = [d for s, d in enumerate(deltas) if s != seat]
            gained += deltas[seat] - (sum(others) / len(others) if others else 0.0)
        return self.ahead.standing * gained

    def sites(self, kind: str) -> int:
        return sites(self.state, self.content, (kind,), self.seat)[self.seat]

    def sites_now(self, kind: str) -> int:
        if kind not in self.found:
            self.found[kind] = self.sites(kind)
        return self.found[kind]

    def worth(self, loc_id: int) -> int:
        """A Base's scoring power on a Location."""
        loc = self.state.locations[loc_id]
        home = self.state.sectors[loc.sector].home >= 0
        return loc.power if loc.kind == "political" and not home else 1

    def board(self, loc_id: int) -> int:
        return self.state.sectors[self.state.locations[loc_id].sector].board

    def base(self, loc_id: int, free: bool) -> float:
        state, content, seat = self.state, self.content, self.seat
        kind = state.locations[loc_id].kind
        cost = 0 if free else base_cost(state, content, seat, loc_id, self.geo)
        track = content.tracks[kind]
        built = state.players[seat].built[KINDS.index(kind)]
        income = track.income[built] - track.income[max(built - 1, 0)]
        before = self.sites_now(kind)
        pieces.place_bases(state, seat, loc_id)
        after = self.sites(kind)
        pieces.remove_bases(state, loc_id, 1)
        return (self.standing({self.board(loc_id): self.worth(loc_id)})
                + self.ahead.income * income - self.spend(cost)
                + SITE * self.ahead.later * (after - before))

    def unit(self, unit: str, sector: int, free: bool) -> float:
        state, content, seat = self.state, self.content, self.seat
        player = state.players[seat]
        units = player.agents if unit == "agent" else player.fleets
        cost = 0 if free else unit_cost(content, unit)
        kind = UNIT_KIND[unit]
        before = self.sites_now(kind)
        index = units.index(-1)
        units[index] = sector
        after = self.sites(kind)
        units[index] = -1
        worth = UNIT if self.ahead.scorings > 1 else 0.0
        return worth - self.spend(cost) + SITE * self.ahead.later * (after - before)

    def move(self, src: int, dest: int, price: int) -> float:
        changes: dict[int, int] = {}
        for loc_id, sign in ((src, -1), (dest, 1)):
            board = self.board(loc_id)
            changes[board] = changes.get(board, 0) + sign * self.worth(loc_id)
        return self.standing(changes) - self.spend(price)


def plan(game: Any, prompt: Prompt) -> str | None:
    """The planner's choice for a BUILD's prompts, None for every other prompt."""
    if prompt.kind not in PLANNED:
        return None
    state: State = game.state
    pricing = Pricing(state, game.content, prompt.seat)
    task = state.stack[-1]
    if prompt.kind == "relocate_to":
        price = task.data["cost"]
        return _best([(o, pricing.move(task.data["src"], int_arg(o), price))
                      for o in prompt.options])
    free = "free" in task.data
    return _best([(o, _gain(pricing, o, free)) for o in prompt.options], DONE)


def _gain(pricing: Pricing, option: str, free: bool) -> float:
    head, _, rest = option.partition(":")
    if head == "build":
        return pricing.base(int(rest), free)
    if head in UNIT_KIND:
        return pricing.unit(head, int(rest), free)
    if head in ("relocate", "transcend", "brane"):
        return _best_move(pricing, head, int(rest))
    return -1.0  # done is worth 0; Quantum Gates are never planned


def _best_move(pricing: Pricing, head: str, src: int) -> float:
    state, content = pricing.state, pricing.content
    mode = "track" if head == "relocate" else head
    kind = state.locations[src].kind
    price = {"track": content.tracks[kind].cost[0], "transcend": TRANSCEND_COST,
             "brane": BRANE_COST}[mode]
    sites = relocation_sites(state, content, pricing.seat, src, mode)
    return max((pricing.move(src, dest, price) for dest in sites), default=-1.0)


def _best(scored: list[tuple[str, float]], default: str | None = None) -> str:
    """The option that gains most (the first of equals); ``default`` unless one gains."""
    best, gain = default, NOTHING if default is not None else -float("inf")
    for option, value in scored:
        if value > gain:
            best, gain = option, value
    assert best is not None
    return best

