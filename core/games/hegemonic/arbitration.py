"""Phase 6, Arbitration (the rulebook's ARBITRATION and ENDING THE GAME).

First every seat is asked at once whether it does anything "at any time" before A (give
CAPs, which decide the Arbiter; drop an Advanced Technology; use a turn Leader): ``pass``
is one key, and a seat with nothing it could do is not asked.
A. The player with the most CAPs becomes Arbiter; on a tie the Arbiter chooses among the
   tied players, and must give the token away if tied themself. (Learning Game: it passes
   counterclockwise.) Every Inactive pile goes back to its owner's hand as the phase begins.
B. CAPs above the Retention Limit are discarded (Emergent Economics: 6 more may stay; the
   Learning Game keeps every CAP).
C. Every board is scored (``scoring.py``).
Then the game ends if the tile stack is empty or no empty hex is left (Longer Game: when
the map is full, or nothing is left to fill it with), with the final scoring.
"""

from __future__ import annotations

from core.decisions import Prompt, int_arg
from core.games.hegemonic import empire, galaxy, scoring, technology
from core.games.hegemonic.content import Content
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import Player, State, Task


@task("arbitration")
def arbitration_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: window (``passed``: the seats done), arbiter, retention, scoring."""
    state, content = ctx.state, ctx.content
    n = len(state.players)
    if t.data["stage"] == "window":
        # Each seat answers once; what it does there (actions.standing) leaves it asked
        # again, and the others who have not passed with it.
        passed = t.data["passed"]
        waiting = [p.seat for p in state.players if p.seat not in passed]
        if waiting:
            return [Prompt(seat, "before_arbitration", ["pass"]) for seat in waiting]
        t.data["stage"] = "arbiter"
    if t.data["stage"] == "arbiter":
        for player in state.players:
            technology.recover_inactive(ctx, player.seat)
        if "learning" in state.modules:
            _new_arbiter(ctx, (state.arbiter - 1) % n)
        else:
            most = max(p.caps for p in state.players)
            tied = [p.seat for p in state.players if p.caps == most]
            if len(tied) > 1:  # the stage moves on with the answer: the step may be asked
                options = [s for s in tied if s != state.arbiter]  # again (a window's gift)
                return [Prompt(state.arbiter, "arbiter_tie", [f"arbiter:{s}" for s in options])]
            _new_arbiter(ctx, tied[0])
        t.data["stage"] = "retention"
    if t.data["stage"] == "retention":
        if "learning" not in state.modules:
            for player in state.players:
                limit = caps_kept(content, player)
                if player.caps > limit:
                    ctx.emit("caps_discarded", player.seat, caps=player.caps - limit)
                    player.caps = limit
        t.data["stage"] = "scoring"
    if t.data["stage"] == "scoring":
        for board, vps in scoring.round_scores(state, content).items():
            for seat, vp in enumerate(vps):
                state.players[seat].vp += vp
            ctx.emit("board_scored", -1, board=board, vp=list(vps))
        ctx.finish(t)
        if game_ends(state):
            _final(ctx)
    return None


@chooser("arbitration")
def arbitration_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if t.data["stage"] == "window":
        t.data["passed"].append(seat)
        return
    _new_arbiter(ctx, int_arg(choice))
    t.data["stage"] = "retention"


def _new_arbiter(ctx: Ctx, seat: int) -> None:
    ctx.state.arbiter = seat
    ctx.emit("arbiter", seat)


def game_ends(state: State) -> bool:
    full = not galaxy.empty_hexes(state)
    if "longer" in state.modules:
        return full or not (state.draw or state.pool)
    return full or not state.draw


def _final(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    for player in state.players:
        player.tech_vp = scoring.tech_points(state, content, player.seat)
        player.vp += player.tech_vp
    state.phase = "over"
    state.winners = scoring.winners(state, content)
    ctx.emit("game_over", -1, winners=list(state.winners),
             scores=[p.vp for p in state.players], tech=[p.tech_vp for p in state.players])


def caps_kept(content: Content, player: Player) -> int:
    """The CAPs a player keeps at Arbitration: the Retention Limit, raised by Emergent
    Economics."""
    limit = empire.retention(content, player)
    if technology.has(content, player, "emergent_economics"):
        limit += empire.EMERGENT_RETENTION
    return limit
