"""A conflict action, TAKEOVER or DESTROY, up to its conflict (the rulebook's Conflict
Actions): choose the attack pattern (Assault and Subvert offer three), the attacking piece,
an optional move for an Agent or a Fleet, then the target, or no conflict (offered beside
every target, so that a lone target is confirmed with the odds in view).
The conflict's cost is paid when it is declared; ``conflict.py`` resolves it.
"""

from __future__ import annotations

from core.decisions import Prompt, arg, int_arg
from core.games.hegemonic import movement, targeting
from core.games.hegemonic.content import Content
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import State, Task


def patterns_open(state: State, content: Content, seat: int, names: list[str]) -> list[str]:
    return [p for p in names if targeting.attackers(state, content, seat, content.patterns[p])]


@task("attack")
def attack_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``patterns``: those the card offers for this conflict; ``pattern``, ``piece``
    (``group:<sector>``, ``agent:<i>``, ``fleet:<i>``) and ``moved`` once decided."""
    state, content = ctx.state, ctx.content
    seat = t.seat
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
        # How many targets each place leaves, so that a player knows where an attack is
        # possible (staying or moving where there is none ends the action without one).
        aims = {"stay": len(targeting.targets(state, content, seat, pattern, piece))}
        aims |= {str(s): len(targeting.targets(state, content, seat, pattern, piece, (s, c)))
                  for s, c in moves}
        return [Prompt(seat, "move_to", ["stay", *(f"sector:{s}" for s, _ in moves)],
                       {"piece": piece, "costs": {str(s): c for s, c in moves},
                        "targets": aims})]
    options = [f"target:{tg.sector}:{tg.defender}"
               for tg in targeting.targets(state, content, seat, pattern, piece)]
    if not options and not pattern.moves:
        ctx.finish(t)
        return None
    # "No conflict" beside every target: the player sees the odds (the view's previews) and
    # may still decline, so even a lone target is asked, never answered for them.
    return [Prompt(seat, "target", [*options, "none"], {"pattern": pattern.id, "piece": piece})]


@chooser("attack")
def attack_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state, content = ctx.state, ctx.content
    if not t.data["pattern"]:
        t.data["pattern"] = arg(choice)
        return
    if not t.data["piece"]:
        t.data["piece"] = choice
        return
    pattern = content.patterns[t.data["pattern"]]
    piece = t.data["piece"]
    if pattern.moves and not t.data["moved"]:
        t.data["moved"] = True
        if choice != "stay":
            _move(ctx, seat, piece, int_arg(choice))
        return
    ctx.finish(t)
    if choice == "none":
        ctx.emit("no_conflict", seat, piece=piece)
        return
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
