"""Battle resolution: tactic cards, damage, retreat, unit abilities and victory.

Rulebook sections: Battle resolution, Battle preparation, Choose and resolve tactic cards,
Tactic cards, Damage types, Retreat, Elite tactic cards, Unit abilities (Resist, Vanguard,
Courage, Veteran, Support), Victory conditions, Multiple players in a battle, and the living
galaxy effects Hostile conditions and Radiation (radiation lives in ``units.keywords``).

Task ``"battle"`` (seat -1), one per sector with a battle medal. Data:

- ``sector``: the sector id; ``stage``: start, turn, choose, resolve, end;
- ``seats``: the seats that had units when the battle began; ``turn``: battle turn number;
- ``played``: seat (str) -> tactic ids played this battle (public, out until it ends);
- ``out``: seat (str) -> tactics discarded face-up by hostile conditions for this battle;
- ``chosen``: seat (str) -> tactic id chosen this turn. SECRET until every seat has chosen:
  a view must never show another seat's entry; it is emitted once, as ``tactics_revealed``;
- ``cards``: the revealed cards of the turn, each {seat, tactic, initiative, options, comp,
  target, order, status}; ``groups``: lists of card indexes sharing an initiative;
  ``g``: the group being resolved; ``phase``: setup, decide, damage; ``jobs``: damage still
  to deal in the group; ``block``: per seat, damage blocked this turn (-1: all);
- ``start``: seat (str) -> its units in the sector by kind when the battle began;
  ``hits``: every point of damage a unit took in the sector during the battle, in order:
  {by, seat, unit, outcome} (the view's ``battle`` record sums them up);
- ``asking``: the kind of the prompt out; ``winner``/``result`` once over.

Task ``"damage"`` (seat = the dealer), usable by any effect:
``ctx.push("damage", seat, sector=id, kind="direct", count=n)``. Also accepts ``segments``
([[kind, count], ...] in order), ``target`` (a seat, or -1 to ask the dealer), ``tactic``
(dealt by a tactic card), ``ignore_resist`` (the Retreat tactic), or instead of ``sector``
the effect fields ``where`` ("here" or "contested") and ``here``.

Prompts: ``tactic`` ("tactic:<id>", one per seat at once), ``composition``
("composition:<i>"), ``target_player`` ("seat:<n>"), ``upgrade_order`` ("upgrade:before" /
"upgrade:after"), ``simultaneous_order`` ("seat:<n>", watcher or first player),
``damage_sector`` / ``retreat_destination`` ("sector:<id>"), ``damage_target`` /
``vanguard`` ("unit:<id>", vanguard also "done").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from core import rng
from core.decisions import DONE, Prompt, arg, int_arg
from core.games.fractal import board, effects, movement, passives, units
from core.games.fractal.content import Composition, Content, TacticCard
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import BOX, State, Task, Unit

DAMAGE_ORDER = ("massive", "direct", "indirect", "retreat")
SUPPORT_ROLES = ("infantry", "lightship")
HOSTILE_DISCARDS = 2


# --- who is where ------------------------------------------------------------------------


def seats_with_units(state: State, sector: int) -> list[int]:
    return sorted({u.owner for u in board.units_in(state, sector) if u.owner >= 0})


def enemy_seats(state: State, sector: int, seat: int) -> list[int]:
    return [s for s in seats_with_units(state, sector) if s != seat]


def forces(state: State, sector: int, seat: int) -> dict[str, int]:
    """The seat's units in the sector, by kind."""
    found: dict[str, int] = {}
    for unit in board.units_in(state, sector, seat):
        found[unit.kind] = found.get(unit.kind, 0) + 1
    return found


def chooser_of_ties(state: State) -> int:
    """The watcher decides ties, or the first player when nobody watches."""
    return state.watcher if state.watcher >= 0 else state.first_player


def turn_order(state: State, seats: list[int]) -> list[int]:
    n = len(state.players)
    return sorted(seats, key=lambda s: (s - state.first_player) % n)


def _representatives(candidates: list[Unit]) -> list[Unit]:
    """One unit per interchangeable group (owner, type, damage), lowest id first."""
    seen: dict[tuple[int, str, int], Unit] = {}
    for unit in sorted(candidates, key=lambda u: u.id):
        seen.setdefault((unit.owner, unit.kind, unit.damage), unit)
    return list(seen.values())


