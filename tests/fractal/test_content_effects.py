"""Every effect of every component runs through the real engine and does something.

Issue 4's acceptance: "a test exercises every effect of every card at least once (an effect
that is never triggered by any test is a finding, not a pass)". Each test is parametrized
over the content ids, so a new card is covered as soon as it is added, and a step whose op
leaves no observable trace fails (see ``EXPECTED`` in tests/fractal/content_effects_fixtures.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from core.events import Event
from core.games.fractal import (
    battle,
    board,
    colonize,
    cycle,
    effects,
    empire,
    income,
    movement,
    passives,
    recruit,
    rules,
    scoring,
    units,
)
from core.games.fractal.content import Step
from core.games.fractal.state import BLOOD_POOL, BOX, RESERVE, ColonySpace, Sector, State
from tests.fractal import conflict_fixtures as cf
from tests.fractal.content_effects_fixtures import (
    ACTOR,
    EXPECTED,
    OTHER,
    Arena,
    arena,
    drive,
    kinds,
    live_steps,
    missing_events,
    push,
    ready,
)
from tests.fractal.rules_fixtures import content, empty_sector, place

C = content()

def params(ids: Sequence[str]) -> list[Any]:
    return [pytest.param(i, id=i) for i in ids]


# --- checks shared by every effect ------------------------------------------------------------


def _sum(events: Sequence[Event], kind: str, key: str, source: str | None = None) -> int:
    return sum(int(e.data.get(key, 0)) for e in events if e.kind == kind
               and (source is None or e.data.get("source") == source))


def check_effect(a: Arena, steps: Sequence[Mapping[str, Any]], events: Sequence[Event],
                 source: str, seat: int = ACTOR, extra_before: int = 0) -> None:
    """Each op left its event; gains, losses and costs moved the exact amounts."""
    assert steps, f"{source}: no step to run"
    problems = missing_events(steps, events)
    assert not problems, f"{source}: {problems}"
    state = a.state
    for resource in ("credits", "influence", "vp_tokens"):
        expected = 0
        for s in steps:
            if s["op"] in ("gain", "lose", "pay"):
                sign = 1 if s["op"] == "gain" else -1
                expected += sign * int(s.get(resource, 0)) * effects.scale(
                    state, a.game.content, seat, s)
        if s_has := [s for s in steps if resource in s and s["op"] in ("gain", "lose", "pay")]:
            got = _sum([e for e in events if e.seat == seat], "resources", resource, source)
            assert got == expected, (source, resource, got, expected, s_has)
    if any(s["op"] == "extra_action_card" for s in steps):
        assert state.players[seat].extra_cards > extra_before


def run_steps(a: Arena, steps: Sequence[Step | Mapping[str, Any]], source: str,
              here: int = -1, seat: int = ACTOR) -> list[Event]:
    live = live_steps(a, steps, seat)
    before = a.state.players[seat].extra_cards
    effects.start(a.ctx(), seat, steps, source=source, here=here)
    events = drive(a.game)
    check_effect(a, live, events, source, seat, before)
    return events


# --- action cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", params(sorted(C.actions)))
def test_action_card_face_up(card: str) -> None:
    a = arena()
    a.state.action_pool = [card]
    steps = live_steps(a, C.actions[card].effect)
    assert len(steps) == len(C.actions[card].effect), "a step did not apply in the arena"
    before = a.state.players[ACTOR].extra_cards
    push(a.game, "action_card", ACTOR)
    events = drive(a.game, first="card:0:up")
    assert kinds(events)["action_card_played"] == 1
    check_effect(a, steps, events, card, extra_before=before)


# --- governments ----------------------------------------------------------------------------------


@pytest.mark.parametrize("gov", params(sorted(C.governments)))
def test_government_action(gov: str) -> None:
    a = arena()
    a.state.players[ACTOR].government = gov
    a.state.players[ACTOR].influence = C.governments[gov].requirement  # exactly once
    steps = live_steps(a, C.governments[gov].action)
    push(a.game, "government", ACTOR)
    events = drive(a.game)
    assert [e.data["times"] for e in events if e.kind == "government_action"] == [1]
    check_effect(a, steps, events, gov)


def test_government_action_scales_with_influence() -> None:
    a = arena()
    a.state.players[ACTOR].government = "bone_guild"  # requirement 1: gain 1 credit
    a.state.players[ACTOR].influence = 3
    push(a.game, "government", ACTOR)
    events = drive(a.game, first="times:3")
    assert _sum(events, "resources", "credits", "bone_guild") == 3


# --- lasting components: who holds what ---------------------------------------------------------

Holder = Callable[[Arena], None]


def _strip(a: Arena) -> None:
    """Seat 0 without faction, mastery, government, technologies nor artifacts."""
    me = a.state.players[ACTOR]
    me.faction, me.government, me.technologies, me.artifacts = "", "", [], []
    me.mastery_elite = False


def _utopian(a: Arena) -> Sector:
    return next(s for s in a.state.sectors if s.kind == "utopian")


def _hold_singularity(card: str, face_up: bool) -> Holder:
    def hold(a: Arena) -> None:
        sector = _utopian(a)
        sector.event, sector.event_kind, sector.event_face_up = card, "singularity", face_up
        place(a.state, ACTOR, "infantry", sector.id, 2)
    return hold


def holders() -> dict[str, tuple[Holder, Holder, dict[str, Sequence[Step]]]]:
    """kind:id -> (arrange without, arrange with, triggers by name)."""
    found: dict[str, tuple[Holder, Holder, dict[str, Sequence[Step]]]] = {}

    def nothing(a: Arena) -> None:
        pass

    for tid, tech in C.technologies.items():
        def give_tech(a: Arena, tid: str = tid) -> None:
            a.state.players[ACTOR].technologies.append(tid)
        found[f"technology:{tid}"] = (nothing, give_tech, _triggers(tech.triggers))
    for aid, art in C.artifacts.items():
        def give_art(a: Arena, aid: str = aid) -> None:
            a.state.players[ACTOR].artifacts.append(aid)
        found[f"artifact:{aid}"] = (nothing, give_art, _triggers(art.triggers))
    for gid, gov in C.governments.items():
        def give_gov(a: Arena, gid: str = gid) -> None:
            a.state.players[ACTOR].government = gid
        found[f"government:{gid}"] = (nothing, give_gov, _triggers(gov.secondary))
    for fid, faction in C.factions.items():
        def give_faction(a: Arena, fid: str = fid) -> None:
            a.state.players[ACTOR].faction = fid
        found[f"faction:{fid}"] = (nothing, give_faction, _triggers(faction.abilities))
    for mid, mastery in C.masteries.items():
        for side in ("normal", "elite"):
            def give_mastery(a: Arena, fid: str = mastery.faction, elite: bool = side == "elite"
                             ) -> None:
                a.state.players[ACTOR].faction = fid
                a.state.players[ACTOR].mastery_elite = elite
            found[f"mastery:{mid}:{side}"] = (nothing, give_mastery,
                                              {"passive": getattr(mastery, side)})
    for sid, sing in C.singularities.items():
        found[f"singularity:{sid}"] = (_hold_singularity(sid, False),
                                       _hold_singularity(sid, True), {"passive": sing.passive})
    return found


def _triggers(t: Any) -> dict[str, Sequence[Step]]:
    return {"passive": t.passive, "income": t.income, "cycle_end": t.cycle_end}


HOLDERS = holders()


def _ids(trigger: str, op: str | None = None) -> list[str]:
    return sorted(f"{key}:{i}" if op else key for key, (_, _, trig) in HOLDERS.items()
                  for i, step in enumerate(trig.get(trigger, ()))
                  if (op is None or step.op == op) and (op is not None or i == 0))


def _arena_with(key: str, give: bool, factions: Sequence[str] = ()) -> Arena:
    a = arena(factions)
    _strip(a)
    without, with_, _ = HOLDERS[key]
    (with_ if give else without)(a)
    return a


# --- passive steps: modifiers, keywords, hooks -------------------------------------------------

def _observe_stat(a: Arena, step: Step) -> int:
    """The engine's own number that a modifier of this stat changes."""
    state, cont, seat = a.state, a.game.content, ACTOR
    stat, unit = str(step.get("stat")), str(step.get("unit", "lightship"))
    state.players[seat].taken["military"] = 2  # every unit type recruitable
    if stat == "research_science":
        return empire.research_science(state, cont, seat)
    if stat == "movement_orders":
        return movement.movement_orders(state, cont, seat)
    if stat == "movement_range":
        return movement.movement_range(state, cont, seat, unit)
    if stat == "recruit_units":
        return empire.recruit_options(state, cont, seat)[unit]
    if stat == "basic_action_cost":
        return empire.basic_action_cost(state, cont, seat)
    if stat == "income_credits":
        return empire.income(state, cont, seat)
    if stat == "action_cards":
        return empire.action_card_limit(state, cont, seat)
    if stat == "depletion_value":
        return empire.depletion_value(state, cont, seat)
    if stat == "tech_cost":
        card = next(t for t in sorted(C.technologies)
                    if C.technologies[t].type == step.get("tech") and C.technologies[t].cost >= 3)
        return effects.tech_cost(state, cont, seat, card)
    if stat == "prestige_influence":
        state.players[seat].medals, state.players[OTHER].medals = 3, 0
        before = state.players[seat].influence
        cycle.prestige(a.ctx())
        return state.players[seat].influence - before
    if stat == "initiative":
        return battle.initiative(state, cont, C.tactic_cards["red:ground_assault"], seat)
    if stat == "transport":
        mover = place(state, seat, unit, a.work.id)[0]
        return units.has(state, cont, mover, "transport")
    raise AssertionError(f"modifier of unknown stat {stat!r}")


