"""The game's course: dealing and choosing Advisors, then rounds of three phases.

1. Action card phase: everyone chooses one of their two cards in secret; the cards are
   revealed together and set the order of play: Aces, Crowns, numbered cards (higher
   first), Courts, Pawns, the Excuse; a tie goes to the higher Advisor, then to the Advisor
   with a Sun. Each player in that order takes an action of their card (``actions.py``).
2. Advisor phase, in the same order (``advisor.py``).
3. Resolution phase, in reverse order (``resolution.py``).

The game ends with the round in which the Action Deck ran out after the last Place was
explored (``decks.py``), and is scored then (``scoring.py``).
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, arg
from core.games.atlas import scoring
from core.games.atlas.decks import draw_up
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import Task

# --- setup ---------------------------------------------------------------------------------


@task("game")
def game_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: ``deal`` (the Atlas and the Advisors), ``deck`` (the Action Deck and the
    hands, once Advisors are chosen), ``rounds``."""
    state, content = ctx.state, ctx.content
    stage = t.data["stage"]
    if stage == "deal":
        rng.shuffle(state, state.atlas)
        advisors = list(content.advisors)
        rng.shuffle(state, advisors)
        for player in state.players:
            player.dealt = [advisors.pop() for _ in range(content.advisors_dealt)]
            ctx.reveal("advisors_dealt", player.seat, cards=list(player.dealt))
        t.data["stage"] = "deck"
        ctx.push("choose_advisors")
    elif stage == "deck":
        kept = {p.advisor for p in state.players}
        state.deck = [c for c in content.action_cards if c not in kept]
        rng.shuffle(state, state.deck)
        ctx.reveal("deck_shuffled", -1, cards=len(state.deck))
        for player in state.players:
            draw_up(ctx, player.seat)
        t.data["stage"] = "rounds"
    elif state.over:
        ctx.finish(t)
    else:
        state.round += 1
        state.phase = "cards"
        ctx.emit("round", -1, round=state.round)
        ctx.push("round", -1, stage="cards", i=0)
    return None


@task("choose_advisors")
def advisors_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """Each player keeps one of the two Advisors dealt, in secret, all at once."""
    state = ctx.state
    waiting = [p for p in state.players if p.seat not in state.chosen]
    if waiting:
        return [Prompt(p.seat, "advisor", [f"advisor:{c}" for c in p.dealt]) for p in waiting]
    for player in state.players:
        player.advisor = player.first_advisor = state.chosen[player.seat]
        player.dealt = []
    state.chosen.clear()
    ctx.reveal("advisors_revealed", -1, advisors=[p.advisor for p in state.players])
    ctx.finish(t)
    return None


@chooser("choose_advisors")
def advisors_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.state.chosen[seat] = arg(choice)
    ctx.emit("advisor_chosen", seat, advisor=arg(choice))


# --- rounds --------------------------------------------------------------------------------


def order_key(ctx: Ctx, seat: int) -> tuple[int, int, int, int]:
    """Larger plays first: the card's rank, then the Advisor's rank, then a Sun on it."""
    content = ctx.content
    player = ctx.state.players[seat]
    card = content.rank_key(player.played) if player.played else (0, 0)
    advisor = content.card(player.advisor)
    return (*card, advisor.number, int("suns" in advisor.suits))


@task("round")
def round_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``stage``: ``cards``, ``actions``, ``advisor``, ``resolution``, ``end``; ``i``: how
    many players have taken their part of the phase."""
    state = ctx.state
    stage = t.data["stage"]
    if stage == "cards":
        return _cards(ctx, t)
    n = len(state.order)
    i = t.data["i"]
    if stage in ("actions", "advisor", "resolution") and i < n:
        seat = state.order[i] if stage != "resolution" else state.order[n - 1 - i]
        t.data["i"] = i + 1
        state.turn = seat
        kind = {"actions": "action", "advisor": "advisor", "resolution": "resolve"}[stage]
        ctx.push(kind, seat, main=True)
        return None
    state.turn = -1
    if stage == "actions":
        _next_phase(ctx, t, "advisor")
    elif stage == "advisor":
        state.moved_into.clear()
        _next_phase(ctx, t, "resolution")
    else:
        _end_of_round(ctx, t)
    return None


def _next_phase(ctx: Ctx, t: Task, phase: str) -> None:
    t.data["stage"] = phase
    t.data["i"] = 0
    ctx.state.phase = phase
    ctx.emit("phase", -1, phase=phase)


def _cards(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state = ctx.state
    waiting = [p for p in state.players if p.seat not in state.chosen and p.hand]
    if waiting:
        return [Prompt(p.seat, "card", [f"card:{c}" for c in dict.fromkeys(p.hand)])
                for p in waiting]
    for player in state.players:
        card = state.chosen.get(player.seat, "")
        if card:
            player.hand.remove(card)
        player.played = card
    state.chosen.clear()
    ctx.reveal("cards_revealed", -1, cards=[p.played for p in state.players])
    state.order = sorted(range(len(state.players)), key=lambda s: order_key(ctx, s),
                         reverse=True)
    ctx.emit("order", -1, order=list(state.order))
    _next_phase(ctx, t, "actions")
    return None


@chooser("round")
def cards_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.state.chosen[seat] = arg(choice)
    ctx.emit("card_chosen", seat, card=arg(choice))


def _end_of_round(ctx: Ctx, t: Task) -> None:
    state = ctx.state
    ctx.finish(t)
    state.moved_into.clear()
    state.order = []
    for player in state.players:
        player.took = ""
    if not state.last_round:
        return
    state.phase = "over"
    table = scoring.standings(state, ctx.content)
    state.winners = scoring.winners(table)
    ctx.emit("game_over", -1, winners=list(state.winners),
             scores=[row.plain() for row in table])
