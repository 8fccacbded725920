"""What the client library raises. Each message is one line, fit to show a player."""

from __future__ import annotations

from collections.abc import Sequence


class RelayError(Exception):
    """The connection to the relay ended for good."""


class RelayUnreachable(RelayError):
    """The relay could not be reached, or not again after the connection was lost."""


class RelayRefused(RelayError):
    """The relay answered with an error: a wrong code or token, a full room, a version it
    does not speak, a broken rule... ``code`` is one of :class:`core.net.codes.Code`."""

    def __init__(self, code: str, reason: str, versions: Sequence[int] = ()) -> None:
        accepted = f"; it speaks version {', '.join(map(str, versions))}" if versions else ""
        super().__init__(f"the relay refused: {reason} ({code}){accepted}")
        self.code = code
        self.reason = reason
        self.versions = tuple(versions)


class RoomClosed(RelayError):
    """The membership ended: the room closed, the seat was given up, another connection
    took it, or the relay stopped. ``code`` says which."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"room closed: {reason} ({code})")
        self.code = code
        self.reason = reason
