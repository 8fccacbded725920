"""Per-seat views: everything a seat may know, and nothing else, as plain data.

The view is what a screen, a bot or a remote seat receives of a game; what it leaves out
is decided in ``hidden.py``. Besides the state's public facts it carries what the engine
works out cheaply and every screen needs: each player's track readings (income, next cost,
retention, tier, supply), each board's power and VP as it stands, and the empty hexes.
Every field is described in docs/hegemonic.md; a change of shape raises :data:`VERSION`.
"""

from __future__ import annotations

from typing import Any

from core.games.hegemonic import empire, galaxy, hidden, scoring
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.state import Player, State
from core.plain import to_plain

VERSION = 1
RULESET = "hegemonic"


def view_of(state: State, content: Content, seat: int, derived: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (-1 for a spectator). ``derived=False`` leaves out what is
    worked out from the rest for screens (each board's standing, the empty hexes)."""
    view: dict[str, Any] = {
        "version": VERSION,
        "ruleset": RULESET,
        "seat": seat,
        "options": {name: to_plain(getattr(state.options, name))
                    for name in hidden.PUBLIC_OPTIONS},
        "round": state.round,
        "phase": state.phase,
        "arbiter": state.arbiter,
        "order": list(state.order),
        "turn": state.turn,
        "boards": [list(b) for b in state.boards],
        "center": list(content.galaxy.core[0]),
        "sectors": [{"id": i, "q": s.q, "r": s.r, "board": s.board, "tile": s.tile or None,
                     "home": s.home, "faction": s.faction or None,
                     "locations": list(s.locations)}
                    for i, s in enumerate(state.sectors)],
        "locations": [{"id": i, "sector": loc.sector, "kind": loc.kind, "power": loc.power,
                       "owner": loc.owner, "height": loc.height}
                      for i, loc in enumerate(state.locations)],
        "players": [_player(state, content, p, seat) for p in state.players],
        "pool": list(state.pool),
        "stack_size": len(state.draw),
        "deck_size": len(state.deck),
        "piles": [list(p) for p in state.piles],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "stats": dict(state.stats),
        "stack": [{"kind": t.kind, "seat": t.seat, "data": to_plain(t.data)}
                  for t in state.stack],
        "standings": scoring.standings(state, content),
    }
    if derived:
        powers = scoring.board_power(state)
        scores = scoring.round_scores(state, content)
        view["board_standings"] = [{"board": b, "power": powers[b], "vp": scores[b]}
                                   for b in sorted(powers)]
        view["empty"] = galaxy.empty_hexes(state)
    return view


def _player(state: State, content: Content, player: Player, viewer: int) -> dict[str, Any]:
    own = player.seat == viewer
    record: dict[str, Any] = {
        "seat": player.seat, "name": player.name, "colour": player.colour,
        "house": player.house, "caps": player.caps, "vp": player.vp, "tech_vp": player.tech_vp,
        "tracks": {kind: {"built": player.built[i],
                          "supply": empire.supply(content, player, kind),
                          "next_cost": empire.next_cost(content, player, kind),
                          "income": empire.income(content, player, kind),
                          "tier": empire.tier(content, player, kind)}
                   for i, kind in enumerate(KINDS)},
        "income": empire.total_income(content, player),
        "retention": empire.retention(content, player),
        "agents": list(player.agents), "fleets": list(player.fleets),
        "gates": [list(g) for g in player.gates],
        "advanced": list(player.advanced), "inactive": list(player.inactive),
        "hand": list(player.hand) if own else None, "hand_size": len(player.hand),
        "dealt": list(player.dealt) if own else None, "dealt_size": len(player.dealt),
        "draft": list(player.draft) if own else None, "draft_size": len(player.draft),
        "card": player.card or None, "chosen": player.seat in state.chosen,
        "attacked": list(player.attacked), "backed": list(player.backed),
        "leader": player.leader or None, "level": player.level,
    }
    if own:
        record["choice"] = state.chosen.get(player.seat)
    return record
