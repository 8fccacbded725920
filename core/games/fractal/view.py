"""Per-seat views: everything a seat may know, and nothing else, as a versioned wire form.

A view is plain data (msgpack holds it as it is). It is the only thing a screen, a bot or a
remote seat receives of the state; what it leaves out is decided in ``hidden.py``. Besides
the state's public facts it carries what a screen or a remote player needs and only the
engine can compute: who controls each sector, contested and blockaded sectors, each
sector's neighbours as storms and wormholes leave them, every player's VP total, income
preview and action costs, and the battle being fought (``battle_view.py``). Every field is
described in docs/view.md; a change of shape raises :data:`VERSION`.
"""

from __future__ import annotations

from typing import Any

from core.events import SPECTATOR
from core.games.fractal import board, empire, hidden, movement
from core.games.fractal.battle_view import battle_record
from core.games.fractal.content import Content
from core.games.fractal.income import income_preview
from core.games.fractal.scoring import standings
from core.games.fractal.state import Player, Sector, State, Task
from core.plain import to_plain

VERSION = 3
RULESET = "fractal"


def view_of(state: State, content: Content, seat: int, derived: bool = True) -> dict[str, Any]:
    """The view of ``seat``. ``derived=False`` leaves out what is computed from the rest for
    screens (control, neighbours, previews, costs, standings): the bots judge thousands of
    sampled positions a decision and read none of it."""
    view = {
        "version": VERSION,
        "ruleset": RULESET,
        "seat": seat,
        "options": {name: to_plain(getattr(state.options, name))
                    for name in hidden.PUBLIC_OPTIONS},
        "cycle": state.cycle,
        "age": (state.cycle + 1) // 2,
        "phase": state.phase,
        "first_player": state.first_player,
        "watcher": state.watcher,
        "turn": state.turn,
        "players": [_player(state, content, p, seat, derived) for p in state.players],
        "sectors": (_sectors(state, content) if derived
                    else [_sector_facts(s) for s in state.sectors]),
        "units": [{"id": u.id, "owner": u.owner, "kind": u.kind, "where": u.where,
                   "damage": u.damage, "moved": u.moved, "black": u.black}
                  for u in state.units],
        "storms": [_storm(storm_id, plain)
                   for storm_id, plain in zip(state.storm_ids, state.storms, strict=False)],
        "tech": {kind: [_slot(s) for s in slots] for kind, slots in state.tech.items()},
        "tech_discard": {kind: list(cards) for kind, cards in state.tech_discard.items()},
        "action_pool": list(state.action_pool),
        "action_deck": len(state.action_deck),
        "action_discard": list(state.action_discard),
        "artifact_deck": len(state.artifact_deck),
        "artifact_discard": list(state.artifact_discard),
        "faction_offer": list(state.faction_offer),
        "objectives": [state.objectives[0] if state.objectives else None,
                       state.objectives[1] if state.age2_revealed else None],
        "dawn_objective": state.objectives[2] if len(state.objectives) > 2 else None,
        "agreements": [to_plain(a) for a in state.agreements],
        "fracture": to_plain(state.fracture),
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "stats": dict(state.stats),
        "stack": [_task(t, seat) for t in state.stack],
    }
    if derived:
        view["standings"] = standings(state)
        view["battle"] = battle_record(state, content, seat)
    return view


def spectator_view(state: State, content: Content) -> dict[str, Any]:
    return view_of(state, content, SPECTATOR)