@pytest.mark.parametrize("key", params(_ids("passive", "modify")))
def test_passive_modifier_changes_the_rules(key: str) -> None:
    holder, _, index = key.rpartition(":")
    step = HOLDERS[holder][2]["passive"][int(index)]
    without = _observe_stat(_arena_with(holder, False), step)
    a = _arena_with(holder, True)
    assert passives.modifier(a.state, a.game.content, ACTOR, str(step.get("stat")),
                             **{k: str(step.get(k)) for k in ("unit", "tech") if step.get(k)}) != 0
    with_ = _observe_stat(a, step)
    assert with_ - without == int(step.get("amount")), (without, with_)


def _keyword(a: Arena, step: Step) -> int:
    unit = place(a.state, ACTOR, str(step.get("unit")), a.work.id)[0]
    return units.keywords(a.state, a.game.content, unit).get(str(step.get("keyword")), 0)


@pytest.mark.parametrize("key", params(_ids("passive", "keyword")))
def test_passive_keyword_is_granted(key: str) -> None:
    holder, _, index = key.rpartition(":")
    step = HOLDERS[holder][2]["passive"][int(index)]
    without = _keyword(_arena_with(holder, False), step)
    with_ = _keyword(_arena_with(holder, True), step)
    assert with_ == int(step.get("value")) and with_ > without, (without, with_)


