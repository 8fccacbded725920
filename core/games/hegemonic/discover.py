"""Discover's actions but CAPITALIZE (which ``actions.py`` does in one line: the CAP gain
of the player's lowest track): SURVEY and RESEARCH.

- SURVEY: a tile from the stack into the Sector Pool, then any Pool tile on an empty hex.
- RESEARCH: the Inactive pile back to hand, any number of cards discarded, then cards
  drawn back up to five, each from a source of the player's choice.
"""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg
from core.games.hegemonic import rounds, technology
from core.games.hegemonic.rules import Ctx, chooser, task
from core.games.hegemonic.state import Task


@task("survey")
def survey_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``step``: flip, tile, done; ``tile``: the Pool tile taken instead of the last."""
    state = ctx.state
    if t.data["step"] == "flip":
        if state.draw:
            tile = state.draw.pop()
            state.pool.append(tile)
            ctx.reveal("tile_flipped", t.seat, tile=tile)
        t.data["step"] = "tile"
    if t.data["step"] != "done":
        prompt = rounds.lay_prompt(ctx, t, t.seat)
        if prompt is not None:
            return [prompt]
    ctx.finish(t)
    return None


@chooser("survey")
def survey_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    rounds.lay_choose(ctx, t, seat, choice, "done")


@task("research")
def research_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: return (the Inactive pile), discard (any number), draw (up to five)."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    if t.data["stage"] == "return":
        technology.recover_inactive(ctx, t.seat)
        t.data["stage"] = "discard"
    if t.data["stage"] == "discard":
        if player.hand:
            options = [f"discard:{c}" for c in dict.fromkeys(player.hand)]
            return [Prompt(t.seat, "research_discard", [*options, DONE])]
        t.data["stage"] = "draw"
    if len(player.hand) < content.empire.hand and technology.sources(state, player):
        ctx.push("draw", t.seat, keep=False, drawn=False)
        return None
    ctx.finish(t)
    return None


@chooser("research")
def research_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["stage"] = "draw"
        return
    ctx.state.players[seat].hand.remove(arg(choice))
    technology.discard(ctx, seat, arg(choice), "research")