def _player(state: State, content: Content, player: Player, viewer: int,
            derived: bool) -> dict[str, Any]:
    seat = player.seat
    record: dict[str, Any] = {
        "seat": seat, "name": player.name, "colour": player.colour,
        "faction": player.faction, "government": player.government,
        "mastery_elite": player.mastery_elite, "credits": player.credits,
        "influence": player.influence, "taken": dict(player.taken),
        "markers": {action: {"used": m.used, "depleted": m.depleted}
                    for action, m in player.markers.items()},
        "hand": list(player.tactics),
        "technologies": list(player.technologies), "artifacts": list(player.artifacts),
        "resolved": list(player.resolved), "played_cards": list(player.played_cards),
        "extra_cards": player.extra_cards, "passed": player.passed, "medals": player.medals,
        "vp": dict(player.vp), "vp_tokens": player.vp_tokens,
        "vp_total": empire.total_vp(player),
        "exhausted": list(player.exhausted), "faction_tokens": player.faction_tokens,
        "pool": player.pool,
    }
    if derived:
        record.update(_player_derived(state, content, player))
    if seat == viewer:
        record["known"] = list(player.known)
    return record


def _player_derived(state: State, content: Content, player: Player) -> dict[str, Any]:
    seat = player.seat
    return {
        "science_tokens": empire.science_tokens_used(state, seat),
        "income": income_preview(state, content, seat) if player.faction else None,
        "costs": {
            "action_credits": empire.basic_action_cost(state, content, seat),
            "depletion": empire.depletion_value(state, content, seat),
            "action_cards": empire.action_card_limit(state, content, seat),
        },
        "capacity": {
            "movement_orders": movement.movement_orders(state, content, seat),
            "movement_range": movement.movement_ranges(state, content, seat),
            "research_science": empire.research_science(state, content, seat),
            "recruit": empire.recruit_options(state, content, seat),
        },
    }


def _sectors(state: State, content: Content) -> list[dict[str, Any]]:
    units = board.units_per_sector(state)
    neighbours = board.neighbour_ids(state, content)
    held = board.neutral_sectors(state)
    return [_sector(s, units[s.id], neighbours[s.id], s.id in held) for s in state.sectors]


def _sector_facts(sector: Sector) -> dict[str, Any]:
    return {
        "id": sector.id, "q": sector.q, "r": sector.r, "tile": sector.tile,
        "kind": sector.kind,
        "spaces": [{"accepts": list(s.accepts), "owner": s.owner, "track": s.track}
                   for s in sector.spaces],
        "event_kind": sector.event_kind, "event_face_up": sector.event_face_up,
        "event": sector.event if sector.event_face_up else None,
        "battle_medal": sector.battle_medal, "blockade_medal": sector.blockade_medal,
        "anomaly_resolved": sector.anomaly_resolved,
    }


def _sector(sector: Sector, units: dict[int, int], neighbours: list[int],
            held: bool) -> dict[str, Any]:
    colonies = {s.owner for s in sector.spaces if s.owner >= 0}
    enemies = sum(units.values())
    return {
        **_sector_facts(sector),
        "controller": board.controller_given(sector, units, held),
        "contested": len(colonies | set(units)) >= 2,
        "blockaded": sorted(seat for seat in colonies
                            if enemies - units.get(seat, 0) >= board.BLOCKADE_UNITS),
        "neighbours": neighbours,
    }


def _task(task: Task, viewer: int) -> dict[str, Any]:
    """A task in progress as the viewer may see it (``hidden.task_data_for``), with the
    names of the fields kept back, so a bot knows what it must sample."""
    return {"kind": task.kind, "seat": task.seat,
            "data": to_plain(hidden.task_data_for(task.kind, task.seat, task.data, viewer)),
            "withheld": hidden.withheld(task.kind, task.seat, task.data, viewer)}


def _storm(storm_id: str, plain: list[list[int]]) -> dict[str, Any]:
    vertex, cut = board.storm_of(plain)
    return {"id": storm_id, "vertex": [list(h) for h in vertex], "cut": list(cut)}


def _slot(slot: Any) -> dict[str, Any]:
    return {
        "top": slot.cards[-1] if slot.cards and slot.top_face_up else None,
        "cards": len(slot.cards),
        "science": {str(k): v for k, v in slot.science.items()},
    }
