"""The decision machine's window (core.machine): choices a seat may make "at any time",
offered beside a task's own options, taken by the window's function, the task asked again
after; a lone option answered at once only when the window adds none."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from core.decisions import Prompt
from core.errors import IllegalChoice
from core.machine import Ctx, Machine, Task


@dataclass
class Toy:
    stack: list[Task] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {"decisions": 0})
    held: list[str] = field(default_factory=list)  # cards seat 0 may play at any time
    log: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return not self.stack


def machine(window: bool) -> Machine[Ctx[Toy, None]]:
    m: Machine[Ctx[Toy, None]] = Machine(Ctx, answers_forced=True)

    @m.task("ask")
    def ask(ctx: Ctx[Toy, None], t: Task) -> list[Prompt] | None:
        return [Prompt(0, "ask", list(t.data["options"]))]

    @m.chooser("ask")
    def answer(ctx: Ctx[Toy, None], t: Task, seat: int, choice: str) -> None:
        ctx.state.log.append(choice)
        ctx.finish(t)

    def offers(ctx: Ctx[Toy, None], prompt: Prompt) -> list[str]:
        return [f"play:{c}" for c in ctx.state.held] if prompt.seat == 0 else []

    def take(ctx: Ctx[Toy, None], seat: int, choice: str) -> None:
        ctx.state.held.remove(choice.split(":")[1])
        ctx.state.log.append(choice)

    if window:
        m.window(offers, take)
    return m


def start(m: Machine[Ctx[Toy, None]], options: list[str], held: list[str]) -> Ctx[Toy, None]:
    ctx = m.context(Toy(held=list(held)), None)
    ctx.push("ask", 0, options=options)
    m.run(ctx)
    return ctx


def test_a_window_adds_its_choices_and_the_task_is_asked_again_after_one() -> None:
    m = machine(window=True)
    ctx = start(m, ["a", "b"], ["relic"])
    assert ctx.state.prompts[0].options == ["a", "b", "play:relic"]
    m.apply(ctx, 0, "play:relic")
    assert ctx.state.log == ["play:relic"] and ctx.state.prompts[0].options == ["a", "b"]
    m.apply(ctx, 0, "b")
    assert ctx.state.log == ["play:relic", "b"] and ctx.state.over


def test_a_lone_option_is_answered_at_once_only_when_the_window_adds_none() -> None:
    m = machine(window=True)
    ctx = start(m, ["a"], ["relic"])
    assert ctx.state.prompts[0].options == ["a", "play:relic"]
    ctx = start(m, ["a"], [])
    assert ctx.state.log == ["a"] and ctx.state.over
    ctx = start(machine(window=False), ["a"], ["relic"])
    assert ctx.state.log == ["a"]


def test_a_window_choice_is_legal_only_while_the_window_offers_it() -> None:
    m = machine(window=True)
    ctx = start(m, ["a", "b"], ["relic"])
    m.apply(ctx, 0, "play:relic")
    with pytest.raises(IllegalChoice):
        m.apply(ctx, 0, "play:relic")


def test_a_window_choice_at_a_simultaneous_prompt_is_followed_by_the_task_asked_again() -> None:
    """Two seats asked at once: seat 0 plays a card held, and is asked again at once, not
    after seat 1 has answered (Hegemonic's CAPs given while every seat picks a card)."""
    m = machine(window=True)
    answers: dict[int, str] = {}

    @m.task("both")
    def both(ctx: Ctx[Toy, None], t: Task) -> list[Prompt] | None:
        waiting = [s for s in (0, 1) if s not in answers]
        if waiting:
            return [Prompt(s, "both", ["x", "y"]) for s in waiting]
        ctx.state.log.append(f"{answers[0]}{answers[1]}")
        ctx.finish(t)
        return None

    @m.chooser("both")
    def pick(ctx: Ctx[Toy, None], t: Task, seat: int, choice: str) -> None:
        answers[seat] = choice

    ctx: Ctx[Toy, None] = Ctx(Toy(held=["relic"]), None)
    ctx.push("both", -1)
    m.run(ctx)
    m.apply(ctx, 0, "play:relic")
    assert [(p.seat, p.options) for p in ctx.state.prompts] == [(0, ["x", "y"]), (1, ["x", "y"])]
    m.apply(ctx, 1, "y")
    assert [(p.seat, p.options) for p in ctx.state.prompts] == [(0, ["x", "y"])]
    m.apply(ctx, 0, "x")
    assert ctx.state.log == ["play:relic", "xy"] and ctx.state.over


def test_a_window_that_claims_its_choices_by_form_is_not_asked_again_for_a_task_option() -> None:
    """``claims``: an answer that cannot be the window's by its form goes to the task without
    asking the window's offers again; one that can is still checked against them."""
    m = machine(window=False)
    asked: list[str] = []

    def offers(ctx: Ctx[Toy, None], prompt: Prompt) -> list[str]:
        asked.append(prompt.kind)
        return [f"play:{c}" for c in ctx.state.held]

    def take(ctx: Ctx[Toy, None], seat: int, choice: str) -> None:
        ctx.state.held.remove(choice.split(":")[1])
        ctx.state.log.append(choice)

    m.window(offers, take, lambda choice: choice.startswith("play:"))
    ctx = start(m, ["a", "b"], ["relic"])
    assert len(asked) == 1  # the prompt widened
    m.apply(ctx, 0, "play:relic")
    assert ctx.state.log == ["play:relic"] and len(asked) == 3  # checked, then widened again
    m.apply(ctx, 0, "b")
    assert ctx.state.log == ["play:relic", "b"] and len(asked) == 3 and ctx.state.over
