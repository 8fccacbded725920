"""The light view Fractal's searches judge their sampled positions from: compiled with the
rules by ``make native`` (a bot package's ``__init__`` is not)."""

from __future__ import annotations

from typing import Any

from core.games.fractal.bots.value import Tally
from core.games.fractal.state import State


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges its sampled positions from (``Model.judged_view``):
    the fields of a view that the judgement (``value.py``) and the medal plan read, in the
    view's own shapes, and nothing else. A search judges thousands of positions a decision,
    and building the whole view took a third of each judgement. Only public parts are read,
    so the seat does not matter. The facts share the state's lists and dicts: they are read
    at once and never kept. The board's counts come as a tally made from the state
    (``Tally``), not as the view's lists of units and sectors: a dict a unit and a sector
    cost more than the judgement's whole count. A test holds them to a full view's
    judgement."""
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
        "tally": tally_of_state(state),
        "agreements": [{"holder": a.holder, "track": a.track} for a in state.agreements],
    }


def tally_of_state(state: State) -> Tally:
    """The judgement's counts (``value.tally_of_view``) read from the state: its units,
    sectors and boards in the orders a view lists them."""
    n = len(state.players)
    tally = Tally(n)
    units: dict[int, list[int]] = {}
    for unit in state.units:
        owner, where = unit.owner, unit.where
        if 0 <= owner < n and where >= 0:
            tally.unit(owner, unit.kind, where, units)
    for sector in state.sectors:
        owned = [(space.owner, space.track) for space in sector.spaces if space.owner >= 0]
        here = units.get(sector.id)
        if owned or here is not None:
            tally.sector(sector.kind, sector.event_kind, sector.event_face_up, owned, here)
    for slots in state.tech.values():
        for slot in slots:
            for holder, science in slot.science.items():
                if 0 <= holder < n:
                    tally.science[holder] += science
    return tally