# --- removal and retreat -----------------------------------------------------------------


def remove_from_board(ctx: Ctx, unit: Unit, by: int = -1, tactic: bool = False) -> None:
    """A unit leaves the board: banished when a Borroka tactic removed it, otherwise as
    every removal (reserve, black supply or a Saura's blood pool)."""
    state, owner = ctx.state, unit.owner
    if (tactic and by >= 0 and by != owner and not unit.black
            and passives.has_hook(state, ctx.content, by, "borroka_banish")):
        sector = unit.where
        board.place(state, unit, BOX)
        unit.damage, unit.moved = 0, False
        ctx.emit("unit_banished", owner, unit=unit.kind, sector=sector, by=by)
        return
    effects.remove_unit(ctx, unit.id)


def _hostile(state: State, sector: int, seat: int) -> bool:
    """Whether the sector holds an enemy unit or colony for the seat. The Fracture's
    neutral units are enemies of every player: they fight whoever stands beside them."""
    if any(u.owner != seat for u in board.units_in(state, sector)):
        return True
    return any(s.owner >= 0 and s.owner != seat for s in state.sectors[sector].spaces)


def retreat_destinations(state: State, content: Content, unit: Unit) -> list[int]:
    """Adjacent sectors without battle medal, enemy units or colonies, nearest to the
    owner's other units or colonies. Empty: the unit is removed instead."""
    origin = state.sectors[unit.where]
    seat = unit.owner
    valid = [s for s in board.adjacent_sectors(state, content, origin)
             if s.id != origin.id and not s.battle_medal and not _hostile(state, s.id, seat)]
    if len(valid) <= 1:
        return [s.id for s in valid]
    homes = [board.hex_of(s) for s in state.sectors
             if s.id != origin.id and (board.colonies_in(s, seat)
                                        or any(u.where == s.id and u.owner == seat
                                               for u in state.units))]
    if not homes:
        return [s.id for s in valid]
    grid = board.grid(state, content)
    far = len(state.sectors) + 1
    distance = {}
    for s in valid:
        reach = grid.distances_from(board.hex_of(s))
        distance[s.id] = min(reach.get(h, far) for h in homes)
    best = min(distance.values())
    return [sid for sid, d in distance.items() if d == best]


def move_in_retreat(ctx: Ctx, unit: Unit, destination: int) -> None:
    """The unit moves into the destination, which reveals a face-down event there as any
    move does."""
    origin = unit.where
    board.place(ctx.state, unit, destination)
    ctx.state.stats["retreats"] += 1
    ctx.emit("unit_retreated", unit.owner, unit=unit.kind, sector=origin, to=destination)
    sector = ctx.state.sectors[destination]
    if movement.face_down_event(sector):
        movement.reveal_event(ctx, sector, unit.owner)


# --- tactic cards: validity, compositions, initiative ------------------------------------


def _contributions(state: State, content: Content, unit: Unit) -> list[tuple[str, int]]:
    """What a unit may count as in a composition: itself (two if Veteran), or X infantries
    or lightships with Support X."""
    keywords = units.keywords(state, content, unit)
    own = (unit.kind, 2 if keywords.get("veteran") else 1)
    support = keywords.get("support", 0)
    if not support:
        return [own]
    return [own, *((role, support) for role in SUPPORT_ROLES)]


def _unit_totals(state: State, content: Content, sector: int, seat: int
                 ) -> Iterator[dict[str, int]]:
    """Every way the seat's units in the sector can be counted (Support roles vary)."""
    fixed: dict[str, int] = {}
    flexible: dict[tuple[tuple[str, int], ...], int] = {}
    for unit in board.units_in(state, sector, seat):
        options = _contributions(state, content, unit)
        if len(options) == 1:
            kind, n = options[0]
            fixed[kind] = fixed.get(kind, 0) + n
        else:
            key = tuple(options)
            flexible[key] = flexible.get(key, 0) + 1
    # Identical Support units only matter by how many take each role.
    per_group = [list(_splits(options, count)) for options, count in flexible.items()]
    for choice in product(*per_group):
        totals = dict(fixed)
        for part in choice:
            for kind, n in part.items():
                totals[kind] = totals.get(kind, 0) + n
        yield totals


