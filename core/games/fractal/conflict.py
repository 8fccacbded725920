"""The conflict phase: the watcher's free order, battle medals, battles, sieges, medals.

Rulebook sections: Conflict phase (steps 1 to 5), Medals, and Blockading a sector (the
blockade medals are brought up to date when the phase ends).

Task ``"conflict_phase"`` (seat -1). Data: ``stage`` (training with Elite training on,
watcher, skirmishes (the Fracture's neutral units fight first), medals, battles, sieges,
claim); ``battles_done`` / ``sieges_done`` (sector ids resolved); ``asking``; ``placed``
and ``removed`` (battle medals put on the board and returned to the supply by this phase);
``won`` (sector id as a string -> the winner of the battle fought there, kept by
``battle``).

Prompts: ``watcher`` for the watcher: ``"recruit:infantry"``, ``"recruit:lightship"``,
``"move"``; ``battle_medal`` for the watcher (or the first player) when the fifteen medals
run short: ``"sector:<id>"``, a contested sector to receive one of the last medals
(context ``left``); ``conflict_order`` for the watcher (or the first player):
``"sector:<id>"``, the next battle (then the next siege) to resolve.

Step 1 hands over to tasks owned elsewhere, and is skipped when they are not registered:
``ctx.push("recruit", seat, free=True, watcher=True, choices={kind: 1}, unit=kind, left=1,
placed=0)`` and
``ctx.push("advance", seat, free=True, orders=1)``.
"""

from __future__ import annotations

from core.decisions import Prompt, arg, int_arg
from core.games.fractal import battle, board, movement, recruit, sieges
from core.games.fractal.content import Content
from core.games.fractal.modules import ELITE_TRAINING, elite_training, fracture, on, wartime
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task

FREE_RECRUITS = ("infantry", "lightship")


def watcher_options(ctx: Ctx, seat: int) -> list[str]:
    """A free recruit of 1 infantry or 1 lightship, or a single movement order."""
    state, content = ctx.state, ctx.content
    options = []
    if recruit.recruit_sectors(state, seat):
        free = dict.fromkeys(FREE_RECRUITS, 1)
        options += [f"recruit:{c.split(':')[-1]}"
                    for c in recruit.unit_choices(state, content, seat, free)]
    if movement.can_advance(state, content, seat):
        options.append("move")
    return options


def pending_battles(state: State, done: list[int]) -> list[int]:
    return [s.id for s in state.sectors if s.battle_medal and s.id not in done]


def pending_sieges(ctx: Ctx, done: list[int]) -> list[int]:
    return [s.id for s in ctx.state.sectors
            if s.id not in done and sieges.besieger(ctx.state, ctx.content, s.id) >= 0]


@task("conflict_phase")
def _conflict_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    # Elite training happens at the very start of the phase, before the watcher's order.
    data.setdefault("stage", "training" if on(ctx.state, ELITE_TRAINING) else "watcher")
    for key in ("battles_done", "sieges_done"):
        data.setdefault(key, [])
    stage = data["stage"]
    if stage == "training":
        data["stage"] = "watcher"
        elite_training.start(ctx)
        return None
    if stage == "watcher":
        return _watcher(ctx, t)
    if stage == "skirmishes":
        data["stage"] = "medals"
        if ctx.state.fracture.entered:  # neutral units fight before any medal is placed
            order = battle.turn_order(ctx.state, list(range(len(ctx.state.players))))
            fracture.start_skirmishes(ctx, order)
        return None
    if stage == "medals":
        return _place_medals(ctx, t)
    if stage == "battles":
        return _next(ctx, t, pending_battles(ctx.state, data["battles_done"]), "sieges")
    elif stage == "sieges":
        return _next(ctx, t, pending_sieges(ctx, data["sieges_done"]), "claim")
    else:
        claims = claim_medals(ctx, t)
        movement.clear_moved(ctx.state)  # the watcher's order belonged to no turn
        ctx.finish(t)
        fracture.claim(ctx)
        won = won_medals(claims, data.get("won", {}))
        wartime.offer(ctx, won, battle.turn_order(ctx.state, sorted(won)))
    return None


def _watcher(ctx: Ctx, t: Task) -> list[Prompt] | None:
    seat = ctx.state.watcher
    options = watcher_options(ctx, seat) if seat >= 0 else []
    if not options:
        if seat >= 0:
            ctx.emit("watcher_skipped", seat)
        t.data["stage"] = "skirmishes"
        return None
    t.data["asking"] = "watcher"
    return [Prompt(seat, "watcher", options)]


