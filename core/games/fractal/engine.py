"""Fractal's decision machine (core.machine): its context, and the registry every task kind
of core/games/fractal joins with ``@engine.task`` and ``@engine.chooser``."""

from __future__ import annotations

from core.games.fractal import hidden
from core.games.fractal.content import Content
from core.games.fractal.state import State
from core.machine import Ctx as BaseCtx
from core.machine import Machine


class Ctx(BaseCtx[State, Content]):
    __slots__ = ()
    secret_fields = hidden.SECRET_EVENT_FIELDS


MACHINE: Machine[Ctx] = Machine()
task = MACHINE.task
chooser = MACHINE.chooser
registered_kinds = MACHINE.registered_kinds
run = MACHINE.run
check = MACHINE.check
apply = MACHINE.apply
