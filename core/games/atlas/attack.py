"""Wyrms: Attack, in the rules' steps.

a. The attacker picks a Place and may bring any number of free tokens there from adjacent
   Places (the six-slot limit waits until the battle is over), then names the rivals there
   under attack. Their Nobles that were already there count 2; their other free tokens,
   and every token brought in, count 1: the Attack number.
b. Each defender in turn may bring free tokens from one adjacent Place. Defenders fight as
   one colour: a defender's token is free when only defenders' tokens lie above it, so a
   Prisoner under another defender's Noble fights as a free Knight. Their Nobles count 2,
   other free tokens and those brought in count 1: the Defense number. The Castle adds the
   heights of the Towers defenders rule there; the Cave adds the Waves and Wyrms on each
   defender's played card and Advisor.
c. The attacker, then each defender, turns over the top card of the Action Deck and adds
   the suits it shares with the Place.
d. A higher Attack removes one free defending token, then as many more as the difference;
   otherwise the attack fails and the attacker loses two free tokens, then as many more as
   the difference. The attacker picks the tokens; Nobles go last; only free tokens go.
e. With more stacks than slots, the winners keep the slots: the losers' Workers go first,
   each to the bottom of a Tower a winner rules as a Prisoner, or off the map when no such
   Tower stands there; then the winners' own, each under the Noble of a Tower of its owner
   as a free Knight, or off the map when none of them can be. A rival who was not attacked
   is no loser: their Workers keep their slots. The attacker makes every choice of this
   step (which Worker, which Tower), asked when the options differ.
f. An Empty Place is not fought over: the attacker just brings tokens in, from any adjacent
   Places, up to its free slots.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.decks import turn_over
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import Place, State, Task

NOBLE = 2  # a Noble already on the Place counts this much


def targets(state: State, content: Content, seat: int, first: bool = False) -> list[int]:
    """The Places ``seat`` may attack: an Empty one next to its free tokens, or one with a
    rival's token where it has a free token, there or next door (``first``: stop at one)."""
    places = state.places
    near = board.adjacency(state, content, seat)
    found = []
    for p, place in enumerate(places):
        if place.stacks and not any(t != seat for s in place.stacks for t in s):
            continue
        if (place.stacks and board.has_free(place, seat)) or any(
                board.has_free(places[q], seat) for q in near[p]):
            found.append(p)
            if first:
                break
    return found


def can_attack(state: State, content: Content, seat: int) -> bool:
    return bool(targets(state, content, seat, first=True))


def rivals_in(place: Place, seat: int) -> list[int]:
    return sorted({t for s in place.stacks for t in s if t != seat})


def strength(place: Place, group: Collection[int], before: int) -> int:
    """What ``group``'s free tokens there are worth: a Noble already there 2, any other
    free token 1 (those brought in are the stacks from ``before`` on)."""
    total = 0
    for i, stack in enumerate(place.stacks):
        n = board.run(stack, group)
        if n:
            noble = i < before and len(stack) > 1
            total += n + (NOBLE - 1 if noble else 0)
    return total


def _bring(state: State, content: Content, seat: int, p: int, sources: list[int],
           cap: int | None) -> list[str]:
    place = state.places[p]
    if cap is not None and len(place.stacks) >= cap:
        return []
    return [f"take:{q}:{i}" for q in sources
            for i in board.distinct(state.places[q], (i for i, s in enumerate(
                state.places[q].stacks) if s[-1] == seat))]