def test_every_passive_op_is_covered() -> None:
    ops = {s.op for _, _, trig in HOLDERS.values() for s in trig.get("passive", ())}
    assert ops <= {"modify", "keyword", "hook"}, ops


# --- income and end of cycle --------------------------------------------------------------------


def _income(a: Arena) -> list[Event]:
    """The real income phase for seat 0: what it emits at once, then its effects."""
    ctx = a.ctx()
    ctx.events = []
    income.income_phase(ctx, [ACTOR])
    return ctx.events + drive(a.game)


def _cycle_end(a: Arena) -> list[Event]:
    push(a.game, "end_of_cycle", -1, stage="effects")
    return drive(a.game)


def _more_events(key: str, trigger: str, run: Callable[[Arena], list[Event]]) -> None:
    steps = HOLDERS[key][2][trigger]
    base = kinds(run(_arena_with(key, False)))
    a = _arena_with(key, True)
    live = live_steps(a, steps)
    assert live, f"{key}: no {trigger} step holds in the arena"
    got = kinds(run(a))
    for op in {str(s["op"]) for s in live}:
        assert op in EXPECTED, op
        need = sum(1 for s in live if s["op"] == op)
        more = sum(got[k] - base[k] for k in EXPECTED[op])
        assert more >= need, (key, op, dict(base), dict(got))


@pytest.mark.parametrize("key", params(_ids("income")))
def test_income_effect(key: str) -> None:
    _more_events(key, "income", _income)


@pytest.mark.parametrize("key", params(_ids("cycle_end")))
def test_cycle_end_effect(key: str) -> None:
    _more_events(key, "cycle_end", _cycle_end)


# --- technologies: developing them -----------------------------------------------------------


@pytest.mark.parametrize("tech", params(sorted(C.technologies)))
def test_technology_developed_runs_its_effect(tech: str) -> None:
    a = arena()
    card = C.technologies[tech]
    slot = a.state.tech[card.type][1]
    slot.cards.append(tech)
    slot.top_face_up = True
    slot.science[ACTOR] = card.cost
    steps = live_steps(a, card.triggers.effect)
    push(a.game, "research", ACTOR, free=True, left=0)
    events = drive(a.game, first=f"develop:{card.type}:1")
    assert next(e.data["technology"] for e in events if e.kind == "technology_developed") == tech
    assert tech in a.state.players[ACTOR].technologies
    if steps:
        check_effect(a, steps, events, tech)


def test_every_technology_does_something() -> None:
    """A technology with no trigger must at least upgrade some tactic."""
    upgraded = {u.tech for card in C.tactic_cards.values() for u in card.upgrades}
    idle = [t for t, tech in C.technologies.items()
            if tech.triggers.is_empty() and t not in upgraded]
    assert not idle


@pytest.mark.parametrize("tech", params(sorted({u.tech for card in C.tactic_cards.values()
                                                for u in card.upgrades})))