def _splits(options: tuple[tuple[str, int], ...], count: int) -> Iterator[dict[str, int]]:
    def spread(i: int, left: int) -> Iterator[list[int]]:
        if i == len(options) - 1:
            yield [left]
            return
        for k in range(left + 1):
            for rest in spread(i + 1, left - k):
                yield [k, *rest]

    for numbers in spread(0, count):
        totals: dict[str, int] = {}
        for (kind, n), k in zip(options, numbers, strict=True):
            if k:
                totals[kind] = totals.get(kind, 0) + n * k
        yield totals


def _fits(comp: Composition, totals: dict[str, int]) -> bool:
    return all(totals.get(kind, 0) >= need for kind, need in comp.units.items())


def composition_options(state: State, content: Content, card: TacticCard, sector: int,
                        seat: int) -> list[int]:
    """The compositions the seat may resolve: for some way of counting its units, the
    largest that fits is mandatory. Empty: the card cannot be resolved."""
    options: set[int] = set()
    for totals in _unit_totals(state, content, sector, seat):
        fitting = [i for i, comp in enumerate(card.compositions) if _fits(comp, totals)]
        if fitting:
            best = max(card.compositions[i].size for i in fitting)
            options.update(i for i in fitting if card.compositions[i].size == best)
    return sorted(options)


def unplayable(state: State, content: Content, data: dict[str, Any], seat: int, card: str
               ) -> str:
    """Why the seat may not choose a tactic of its hand in this battle now, "" when it may:
    ``played`` earlier in the battle, ``discarded`` by hostile conditions, or ``units``: no
    composition fits the seat's units in the sector."""
    key = str(seat)
    if card in data["played"].get(key, []):
        return "played"
    if card in data["out"].get(key, []):
        return "discarded"
    if not composition_options(state, content, content.tactic_cards[card], data["sector"], seat):
        return "units"
    return ""


def valid_tactics(state: State, content: Content, data: dict[str, Any], seat: int
                  ) -> list[str]:
    """Tactics in hand, not played nor discarded this battle, with a possible composition."""
    return [card for card in state.players[seat].tactics
            if not unplayable(state, content, data, seat, card)]


def _upgrades(state: State, card: TacticCard, seat: int) -> list[dict[str, Any]]:
    techs = state.players[seat].technologies
    return [step.to_dict() for up in card.upgrades if up.tech in techs for step in up.effect]


def initiative(state: State, content: Content, card: TacticCard, seat: int) -> int:
    value = card.initiative + passives.modifier(state, content, seat, "initiative")
    value += sum(int(s["amount"]) for s in _upgrades(state, card, seat)
                 if s["op"] == "initiative")
    return max(0, value)


def _main_segments(comp: Composition) -> list[list[Any]]:
    return [[kind, getattr(comp.damage, kind)] for kind in DAMAGE_ORDER
            if getattr(comp.damage, kind) > 0]


def _upgrade_segments(upgrades: list[dict[str, Any]]) -> list[list[Any]]:
    return [[s["kind"], int(s["count"])] for s in upgrades if s["op"] == "damage"]


def _expand(segments: list[list[Any]]) -> list[str]:
    return [str(kind) for kind, count in segments for _ in range(int(count))]


# --- the battle task -----------------------------------------------------------------------


def start_battle(ctx: Ctx, sector: int) -> Task:
    return ctx.push("battle", -1, sector=sector, stage="start")


@task("battle")
def _battle_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    stage = t.data["stage"]
    if stage == "start":
        _begin(ctx, t)
    elif stage == "turn":
        _new_turn(ctx, t)
    elif stage == "choose":
        return _choose_or_reveal(ctx, t)
    elif stage == "resolve":
        return _resolve(ctx, t)
    else:
        _end(ctx, t)
    return None


def _begin(ctx: Ctx, t: Task) -> None:
    state, sector = ctx.state, int(t.data["sector"])
    seats = seats_with_units(state, sector)
    t.data.update(seats=seats, turn=0, played={}, out={}, chosen={}, cards=[], groups=[],
                  g=0, phase="setup", jobs=[], block=[0] * len(state.players), asking="",
                  start={str(s): forces(state, sector, s) for s in seats}, hits=[])
    if len(seats) < 2:
        t.data["stage"] = "end"
        return
    state.stats["battles"] += 1
    ctx.emit("battle_started", -1, sector=sector, seats=seats)
    if "hostile_conditions" in board.living_galaxy_effects(state.sectors[sector], ctx.content):
        for seat in seats:
            _hostile_discard(ctx, t, seat)
    t.data["stage"] = "turn"