def medals_left(state: State, content: Content) -> int:
    """Battle medals still in the supply: the box holds fifteen, held or on the board."""
    held = sum(p.medals for p in state.players)
    on_board = sum(1 for s in state.sectors if s.battle_medal)
    return content.tokens.counts["battle_medal"] - held - on_board


def _place_medals(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """A battle medal in each contested sector while the supply lasts. When it runs short
    the watcher (or the first player) chooses where the last ones go, one at a time."""
    state = ctx.state
    waiting = [s.id for s in state.sectors if board.contested(state, s) and not s.battle_medal]
    left = medals_left(state, ctx.content)
    if len(waiting) > left > 0:
        t.data["asking"] = "battle_medal"
        return [Prompt(battle.chooser_of_ties(state), "battle_medal",
                       [f"sector:{s}" for s in waiting], {"left": left})]
    for sector in waiting[:left]:
        _place_medal(ctx, t, sector)
    t.data["stage"] = "battles"
    return None


def _place_medal(ctx: Ctx, t: Task, sector: int) -> None:
    ctx.state.sectors[sector].battle_medal = True
    t.data["placed"] = t.data.get("placed", 0) + 1
    ctx.emit("battle_medal_placed", -1, sector=sector)


def _next(ctx: Ctx, t: Task, sectors: list[int], then: str) -> list[Prompt] | None:
    """Battles, then sieges, one at a time in the order the watcher chooses."""
    if not sectors:
        t.data["stage"] = then
        return None
    if len(sectors) == 1:
        _start(ctx, t, sectors[0])
        return None
    t.data["asking"] = "conflict_order"
    return [Prompt(battle.chooser_of_ties(ctx.state), "conflict_order",
                   [f"sector:{s}" for s in sectors], {"stage": t.data["stage"]})]


def _start(ctx: Ctx, t: Task, sector: int) -> None:
    if t.data["stage"] == "battles":
        t.data["battles_done"].append(sector)
        battle.start_battle(ctx, sector)
    else:
        t.data["sieges_done"].append(sector)
        ctx.push("siege", -1, sector=sector)


def won_medals(claims: list[tuple[int, int]], won: dict[str, int]) -> dict[int, int]:
    """The medals each seat collected after winning the battle of their sector: a battle
    fought between two players or more, won by the claimant (the one player with units
    left, or the colony's owner when none are). A medal collected where a single player's
    units faced only colonies was won in no battle."""
    counted: dict[int, int] = {}
    for sector, seat in claims:
        if won.get(str(sector)) == seat:
            counted[seat] = counted.get(seat, 0) + 1
    return counted


def claim_medals(ctx: Ctx, t: Task | None = None) -> list[tuple[int, int]]:
    """Each battle medal goes to the player with units in its sector, else to the one with
    colonies there; with nobody (or a tie) it is removed. Blockade medals follow the board.
    Returns each medal collected, as (sector, seat)."""
    state = ctx.state
    removed = 0
    claimed: list[tuple[int, int]] = []
    for sector in state.sectors:
        if sector.battle_medal:
            sector.battle_medal = False
            with_units = battle.seats_with_units(state, sector.id)
            owners = sorted({s.owner for s in sector.spaces if s.owner >= 0})
            claimants = with_units or owners
            if len(claimants) == 1:
                state.players[claimants[0]].medals += 1
                claimed.append((sector.id, claimants[0]))
                ctx.emit("medal_claimed", claimants[0], sector=sector.id)
            else:
                removed += 1
                ctx.emit("medal_removed", -1, sector=sector.id)
        blockaded = board.blockaded(state, sector)
        if blockaded != sector.blockade_medal:
            sector.blockade_medal = blockaded
            ctx.emit("blockade_medal", -1, sector=sector.id, placed=blockaded)
    if t is not None:
        t.data["removed"] = removed
    return claimed


@chooser("conflict_phase")
def _conflict_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if t.data.get("asking") == "conflict_order":
        _start(ctx, t, int_arg(choice))
        return
    if t.data.get("asking") == "battle_medal":
        _place_medal(ctx, t, int_arg(choice))
        return
    t.data["stage"] = "skirmishes"
    if choice == "move":
        ctx.emit("watcher_order", seat, order="move")
        ctx.push("advance", seat, free=True, orders=1)
    else:
        kind = arg(choice)
        ctx.emit("watcher_order", seat, order="recruit", unit=kind)
        # The kind and count are chosen already: the recruit asks only where. It is no
        # Recruit action, so nothing that happens "when you Recruit" follows it.
        ctx.push("recruit", seat, free=True, watcher=True, choices={kind: 1}, unit=kind,
                 left=1, placed=0)
