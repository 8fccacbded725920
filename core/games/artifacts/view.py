"""What one seat may know of an Alien Artifacts game (``hidden.py`` says why): its own
hand, Defense Plans, Alien Artifacts and prompt; of the others their counts; everyone's
boards, Banks and VP; the Available Alien System, the round marker, the deck counts, the
top card of each card deck by its Type (R31), the discard piles, and the stack of tasks
in progress without its secrets: the cards another seat's Buy or look turned over (their
number only) and a Defense Plan chosen, shown to its defender alone (``hidden.py``)."""

from __future__ import annotations

from typing import Any

from core.events import SPECTATOR
from core.games.artifacts.board import kind_type
from core.games.artifacts.cards import card_deck
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.hidden import HIDDEN_PLAN, PUBLIC_OPTIONS
from core.games.artifacts.scoring import standings
from core.games.artifacts.state import Card, Player, State, Task
from core.games.artifacts.tokens import supply
from core.plain import to_plain


def _card(card: Card) -> dict[str, Any]:
    plain: dict[str, Any] = to_plain(card)
    return plain


def _player(player: Player, seat: int) -> dict[str, Any]:
    mine = player.seat == seat
    return {
        "seat": player.seat, "name": player.name, "faction": player.faction,
        "credits": player.credits, "vp": player.vp, "end_vp": dict(player.end_vp),
        "hand": list(player.hand) if mine else None, "hand_count": len(player.hand),
        "plans": list(player.plans) if mine else None, "plan_count": len(player.plans),
        "artifacts": list(player.artifacts) if mine else None,
        "artifact_count": len(player.artifacts),
        "construction": [_card(c) for c in player.construction],
        "empire": [_card(c) for c in player.empire],
        "used": list(player.used), "attacked": list(player.attacked),
    }


def _task(task: Task, seat: int) -> dict[str, Any]:
    data: dict[str, Any] = to_plain(task.data)
    if task.kind == "take" and task.seat != seat:
        data["hidden"] = len(data.pop("cards"))
    if task.kind in ("attack", "strike") and data.get("defender", -1) not in (-1, seat) \
            and data.get("stage") != "plan":
        data["plan"] = HIDDEN_PLAN
    return {"kind": task.kind, "seat": task.seat, "data": data}


def _top_type(content: Content, state: State, kind: str) -> str:
    deck = card_deck(state, kind)
    if not deck:
        return ""
    return kind_type(content, kind, deck[-1])


def _attack(state: State, seat: int) -> dict[str, Any] | None:
    """The attack under way (``attack.py``): who attacks what, the strike being revealed and
    the latest result; the defender's plan only to the defender until a strike resolves."""
    attack = next((t for t in reversed(state.stack) if t.kind == "attack"), None)
    if attack is None or "target" not in attack.data:
        return None
    data = attack.data
    strike = next((t.data for t in reversed(state.stack) if t.kind == "strike"), None)
    chosen = data["stage"] != "plan"
    shown = chosen and (data.get("last") is not None or seat == data["defender"])
    return {
        "attacker": attack.seat, "target": data["target"], "defender": data["defender"],
        "system": state.system, "plan": data["plan"] if shown else None,
        "ships": list(data["done"]), "mode": data["mode"],
        "strike": None if strike is None else {
            "ship": strike["ship"], "cards": list(strike["cards"]),
            "number": strike["number"], "boost": strike["boost"]},
        "last": data.get("last"),
    }


def view_of(state: State, content: Content, seat: int) -> dict[str, Any]:
    options = {k: v for k, v in to_plain(state.options).items() if k in PUBLIC_OPTIONS}
    return {
        "seat": seat,
        "options": options,
        "phase": state.phase,
        "players": [_player(p, seat) for p in state.players],
        "system": state.system,
        "marker": state.marker, "passes": state.passes, "ending": state.ending,
        "first": state.first, "turn": state.turn, "turns": state.turns,
        "deck_count": len(state.deck), "discard": list(state.discard),
        "decks": {k: {"count": len(card_deck(state, k)), "top_type": _top_type(content, state, k)}
                  for k in KINDS},
        "plan_count": len(state.plans), "artifact_count": len(state.artifacts),
        "tokens_left": supply(content, state),
        "artifact_pile": list(state.artifact_pile), "system_count": len(state.systems),
        "factions_left": list(state.factions) if state.options.factions == "chosen" else [],
        "stack": [_task(t, seat) for t in state.stack],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat and seat != SPECTATOR],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "standings": standings(state),
        "attack": _attack(state, seat),
    }
