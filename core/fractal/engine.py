"""The decision machine: a stack of tasks run until some seat must decide.

Each task kind registers two functions:

- ``step(ctx, task)`` does the automatic work of the task on top of the stack. It either
  returns the prompts it is waiting for, or returns ``None`` after changing the stack
  (finishing itself, pushing sub-tasks, moving to its next stage).
- ``choose(ctx, task, seat, choice)`` records a validated answer to one of its prompts.

Simultaneous decisions are prompts for several seats at once; the task collects each
answer and prompts again for the seats still to answer, so nothing is revealed early.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.decisions import Prompt, check_choice
from core.events import Event
from core.fractal import hidden
from core.fractal.content import Content
from core.fractal.state import State, Task

StepFn = Callable[["Ctx", Task], list[Prompt] | None]
ChooseFn = Callable[["Ctx", Task, int, str], None]


@dataclass(slots=True)
class Ctx:
    state: State
    content: Content
    events: list[Event] = field(default_factory=list)

    def emit(self, kind: str, seat: int = -1, /, **data: Any) -> None:
        """Record what happened; the fields the policy names secret go to ``seat`` alone
        (``hidden.SECRET_EVENT_FIELDS``)."""
        self._record(kind, seat, data, reveals=False)

    def reveal(self, kind: str, seat: int = -1, /, **data: Any) -> None:
        """Record an event that brings something to light: a tile turned up, a card drawn,
        a random discard, a secret told to one seat. Undo stops at it."""
        self._record(kind, seat, data, reveals=True)

    def _record(self, kind: str, seat: int, data: dict[str, Any], reveals: bool) -> None:
        public, secret = hidden.split_event(kind, data)
        self.events.append(Event(kind, seat, public, secret, [seat] if secret else [], reveals))

    def push(self, kind: str, seat: int = -1, /, **data: object) -> Task:
        task = Task(kind, seat, dict(data))
        self.state.stack.append(task)
        return task

    def finish(self, task: Task) -> None:
        """Remove a finished task (normally the top one) from the stack."""
        stack = self.state.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is task:
                del stack[i]
                return


_STEPS: dict[str, StepFn] = {}
_CHOICES: dict[str, ChooseFn] = {}


def task(kind: str) -> Callable[[StepFn], StepFn]:
    """Register the step function of a task kind."""

    def register(fn: StepFn) -> StepFn:
        if kind in _STEPS:
            raise ValueError(f"task kind {kind!r} registered twice")
        _STEPS[kind] = fn
        return fn

    return register


def chooser(kind: str) -> Callable[[ChooseFn], ChooseFn]:
    """Register the function that takes the answers to a task kind's prompts."""

    def register(fn: ChooseFn) -> ChooseFn:
        _CHOICES[kind] = fn
        return fn

    return register


def registered_kinds() -> list[str]:
    return sorted(_STEPS)


def run(ctx: Ctx) -> None:
    """Do automatic work until a decision is pending or the game is over."""
    state = ctx.state
    while state.stack and not state.prompts:
        top = state.stack[-1]
        prompts = _STEPS[top.kind](ctx, top)
        if prompts:
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
