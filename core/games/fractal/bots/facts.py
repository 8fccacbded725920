"""The light view Fractal's searches judge their sampled positions from: compiled with the
rules by ``make native`` (a bot package's ``__init__`` is not)."""

from __future__ import annotations

from typing import Any


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges its sampled positions from (``Model.judged_view``):
    the fields of a view that the judgement (``value.py``) and the medal plan read, in the
    view's own shapes, and nothing else. A search judges thousands of positions a decision,
    and building the whole view took a third of each judgement. Only public parts are read,
    so the seat does not matter. The facts share the state's lists and dicts: they are read
    at once and never kept. A test holds them to a full view's judgement."""
    state = game.state
    objectives = state.objectives
    return {
        "cycle": state.cycle,
        "phase": state.phase,
        "winners": list(state.winners),
        "objectives": [objectives[0] if objectives else None,
                       objectives[1] if state.age2_revealed else None],
        "dawn_objective": objectives[2] if len(objectives) > 2 else None,
        "players": [{"vp": p.vp, "vp_tokens": p.vp_tokens, "taken": p.taken,
                     "technologies": p.technologies, "artifacts": p.artifacts,
                     "resolved": p.resolved, "medals": p.medals, "credits": p.credits,
                     "influence": p.influence, "government": p.government,
                     "markers": {action: {"depleted": m.depleted}
                                 for action, m in p.markers.items()}}
                    for p in state.players],
        "units": [{"owner": u.owner, "kind": u.kind, "where": u.where} for u in state.units],
        "sectors": [{"id": s.id, "kind": s.kind, "event_kind": s.event_kind,
                     "event_face_up": s.event_face_up,
                     "spaces": [{"owner": c.owner, "track": c.track} for c in s.spaces]}
                    for s in state.sectors],
        "tech": {kind: [{"science": {str(k): v for k, v in slot.science.items()}}
                        for slot in slots]
                 for kind, slots in state.tech.items()},
        "agreements": [{"holder": a.holder, "track": a.track} for a in state.agreements],
    }
