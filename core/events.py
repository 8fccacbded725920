"""Events: structured records of what happened, filtered per viewer.

An event's ``data`` is public. ``secret`` holds what only the seats in ``to`` may learn
(the card a player drew, the tactic they chose). Everything that leaves the engine goes
through :func:`for_viewer`, so a screen, a bot or a remote seat never receives a secret
that is not theirs.

``reveals`` is set where the event is emitted when it brought something new to light for
anyone: a face-down tile turned up, a card drawn, a random discard, a shuffle, a secret
told to one seat. Undo stops at such a decision, so nobody can take back what they saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SPECTATOR = -1


@dataclass(slots=True)
class Event:
    kind: str
    seat: int = -1
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] = field(default_factory=dict)
    to: list[int] = field(default_factory=list)
    reveals: bool = False

    def __init__(self, kind: str, seat: int = -1, data: dict[str, Any] | None = None,
                 secret: dict[str, Any] | None = None, to: list[int] | None = None,
                 reveals: bool = False) -> None:
        # Written out: compiled, a generated ``__init__`` runs interpreted (as Prompt's).
        self.kind = kind
        self.seat = seat
        self.data = {} if data is None else data
        self.secret = {} if secret is None else secret
        self.to = [] if to is None else to
        self.reveals = reveals


def for_viewer(event: Event, viewer: int) -> dict[str, Any]:
    """The plain record a viewer may see: public data, plus the secret when it is theirs."""
    record: dict[str, Any] = {"kind": event.kind, "seat": event.seat, **event.data}
    if event.secret and viewer in event.to:
        record.update(event.secret)
    return record