def test_technology_upgrades_its_tactics(tech: str) -> None:
    for card in C.tactic_cards.values():
        for up in card.upgrades:
            if up.tech != tech:
                continue
            state = cf.board(cf.line(3))
            seat = cf.RED
            before = battle.initiative(state, C, card, seat)
            plain_before = battle._upgrades(state, card, seat)
            state.players[seat].technologies = [tech]
            after = battle._upgrades(state, card, seat)
            assert len(after) - len(plain_before) == len(up.effect), card.id
            shift = sum(int(s.get("amount")) for s in up.effect if s.op == "initiative")
            if shift:
                assert battle.initiative(state, C, card, seat) == max(0, before + shift)


# --- faction hooks --------------------------------------------------------------------------------


def _ruin_paths(a: Arena) -> None:
    a.work.event, a.work.event_kind, a.work.event_face_up = "whispering_vault", "anomaly", True
    push(a.game, "end_of_action", ACTOR)
    events = drive(a.game, first=f"resolve:{a.work.id}:0")
    assert kinds(events)["insight"] >= 1  # the anomaly's reward is an artifact, not insight
    others = [s.id for s in a.state.sectors if s.kind in ("mystery", "utopian")]
    mine = movement.neighbours(a.state, a.game.content, a.home, ACTOR)
    theirs = movement.neighbours(a.state, a.game.content, a.home, OTHER)
    assert set(others) - {a.home.id} <= set(mine) and set(mine) > set(theirs)


def _banish(a: Arena) -> None:
    push(a.game, "damage", ACTOR, sector=a.front.id, kind="direct", count=1, tactic=True)
    events = drive(a.game)
    assert kinds(events)["unit_banished"] == 1
    assert sum(1 for u in a.state.units if u.owner == OTHER and u.where == BOX) == 1


def _exclusive(a: Arena) -> None:
    slot = a.state.tech["civil"][1]
    slot.cards += ["orbital_habitats", "envoy_school", "orbital_habitats"]
    slot.science[ACTOR] = 1
    push(a.game, "research", ACTOR, free=True, left=0)
    events = drive(a.game, first="develop:civil:1")
    assert kinds(events)["technology_banished"] == 1
    assert slot.cards.count("orbital_habitats") == 0


def test_vax_banishes_a_face_up_copy_on_another_slot() -> None:
    a = arena(("vax117", "gorias"))
    mine, other = a.state.tech["civil"][1], a.state.tech["civil"][2]
    mine.cards.append("orbital_habitats")
    other.cards.append("orbital_habitats")
    mine.science[ACTOR] = 1
    push(a.game, "research", ACTOR, free=True, left=0)
    drive(a.game, first="develop:civil:1")
    assert "orbital_habitats" not in other.cards


def test_vax_banishes_copies_on_the_technology_discard_pile() -> None:
    a = arena(("vax117", "gorias"))
    mine = a.state.tech["civil"][1]
    mine.cards.append("orbital_habitats")
    mine.science[ACTOR] = 1
    a.state.tech_discard["civil"] = ["orbital_habitats", "warp_lanes"]
    push(a.game, "research", ACTOR, free=True, left=0)
    drive(a.game, first="develop:civil:1")
    assert a.state.tech_discard["civil"] == ["warp_lanes"]


def test_vax_banishing_a_top_card_uncovers_the_next_face_down_and_never_refills() -> None:
    # Exclusive Technology, as its text says: the slot's next card waits face-down until
    # cleanup; an emptied slot stays empty (slots are dealt once, no stack refills them).
    a = arena(("vax117", "gorias"))
    mine, other, last = (a.state.tech["civil"][i] for i in (1, 2, 0))
    mine.cards.append("orbital_habitats")
    mine.science[ACTOR] = 1
    other.cards.append("orbital_habitats")
    other.science[OTHER] = 1
    last.cards = ["orbital_habitats"]
    push(a.game, "research", ACTOR, free=True, left=0)
    drive(a.game, first="develop:civil:1")
    assert not other.top_face_up and other.science == {}
    assert last.cards == [] and last.science == {}


def _resettle(a: Arena) -> None:
    a.work.spaces[0].owner, a.work.spaces[0].track = ACTOR, "productive"
    options = colonize.colonize_options(a.state, a.game.content, ACTOR, a.work.id)
    assert any(o.startswith("replace:") for o in options)
    push(a.game, "colonize", ACTOR, free=True, here=a.work.id)
    replace = next(o for o in options if o.startswith("replace:"))
    rules.MACHINE.run(a.ctx())
    events = a.game.apply(ACTOR, replace)
    # Its text places 2 infantries outright (not "up to"): nothing more is asked.
    assert kinds(events)["colony_removed"] == 1 and kinds(events)["unit_placed"] == 2
    assert not any(p.kind == "place_unit" for p in a.game.pending())


