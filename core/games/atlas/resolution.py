"""The Resolution phase, in reverse order. Each player in turn:

a. may move one free token to an adjacent Place with a free slot, unless another player
   moved a token there earlier in this phase;
b. if the card left in hand is a two-suited Personality, may hire it: the old Advisor's
   tokens go back to the supply, the old Advisor to the discards, and two tokens from the
   supply onto the new one;
c. without a Sun on their Advisor or played card, loses one of their Workers in the
   Darkness to the Grue (tokens in Towers are safe);
d. discards the played card, may discard the other, and draws back up to two.
"""

from __future__ import annotations

from core.decisions import Prompt
from core.games.atlas import board
from core.games.atlas.content import Content
from core.games.atlas.decks import draw_up
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import State, Task

STAY, HIRE, KEEP, DISCARD = "stay", "hire", "keep", "discard"


def moves(state: State, content: Content, seat: int) -> list[str]:
    near = board.adjacency(state, content, seat)
    places = state.places
    moved = state.moved_into
    open_to = [len(p.stacks) < content.slots and moved.get(b, seat) == seat
               for b, p in enumerate(places)]
    found = []
    for a, place in enumerate(places):
        mine = [i for i, s in enumerate(place.stacks) if s[-1] == seat]
        if not mine:
            continue
        stacks = board.distinct(place, mine) if len(mine) > 1 else mine
        for b in near[a]:
            if open_to[b]:
                found += [f"move:{a}:{i}:{b}" for i in stacks]
    return found


def hireable(state: State, content: Content, seat: int) -> str:
    """The card in hand the player may hire as Advisor, or ""."""
    player = state.players[seat]
    if len(player.hand) != 1:
        return ""
    card = content.card(player.hand[0])
    return card.id if card.is_personality and card.two_suited else ""


@task("resolve")
def resolve_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: move, hire, grue, discard, draw. A step that asks asks again the same
    until answered (a sampled world runs it anew), so work is done in stages of its own."""
    state, content = ctx.state, ctx.content
    seat = t.seat
    stage = t.data.setdefault("stage", "move")
    if stage == "move":
        return [Prompt(seat, "move", [*moves(state, content, seat), STAY])]
    if stage == "hire":
        card = hireable(state, content, seat)
        if card:
            return [Prompt(seat, "hire", [HIRE, KEEP], {"card": card})]
        t.data["stage"] = "grue"
        return None
    player = state.players[seat]
    if stage == "grue":
        _grue(ctx, seat)
        if player.played:
            state.discard.append(player.played)
            ctx.emit("discarded", seat, card=player.played, played=True)
            player.played = ""
        t.data["stage"] = "discard"
        return None
    if stage == "discard" and player.hand:
        return [Prompt(seat, "discard", [KEEP, DISCARD], {"card": player.hand[0]})]
    draw_up(ctx, seat)
    ctx.finish(t)
    return None


def _grue(ctx: Ctx, seat: int) -> None:
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    cards = [c for c in (player.advisor, player.played) if c]
    for p, place in enumerate(state.places):
        spared_by = content.power(place.card).grue_spared_by
        if not spared_by or any(spared_by in content.suits(c) for c in cards):
            continue
        workers = board.worker_stacks(place, seat)
        if workers:
            del place.stacks[workers[0]]
            player.supply += 1
            ctx.emit("eaten", seat, place=p)


@chooser("resolve")
def resolve_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    player = state.players[seat]
    stage = t.data["stage"]
    if stage == "move":
        if choice != STAY:
            a, i, b = (int(x) for x in choice.split(":")[1:])
            board.take_free(state.places[a], i)
            state.places[b].stacks.append([seat])
            state.moved_into[b] = seat
            ctx.emit("moved", seat, source=a, target=b)
        t.data["stage"] = "hire"
    elif stage == "hire":
        if choice == HIRE:
            card = player.hand.pop()
            old = player.advisor
            player.supply += player.advisor_tokens
            state.discard.append(old)
            player.advisor = card
            player.advisor_tokens = min(ctx.content.hired_advisor_tokens, player.supply)
            player.supply -= player.advisor_tokens
            ctx.emit("hired", seat, advisor=card, fired=old)
        t.data["stage"] = "grue"
    else:
        if choice == DISCARD:
            card = player.hand.pop()
            state.discard.append(card)
            ctx.emit("discarded", seat, card=card, played=False)
        t.data["stage"] = "draw"
