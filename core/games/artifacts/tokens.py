"""Blockade tokens (AA:776-787, R5, R9, R33): placed by an attacker or a card on a rival's
Empire cards, one card a token, several allowed on one card; removed by Remove Blockades or
a card. The box holds 38 (AA:63): the tokens not on an Empire card are the supply, and a
token leaves a card back to it (removed, or its card destroyed or damaged). A Blockade
result places what the supply holds; the tokens it lacks are not placed (``tokens_out``).
``blockade`` data: ``rival``, ``left``; ``unblock`` data: ``left``."""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import faces
from core.games.artifacts.content import Content
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Card, State, Task


def supply(content: Content, state: State) -> int:
    """The Blockade tokens on no card (R33)."""
    return content.rules.tokens - sum(c.tokens for p in state.players for c in p.empire)


def start_blockade(ctx: Ctx, seat: int, rival: int, n: int) -> None:
    if n <= 0 or not ctx.state.players[rival].empire:
        return
    placed = min(n, supply(ctx.content, ctx.state))
    if placed < n:
        ctx.emit("tokens_out", seat, missing=n - placed)
    if placed:
        ctx.push("blockade", seat, rival=rival, left=placed)


def _targets(ctx: Ctx, seat: int, rival: int) -> dict[str, Card]:
    """The rival's Empire cards as the placer names them: a card it knows by its face
    only, by its alias (faces.py)."""
    names = faces.aliases(ctx.content, ctx.state, seat)
    return {names.get(c.id, c.id): c for c in ctx.state.players[rival].empire}


@task("blockade")
def blockade_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    if t.data["left"] <= 0:
        ctx.finish(t)
        return None
    rival = t.data["rival"]
    return [Prompt(t.seat, "blockade_place",
                   [f"card:{name}" for name in _targets(ctx, t.seat, rival)], {"rival": rival})]


@chooser("blockade")
def blockade_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    rival = ctx.state.players[t.data["rival"]]
    card = _targets(ctx, seat, rival.seat)[arg(choice)]
    card.tokens += 1
    t.data["left"] -= 1
    ctx.emit("blockaded", seat, rival=rival.seat, card=card.id)


@task("unblock")
def unblock_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    player = ctx.state.players[t.seat]
    blocked = [f"card:{c.id}" for c in player.empire if c.tokens]
    if t.data["left"] <= 0 or not blocked:
        ctx.finish(t)
        ctx.push("auto", t.seat)  # fewer tokens may lower a cost (R8)
        return None
    return [Prompt(t.seat, "remove_token", [*blocked, DONE])]


@chooser("unblock")
def unblock_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["left"] = 0
        return
    card = next(c for c in ctx.state.players[seat].empire if c.id == arg(choice))
    card.tokens -= 1
    t.data["left"] -= 1
    ctx.emit("unblocked", seat, card=card.id)