def _blood_pool(a: Arena) -> None:
    mine = [u for u in a.state.units if u.owner == ACTOR and u.where == a.work.id][:2]
    for unit in mine:
        effects.remove_unit(a.ctx(), unit.id)
    assert all(u.where == BLOOD_POOL for u in mine)
    events = _income(a)
    assert [e.data["credits"] for e in events if e.kind == "blood_pool_returned"] == [1]
    assert all(u.where == RESERVE for u in mine)


def _bone_trade(a: Arena) -> None:
    place(a.state, ACTOR, "infantry", a.front.id)
    a.front.spaces.append(ColonySpace(accepts=["military"], owner=OTHER, track="military"))
    events = _income(a)
    assert [e.data["credits"] for e in events if e.kind == "bone_trade"] == [1]


def _no_infantry(a: Arena) -> None:
    offer = {"infantry": 2, "lightship": 1}
    mine = recruit.unit_choices(a.state, a.game.content, ACTOR, offer)
    theirs = recruit.unit_choices(a.state, a.game.content, OTHER, offer)
    assert not any("infantry" in o for o in mine) and any("infantry" in o for o in theirs)


def _swarm(a: Arena) -> None:
    push(a.game, "advance", ACTOR, free=True, orders=1)
    events = drive(a.game)
    assert kinds(events)["swarm_growth"] >= 1


HOOKS: dict[str, tuple[str, Callable[[Arena], None]]] = {
    "delverar_ruin_paths": ("delverar", _ruin_paths),
    "borroka_banish": ("borroka", _banish),
    "vax_exclusive_tech": ("vax117", _exclusive),
    "exodian_resettle": ("exodians", _resettle),
    "saura_blood_pool": ("saura", _blood_pool),
    "gorias_bone_trade": ("gorias", _bone_trade),
    "txingur_no_infantry": ("txingur", _no_infantry),
    "txingur_swarm_growth": ("txingur", _swarm),
}


@pytest.mark.parametrize("faction", params(sorted(C.factions)))
def test_faction_hooks_registered(faction: str) -> None:
    other = "gorias" if faction != "gorias" else "borroka"
    a = arena((faction, other))
    hooks = passives.hooks(a.state, a.game.content, ACTOR)
    assert set(C.factions[faction].hooks) <= hooks
    assert not set(C.factions[faction].hooks) & passives.hooks(a.state, a.game.content, OTHER)
    assert set(C.factions[faction].hooks) <= set(HOOKS), "a hook without a behaviour test"


@pytest.mark.parametrize("hook", params(sorted(HOOKS)))
def test_faction_hook_behaviour(hook: str) -> None:
    faction, check = HOOKS[hook]
    assert hook in C.factions[faction].hooks
    other = "gorias" if faction != "gorias" else "borroka"
    a = arena((faction, other))
    a.state.players[ACTOR].government = ""  # keep income events to the hook's own
    check(a)


# --- artifacts --------------------------------------------------------------------------------


@pytest.mark.parametrize("artifact", params(sorted(C.artifacts)))
def test_artifact_gained(artifact: str) -> None:
    a = arena()
    a.state.artifact_deck.append(artifact)
    card = C.artifacts[artifact]
    steps = live_steps(a, card.triggers.effect)
    push(a.game, "draw_artifacts", ACTOR, draw=1, keep=1, here=-1)
    events = drive(a.game)
    assert [e.data["artifact"] for e in events if e.kind == "artifact_gained"] == [artifact]
    assert artifact in a.state.players[ACTOR].artifacts
    if card.kind == "one_time":
        check_effect(a, steps, events, artifact)
    else:
        assert not card.triggers.effect and (card.triggers.passive or card.triggers.income
                                             or card.triggers.cycle_end)


# --- singularities ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", params(sorted(C.singularities)))
def test_singularity_reward_at_end_of_cycle(card: str) -> None:
    a = arena()
    _hold_singularity(card, False)(a)
    sector = _utopian(a)
    assert board.controls(a.state, sector, ACTOR)
    steps = live_steps(a, C.singularities[card].reward)
    push(a.game, "end_of_cycle", -1, stage="utopian")
    events = drive(a.game)
    assert [e.data["singularity"] for e in events if e.kind == "utopian_reward"] == [card]
    check_effect(a, steps, events, card)


# --- obstacles and anomalies ------------------------------------------------------------------


def _event_arena(kind: str, card: str) -> Arena:
    a = arena()
    me = a.state.players[ACTOR]
    me.technologies = ["targeting_mesh", "smoke_screens", "orbital_habitats", "envoy_school"]
    galaxy = empty_sector(a.state, 0)
    galaxy.kind, galaxy.spaces = "non_habitable", []
    galaxy.event, galaxy.event_kind, galaxy.event_face_up = "cradle_of_stars", "living_galaxy", True
    place(a.state, ACTOR, "lightship", galaxy.id)
    a.work.event, a.work.event_kind, a.work.event_face_up = card, kind, True
    return a


