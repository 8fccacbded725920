"""What one seat may know of an Alien Artifacts game (``hidden.py`` says why): its own
hand, Defense Plans, Alien Artifacts and prompt; of the others their counts; everyone's
boards, Banks and VP; the Available Alien System, the round marker, the deck counts, the
top card of each card deck by its public side and the cards the seat saw go under a deck
(R31), the discard piles, and the stack of tasks in progress without its secrets: the
cards another seat's Buy or look turned over (their number only) and a Defense Plan
chosen, shown to its defender alone (``hidden.py``). A card the seat knows by its face
only is named by its alias everywhere (``faces.py``)."""

from __future__ import annotations

from typing import Any

from core.events import SPECTATOR
from core.games.artifacts import faces
from core.games.artifacts.cards import card_deck
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.hidden import HIDDEN_PLAN, PUBLIC_OPTIONS
from core.games.artifacts.scoring import standings
from core.games.artifacts.state import Card, Player, State, Task
from core.games.artifacts.tokens import supply
from core.plain import to_plain


def _card(card: Card, names: dict[str, str]) -> dict[str, Any]:
    return {"id": names.get(card.id, card.id), "kind": card.kind, "side": card.side,
            "tokens": card.tokens, "under": list(card.under)}


def _player(player: Player, seat: int, names: dict[str, str]) -> dict[str, Any]:
    mine = player.seat == seat
    return {
        "seat": player.seat, "name": player.name, "faction": player.faction,
        "credits": player.credits, "vp": player.vp, "end_vp": dict(player.end_vp),
        "hand": list(player.hand) if mine else None, "hand_count": len(player.hand),
        "plans": list(player.plans) if mine else None, "plan_count": len(player.plans),
        "artifacts": list(player.artifacts) if mine else None,
        "artifact_count": len(player.artifacts),
        "construction": [_card(c, names) for c in player.construction],
        "empire": [_card(c, names) for c in player.empire],
        "used": list(player.used), "attacked": list(player.attacked),
    }


def _task(task: Task, seat: int, names: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = faces.disguise(to_plain(task.data), names)
    if task.kind == "take" and task.seat != seat:
        data["hidden"] = len(data.pop("cards"))
    if task.kind in ("attack", "strike") and data.get("defender", -1) not in (-1, seat) \
            and data.get("stage") != "plan":
        data["plan"] = HIDDEN_PLAN
    return {"kind": task.kind, "seat": task.seat, "data": data}


def _deck(content: Content, state: State, kind: str, known: set[str]) -> dict[str, Any]:
    """A card deck as a seat sees it (R31): its count; its top card by its public side
    (the Logistics side lies up, AA:97-99); the cards in it the seat has seen (``known``),
    each with its place counted from the bottom (0): what a Buy or a look put under the
    deck, which later cards put under it only push up by a public count."""
    deck = card_deck(state, kind)
    top = ""
    if deck:
        top = deck[-1]
        if top not in known and faces.ambiguous(content, top):
            top = faces.face(content, top)
    return {"count": len(deck), "top": top,
            "known": [[card, i] for i, card in enumerate(deck) if card in known]}


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
    """The view; a card the seat knows by its face only is named by its alias (faces.py)
    on the boards and in the tasks in progress, the only places it can be named."""
    names = faces.aliases(content, state, seat)
    # the cards the seat saw go under a deck: its own looks, and every card shown
    known = set(state.shown).union(state.players[seat].seen if 0 <= seat < len(state.players)
                                   else ())
    options = {k: v for k, v in to_plain(state.options).items() if k in PUBLIC_OPTIONS}
    return {
        "seat": seat,
        "options": options,
        "phase": state.phase,
        "players": [_player(p, seat, names) for p in state.players],
        "system": state.system,
        "marker": state.marker, "passes": state.passes, "ending": state.ending,
        "first": state.first, "turn": state.turn, "turns": state.turns,
        "deck_count": len(state.deck), "discard": list(state.discard),
        "decks": {k: _deck(content, state, k, known) for k in KINDS},
        "plan_count": len(state.plans), "artifact_count": len(state.artifacts),
        "tokens_left": supply(content, state),
        "artifact_pile": list(state.artifact_pile), "system_count": len(state.systems),
        "factions_left": list(state.factions) if state.options.factions == "chosen" else [],
        "stack": [_task(t, seat, names) for t in state.stack],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat and seat != SPECTATOR],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "standings": standings(state),
        "attack": _attack(state, seat),
    }