def _hostile_discard(ctx: Ctx, t: Task, seat: int) -> None:
    """Two random tactics discarded face-up for this battle; an elite one returns to hand."""
    hand = list(ctx.state.players[seat].tactics)
    drawn = []
    for _ in range(min(HOSTILE_DISCARDS, len(hand))):
        drawn.append(hand.pop(rng.below(ctx.state, len(hand))))
    out = [card for card in drawn if not card.endswith("+elite")]
    t.data["out"][str(seat)] = out
    ctx.reveal("tactics_discarded", seat, sector=t.data["sector"], tactics=drawn,
             returned=[c for c in drawn if c not in out])


def _new_turn(ctx: Ctx, t: Task) -> None:
    state, sector = ctx.state, int(t.data["sector"])
    if len(seats_with_units(state, sector)) <= 1:
        t.data["stage"] = "end"
        return
    for seat in seats_with_units(state, sector):
        if not valid_tactics(state, ctx.content, t.data, seat):
            ctx.emit("missing_in_action", seat, sector=sector)
            for unit in board.units_in(state, sector, seat):
                remove_from_board(ctx, unit)
    if len(seats_with_units(state, sector)) <= 1:
        t.data["stage"] = "end"
        return
    t.data["turn"] += 1
    t.data.update(chosen={}, cards=[], groups=[], g=0, phase="setup", jobs=[],
                  block=[0] * len(state.players), stage="choose")


