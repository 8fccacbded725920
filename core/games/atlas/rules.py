"""Fractured Atlas's decision machine (core.machine): the context its tasks work on, and the
registry every rule module joins with ``@task`` and ``@chooser`` (game.py imports them all).

A prompt with a single option is not asked: the machine answers it at once, and a replay
does the same, so the log holds only real decisions.
"""

from core.games.atlas.content import Content
from core.games.atlas.hidden import SECRET_EVENT_FIELDS
from core.games.atlas.state import State
from core.machine import Ctx as BaseCtx
from core.machine import Machine

Ctx = BaseCtx[State, Content]
MACHINE: Machine[Ctx] = Machine(Ctx, SECRET_EVENT_FIELDS, answers_forced=True)
task, chooser = MACHINE.task, MACHINE.chooser
