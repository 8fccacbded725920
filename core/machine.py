"""The decision machine every ruleset's engine is: a stack of tasks run until a seat decides.

A ruleset makes one :class:`Machine` and registers two functions per task kind:

- ``step(ctx, task)`` does the automatic work of the task on top of the stack. It either
  returns the prompts it is waiting for, or returns ``None`` after changing the stack
  (finishing itself, pushing sub-tasks, moving to its next stage).
- ``choose(ctx, task, seat, choice)`` records a validated answer to one of its prompts.

Simultaneous decisions are prompts for several seats at once; the task collects each
answer and prompts again for the seats still to answer, so nothing is revealed early.

A ruleset may also register a window (``Machine.window``): choices a seat may make "at
any time", offered beside a task's own options and taken by the window's function.

And it marks the options of each task kind's prompts (``Machine.marker``): which are
*final*, chosen, they bring something to light before the next decision (a card drawn, a
tile turned up, a secret told) or roll the dice, so undo never takes them back and a
screen asks before it takes one. The task knows it from the state that built its prompt,
as it knows what its chooser will do; nothing is applied to learn it. An option whose
outcome rests on the tasks that follow (it ends the task's part) it may leave unmarked,
and core.game.Game.marks plays that one alone on a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, get_origin

from core.decisions import Prompt, check_choice
from core.events import Event
from core.plain import copy_plain


@dataclass(slots=True)
class Task:
    """One step of work in progress: a phase, an action, an effect waiting for choices.

    ``data`` holds the task's own plain fields; each task kind documents them where its
    handler lives.
    """

    kind: str
    seat: int = -1
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, seat: int = -1, data: dict[str, Any] | None = None) -> None:
        # Written out: compiled, a generated ``__init__`` runs interpreted (as Prompt's).
        self.kind = kind
        self.seat = seat
        self.data = {} if data is None else data

    def copy(self) -> Task:
        return Task(self.kind, self.seat, copy_plain(self.data))


class Decisions(Protocol):
    """What the machine reads and writes of a ruleset's state."""

    stack: list[Task]
    prompts: list[Prompt]
    stats: dict[str, int]

    @property
    def over(self) -> bool: ...


StateT = TypeVar("StateT", bound=Decisions)
ContentT = TypeVar("ContentT")


