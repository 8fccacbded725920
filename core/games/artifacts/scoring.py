"""Final scoring (AA:870-901, R27, R32): VP scored in play, 1 per Empire card, each
operational technology's "end" value (a blocked one only for its bypass), the faction's
end scoring; the winner has the most VP, then the most credits, then the most Empire
cards, else the win is shared.

``final`` task data: ``blocked`` (``[seat, tech]`` pairs still to ask), ``skipped``.
"""

from __future__ import annotations

from core.decisions import Prompt
from core.games.artifacts import bypass
from core.games.artifacts.board import bypass_cost, capped, count, empire, times
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import Gain
from core.games.artifacts.rules import Ctx, chooser, task
from core.games.artifacts.state import Player, State, Task


def end_parts(content: Content, player: Player, skipped: list[str]) -> dict[str, int]:
    """The final scoring of one player, by part (``vp_keys`` of the declaration)."""
    technology = 0
    for card in empire(content, player, "technology", side="operational"):
        if card.id not in skipped:
            technology += _scores(content, player, card.id)
    faction = 0
    if player.faction:
        for step in content.factions[player.faction].end:
            if isinstance(step.args, Gain):
                faction += capped(step, step.args.vp, times(content, player, step))
    return {"play": player.vp, "empire": len(player.empire), "technology": technology,
            "faction": faction}


def _scores(content: Content, player: Player, tech: str) -> int:
    """An operational technology's "end" value now (R12)."""
    score = content.technologies[tech].score
    row = score.best(count(content, player, score.count))
    return row[2] if row else 0


def total(player: Player) -> int:
    return sum(player.end_vp.values())


def rank(player: Player) -> tuple[int, int, int]:
    """R27's order: VP (the final count once scored, else those scored in play so far),
    then credits, then Empire cards."""
    vp = total(player) if player.end_vp else player.vp
    return vp, player.credits, len(player.empire)


def winners(state: State) -> list[int]:
    """R27: most VP, then most credits, then most Empire cards, else a shared win."""
    best = max(rank(p) for p in state.players)
    return [p.seat for p in state.players if rank(p) == best]


def standings(state: State) -> list[dict[str, int]]:
    """Every seat with its VP and place (1 = first; seats tied on all of R27's keys share a
    place), best first; at the end the winners are the seats in first place."""
    keys = {p.seat: rank(p) for p in state.players}
    order = sorted(keys, key=lambda seat: keys[seat], reverse=True)
    return [{"seat": seat, "place": 1 + sum(1 for k in keys.values() if k > keys[seat]),
             "vp": keys[seat][0]} for seat in order]


@task("final")
def final_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content = ctx.state, ctx.content
    if "blocked" not in t.data:
        order = [(state.first + i) % len(state.players) for i in range(len(state.players))]
        t.data.update(skipped=[], blocked=[
            [seat, c.id] for seat in order
            for c in empire(content, state.players[seat], "technology", side="operational")
            if c.tokens and _scores(content, state.players[seat], c.id)])
    blocked = t.data["blocked"]
    if blocked:
        seat, tech = blocked[0]
        player = state.players[seat]
        card = next(c for c in player.empire if c.id == tech)
        options = ["skip"] + (["bypass"] if bypass_cost(content, card) <= player.credits else [])
        return [Prompt(seat, "bypass", options,
                       {"card": tech, "tokens": card.tokens, "use": "score"})]
    for player in state.players:
        player.end_vp = end_parts(content, player, t.data["skipped"])
    state.winners = winners(state)
    state.phase = "over"
    ctx.finish(t)
    ctx.emit("game_over", -1, winners=list(state.winners),
             scores=[total(p) for p in state.players])
    return None


@chooser("final")
def final_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    _, tech = t.data["blocked"].pop(0)
    if choice == "bypass":
        bypass.pay(ctx, seat, tech)
    else:
        t.data["skipped"].append(tech)
