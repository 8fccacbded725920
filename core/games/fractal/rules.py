"""Fractal's decision machine (core.machine): the context its tasks work on, and the
registry every rule module joins with ``@task`` and ``@chooser`` (game.py imports them all)."""

from core.games.fractal.content import Content
from core.games.fractal.hidden import SECRET_EVENT_FIELDS
from core.games.fractal.state import State
from core.machine import Ctx as BaseCtx
from core.machine import Machine

Ctx = BaseCtx[State, Content]
MACHINE: Machine[Ctx] = Machine(Ctx, SECRET_EVENT_FIELDS)
task, chooser = MACHINE.task, MACHINE.chooser
