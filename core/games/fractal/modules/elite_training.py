"""Elite training: two medals spent for a draw of two elite tactics, one of them kept.

At the start of the conflict phase, every player holding two medals and a tactic not yet
on its elite side decides at once whether to train (the clarification: all players
trigger it simultaneously, so nobody's answer is seen before every answer is in). Each
trainer spends two medals and draws two random cards from their own elite tactics set
aside (the elite versions of the tactics in hand still on their normal side), keeps one
(upgrading that tactic) and puts the other back. Once per conflict phase: the task runs
once, from the phase's first stage.

Task ``"elite_training"`` (seat -1). Data: ``seats`` (who may train); ``answers`` (seat as a
string -> ``train`` or ``decline``: each seat sees only its own entry until all are in);
``trainers``; ``paid`` (trainers whose medals are spent); ``drawn`` (seat as a string -> the
elite cards drawn: each seat sees only its own, and a sampled world draws the others
again). Prompts: ``elite_training`` (``train``, ``decline``) for every eligible seat at
once, then ``elite_pick`` (``tactic:<id>``, the card to upgrade) for every trainer at once.
Others learn which card is upgraded (``tactic_upgraded``), never the card put back.
"""

from __future__ import annotations

from core import rng
from core.decisions import Prompt, arg
from core.games.fractal import effects
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import State, Task

MEDALS = 2
DRAWN = 2


def upgradable(state: State, seat: int) -> list[str]:
    """The tactics of the seat's hand still on their normal side: their elite versions are
    what the seat's elite tactics deck holds."""
    return [card for card in state.players[seat].tactics if not card.endswith("+elite")]


def can_train(state: State, seat: int) -> bool:
    return state.players[seat].medals >= MEDALS and bool(upgradable(state, seat))


def start(ctx: Ctx) -> None:
    seats = [p.seat for p in ctx.state.players if can_train(ctx.state, p.seat)]
    if seats:
        ctx.push("elite_training", -1, seats=seats, answers={}, paid=[], drawn={})


@task("elite_training")
def _training_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    waiting = [s for s in data["seats"] if str(s) not in data["answers"]]
    if waiting:
        return [Prompt(s, "elite_training", ["train", "decline"], {"medals": MEDALS})
                for s in waiting]
    if "trainers" not in data:
        data["trainers"] = [s for s in data["seats"] if data["answers"][str(s)] == "train"]
        ctx.emit("elite_training_answered", -1, trainers=list(data["trainers"]))
    prompts = []
    for seat in data["trainers"]:
        if str(seat) not in data["drawn"]:
            _draw(ctx, t, seat)
        drawn = data["drawn"][str(seat)]
        if drawn:
            prompts.append(Prompt(seat, "elite_pick", [f"tactic:{c}" for c in drawn]))
    if not prompts:
        ctx.finish(t)
    return prompts or None


def _draw(ctx: Ctx, t: Task, seat: int) -> None:
    """Pay the medals and draw: the draw is random, so it is told as a reveal (undo stops
    there), and the cards drawn are the drawing seat's secret."""
    if seat not in t.data["paid"]:
        ctx.state.players[seat].medals -= MEDALS
        t.data["paid"].append(seat)
    deck = upgradable(ctx.state, seat)
    rng.shuffle(ctx.state, deck)
    drawn = deck[:DRAWN]
    t.data["drawn"][str(seat)] = drawn
    ctx.reveal("elite_drawn", seat, medals=MEDALS, count=len(drawn), cards=list(drawn))


@chooser("elite_training")
def _training_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice in ("train", "decline") and str(seat) not in t.data["answers"]:
        t.data["answers"][str(seat)] = choice
        return
    effects.upgrade_tactic(ctx, seat, arg(choice))
    t.data["drawn"][str(seat)] = []