def _choose_or_reveal(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, sector = ctx.state, int(t.data["sector"])
    fighting = seats_with_units(state, sector)
    waiting = [s for s in fighting if str(s) not in t.data["chosen"]]
    if waiting:
        t.data["asking"] = "tactic"
        played = {k: list(v) for k, v in t.data["played"].items()}
        return [Prompt(seat, "tactic",
                       [f"tactic:{c}" for c in valid_tactics(state, ctx.content, t.data, seat)],
                       {"sector": sector, "turn": t.data["turn"], "played": played})
                for seat in waiting]
    _reveal(ctx, t)
    return None


def _reveal(ctx: Ctx, t: Task) -> None:
    state, content = ctx.state, ctx.content
    chosen: dict[str, str] = t.data["chosen"]
    cards: list[dict[str, Any]] = []
    for key, card_id in sorted(chosen.items(), key=lambda kv: int(kv[0])):
        seat = int(key)
        t.data["played"].setdefault(key, []).append(card_id)
        tactic = content.tactic_cards[card_id]
        cards.append({"seat": seat, "tactic": card_id,
                      "initiative": initiative(state, content, tactic, seat), "options": [],
                      "comp": -1, "target": -1, "order": "", "status": "pending"})
    n = len(state.players)
    cards.sort(key=lambda c: (c["initiative"], (c["seat"] - state.first_player) % n))
    groups: list[list[int]] = []
    for i, card in enumerate(cards):
        if groups and cards[groups[-1][0]]["initiative"] == card["initiative"]:
            groups[-1].append(i)
        else:
            groups.append([i])
    t.data.update(cards=cards, groups=groups, g=0, phase="setup", chosen={}, stage="resolve")
    ctx.reveal("tactics_revealed", -1, sector=t.data["sector"], turn=t.data["turn"],
             tactics={str(c["seat"]): c["tactic"] for c in cards},
             initiatives={str(c["seat"]): c["initiative"] for c in cards})


def _resolve(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    if data["g"] >= len(data["groups"]):
        data["stage"] = "turn"
        return None
    group = [data["cards"][i] for i in data["groups"][data["g"]]]
    if data["phase"] == "setup":
        _setup_group(ctx, t, group)
    if data["phase"] == "decide":
        prompt = _group_decision(ctx, t, group)
        if prompt is not None:
            return [prompt]
        _owe_costs(ctx, group)
        data["phase"] = "pay"
    if data["phase"] == "pay":
        prompt = _cost_prompt(ctx, t, group)
        if prompt is not None:
            return [prompt]
        _apply_group(ctx, t, group)
    if data["phase"] == "damage":
        if data["jobs"]:
            job = data["jobs"].pop(0)
            ctx.push("damage", job["dealer"], sector=data["sector"], segments=job["segments"],
                     target=job["target"], tactic=True, ignore_resist=job["ignore_resist"])
            return None
        data["g"] += 1
        data["phase"] = "setup"
    return None


def _setup_group(ctx: Ctx, t: Task, group: list[dict[str, Any]]) -> None:
    """Compositions are fixed from the units present before the group resolves: units hit
    by a card of the same initiative still act."""
    state, content, sector = ctx.state, ctx.content, int(t.data["sector"])
    for card in group:
        tactic = content.tactic_cards[card["tactic"]]
        card["options"] = composition_options(state, content, tactic, sector, card["seat"])
        if not card["options"]:
            card["status"] = "discarded"
            ctx.emit("tactic_unresolved", card["seat"], sector=sector, tactic=card["tactic"])
            continue
        if len(card["options"]) == 1:
            card["comp"] = card["options"][0]
        enemies = enemy_seats(state, sector, card["seat"])
        if len(enemies) == 1:
            card["target"] = enemies[0]
    t.data["phase"] = "decide"
    t.data["order_left"] = []


def _segments(ctx: Ctx, card: dict[str, Any]) -> tuple[list[list[Any]], list[list[Any]]]:
    tactic = ctx.content.tactic_cards[card["tactic"]]
    main = _main_segments(tactic.compositions[card["comp"]])
    extra = _upgrade_segments(_upgrades(ctx.state, tactic, card["seat"]))
    return main, extra


def _group_decision(ctx: Ctx, t: Task, group: list[dict[str, Any]]) -> Prompt | None:
    state, sector = ctx.state, int(t.data["sector"])
    live = [c for c in group if c["status"] != "discarded"]
    for card in live:
        seat = card["seat"]
        if card["comp"] < 0:
            t.data["asking"] = "composition"
            return Prompt(seat, "composition", [f"composition:{i}" for i in card["options"]],
                          {"sector": sector, "tactic": card["tactic"]})
        main, extra = _segments(ctx, card)
        if card["target"] < 0 and (main or extra):
            enemies = enemy_seats(state, sector, seat)
            if enemies:
                t.data["asking"] = "target_player"
                return Prompt(seat, "target_player", [f"seat:{s}" for s in enemies],
                              {"sector": sector, "tactic": card["tactic"]})
        if not card["order"]:
            if main and extra and _expand(extra + main) != _expand(main + extra):
                t.data["asking"] = "upgrade_order"
                return Prompt(seat, "upgrade_order", ["upgrade:before", "upgrade:after"],
                              {"sector": sector, "tactic": card["tactic"]})
            card["order"] = "after"
    return _order_prompt(ctx, t, live)


def _order_prompt(ctx: Ctx, t: Task, live: list[dict[str, Any]]) -> Prompt | None:
    """With three or more players, simultaneous cards hitting one player are applied in
    the order the watcher (or first player) chooses."""
    state = ctx.state
    dealing = [c for c in live if c["target"] >= 0 and any(_segments(ctx, c))]
    targets = [c["target"] for c in dealing]
    if len(t.data["seats"]) < 3 or len(set(targets)) == len(targets):
        return None
    ordered = t.data["order_left"]
    left = [c["seat"] for c in dealing if c["seat"] not in ordered]
    if len(left) <= 1:
        return None
    t.data["asking"] = "simultaneous_order"
    return Prompt(chooser_of_ties(state), "simultaneous_order", [f"seat:{s}" for s in left],
                  {"sector": t.data["sector"], "first": ordered})


def _apply_group(ctx: Ctx, t: Task, group: list[dict[str, Any]]) -> None:
    state, content, sector = ctx.state, ctx.content, int(t.data["sector"])
    live = [c for c in group if c["status"] != "discarded"]
    for card in live:
        tactic = content.tactic_cards[card["tactic"]]
        comp = tactic.compositions[card["comp"]]
        block = comp.damage.block
        for step in _upgrades(state, tactic, card["seat"]):
            if step["op"] == "block":
                block = -1 if -1 in (block, int(step["count"])) else block + int(step["count"])
        if block:
            current = t.data["block"][card["seat"]]
            t.data["block"][card["seat"]] = -1 if -1 in (current, block) else current + block
        card["status"] = "resolved"
        ctx.emit("tactic_resolved", card["seat"], sector=sector, tactic=card["tactic"],
                 composition=card["comp"], target=card["target"], block=block)
    ranked = list(t.data["order_left"])
    ranked += [s for s in turn_order(state, [c["seat"] for c in live]) if s not in ranked]
    jobs = []
    for seat in ranked:
        card = next(c for c in live if c["seat"] == seat)
        main, extra = _segments(ctx, card)
        segments = extra + main if card["order"] == "before" else main + extra
        if segments and card["target"] >= 0:
            jobs.append({"dealer": seat, "target": card["target"], "segments": segments,
                         "ignore_resist": content.tactic_cards[card["tactic"]].ignore_resist})
    t.data["jobs"] = jobs
    t.data["phase"] = "damage"


def _owe_costs(ctx: Ctx, group: list[dict[str, Any]]) -> None:
    """Each resolving card owes the units its composition removes (``cost``: kind -> n)."""
    for card in group:
        if card["status"] != "discarded":
            comp = ctx.content.tactic_cards[card["tactic"]].compositions[card["comp"]]
            card["cost"] = {kind: n for kind, n in comp.remove.items() if n > 0}


def cost_candidates(state: State, content: Content, sector: int, seat: int, kind: str
                    ) -> list[Unit]:
    """The seat's units that may pay one unit of ``kind`` of a composition's cost: those of
    that kind, or, with none left, Support units (which count as infantries or
    lightships). One per interchangeable group (type, damage, black), the engine's old
    pick first: a unit without Veteran before one with it, the most damaged, the lowest id."""
    mine = board.units_in(state, sector, seat)
    pool = [u for u in mine if u.kind == kind] or [
        u for u in mine if units.has(state, content, u, "support")]
    seen: dict[tuple[str, int, bool], Unit] = {}
    for unit in sorted(pool, key=lambda u: (units.has(state, content, u, "veteran"),
                                            -u.damage, u.id)):
        seen.setdefault((unit.kind, unit.damage, unit.black), unit)
    return list(seen.values())


def _cost_prompt(ctx: Ctx, t: Task, group: list[dict[str, Any]]) -> Prompt | None:
    """The units a composition removes as its cost, chosen by their owner one at a time;
    asked only when the candidates differ and not all of them must go."""
    state, content, sector = ctx.state, ctx.content, int(t.data["sector"])
    for card in group:
        cost = card.get("cost") or {}
        for kind in list(cost):
            while cost[kind] > 0:
                candidates = cost_candidates(state, content, sector, card["seat"], kind)
                if not candidates:
                    cost[kind] = 0
                    break
                pool = [u for u in board.units_in(state, sector, card["seat"])
                        if any(_alike(u, c) for c in candidates)]
                worth = sum(cost_worth(state, content, u) for u in pool)
                if len(candidates) == 1 or worth <= cost[kind]:
                    _pay_unit(ctx, card, kind, candidates[0])
                    continue
                t.data["asking"] = "tactic_cost"
                return Prompt(card["seat"], "tactic_cost",
                              [f"unit:{u.id}" for u in candidates],
                              {"sector": sector, "tactic": card["tactic"], "unit": kind,
                               "left": cost[kind]})
            del cost[kind]
    return None


def _alike(a: Unit, b: Unit) -> bool:
    return (a.kind, a.damage, a.black) == (b.kind, b.damage, b.black)


def cost_worth(state: State, content: Content, unit: Unit) -> int:
    """What a unit counts for in a composition's cost: two with Veteran."""
    return 2 if units.has(state, content, unit, "veteran") else 1


def _pay_unit(ctx: Ctx, card: dict[str, Any], kind: str, unit: Unit) -> None:
    card["cost"][kind] -= cost_worth(ctx.state, ctx.content, unit)
    remove_from_board(ctx, unit)


def _end(ctx: Ctx, t: Task) -> None:
    state, sector = ctx.state, int(t.data["sector"])
    left = seats_with_units(state, sector)
    owners = sorted({s.owner for s in state.sectors[sector].spaces if s.owner >= 0})
    if len(left) == 1:
        winner, result = left[0], "victory"
    elif not left and len(owners) == 1:
        winner, result = owners[0], "colony"
    else:
        winner, result = -1, "draw"
    t.data.update(winner=winner, result=result)
    if len(t.data["seats"]) >= 2:
        ctx.emit("battle_ended", winner, sector=sector, result=result)
        if winner >= 0:
            _record_win(state, sector, winner)
    ctx.finish(t)


def _record_win(state: State, sector: int, winner: int) -> None:
    """The conflict phase keeps who won each battle fought (two or more players with units
    when it began): Wartime innovation rewards only medals won so."""
    for pending in reversed(state.stack):
        if pending.kind == "conflict_phase":
            pending.data.setdefault("won", {})[str(sector)] = winner
            return


@chooser("battle")
def _battle_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    asking = t.data["asking"]
    if asking == "tactic":
        t.data["chosen"][str(seat)] = arg(choice)
        ctx.emit("tactic_chosen", seat, sector=t.data["sector"], tactic=arg(choice))
        return
    group = [t.data["cards"][i] for i in t.data["groups"][t.data["g"]]]
    if asking == "simultaneous_order":
        t.data["order_left"].append(int_arg(choice))
        return
    card = next(c for c in group if c["seat"] == seat and c["status"] != "discarded")
    if asking == "tactic_cost":
        unit = ctx.state.units[int_arg(choice)]
        kind = next(k for k, n in card["cost"].items() if n > 0)
        _pay_unit(ctx, card, kind, unit)
    elif asking == "composition":
        card["comp"] = int_arg(choice)
    elif asking == "target_player":
        card["target"] = int_arg(choice)
    elif asking == "upgrade_order":
        card["order"] = arg(choice)


# --- damage ----------------------------------------------------------------------------------


def _battle_of(state: State, sector: int) -> Task | None:
    for t in reversed(state.stack):
        if t.kind == "battle" and t.data.get("sector") == sector:
            return t
    return None


def _blocked(state: State, sector: int, seat: int) -> bool:
    """Consume one point of the seat's block in the battle of that sector, if any."""
    battle = _battle_of(state, sector)
    if battle is None or not battle.data.get("block"):
        return False
    block: list[int] = battle.data["block"]
    if block[seat] == -1:
        return True
    if block[seat] > 0:
        block[seat] -= 1
        return True
    return False


def damage_sectors(state: State, seat: int) -> list[int]:
    """Contested sectors where the seat faces enemy units: where its damage may go."""
    found = []
    for s in state.sectors:
        here = board.present(state, s)  # contested: two seats or more
        if len(here) >= 2 and seat in here and enemy_seats(state, s.id, seat):
            found.append(s.id)
    return found


def _outcome(ctx: Ctx, unit: Unit, kind: str, ignore_resist: bool) -> str:
    """What one point of damage does to a unit: toppled, removed or retreat."""
    if kind == "massive":
        return "removed"
    keywords = units.keywords(ctx.state, ctx.content, unit)
    resist = 0 if ignore_resist else keywords.get("resist", 0)
    if kind == "retreat":
        courage = 0 if ignore_resist else keywords.get("courage", 0)
        return "toppled" if unit.damage < max(resist, courage) else "retreat"
    return "toppled" if unit.damage < resist else "removed"


@task("damage")
def _damage_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, d, dealer = ctx.state, t.data, t.seat
    if "point" not in d:
        d.setdefault("segments", [[d.get("kind", "direct"), int(d.get("count", 1))]])
        d["segments"] = [[str(k), int(c)] for k, c in d["segments"]]
        d.setdefault("target", -1)
        d["vanguard_used"] = []
        d["point"] = {}
    if d.get("sector") is None:
        if d.get("where") == "contested":
            options = damage_sectors(state, dealer)
            if not options:
                ctx.finish(t)
                return None
            d["asking"] = "damage_sector"
            return [Prompt(dealer, "damage_sector", [f"sector:{s}" for s in options],
                           {"kind": d["segments"][0][0]})]
        d["sector"] = int(d.get("here", -1))
    sector = int(d["sector"])
    while d["segments"] and d["segments"][0][1] <= 0:
        d["segments"].pop(0)
    if not d["segments"] or sector < 0:
        ctx.finish(t)
        return None
    kind = str(d["segments"][0][0])
    if d["target"] < 0:
        enemies = enemy_seats(state, sector, dealer)
        if len(enemies) > 1:
            d["asking"] = "target_player"
            return [Prompt(dealer, "target_player", [f"seat:{s}" for s in enemies],
                           {"sector": sector, "kind": kind})]
        d["target"] = enemies[0] if enemies else -1
    target = int(d["target"])
    victims = board.units_in(state, sector, target) if target >= 0 else []
    if not victims:
        ctx.emit("damage_lost", dealer, sector=sector,
                 count=sum(int(c) for _, c in d["segments"]))
        ctx.finish(t)
        return None
    return _damage_point(ctx, t, sector, kind, target, victims)


def _damage_point(ctx: Ctx, t: Task, sector: int, kind: str, target: int,
                  victims: list[Unit]) -> list[Prompt] | None:
    state, d, dealer, point = ctx.state, t.data, t.seat, t.data["point"]
    if not point.get("block_checked"):
        point["block_checked"] = True
        if _blocked(state, sector, target):
            ctx.emit("damage_blocked", target, sector=sector, damage=kind)
            _next_point(d)
            return None
    if point.get("unit", -1) < 0:
        options = _representatives(victims)
        if len(options) == 1:
            point["unit"] = options[0].id
        else:
            picker = dealer if kind in ("massive", "direct") else target
            d["asking"] = "damage_target"
            return [Prompt(picker, "damage_target", [f"unit:{u.id}" for u in options],
                           {"sector": sector, "kind": kind, "target": target})]
    if kind in ("massive", "direct") and not point.get("vanguard_asked"):
        point["vanguard_asked"] = True
        guards = _representatives([u for u in victims if u.id != point["unit"]
                                   and u.id not in d["vanguard_used"]
                                   and units.has(state, ctx.content, u, "vanguard")])
        if guards:
            d["asking"] = "vanguard"
            return [Prompt(target, "vanguard", [f"unit:{u.id}" for u in guards] + [DONE],
                           {"sector": sector, "kind": kind, "unit": point["unit"]})]
    unit = state.units[point["unit"]]
    outcome = _outcome(ctx, unit, kind, bool(d.get("ignore_resist")))
    if outcome == "retreat" and "to" not in point:
        destinations = retreat_destinations(state, ctx.content, unit)
        if len(destinations) > 1:
            d["asking"] = "retreat_destination"
            return [Prompt(dealer, "retreat_destination",
                           [f"sector:{s}" for s in destinations],
                           {"sector": sector, "unit": unit.id})]
        point["to"] = destinations[0] if destinations else -1
    _hit(ctx, t, unit, kind, outcome)
    _next_point(d)
    return None


def _hit(ctx: Ctx, t: Task, unit: Unit, kind: str, outcome: str) -> None:
    d = t.data
    if outcome == "retreat" and d["point"]["to"] < 0:
        outcome = "cut_off"  # no safe sector to retreat to: the unit is removed instead
    # The damage kind is ``damage``: ``kind`` names the event itself in a record.
    ctx.emit("unit_damaged", unit.owner, sector=unit.where, unit=unit.kind, unit_id=unit.id,
             damage=kind, outcome=outcome, by=t.seat)
    battle = _battle_of(ctx.state, unit.where)
    if battle is not None and "hits" in battle.data:  # a battle begun before the tally kept none
        battle.data["hits"].append({"by": t.seat, "seat": unit.owner, "unit": unit.kind,
                                    "outcome": outcome})
    if outcome == "toppled":
        unit.damage += 1
    elif outcome == "retreat":
        move_in_retreat(ctx, unit, int(d["point"]["to"]))
    else:
        remove_from_board(ctx, unit, t.seat, bool(d.get("tactic")))


def _next_point(d: dict[str, Any]) -> None:
    d["segments"][0][1] -= 1
    d["point"] = {}


@chooser("damage")
def _damage_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    d = t.data
    asking = d.get("asking")
    if asking == "damage_sector":
        d["sector"] = int_arg(choice)
    elif asking == "target_player":
        d["target"] = int_arg(choice)
    elif asking == "damage_target":
        d["point"]["unit"] = int_arg(choice)
    elif asking == "vanguard":
        if choice != DONE:
            d["point"]["unit"] = int_arg(choice)
            d["vanguard_used"].append(int_arg(choice))
    elif asking == "retreat_destination":
        d["point"]["to"] = int_arg(choice)
