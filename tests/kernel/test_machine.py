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