class Ctx(Generic[StateT, ContentT]):
    """What a task's functions work on: the state, the content, the events so far, and the
    fields of each event kind that only the event's seat may learn (its machine's
    ``secret_fields``). A game names it for its own state and content, ``Ctx =
    core.machine.Ctx[State, Content]``, and its machine makes it (:meth:`Machine.context`).
    A plain class, not a dataclass: mypyc (``make native``) cannot compile a generic one.
    """

    __slots__ = ("content", "events", "secret_fields", "state")

    def __init__(self, state: StateT, content: ContentT, events: list[Event] | None = None,
                 secret_fields: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.state = state
        self.content = content
        self.events: list[Event] = [] if events is None else events
        self.secret_fields: Mapping[str, tuple[str, ...]] = \
            {} if secret_fields is None else secret_fields

    # The kind and seat are named with underscores although positional-only: compiled by
    # mypyc, the "/" is not enforced, and a task's or event's data may hold a "kind" or a
    # "seat" of its own.
    def emit(self, _kind: str, _seat: int = -1, /, **data: Any) -> None:
        """Record what happened; the fields ``secret_fields`` names go to the seat alone."""
        self._record(_kind, _seat, data, reveals=False)

    def reveal(self, _kind: str, _seat: int = -1, /, **data: Any) -> None:
        """Record an event that brings something to light: a card drawn or turned up, a
        shuffle, a random discard, a secret told to one seat. Undo stops at it."""
        self._record(_kind, _seat, data, reveals=True)

    def _record(self, kind: str, seat: int, data: dict[str, Any], reveals: bool) -> None:
        fields = self.secret_fields.get(kind)
        if not fields:
            self.events.append(Event(kind, seat, data, {}, [], reveals))
            return
        public = {k: v for k, v in data.items() if k not in fields}
        secret = {k: v for k, v in data.items() if k in fields}
        self.events.append(Event(kind, seat, public, secret, [seat] if secret else [], reveals))

    def push(self, _kind: str, _seat: int = -1, /, **data: Any) -> Task:
        task = Task(_kind, _seat, dict(data))
        self.state.stack.append(task)
        return task

    def finish(self, task: Task) -> None:
        """Remove a finished task (normally the top one) from the stack."""
        stack = self.state.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is task:
                del stack[i]
                return


CtxT = TypeVar("CtxT", bound=Ctx[Any, Any])
StepFn = Callable[[CtxT, Task], list[Prompt] | None]
ChooseFn = Callable[[CtxT, Task, int, str], None]
# A window (an "at any time" rule): the choices a seat may also make at a prompt, and what
# taking one does; and, optionally, whether a choice may be one of the window's by its form.
OffersFn = Callable[[CtxT, Prompt], list[str]]
TakeFn = Callable[[CtxT, int, str], None]
ClaimsFn = Callable[[str], bool]
# What a task knows of its prompt's options: final and why, or not (Machine.marks).
MarkFn = Callable[[CtxT, Task, Prompt], Mapping[str, str | None]]
WindowMarkFn = Callable[[CtxT, Prompt, list[str]], Mapping[str, str | None]]


class Machine(Generic[CtxT]):
    """One ruleset's task kinds, and the loop that runs them. A game makes one in its
    ``rules.py``, whose ``task`` and ``chooser`` every rule module registers with:

        Ctx = core.machine.Ctx[State, Content]
        MACHINE: Machine[Ctx] = Machine(Ctx, hidden.SECRET_EVENT_FIELDS, answers_forced=True)
        task, chooser = MACHINE.task, MACHINE.chooser

    ``context`` makes what a task works on (a game with its own way of recording events
    gives a subclass of :class:`Ctx`); ``secret_fields`` names, per event kind, the fields
    only the event's seat may learn (the checks scan every event record for them).
    ``answers_forced``: a prompt with a single option is answered by the machine at once
    (and by a replay alike), so the log holds only real decisions. A ruleset whose players
    expect to confirm even a lone option (a lone "done") leaves it off.
    """

    def __init__(self, context: Callable[..., CtxT],
                 secret_fields: Mapping[str, tuple[str, ...]] | None = None,
                 answers_forced: bool = False) -> None:
        # A generic alias (``Ctx[State, Content]``) made into its class: calling the alias
        # tries to tag every context with it (a slotted one refuses), once per decision.
        self._context: Callable[..., CtxT] = get_origin(context) or context
        self.secret_fields: Mapping[str, tuple[str, ...]] = secret_fields or {}
        self.answers_forced = answers_forced
        self._steps: dict[str, StepFn[CtxT]] = {}
        self._choices: dict[str, ChooseFn[CtxT]] = {}
        self._window: tuple[OffersFn[CtxT], TakeFn[CtxT]] | None = None
        self._claims: ClaimsFn | None = None
        self._marks: dict[str, MarkFn[CtxT]] = {}
        self._window_marks: WindowMarkFn[CtxT] | None = None

    def task(self, kind: str) -> Callable[[StepFn[CtxT]], StepFn[CtxT]]:
        """Register the step function of a task kind."""

        def register(fn: StepFn[CtxT]) -> StepFn[CtxT]:
            if kind in self._steps:
                raise ValueError(f"task kind {kind!r} registered twice")
            self._steps[kind] = fn
            return fn

        return register

    def chooser(self, kind: str) -> Callable[[ChooseFn[CtxT]], ChooseFn[CtxT]]:
        """Register the function that takes the answers to a task kind's prompts."""

        def register(fn: ChooseFn[CtxT]) -> ChooseFn[CtxT]:
            self._choices[kind] = fn
            return fn

        return register

    def marker(self, kind: str) -> Callable[[MarkFn[CtxT]], MarkFn[CtxT]]:
        """Register the function that marks the options of a task kind's prompts
        (:meth:`marks`)."""

        def register(fn: MarkFn[CtxT]) -> MarkFn[CtxT]:
            if kind in self._marks:
                raise ValueError(f"task kind {kind!r} marked twice")
            self._marks[kind] = fn
            return fn

        return register

    def marks(self, ctx: CtxT, prompt: Prompt) -> dict[str, str | None]:
        """What the task of a pending prompt knows of its options (its marker's word, and
        the window's for the window's choices): a kind for one that brings something to
        light before the next decision (the kind of the first event that does, "" where
        only the dice roll), None for one after which a decision comes with nothing shown
        on the way. An option left out ends the task's part: what follows belongs to
        other tasks, and only playing on tells (core.game.Game.marks). ``ctx`` records
        nothing."""
        state: Decisions = ctx.state
        if not state.stack:
            return {}
        top = state.stack[-1]
        fn = self._marks.get(top.kind)
        found: dict[str, str | None] = dict(fn(ctx, top, prompt)) if fn is not None else {}
        if self._window is None:
            return found
        extra = [o for o in self._window[0](ctx, prompt) if o in prompt.options]
        for choice in extra:  # the task's marker speaks for the task's own options
            found.pop(choice, None)
        if extra and self._window_marks is not None:
            found.update(self._window_marks(ctx, prompt, extra))
        return found

    def context(self, state: Any, content: Any, events: list[Event] | None = None) -> CtxT:
        """What a task works on, recording into ``events`` (a new list if None)."""
        return self._context(state, content, [] if events is None else events,
                             self.secret_fields)

    def registered_kinds(self) -> list[str]:
        return sorted(self._steps)

    def window(self, offers: OffersFn[CtxT], take: TakeFn[CtxT],
               claims: ClaimsFn | None = None) -> None:
        """Register a window: what a rulebook lets a player do "at any time" (play a card
        held, say), offered beside a task's own options. ``offers(ctx, prompt)`` names the
        choices the prompt's seat may also make there, from the prompt's seat and kind
        and the state (never from its options); ``take(ctx, seat, choice)`` does one, after
        which the task is asked again. A window's choices are kept distinct from every
        task's options; a prompt is answered at once (``answers_forced``) only when the
        task and the window leave one option in all. ``claims(choice)``, if given, is
        False for a choice that cannot be the window's by its form (True for every one
        ``offers`` may name): a task's own option is then taken without asking ``offers``
        again."""
        self._window = (offers, take)
        self._claims = claims

    def window_marks(self, marks: WindowMarkFn[CtxT]) -> None:
        """Register what the window knows of its choices at a prompt (:meth:`marks`):
        ``marks(ctx, prompt, choices)``, as a task's marker does for its options."""
        self._window_marks = marks

    def _widened(self, ctx: CtxT, prompt: Prompt) -> Prompt:
        if self._window is None:
            return prompt
        offered = self._window[0](ctx, prompt)
        if not offered:  # most prompts
            return prompt
        extra = [o for o in offered if o not in prompt.options]
        if not extra:
            return prompt
        return Prompt(prompt.seat, prompt.kind, [*prompt.options, *extra], prompt.context)

    def _answer(self, ctx: CtxT, top: Task, prompt: Prompt, choice: str) -> bool:
        """Take the choice; True when the window took it."""
        window = self._window
        if window is not None and (self._claims is None or self._claims(choice)) \
                and choice in window[0](ctx, prompt):
            window[1](ctx, prompt.seat, choice)
            return True
        self._choices[top.kind](ctx, top, prompt.seat, choice)
        return False

    def run(self, ctx: CtxT) -> None:
        """Do automatic work until a decision is pending or the game is over."""
        state: Decisions = ctx.state
        steps, windowed, answers_forced = self._steps, self._window is not None, \
            self.answers_forced
        widened = self._widened
        while state.stack and not state.prompts:
            top = state.stack[-1]
            prompts = steps[top.kind](ctx, top)
            if not prompts:
                continue
            if windowed:
                prompts = [widened(ctx, p) for p in prompts]
            if answers_forced:
                forced = None
                for prompt in prompts:
                    if len(prompt.options) == 1:
                        forced = prompt
                        break
                if forced is not None:
                    self._answer(ctx, top, forced, forced.options[0])
                    continue
            state.prompts = prompts

    @staticmethod
    def check(state: Decisions, seat: int, choice: str) -> Prompt:
        """Raise a typed error unless ``choice`` is legal for ``seat`` right now."""
        return check_choice(state.over, state.prompts, seat, choice)

    def apply(self, ctx: CtxT, seat: int, choice: str) -> None:
        """Validate, then apply one seat's choice and run on to the next decision."""
        state: Decisions = ctx.state
        prompt = self.check(state, seat, choice)
        top = state.stack[-1]
        prompts = state.prompts
        state.prompts = [] if len(prompts) == 1 else [p for p in prompts if p.seat != seat]
        state.stats["decisions"] += 1
        # After a window's choice the task is asked again at once, the other seats of a
        # simultaneous prompt too (a seat's own choice would otherwise wait for theirs).
        windowed = self._answer(ctx, top, prompt, choice)
        if windowed or not state.prompts or state.stack[-1] is not top:
            state.prompts = []
            self.run(ctx)
