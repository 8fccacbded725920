"""Whether an effect can happen: "In order to choose an action, you must be able to carry
out its effects."

Basic actions ask their own module (``actions.CAN``); special actions run an effect of the
card data (a government's action, an action card played face up), and are offered only
when at least one step of that effect would change something now. Costs (``pay``) do not
count: a cost alone carries nothing out. A step that only an earlier step would make
possible needs that earlier step, which is then possible itself, so asking each step about
the position as it stands is enough.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.games.fractal import (
    battle,
    board,
    colonize,
    effects,
    empire,
    insight,
    movement,
    recruit,
    research,
    storms,
)
from core.games.fractal.content import Content, Step
from core.games.fractal.state import BASIC_ACTIONS, MAX_CREDITS, MAX_INFLUENCE, MAX_VP, State

PlainStep = Mapping[str, Any]
Check = Callable[[State, Content, int, PlainStep, int], bool]


def can_carry_out(state: State, content: Content, seat: int,
                  effect: Sequence[Step | PlainStep], here: int = -1) -> bool:
    for s in effect:
        if _step_possible(state, content, seat, _plain(s) if isinstance(s, Step) else s, here):
            return True
    return False


# A content step as a plain table, made once: the pool's cards are asked about at every
# turn. The step is kept with its table, so its id cannot be reused while the table lives.
_PLAIN: dict[int, tuple[Step, PlainStep]] = {}


def _plain(step: Step) -> PlainStep:
    found = _PLAIN.get(id(step))
    if found is None or found[0] is not step:
        found = _PLAIN[id(step)] = (step, step.to_dict())
    return found[1]


def _step_possible(state: State, content: Content, seat: int, step: PlainStep,
                   here: int) -> bool:
    if not effects.condition_holds(state, content, seat, step):
        return False
    if effects.scale(state, content, seat, step) <= 0:
        return False
    check = _CHECKS.get(str(step["op"]))
    return check is not None and check(state, content, seat, step, here)


def _gain(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    player = state.players[seat]
    return ((int(step.get("credits", 0)) > 0 and player.credits < MAX_CREDITS)
            or (int(step.get("influence", 0)) > 0 and player.influence < MAX_INFLUENCE)
            or (int(step.get("vp_tokens", 0)) > 0
                and empire.victory_tokens_left(state, content) > 0))


def _lose(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    player = state.players[seat]
    return ((int(step.get("credits", 0)) > 0 and player.credits > 0)
            or (int(step.get("influence", 0)) > 0 and player.influence > 0))


def _vp(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return state.players[seat].vp[str(step["category"])] < MAX_VP


def _basic(action: str) -> Check:
    def check(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
        if state.players[seat].markers[action].depleted:
            return False  # a depleted action cannot be performed, even for free
        if action == "colonize" and step.get("where") == "here":
            return here >= 0 and colonize.can_colonize(state, content, seat, here)
        return BASIC_CAN[action](state, content, seat)

    return check


BASIC_CAN: dict[str, Callable[[State, Content, int], bool]] = {
    "recruit": recruit.can_recruit,
    "advance": movement.can_advance,
    "colonize": colonize.can_colonize,
    "research": research.can_research,
}


def _science(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return effects.has_science_slot(state, content, seat, str(step.get("tech", "")))


def _units(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    kind, black = str(step["unit"]), bool(step.get("black", False))
    where = effects.placement_sectors(state, content, seat, str(step["where"]), here)
    return bool(where) and bool(effects.supply(state, seat, kind, black))


def _remove_units(state: State, content: Content, seat: int, step: PlainStep,
                  here: int) -> bool:
    return any(u.kind == step["unit"] and (step["where"] != "here" or u.where == here)
               for u in board.units_of(state, seat))


def _artifact(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return bool(state.artifact_deck or state.artifact_discard)


def _elite(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return any(not card.endswith("+elite") for card in state.players[seat].tactics)


def _restore(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    markers = state.players[seat].markers
    return any(markers[action].depleted for action in BASIC_ACTIONS)


def _damage(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    if step.get("where") == "contested":
        return bool(battle.damage_sectors(state, seat))
    return here >= 0 and bool(battle.enemy_seats(state, here, seat))


def _always(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return True


def _storm(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return storms.can_move_storm(state, content)


def _insight(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return insight.can_gain_insight(state)


def _reveal(state: State, content: Content, seat: int, step: PlainStep, here: int) -> bool:
    return bool(movement.revealable_sectors(state, content, seat))


_CHECKS: dict[str, Check] = {
    "gain": _gain,
    "lose": _lose,
    "vp": _vp,
    "extra_action_card": _always,
    **{action: _basic(action) for action in BASIC_ACTIONS},
    "science": _science,
    "units": _units,
    "remove_units": _remove_units,
    "storm": _storm,
    "insight": _insight,
    "artifact": _artifact,
    "elite_tactic": _elite,
    "restore": _restore,
    "damage": _damage,
    "reveal": _reveal,
}
