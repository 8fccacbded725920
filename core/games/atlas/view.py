"""Per-seat views: everything a seat may know, and nothing else, as plain data.

The view is what a screen, a bot or a remote seat receives of a game; what it leaves out
is decided in ``hidden.py``. Besides the state's public facts it carries what only the
engine can work out cheaply: who rules each Place and everyone's influence there, the
waterways of the Sea and who may use them, the score as the board stands and the attack
being fought. Every field
is described in docs/fractured-atlas.md; a change of shape raises :data:`VERSION`.
"""

from __future__ import annotations

from typing import Any

from core.games.atlas import attack, board, hidden, scoring
from core.games.atlas.content import Content
from core.games.atlas.state import Player, State
from core.plain import to_plain

VERSION = 2
RULESET = "atlas"


def view_of(state: State, content: Content, seat: int, derived: bool = True) -> dict[str, Any]:
    """The view of ``seat``. ``derived=False`` leaves out what is worked out from the rest
    for screens (who rules each Place, the grid, the waterways, the standings table, the
    Places left to explore): the bots judge thousands of sampled positions a decision and
    read none of it."""
    n = len(state.players)
    table = scoring.standings(state, content)
    rows = {row.seat: row for row in table}
    view = {
        "version": VERSION,
        "ruleset": RULESET,
        "seat": seat,
        "options": {name: to_plain(getattr(state.options, name))
                    for name in hidden.PUBLIC_OPTIONS},
        "round": state.round,
        "phase": state.phase,
        "order": list(state.order),
        "turn": state.turn,
        "players": [_player(state, p, seat, rows[p.seat]) for p in state.players],
        "places": [{"id": i, "card": p.card, "x": p.x, "y": p.y,
                    "stacks": [list(s) for s in p.stacks],
                    "influence": board.influence(p, n)}
                   for i, p in enumerate(state.places)],
        "atlas": len(state.atlas),
        "atlas_bottom": list(state.atlas[:state.atlas_known]),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "moved_into": {str(place): seat for place, seat in state.moved_into.items()},
        "ending": state.ending,
        "last_round": state.last_round,
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "stats": dict(state.stats),
        "stack": [{"kind": t.kind, "seat": t.seat, "data": to_plain(t.data)}
                  for t in state.stack],
    }
    if derived:
        _derive(view, state, content, table)
    return view


def _derive(view: dict[str, Any], state: State, content: Content,
            table: list[scoring.Row]) -> None:
    n = len(state.players)
    grid = board.grid_neighbours(state, content)
    for i, (place, facts) in enumerate(zip(state.places, view["places"], strict=True)):
        facts["controller"] = board.controller(place, n)
        facts["neighbours"] = list(grid[i])
    ruler, linked = board.waterways_ruler(state, content)
    view["waterways"] = {"ruler": ruler, "places": list(linked)}
    placed = {p.card for p in state.places}
    view["atlas_left"] = sorted(c for c in content.locations if c not in placed)
    view["standings"] = [row.plain() for row in table]
    view["attack"] = _attack(state, content)


FOUGHT_OVER = ("gather", "rivals", "defend", "fight", "remove")


def _attack(state: State, content: Content) -> dict[str, Any] | None:
    """The attack on a Place held by rivals being fought (docs/fractured-atlas.md), or
    None: the numbers as they stand, then, once fought, as they were compared."""
    task = next((t for t in reversed(state.stack) if t.kind == "attack"), None)
    if task is None or task.data.get("stage") not in FOUGHT_OVER or not task.data["before"]:
        return None
    data, p = task.data, task.data["place"]
    place = state.places[p]
    named = list(data.get("defenders", []))
    defenders = named or attack.rivals_in(place, task.seat)  # those the attacker may name
    fought = data.get("fight")
    if fought:
        numbers, cards, came = (fought["attack"], fought["defense"]), fought["cards"], (
            fought["brought"])
    else:
        numbers = attack.standing(state, content, p, task.seat, defenders, data["before"])
        cards = []
        came = {str(s): n for s, n in attack.brought(place, data["before"]).items()}
    return {"place": p, "stage": data["stage"], "attacker": task.seat,
            "defenders": defenders, "named": bool(named) or len(defenders) == 1,
            "brought": came,
            "attack": numbers[0], "defense": numbers[1], "cards": cards,
            "won": data.get("won") if fought else None,
            "left": data.get("left", 0) if fought else 0}


def _player(state: State, player: Player, viewer: int, row: scoring.Row) -> dict[str, Any]:
    own = player.seat == viewer
    record: dict[str, Any] = {
        "seat": player.seat, "name": player.name, "colour": player.colour,
        "advisor": player.advisor or None, "advisor_tokens": player.advisor_tokens,
        "supply": player.supply, "on_map": board.tokens_on_map(state, player.seat),
        "hand": list(player.hand) if own else None, "hand_size": len(player.hand),
        "played": player.played or None, "took": player.took or None,
        "chosen": player.seat in state.chosen,
        "vp": {"fiefs": row.fiefs, "disputed": scoring.as_number(row.disputed),
               "tower": row.tower},
        "vp_total": scoring.as_number(row.total),
    }
    if own:
        record["dealt"] = list(player.dealt)
        record["choice"] = state.chosen.get(player.seat)
    return record
