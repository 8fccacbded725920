"""Per-seat views: everything a seat may know, and nothing else.

A view is plain data. It is the only thing a screen, a bot or a remote seat receives.
Hidden here: other seats' tactic cards and insight, face-down events, face-down
technologies, deck order, the unrevealed Age 2 objective, and what others are deciding.
"""

from __future__ import annotations

from typing import Any

from core.events import SPECTATOR
from core.fractal.content import Content
from core.fractal.state import Player, State, Task
from core.plain import to_plain

# Fields of a task's data that only the task's own seat may see: the cards an insight is
# putting back, the artifacts being chosen from.
PRIVATE_FIELDS = {"insight": ("hand",), "draw_artifacts": ("drawn",)}


def view_of(state: State, content: Content, seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "options": to_plain(state.options),
        "players_count": len(state.players),
        "cycle": state.cycle,
        "phase": state.phase,
        "first_player": state.first_player,
        "watcher": state.watcher,
        "turn": state.turn,
        "players": [_player(p, seat) for p in state.players],
        "sectors": [_sector(s) for s in state.sectors],
        "units": [[u.id, u.owner, u.kind, u.where, u.damage, u.moved, u.black]
                  for u in state.units],
        "storms": to_plain(state.storms),
        "storm_ids": list(state.storm_ids),
        "tech": {kind: [_slot(s) for s in slots] for kind, slots in state.tech.items()},
        "tech_discard": {kind: list(cards) for kind, cards in state.tech_discard.items()},
        "action_pool": list(state.action_pool),
        "action_deck": len(state.action_deck),
        "action_discard": list(state.action_discard),
        "artifact_deck": len(state.artifact_deck),
        "artifact_discard": list(state.artifact_discard),
        "faction_offer": list(state.faction_offer),
        "objectives": [state.objectives[0],
                       state.objectives[1] if state.age2_revealed else None],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting_for": sorted({p.seat for p in state.prompts}),
        "winners": list(state.winners),
        "stats": dict(state.stats),
        "stack": [_task(t, seat) for t in state.stack],
    }


def spectator_view(state: State, content: Content) -> dict[str, Any]:
    return view_of(state, content, SPECTATOR)


def _player(player: Player, viewer: int) -> dict[str, Any]:
    own = player.seat == viewer
    record: dict[str, Any] = {
        "seat": player.seat, "name": player.name, "colour": player.colour,
        "faction": player.faction, "government": player.government,
        "mastery_elite": player.mastery_elite, "credits": player.credits,
        "influence": player.influence, "taken": dict(player.taken),
        "markers": {a: [m.used, m.depleted, m.cost] for a, m in player.markers.items()},
        "technologies": list(player.technologies), "artifacts": list(player.artifacts),
        "resolved": list(player.resolved), "played_cards": list(player.played_cards),
        "passed": player.passed, "medals": player.medals, "vp": dict(player.vp),
        "vp_tokens": player.vp_tokens, "hand_size": len(player.tactics),
        "pool": player.pool, "exhausted": list(player.exhausted),
        "faction_tokens": player.faction_tokens, "extra_cards": player.extra_cards,
    }
    if own:
        record["hand"] = list(player.tactics)
        record["known"] = list(player.known)
    return record


def _sector(sector: Any) -> dict[str, Any]:
    return {
        "id": sector.id, "q": sector.q, "r": sector.r, "tile": sector.tile,
        "kind": sector.kind, "spaces": [[s.accepts, s.owner, s.track] for s in sector.spaces],
        "event_kind": sector.event_kind, "event_face_up": sector.event_face_up,
        "event": sector.event if sector.event_face_up else None,
        "battle_medal": sector.battle_medal, "blockade_medal": sector.blockade_medal,
        "anomaly_resolved": sector.anomaly_resolved,
    }


def _task(task: Task, viewer: int) -> dict[str, Any]:
    """A task in progress as the viewer may see it: others' secrets left out (a battle's
    tactics chosen but not yet revealed, the cards someone else is looking at)."""
    data = dict(task.data)
    if task.seat != viewer:
        for key in PRIVATE_FIELDS.get(task.kind, ()):
            data.pop(key, None)
    if task.kind == "battle" and "chosen" in data:
        data["chosen"] = {k: v for k, v in data["chosen"].items() if k == str(viewer)}
    return {"kind": task.kind, "seat": task.seat, "data": to_plain(data)}


def _slot(slot: Any) -> dict[str, Any]:
    return {
        "top": slot.cards[-1] if slot.cards and slot.top_face_up else None,
        "cards": len(slot.cards),
        "science": {str(k): v for k, v in slot.science.items()},
    }
