"""What must hold after every step of any Hegemonic game: the simulator's and the tests'
net. Each check returns the broken invariants as one-line messages (empty when all is
well).

- :func:`check_state`: every Base counted on its owner's track and within its Location's
  room, nothing of a player's in another player's Home, Units and gate pairs where they
  may be, every Technology Card and Sector Tile in exactly one place, hands and Advanced
  Technologies within their limits.
- :func:`check_view` and :func:`check_events`: what a seat receives holds none of the
  others' hidden information (``hidden.py``): no card of another hand, of the draw pile or
  dealt or passed to another seat, no tile of the stack, out of the game or dealt to
  another seat, no secret choice before its reveal.

core.rulesets.Checker runs them with the kernel's own (core.checks: prompts well formed,
secret event fields, the seed and the generator's state), and replays the log, for the
simulator and the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from core.checks import leaves, named
from core.games.hegemonic import conflict, hidden, pieces
from core.games.hegemonic.content import KINDS, Content, load_content
from core.games.hegemonic.state import State


def check_state(state: State, content: Content | None = None,
                start: State | None = None) -> list[str]:
    """Broken invariants of a state (the rules fix every count of pieces, so ``start``,
    the state when checking began, adds nothing here)."""
    content = content or load_content()
    if not state.sectors:
        return []
    return [*_bases(state, content), *_units(state, content), *_cards(state, content),
            *_tiles(state, content)]


def _bases(state: State, content: Content) -> list[str]:
    problems = []
    counted = [[0, 0, 0] for _ in state.players]
    for i, loc in enumerate(state.locations):
        room = loc.power if loc.kind == "martial" else 1
        if not 0 <= loc.height <= room or (loc.owner < 0) != (loc.height == 0):
            problems.append(f"Location {i} holds {loc.height} Bases of seat {loc.owner}")
            continue
        if loc.owner >= 0:
            counted[loc.owner][KINDS.index(loc.kind)] += loc.height
            if pieces.foreign_home(state, loc.sector, loc.owner):
                problems.append(f"seat {loc.owner} has a Base in another player's Home")
    for player in state.players:
        if player.built != counted[player.seat]:
            problems.append(f"seat {player.seat}'s tracks say {player.built} Bases, the map "
                            f"{counted[player.seat]}")
        for kind, built in zip(KINDS, player.built, strict=True):
            if not 0 <= built <= content.tracks[kind].bases:
                problems.append(f"seat {player.seat} has built {built} of {kind}")
        if player.caps < 0:
            problems.append(f"seat {player.seat} has {player.caps} CAPs")
        if not 0 <= player.level <= 3 or (player.leader and "leaders" not in state.modules):
            problems.append(f"seat {player.seat}'s Leader is at level {player.level}")
    return problems


def _units(state: State, content: Content) -> list[str]:
    problems = []
    n = len(state.sectors)
    per_kind = content.units.per_kind
    for p in state.players:
        if len(p.agents) != per_kind or len(p.fleets) != per_kind or len(p.gates) != per_kind:
            problems.append(f"seat {p.seat} owns the wrong number of Units")
        for at in (*p.agents, *p.fleets):
            if at >= 0 and (at >= n or not state.sectors[at].tile
                            or pieces.foreign_home(state, at, p.seat)):
                problems.append(f"seat {p.seat} has a Unit in sector {at}")
        for pair in p.gates:
            if pair and (len(pair) != 2 or pair[0] == pair[1]
                         or any(not 0 <= s < n or not state.sectors[s].tile for s in pair)):
                problems.append(f"seat {p.seat} has a broken gate pair {pair}")
    return problems


def _cards(state: State, content: Content) -> list[str]:
    problems = []
    held = [*state.deck, *state.out, *conflict.cards_in_play(state)]
    for pile in state.piles:
        held += pile
    for p in state.players:
        held += [*p.hand, *p.inactive, *p.advanced, *p.draft]
        if len(p.advanced) > content.empire.slots:
            problems.append(f"seat {p.seat} has {len(p.advanced)} Advanced Technologies")
        techs = [content.cards[c].tech for c in p.advanced]
        if len(set(techs)) != len(techs):
            problems.append(f"seat {p.seat} has a Technology advanced twice")
        if len(p.hand) + len(p.inactive) > content.empire.hand + 1:
            problems.append(f"seat {p.seat} holds {len(p.hand)} + {len(p.inactive)} cards")
    if state.phase != "setup" or state.deck:
        counts = Counter(held)
        if sorted(counts) != sorted(content.cards) or set(counts.values()) != {1}:
            problems.append("the Technology Cards are not each in exactly one place")
    return problems


def _tiles(state: State, content: Content) -> list[str]:
    if not (state.draw or state.unused or state.pool):
        return []
    placed = [s.tile for s in state.sectors if s.tile and s.home < 0]
    dealt = [t for p in state.players for t in p.dealt]
    every = [*placed, *dealt, *state.draw, *state.unused, *state.pool]
    if sorted(every) != sorted(content.tiles):
        return ["the Sector Tiles are not each in exactly one place"]
    return []


# --- hidden information --------------------------------------------------------------------


def _secrets(state: State, seat: int) -> Iterator[tuple[str, str]]:
    """(card or tile id, where) for everything ``seat`` may not know of."""
    for card in state.deck:
        yield card, "the draw pile"
    for tile in (*state.draw, *state.unused):
        yield tile, "the tile stack"
    for p in state.players:
        if p.seat == seat:
            continue
        for card in (*p.hand, *p.draft):
            yield card, f"seat {p.seat}'s hand"
        for tile in p.dealt:
            yield tile, f"the tiles dealt to seat {p.seat}"


def _found(state: State, seat: int, value: Any, where: str) -> list[str]:
    return named(_secrets(state, seat), leaves(value), where)


def check_view(state: State, seat: int, view: dict[str, Any]) -> list[str]:
    problems = _found(state, seat, view, f"seat {seat}'s view")
    for p in view["players"]:
        if p["seat"] != seat and (p.get("hand") is not None or p.get("dealt") is not None
                                  or p.get("draft") is not None or "choice" in p):
            problems.append(f"seat {seat}'s view shows seat {p['seat']}'s hand or choice")
    return problems


def check_events(state: State, seat: int, records: list[dict[str, Any]]) -> list[str]:
    """Secrets in the records ``seat`` receives of one decision: another seat's secret
    fields, or a card or tile it may not know of in a field the policy does not open to
    all (a card shown there may since have gone back into the deck or a hand)."""
    problems = []
    for record in records:
        kind = record["kind"]
        secret = hidden.SECRET_EVENT_FIELDS.get(kind, ())
        shown = set(hidden.PUBLIC_CARD_FIELDS.get(kind, ()))
        if record["seat"] == seat:
            shown.update(secret)
        rest = {k: v for k, v in record.items() if k not in shown}
        problems += _found(state, seat, rest, f"a {kind} event for seat {seat}")
    return problems