EVENT_OPTIONS = [f"{kind}:{cid}:{i}" for kind, cards in (("obstacle", C.obstacles),
                                                        ("anomaly", C.anomalies))
                 for cid in sorted(cards) for i in range(len(cards[cid].options))]


@pytest.mark.parametrize("key", params(EVENT_OPTIONS))
def test_event_option_resolves(key: str) -> None:
    kind, card, index = key.split(":")
    a = _event_arena(kind, card)
    option = (C.obstacles if kind == "obstacle" else C.anomalies)[card].options[int(index)]
    state, me = a.state, a.state.players[ACTOR]
    choice = f"resolve:{a.work.id}:{index}"
    ready(a, ["colonize"] if any(req.get("colonize") for req in option.require) else [])
    push(a.game, "end_of_action", ACTOR)
    engine_ctx = a.ctx()
    rules.MACHINE.run(engine_ctx)
    assert choice in state.prompts[0].options, (state.prompts, option.require)
    steps = live_steps(a, option.reward)
    before = (me.credits, me.influence, len(me.technologies),
              sum(v for kind_ in state.tech.values() for s in kind_ for k, v in s.science.items()
                  if k == ACTOR))
    events = drive(a.game, first=choice)
    assert [e.data["card"] for e in events if e.kind == "event_resolved"] == [card]
    assert card in me.resolved and not a.work.event
    # The reward's steps, and what the requirements took.
    problems = missing_events(steps, events)
    assert not problems, problems
    reqs: dict[str, int] = {}
    for req in option.require:
        for k, v in req.items():
            if k in ("pay_credits", "pay_influence", "remove_science"):
                reqs[k] = reqs.get(k, 0) + int(v)
            elif k == "remove_units":
                reqs[k] = reqs.get(k, 0) + sum(int(n) for n in v.values())
            elif k == "remove_technologies":
                reqs[k] = reqs.get(k, 0) + int(v["count"])
            elif k == "colonize":
                reqs[k] = 1
    mine = [e for e in events if e.seat == ACTOR]
    credits = _sum(mine, "resources", "credits") + _sum(mine, "colony_bonus", "credits")
    influence = _sum(mine, "resources", "influence") + _sum(mine, "colony_bonus", "influence")
    assert me.credits - before[0] == credits - reqs.get("pay_credits", 0)
    assert me.influence - before[1] == influence - reqs.get("pay_influence", 0)
    assert len(me.technologies) - before[2] == -reqs.get("remove_technologies", 0)
    science = sum(v for kind_ in state.tech.values() for s in kind_ for k, v in s.science.items()
                  if k == ACTOR)
    developed = kinds(mine)["technology_developed"]
    if not developed:
        assert science - before[3] == kinds(mine)["science_placed"] - reqs.get("remove_science", 0)
    assert kinds(mine)["unit_removed"] >= reqs.get("remove_units", 0)
    assert kinds(mine)["colony_placed"] >= reqs.get("colonize", 0)


# --- living galaxies -----------------------------------------------------------------------------

AREAS = [f"{gid}:{i}" for gid in sorted(C.living_galaxies)
         for i in range(len(C.living_galaxies[gid].exploit))]


def _galaxy_arena(gid: str) -> tuple[Arena, Sector]:
    a = arena()
    _strip(a)  # no income of its own: every income event comes from the galaxy
    sector = empty_sector(a.state, 0)
    sector.kind, sector.spaces = "non_habitable", []
    sector.event, sector.event_kind, sector.event_face_up = gid, "living_galaxy", True
    board.map_changed(a.state)
    return a, sector


@pytest.mark.parametrize("key", params(AREAS))
def test_exploitation_area_pays_at_income(key: str) -> None:
    gid, index = key.split(":")
    galaxy = C.living_galaxies[gid]
    area = galaxy.exploit[int(index)]
    a, sector = _galaxy_arena(gid)
    for unit, n in area.units.items():
        place(a.state, ACTOR, unit, sector.id, int(n))
    assert board.controls(a.state, sector, ACTOR)
    fits = [ar for ar in galaxy.exploit
            if all(int(n) <= int(area.units.get(k, 0)) for k, n in ar.units.items())]
    expected = {r: sum(int(ar.gain.get(r, 0)) for ar in fits)
                for r in ("credits", "influence", "science")}
    assert expected[next(iter(area.gain))] > 0
    events = [e for e in _income(a) if e.seat == ACTOR]
    assert _sum(events, "resources", "credits", "income") == expected["credits"]
    assert _sum(events, "resources", "influence", "income") == expected["influence"]
    assert kinds(events)["science_placed"] == expected["science"]


