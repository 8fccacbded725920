"""The decision machine: a stack of tasks run until some seat must decide.

Each task kind registers ``step(ctx, task)``, which does the task's automatic work and
returns the prompts it waits for (or None after changing the stack), and
``choose(ctx, task, seat, choice)``, which takes a validated answer. A simultaneous
decision prompts several seats at once; the task records each answer out of sight and asks
again the seats still to answer, so nothing is revealed before everyone has chosen.

A prompt with a single option is not asked: the machine answers it at once, and a replay
does the same, so the log holds only real decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.atlas_game import hidden
from core.atlas_game.content import Content
from core.atlas_game.state import State, Task
from core.decisions import Prompt, check_choice
from core.events import Event

StepFn = Callable[["Ctx", Task], list[Prompt] | None]
ChooseFn = Callable[["Ctx", Task, int, str], None]


@dataclass(slots=True)
class Ctx:
    state: State
    content: Content
    events: list[Event] = field(default_factory=list)

    def emit(self, kind: str, seat: int = -1, /, **data: Any) -> None:
        """Record what happened; the fields the policy names secret go to ``seat`` alone."""
        self._record(kind, seat, data, reveals=False)

    def reveal(self, kind: str, seat: int = -1, /, **data: Any) -> None:
        """Record an event that brings something to light (a card drawn or turned up, a
        shuffle, the secret choices shown): undo stops at it."""
        self._record(kind, seat, data, reveals=True)

    def _record(self, kind: str, seat: int, data: dict[str, Any], reveals: bool) -> None:
        if kind not in hidden.SECRET_EVENT_FIELDS:  # most events: nothing to split
            self.events.append(Event(kind, seat, data, {}, [], reveals))
            return
        public, secret = hidden.split_event(kind, data)
        self.events.append(Event(kind, seat, public, secret, [seat] if secret else [], reveals))

    def push(self, kind: str, seat: int = -1, /, **data: Any) -> Task:
        task = Task(kind, seat, dict(data))
        self.state.stack.append(task)
        return task

    def finish(self, task: Task) -> None:
        stack = self.state.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is task:
                del stack[i]
                return


_STEPS: dict[str, StepFn] = {}
_CHOICES: dict[str, ChooseFn] = {}


def task(kind: str) -> Callable[[StepFn], StepFn]:
    def register(fn: StepFn) -> StepFn:
        if kind in _STEPS:
            raise ValueError(f"task kind {kind!r} registered twice")
        _STEPS[kind] = fn
        return fn

    return register


def chooser(kind: str) -> Callable[[ChooseFn], ChooseFn]:
    def register(fn: ChooseFn) -> ChooseFn:
        _CHOICES[kind] = fn
        return fn

    return register


def registered_kinds() -> list[str]:
    return sorted(_STEPS)


def run(ctx: Ctx) -> None:
    """Do automatic work until a real decision is pending or the game is over."""
    state = ctx.state
    while state.stack and not state.prompts:
        top = state.stack[-1]
        prompts = _STEPS[top.kind](ctx, top)
        if not prompts:
            continue
        forced = next((p for p in prompts if len(p.options) == 1), None)
        if forced is not None:
            _CHOICES[top.kind](ctx, top, forced.seat, forced.options[0])
            continue
        state.prompts = prompts


def check(state: State, seat: int, choice: str) -> Prompt:
    """Raise a typed error unless ``choice`` is legal for ``seat`` right now."""
    return check_choice(bool(state.over), state.prompts, seat, choice)


def apply(ctx: Ctx, seat: int, choice: str) -> None:
    """Validate, then apply one seat's choice and run on to the next decision."""
    check(ctx.state, seat, choice)
    state = ctx.state
    top = state.stack[-1]
    state.prompts = [p for p in state.prompts if p.seat != seat]
    state.stats["decisions"] += 1
    _CHOICES[top.kind](ctx, top, seat, choice)
    if not state.prompts or state.stack[-1] is not top:
        state.prompts = []
        run(ctx)
