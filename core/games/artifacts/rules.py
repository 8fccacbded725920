"""Alien Artifacts' decision machine (core.machine): the context its tasks work on, which
names a card some seats know by its face only by that face (faces.py), and the registry
every rule module joins with ``@task`` and ``@chooser`` (game.py imports them all).

A prompt with a single option is not asked: the machine answers it at once, and a replay
does the same, so the log holds only real decisions.
"""

from __future__ import annotations

from typing import Any

from core.events import Event
from core.games.artifacts import faces
from core.games.artifacts.content import Content
from core.games.artifacts.hidden import SECRET_EVENT_FIELDS
from core.games.artifacts.state import State
from core.machine import Ctx as BaseCtx
from core.machine import Machine


class Ctx(BaseCtx[State, Content]):
    __slots__ = ()

    def _record(self, kind: str, seat: int, data: dict[str, Any], reveals: bool) -> None:
        """An event naming a card that some seats know by its face only (faces.py): its
        public fields name the face, and the seats that know every such card read the
        ids."""
        state, content = self.state, self.content
        faced = {c for v in data.values() for c in (v if isinstance(v, list) else [v])
                 if isinstance(c, str) and faces.ambiguous(content, c) and c not in state.shown}
        if not faced or kind in self.secret_fields:
            super()._record(kind, seat, data, reveals)
            return
        names = {c: faces.face(content, c) for c in faced}
        public = faces.disguise(data, names)
        secret = {k: v for k, v in data.items() if public[k] != v}
        to = [s for s in range(len(state.players))
              if all(faces.knows(state, s, c) for c in faced)]
        self.events.append(Event(kind, seat, public, secret, to, reveals))


MACHINE: Machine[Ctx] = Machine(Ctx, SECRET_EVENT_FIELDS, answers_forced=True)
task, chooser = MACHINE.task, MACHINE.chooser
