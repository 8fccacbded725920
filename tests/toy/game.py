"""Stakes' state and rules, on the kernel's decision machine (core.machine, core.game)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import rng
from core.decisions import Prompt
from core.events import SPECTATOR
from core.game import Game as BaseGame
from core.machine import Ctx as BaseCtx
from core.machine import Machine, Task
from core.plain import copy_plain, load, to_plain
from core.rulesets import GameSetup, Outcome, Progress, summary
from core.words import SEAT_COLOURS, seat_names
from tests.toy import GAME

DECK = tuple(range(1, 25))
HAND = 3
ROUNDS = 4
# What only the event's seat learns: the card it drew, the card it played face down.
SECRET_FIELDS = {"dealt": ("cards",), "played": ("card",)}


@dataclass(slots=True)
class Options:
    players: int
    seed: int
    names: list[str] = field(default_factory=list)


@dataclass(slots=True)
class State:
    options: Options
    rng: int
    names: list[str]
    hands: list[list[int]]
    deck: list[int]
    points: list[int]
    round: int = 1
    leader: int = 0
    stake: int = 0
    played: dict[int, int] = field(default_factory=dict)  # seat -> card, until revealed
    revealed: list[list[int]] = field(default_factory=list)  # each round's cards by seat
    phase: str = "stake"
    winners: list[int] = field(default_factory=list)
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {"decisions": 0, "ties": 0})

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def copy(self) -> State:
        return load(State, copy_plain(to_plain(self)))


Ctx = BaseCtx[State, None]
MACHINE: Machine[Ctx] = Machine(Ctx, SECRET_FIELDS)


@MACHINE.task("round")
def _round(ctx: Ctx, task: Task) -> list[Prompt] | None:
    state = ctx.state
    if not state.stake:
        return [Prompt(state.leader, "stake", ["stake:1", "stake:2"])]
    waiting = [s for s in range(len(state.hands)) if s not in state.played]
    if waiting:  # everyone at once: nobody learns a card before all are down
        return [Prompt(s, "card", [f"card:{c}" for c in state.hands[s]]) for s in waiting]
    _reveal(ctx)
    return None


@MACHINE.chooser("round")
def _answer(ctx: Ctx, task: Task, seat: int, choice: str) -> None:
    state = ctx.state
    value = int(choice.split(":")[1])
    if choice.startswith("stake:"):
        state.stake = value
        ctx.emit("staked", seat, stake=value)
        return
    state.hands[seat].remove(value)
    state.played[seat] = value
    ctx.emit("played", seat, card=value)


def _reveal(ctx: Ctx) -> None:
    state = ctx.state
    cards = [state.played[s] for s in range(len(state.hands))]
    top = max(cards)
    takers = [s for s, c in enumerate(cards) if c == top]
    ctx.reveal("revealed", -1, cards=cards)
    if len(takers) == 1:
        state.points[takers[0]] += state.stake
        ctx.emit("took", takers[0], stake=state.stake)
    else:
        state.stats["ties"] += 1
        ctx.emit("tied", -1, seats=takers)
    state.revealed.append(cards)
    state.played, state.stake = {}, 0
    if state.round == ROUNDS:
        best = max(state.points)
        state.winners = [s for s, p in enumerate(state.points) if p == best]
        state.phase = "over"
        ctx.finish(ctx.state.stack[-1])
        ctx.emit("game_over", -1, winners=list(state.winners))
        return
    for seat, hand in enumerate(state.hands):
        if state.deck:
            card = state.deck.pop()
            hand.append(card)
            hand.sort()
            ctx.reveal("dealt", seat, cards=[card])
    state.round += 1
    state.leader = (state.leader + 1) % len(state.hands)


def new_state(options: Options, content: None) -> State:
    deck = list(DECK)
    state = State(options=options, rng=rng.seed_state(options.seed), names=[], hands=[],
                  deck=deck, points=[0] * options.players)
    rng.shuffle(state, deck)
    state.names = seat_names(options.names,
                             [colour.title() for colour in SEAT_COLOURS[:options.players]])
    state.hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(options.players)]
    state.stack = [Task("round")]
    return state


def view_of(state: State, content: None, seat: int) -> dict[str, Any]:
    return {
        "version": 1, "ruleset": GAME.name, "seat": seat,
        "options": {"players": state.options.players, "names": list(state.names)},
        "round": state.round, "phase": state.phase, "leader": state.leader,
        "stake": state.stake, "deck": len(state.deck),
        "players": [{"seat": s, "name": state.names[s], "colour": SEAT_COLOURS[s],
                     "points": state.points[s], "hand_size": len(state.hands[s]),
                     "committed": s in state.played,
                     "hand": list(state.hands[s]) if s == seat else None}
                    for s in range(len(state.hands))],
        "mine": state.played.get(seat) if seat != SPECTATOR else None,
        "revealed": [list(r) for r in state.revealed],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "standings": _standings(state.points),
    }


class Game(BaseGame[State, None, Options]):
    __slots__ = ()
    ruleset = GAME.name
    machine = MACHINE
    options_type = Options
    state_type = State
    new_state = staticmethod(new_state)
    view_of = staticmethod(view_of)

    @classmethod
    def options_for(cls, setup: GameSetup) -> Options:
        return Options(players=setup.players, seed=setup.seed, names=list(setup.names))

    def progress(self) -> Progress:
        state = self.state
        if self.over:
            line = summary(state.names, state.points, f"round {state.round}",
                           winners=self.winners)
        else:
            line = summary(state.names, state.points, f"Round {state.round}",
                           [p.seat for p in self.pending()])
        return Progress(cycle=state.round, phase=state.phase, turn=state.leader,
                        names=list(state.names), factions=[""] * len(state.names),
                        summary=line)

    def outcome(self) -> Outcome:
        state = self.state
        return Outcome(map="standard", cycles=state.round, factions=[""] * len(state.names),
                       vp=[{"points": p} for p in state.points],
                       stats={"ties": state.stats["ties"]})


def _standings(points: list[int]) -> list[dict[str, int]]:
    order = sorted(range(len(points)), key=lambda s: -points[s])
    return [{"seat": s, "place": 1 + sum(1 for p in points if p > points[s]), "vp": points[s]}
            for s in order]