@task("attack")
def attack_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: target, gather, rivals, defend, fight, remove, overflow; ``place``; ``before``
    (stacks there before the attack); ``brought`` (by the attacker); ``defenders``; ``d``
    (the defender deciding); ``source`` (that defender's Place); ``won``; ``left``
    (tokens still to remove); ``losers`` (whose tokens go); ``fight`` (the numbers
    compared, the cards turned over and the tokens each seat brought, once fought)."""
    state, content = ctx.state, ctx.content
    stage = t.data.setdefault("stage", "target")
    seat = t.seat
    if stage == "target":
        found = targets(state, content, seat)
        if not found:
            ctx.emit("nothing_to_do", seat, action="attack")
            ctx.finish(t)
            return None
        return [Prompt(seat, "attack", [f"place:{p}" for p in found])]
    p = t.data["place"]
    if stage == "gather":
        empty = t.data["before"] == 0
        options = _bring(state, content, seat, p, list(board.adjacency(state, content, seat)[p]),
                         content.slots if empty else None)
        if options and (t.data["brought"] or not empty):
            options.append(DONE)
        if not options:
            _gathered(ctx, t)
            return None
        return [Prompt(seat, "attack_gather", options, {"place": p,
                                                        "brought": t.data["brought"]})]
    if stage == "rivals":
        rivals = rivals_in(state.places[p], seat)
        return [Prompt(seat, "attack_rivals", [
            "against:" + ":".join(str(s) for s in group)
            for k in range(1, len(rivals) + 1) for group in combinations(rivals, k)],
            {"place": p})]
    if stage == "defend":
        return _defend(ctx, t)
    if stage == "fight":
        _battle(ctx, t)
        return None
    return _remove(ctx, t)


def _gathered(ctx: Ctx, t: Task) -> None:
    if t.data["before"] == 0:
        ctx.emit("occupied", t.seat, place=t.data["place"], count=t.data["brought"])
        ctx.finish(t)
    else:
        t.data["stage"] = "rivals"


def defence_options(state: State, content: Content, seat: int, p: int, source: int) -> list[str]:
    """What a defender may bring: from the Place it brought from (``source``), else from
    any adjacent one."""
    sources = [source] if source >= 0 else list(board.adjacency(state, content, seat)[p])
    return _bring(state, content, seat, p, sources, None)


def _defend(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content = ctx.state, ctx.content
    defenders = t.data["defenders"]
    while t.data["d"] < len(defenders):
        seat = defenders[t.data["d"]]
        p = t.data["place"]
        source = t.data["source"]
        options = defence_options(state, content, seat, p, source)
        if options:
            return [Prompt(seat, "defend", [*options, DONE], {"place": p, "source": source,
                                                               "attacker": t.seat})]
        t.data["d"] += 1
        t.data["source"] = -1
    t.data["stage"] = "fight"
    return None


def _shared(content: Content, card: str | None, suits: Collection[str]) -> int:
    return sum(1 for s in content.suits(card) if s in suits) if card else 0


def standing(state: State, content: Content, p: int, attacker: int,
             defenders: Collection[int], before: int) -> tuple[int, int]:
    """The Attack and Defense numbers before any card is turned over (steps a and b)."""
    place = state.places[p]
    power = content.power(place.card)
    attack = strength(place, (attacker,), before)
    defense = strength(place, defenders, before)
    if power.defense_towers:
        defense += sum(len(s) for s in place.stacks if len(s) > 1 and s[-1] in defenders)
    for seat in defenders:
        player = state.players[seat]
        defense += sum(_shared(content, c, power.defense_suits)
                       for c in (player.played or None, player.advisor))
    return attack, defense


def brought(place: Place, before: int) -> dict[int, int]:
    """Seat -> tokens it brought into the Place for the attack (the stacks from ``before``
    on, until the fight removes any)."""
    found: dict[int, int] = {}
    for stack in place.stacks[before:]:
        found[stack[0]] = found.get(stack[0], 0) + 1
    return found


def _battle(ctx: Ctx, t: Task) -> None:
    state, content = ctx.state, ctx.content
    p = t.data["place"]
    place = state.places[p]
    defenders = t.data["defenders"]
    suits = content.suits(place.card)
    came = brought(place, t.data["before"])
    attack, defense = standing(state, content, p, t.seat, defenders, t.data["before"])
    cards = [turn_over(ctx, seat) for seat in (t.seat, *defenders)]
    attack += _shared(content, cards[0], suits)
    defense += sum(_shared(content, c, suits) for c in cards[1:])
    won = attack > defense
    state.stats["attacks"] += 1
    ctx.reveal("fight", t.seat, place=p, defenders=list(defenders), attack=attack,
               defense=defense, cards=cards, won=won)
    t.data.update(stage="remove", won=won,
                  left=1 + attack - defense if won else 2 + defense - attack,
                  losers=list(defenders) if won else [t.seat],
                  fight={"attack": attack, "defense": defense, "cards": cards,
                         "brought": {str(s): n for s, n in came.items()}})


def removable(place: Place, group: Collection[int]) -> list[tuple[int, int]]:
    """The free tokens of ``group`` that may be removed now, as (stack, level): Nobles only
    once no other remains; one of each alike result."""
    others: list[tuple[int, int]] = []
    nobles: list[tuple[int, int]] = []
    seen: set[tuple[int, ...]] = set()
    for i, stack in enumerate(place.stacks):
        n = board.run(stack, group)
        for level in range(len(stack) - n, len(stack)):
            result = tuple(stack[:level] + stack[level + 1:])
            if result in seen:
                continue
            seen.add(result)
            noble = len(stack) > 1 and level == len(stack) - 1
            (nobles if noble else others).append((i, level))
    return others or nobles


def _remove(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    p = t.data["place"]
    place = state.places[p]
    tokens = removable(place, t.data["losers"]) if t.data["left"] > 0 else []
    if tokens:
        return [Prompt(t.seat, "attack_remove", [f"token:{p}:{i}:{level}" for i, level in tokens],
                       {"place": p, "left": t.data["left"], "won": t.data["won"]})]
    return _overflow(ctx, t)


def sides(t: Task) -> tuple[list[int], list[int]]:
    """The battle's winners and losers; rivals not attacked are neither."""
    attacker, defenders = [t.seat], list(t.data["defenders"])
    return (attacker, defenders) if t.data["won"] else (defenders, attacker)


def _overflow(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Step e, one excess stack at a time: the attacker's choice when it matters."""
    t.data["stage"] = "overflow"
    p = t.data["place"]
    winners, losers = sides(t)
    while True:
        options = overflow_options(ctx.state, ctx.content, p, winners, losers)
        if not options:
            ctx.finish(t)
            return None
        if len(options) > 1:
            excess = len(ctx.state.places[p].stacks) - ctx.content.slots
            return [Prompt(t.seat, "attack_overflow", options, {"place": p, "excess": excess})]
        fold(ctx, options[0], winners)


def overflow_options(state: State, content: Content, p: int, winners: Collection[int],
                     losers: Collection[int]) -> list[str]:
    """How the next excess stack leaves: ``fold:<place>:<worker>:<tower>`` (a Worker into
    a Tower) or ``evict:<place>:<worker>`` (back to its supply). The losers' Workers go
    first, as Prisoners under a winner's Tower, else off the map; then the winners' own, as
    Knights under a Tower of theirs, else off the map. One Worker per owner (the last),
    one Tower per distinct stack; the engine's old pick comes first."""
    place = state.places[p]
    if len(place.stacks) <= content.slots:
        return []
    towers_allowed = not content.power(place.card).no_towers
    for side in (losers, winners):
        workers = _last_workers(place, side)
        if not workers:
            continue
        folds = [f"fold:{p}:{i}:{j}" for i in workers
                 for j in _towers_for(place, place.stacks[i][0], side is losers, winners)
                 if towers_allowed]
        return folds or [f"evict:{p}:{i}" for i in workers]
    return []


def _last_workers(place: Place, group: Collection[int]) -> list[int]:
    """The last Worker of each seat of ``group`` there, the last first."""
    found: dict[int, int] = {}
    for i in range(len(place.stacks) - 1, -1, -1):
        stack = place.stacks[i]
        if len(stack) == 1 and stack[0] in group:
            found.setdefault(stack[0], i)
    return list(found.values())


def _towers_for(place: Place, seat: int, prisoner: bool, winners: Collection[int]) -> list[int]:
    """Towers a Worker of ``seat`` may join: a winner's, as a Prisoner; or its own, as a
    Knight. One per distinct stack, first first."""
    seen: set[tuple[int, ...]] = set()
    found = []
    for j, stack in enumerate(place.stacks):
        if len(stack) < 2 or (stack[-1] not in winners if prisoner else stack[-1] != seat):
            continue
        if tuple(stack) not in seen:
            seen.add(tuple(stack))
            found.append(j)
    return found


def fold(ctx: Ctx, choice: str, winners: Collection[int]) -> None:
    """Apply one option of :func:`overflow_options`."""
    state = ctx.state
    head, *numbers = choice.split(":")
    p, i = int(numbers[0]), int(numbers[1])
    place = state.places[p]
    seat = place.stacks[i][0]
    del place.stacks[i]
    if head == "evict":
        state.players[seat].supply += 1
        ctx.emit("crowded_out", seat, place=p)
        return
    j = int(numbers[2])
    tower = place.stacks[j - 1 if j > i else j]
    if tower[-1] == seat:
        tower.insert(-1, seat)
        ctx.emit("knighted", seat, place=p)
    else:
        tower.insert(0, seat)
        ctx.emit("imprisoned", seat, place=p, jailer=tower[-1])


@chooser("attack")
def attack_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    stage = t.data["stage"]
    if stage == "target":
        p = int_arg(choice)
        t.data.update(stage="gather", place=p, before=len(state.places[p].stacks), brought=0)
        ctx.emit("attack", seat, place=p)
    elif stage == "gather":
        if choice == DONE:
            _gathered(ctx, t)
        else:
            _, q, i = choice.split(":")
            board.take_free(state.places[int(q)], int(i))
            state.places[t.data["place"]].stacks.append([seat])
            t.data["brought"] += 1
    elif stage == "rivals":
        defenders = [int(s) for s in arg(choice).split(":")]
        n = len(state.players)
        defenders.sort(key=lambda s: (s - t.seat) % n)
        t.data.update(stage="defend", defenders=defenders, d=0, source=-1)
        ctx.emit("defenders", seat, place=t.data["place"], defenders=list(defenders))
    elif stage == "defend":
        if choice == DONE:
            t.data["d"] += 1
            t.data["source"] = -1
        else:
            _, q, i = choice.split(":")
            board.take_free(state.places[int(q)], int(i))
            state.places[t.data["place"]].stacks.append([seat])
            t.data["source"] = int(q)
            ctx.emit("reinforced", seat, place=t.data["place"], source=int(q))
    elif stage == "overflow":
        fold(ctx, choice, sides(t)[0])
    else:
        _, _, i, level = choice.split(":")
        place = state.places[t.data["place"]]
        owner = board.remove_token(place, int(i), int(level))
        state.players[owner].supply += 1
        t.data["left"] -= 1
        ctx.emit("token_removed", owner, place=t.data["place"], by=seat)
