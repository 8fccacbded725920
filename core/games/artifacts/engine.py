"""Alien Artifacts' decision machine (core.machine): its context, and the registry every
task kind of core/games/artifacts joins with ``@task`` and ``@chooser``.

A prompt with a single option is not asked: the machine answers it at once, and a replay
does the same, so the log holds only real decisions.
"""

from __future__ import annotations

from core.games.artifacts import hidden
from core.games.artifacts.content import Content
from core.games.artifacts.state import State
from core.machine import Ctx as BaseCtx
from core.machine import Machine


class Ctx(BaseCtx[State, Content]):
    __slots__ = ()
    secret_fields = hidden.SECRET_EVENT_FIELDS


MACHINE: Machine[Ctx] = Machine(answers_forced=True)
task = MACHINE.task
chooser = MACHINE.chooser
registered_kinds = MACHINE.registered_kinds