def _block_movement(a: Arena, sector: Sector) -> bool:
    return movement.blocks_movement(sector, a.game.content)  # the order's end: test below


def _hostile(a: Arena, sector: Sector) -> bool:
    place(a.state, ACTOR, "infantry", sector.id)
    place(a.state, OTHER, "infantry", sector.id)
    push(a.game, "battle", -1, sector=sector.id, stage="start")
    events = drive(a.game)
    return {e.seat for e in events if e.kind == "tactics_discarded"} == {ACTOR, OTHER}


def _wormhole(a: Arena, sector: Sector) -> bool:
    kind = C.living_galaxies[sector.event].wormhole
    targets = {s.id for s in a.state.sectors if s is not sector and (
        s.kind == "non_habitable" if kind == "exploration"
        else any(kind in sp.accepts for sp in s.spaces))}
    linked = set(movement.neighbours(a.state, a.game.content, sector))
    return bool(targets) and targets <= linked


def _radiation(a: Arena, sector: Sector) -> bool:
    mech = place(a.state, ACTOR, "mech", sector.id)[0]
    keywords = units.keywords(a.state, a.game.content, mech)
    return "resist" not in keywords and "vanguard" not in keywords


def _interference(a: Arena, sector: Sector) -> bool:
    place(a.state, OTHER, "lightship", sector.id)
    return movement.pin_down(a.state, a.game.content, sector, ACTOR) == 0


GALAXY_EFFECTS: dict[str, Callable[[Arena, Sector], bool]] = {
    "block_movement": _block_movement,
    "hostile_conditions": _hostile,
    "wormhole": _wormhole,
    "radiation": _radiation,
    "interference": _interference,
}
GALAXY_EFFECT_IDS = [f"{gid}:{effect}" for gid in sorted(C.living_galaxies)
                     for effect in C.living_galaxies[gid].effects]


@pytest.mark.parametrize("key", params(GALAXY_EFFECT_IDS))
def test_living_galaxy_effect(key: str) -> None:
    gid, effect = key.split(":")
    a, sector = _galaxy_arena(gid)
    assert GALAXY_EFFECTS[effect](a, sector)
    # The same position with the galaxy face-down: the effect is gone.
    b, hidden = _galaxy_arena(gid)
    hidden.event_face_up = False
    board.map_changed(b.state)
    assert not GALAXY_EFFECTS[effect](b, hidden)


def test_block_movement_ends_a_movement_order() -> None:
    gid = next(g for g in sorted(C.living_galaxies)
               if C.living_galaxies[g].effects == ("block_movement",))
    a, sector = _galaxy_arena(gid)
    near = next(s for s in a.state.sectors
                if s.id in movement.neighbours(a.state, a.game.content, sector)
                and not s.event and s.kind != "starting")
    for unit in a.state.units:
        if unit.owner == ACTOR and unit.kind in ("lightship", "warship"):
            board.place(a.state, unit, RESERVE)
    ship = place(a.state, ACTOR, "lightship", near.id)[0]
    push(a.game, "advance", ACTOR, free=True, orders=1)
    engine_ctx = a.ctx()
    rules.MACHINE.run(engine_ctx)
    rules.MACHINE.apply(engine_ctx, ACTOR, f"unit:{ship.id}")
    while a.state.prompts[0].kind == "advance_cargo":
        rules.MACHINE.apply(engine_ctx, ACTOR, "done")
    # Into the galaxy the order ends there: no step that could go on, no way through.
    assert f"sector:{sector.id}" not in a.state.prompts[0].options
    rules.MACHINE.apply(engine_ctx, ACTOR, f"to:{sector.id}")
    assert not a.state.prompts or a.state.prompts[0].kind != "advance_step"
    assert ship.where == sector.id


# --- objectives --------------------------------------------------------------------------------


@pytest.mark.parametrize("card", params(sorted(o.id for o in C.objectives_of_age(2))))
def test_age2_instructions_on_reveal(card: str) -> None:
    a = arena()
    a.state.objectives = [C.objectives_of_age(1)[0].id, card]
    for action in ("recruit", "advance"):
        a.state.players[OTHER].markers[action].depleted = True
    steps = live_steps(a, C.objectives[card].instructions)
    scoring.reveal_age2(a.ctx(), [ACTOR, OTHER])
    events = drive(a.game)
    assert a.state.age2_revealed
    mine = [e for e in events if e.seat == ACTOR or e.kind in ("storm_moved",)]
    check_effect(a, steps, mine, card)
    theirs = [e for e in events if e.seat == OTHER]
    assert not missing_events(live_steps(a, C.objectives[card].instructions, OTHER), theirs)


PAIRS = [f"{o1.id}:{o2.id if o2 else '-'}" for o1 in C.objectives_of_age(1)
         for o2 in (None, *C.objectives_of_age(2))]


