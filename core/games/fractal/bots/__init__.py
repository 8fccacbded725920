"""What Fractal's bots know of its rules (core.bots.base.Model): sampled worlds
(``determinize``), the judgement of a position (``value``) and the opening book (``book``),
each imported when a bot first needs it."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model
from core.decisions import Prompt


def begins_turn(prompt: Prompt) -> bool:
    """A Fractal turn opens with an ``action`` prompt before any action is taken in it."""
    return prompt.kind == "action" and not prompt.context.get("done")


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


def model() -> Model:
    """The searches look ahead to the start of the next turn, so a turn's two actions are
    planned together; the heuristic settles one action at a time, and plays a proposed
    agreement's answer at random so that a proposal is judged with the answers it may get.
    Medals are spent by plan (``medals.py``): what no objective or component asks for."""
    from core.games.fractal.bots.book import faction_pick
    from core.games.fractal.bots.determinize import determinize
    from core.games.fractal.bots.medals import plan
    from core.games.fractal.bots.value import value

    return Model(determinize=determinize, value=value, book=faction_pick, stop=begins_turn,
                 settle_stops=frozenset({"action"}),
                 settle_answers=frozenset({"diplomacy_answer"}), judged_view=judged_facts,
                 plan=plan)
