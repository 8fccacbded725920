"""A conflict action, TAKEOVER or DESTROY, up to its conflict (the rulebook's Conflict
Actions): choose the attack pattern (Assault and Subvert offer three), the attacking piece,
an optional move for an Agent or a Fleet, then the target, or no conflict (offered beside
every target, so that a lone target is confirmed with the odds in view).
A target named, every other seat with a Leader's turn ability it can use now is asked at once
whether it interrupts the declaration (H:1611-1619): its costs are not paid yet, so after a
Leader the attacker names the target again, or none, and then has the action back to
choose another. The conflict's cost is paid when it is declared; ``conflict.py`` resolves
it.
"""

from __future__ import annotations

from core.decisions import Prompt, arg, int_arg
from core.games.hegemonic import leaders, movement, targeting
from core.games.hegemonic.content import Content
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task


def patterns_open(state: State, content: Content, seat: int, names: list[str]) -> list[str]:
    return [p for p in names if targeting.can_attack(state, content, seat, content.patterns[p])]


@task("attack")
def attack_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``patterns``: those the card offers for this conflict; ``pattern``, ``piece``
    (``group:<sector>``, ``agent:<i>``, ``fleet:<i>``) and ``moved`` once decided;
    ``declared``: the target named, while the other seats may interrupt (``passed``: those
    who will not); ``interrupted``: a Leader interrupted the declaration."""
    state, content = ctx.state, ctx.content
    seat = t.seat
    declared = t.data.get("declared", "")
    if declared:
        passed = t.data["passed"]
        asked = [(other, leaders.turn_options(state, content, other))
                 for other in range(len(state.players))
                 if other != seat and other not in passed]
        prompts = [Prompt(other, "interrupt", ["pass", *levels],
                          {"attacker": seat, "target": declared})
                   for other, levels in asked if levels]
        if prompts:
            return prompts
        _declare(ctx, t, seat, declared)
        return None
    if not t.data["pattern"]:
        found = patterns_open(state, content, seat, t.data["patterns"])
        if not found:
            ctx.finish(t)
            return None
        return [Prompt(seat, "pattern", [f"pattern:{p}" for p in found])]
    pattern = content.patterns[t.data["pattern"]]
    piece = t.data["piece"]
    if not piece:
        return [Prompt(seat, "attacker", targeting.attackers(state, content, seat, pattern),
                       {"pattern": pattern.id})]
    if pattern.moves and not t.data["moved"]:
        unit, index = piece.split(":")
        moves = movement.moves(state, content, seat, unit, int(index))
        return [Prompt(seat, "move_to", ["stay", *(f"sector:{s}" for s, _ in moves)],
                       {"piece": piece, "costs": {str(s): c for s, c in moves},
                        "pattern": pattern.id})]
    options = [f"target:{tg.sector}:{tg.defender}"
               for tg in targeting.targets(state, content, seat, pattern, piece)]
    if not options and not pattern.moves:
        _cancel(ctx, t)
        return None
    # "No conflict" beside every target: the player sees the odds (the view's previews) and
    # may still decline, so even a lone target is asked, never answered for them.
    return [Prompt(seat, "target", [*options, "none"], {"pattern": pattern.id, "piece": piece})]


@chooser("attack")
def attack_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if not t.data["pattern"]:
        t.data["pattern"] = arg(choice)
        return
    if not t.data["piece"]:
        t.data["piece"] = choice
        return
    if t.data.get("declared"):  # another seat, asked whether it interrupts
        if choice == "pass":
            t.data["passed"].append(seat)
        else:
            t.data["declared"], t.data["passed"] = "", []
            t.data["interrupted"] = True
            ctx.state.prompts = []  # the others' question goes with the declaration
            leaders.use_in_turn(ctx, seat, int_arg(choice))
        return
    pattern = ctx.content.patterns[t.data["pattern"]]
    piece = t.data["piece"]
    if pattern.moves and not t.data["moved"]:
        t.data["moved"] = True
        if choice != "stay":
            _move(ctx, seat, piece, int_arg(choice))
        return
    if choice == "none":
        ctx.emit("no_conflict", seat, piece=piece)
        _cancel(ctx, t)
        return
    t.data["declared"], t.data["passed"] = choice, []


def _cancel(ctx: Ctx, t: Task) -> None:
    """No conflict: the action ends, and after an interrupt it is given back (the book lets
    the interrupted player choose a different one)."""
    ctx.finish(t)
    if t.data.get("interrupted"):
        turn = next(task for task in reversed(ctx.state.stack) if task.kind == "turn")
        turn.data["taken"] -= 1


def _declare(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    """The conflict declared: its cost paid, its resolution begun."""
    state, content = ctx.state, ctx.content
    ctx.finish(t)
    pattern = content.patterns[t.data["pattern"]]
    piece = t.data["piece"]
    _, sector, defender = choice.split(":")
    target = targeting.target_in(state, int(sector), int(defender), pattern.target)
    assert target is not None
    price = targeting.cost(state, content, seat, pattern.conflict, target)
    player = state.players[seat]
    player.caps -= price
    player.attacked.append(piece)
    state.stats["conflicts"] += 1
    # The target's kind goes under "target": a field named "kind" would take the place of
    # the record's own kind (core.events.for_viewer).
    fields = target.plain()
    fields["target"] = fields.pop("kind")
    ctx.emit("conflict_declared", seat, pattern=pattern.id, conflict=pattern.conflict,
             piece=piece, cost=price, **fields)
    ctx.push("conflict", seat, attacker=seat, pattern=pattern.id, piece=piece,
             target=target.plain(),
             stage="backing")


def _move(ctx: Ctx, seat: int, piece: str, to: int) -> None:
    state, content = ctx.state, ctx.content
    unit, index = piece.split(":")
    i = int(index)
    cost = dict(movement.moves(state, content, seat, unit, i))[to]
    player = state.players[seat]
    units = player.agents if unit == "agent" else player.fleets
    start = units[i]
    units[i] = to
    player.caps -= cost
    ctx.emit("unit_moved", seat, unit=unit, index=i, sector=start, to=to, cost=cost)