@pytest.mark.parametrize("pair", params(sorted(PAIRS)))
def test_objective_conditions_are_computable(pair: str) -> None:
    first, second = pair.split(":")
    a = arena()
    state: State = a.state
    state.objectives = [first, second if second != "-" else C.objectives_of_age(2)[0].id]
    state.age2_revealed = second != "-"
    conditions = scoring.conditions(state, C)
    assert len(conditions) == 5
    for seat in (ACTOR, OTHER):
        for condition in conditions:
            assert scoring.times_met(state, C, seat, condition) in (0, 1, 2)
    # Every condition is met once its counters reach their amounts: the rows are reachable.
    for condition in conditions:
        assert all(amount > 0 for _, amount in condition.requirements)


# --- tactics ----------------------------------------------------------------------------------


def _tactic_board(card_id: str, comp_units: Mapping[str, int]) -> State:
    state = cf.board(cf.line(4))
    for kind, n in comp_units.items():
        cf.units(state, cf.RED, kind, 1, int(n))
    cf.units(state, cf.BLUE, "infantry", 1, 3)
    cf.units(state, cf.BLUE, "mech", 1, 1)
    cf.colony(state, 3, cf.RED)
    cf.colony(state, 0, cf.BLUE)
    state.players[cf.RED].tactics = [card_id]
    # Blue's shield wall (initiative 1) blocks all of red's damage: red always resolves.
    state.players[cf.BLUE].tactics = ["blue:shield_wall"]
    return state


COMPOSITIONS = [f"{cid}#{i}" for cid in sorted(C.tactic_cards)
                for i in range(len(C.tactic_cards[cid].compositions))]


@pytest.mark.parametrize("key", params(COMPOSITIONS))
def test_tactic_composition_is_valid(key: str) -> None:
    card_id, index = key.split("#")
    card = C.tactic_cards[card_id]
    comp = card.compositions[int(index)]
    state = _tactic_board(card_id, comp.units)
    data = {"sector": 1, "played": {}, "out": {}}
    assert card_id in battle.valid_tactics(state, C, data, cf.RED)
    options = battle.composition_options(state, C, card, 1, cf.RED)
    best = max(card.compositions[i].size for i in options)
    assert int(index) in options or best > comp.size, (options, comp)


@pytest.mark.parametrize("card_id", params(sorted(C.tactic_cards)))
def test_tactic_resolves_in_a_battle(card_id: str) -> None:
    card = C.tactic_cards[card_id]
    biggest = max(card.compositions, key=lambda c: c.size)
    state = _tactic_board(card_id, biggest.units)
    state.players[cf.RED].technologies = [u.tech for u in card.upgrades]
    ctx = cf.fight(state, 1)
    cf.drive(ctx, cf.first_option)
    resolved = [e for e in cf.events(ctx, "tactic_resolved") if e.seat == cf.RED]
    assert [e.data["tactic"] for e in resolved] == [card_id]
    comp = card.compositions[resolved[0].data["composition"]]
    damage = sum(getattr(comp.damage, k) for k in ("massive", "direct", "indirect", "retreat"))
    damage += sum(int(s.get("count")) for u in card.upgrades for s in u.effect
                  if s.op == "damage")
    dealt = [e for e in ctx.events if (e.kind == "unit_damaged" and e.data["by"] == cf.RED)
             or (e.kind == "damage_blocked" and e.seat == cf.BLUE)
             ]
    lost = sum(int(e.data["count"]) for e in cf.events(ctx, "damage_lost") if e.seat == cf.RED)
    assert len(dealt) + lost == damage, [e.kind for e in ctx.events]


def test_every_vocabulary_op_is_used_and_observable() -> None:
    """Every op the content uses has an observable here, and every documented op is used."""
    used: set[str] = set()
    for card in C.actions.values():
        used |= {s.op for s in card.effect}
    for _, _, trig in HOLDERS.values():
        for trigger in ("income", "cycle_end"):
            used |= {s.op for s in trig.get(trigger, ())}
    for tech in C.technologies.values():
        used |= {s.op for s in tech.triggers.effect}
    for art in C.artifacts.values():
        used |= {s.op for s in art.triggers.effect}
    for gov in C.governments.values():
        used |= {s.op for s in gov.action}
    for sing in C.singularities.values():
        used |= {s.op for s in sing.reward}
    for cards in (C.obstacles, C.anomalies):
        for event in cards.values():
            used |= {s.op for o in event.options for s in o.reward}
    for obj in C.objectives.values():
        used |= {s.op for s in obj.instructions}
    assert used <= set(EXPECTED), used - set(EXPECTED)
    assert set(EXPECTED) - used == set(), "documented ops no card uses"
