"""Who plays each seat of a game: a person at this terminal, a bot, or someone over the
network."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN, BOT, REMOTE = "human", "bot", "remote"
MAX_NAME = 24  # the longest name a player goes by (``--name``, an SSH login)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who plays a seat: a person here, a bot of some level, or someone over the network."""

    kind: str
    level: str = ""

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """``human``, ``remote``, ``bot:LEVEL`` or a bare bot level such as ``normal``."""
        kind, _, level = text.partition(":")
        if kind in (HUMAN, REMOTE) and not level:
            return cls(kind)
        if kind == BOT and level:
            return cls(BOT, level)
        if not level:
            return cls(BOT, kind)
        raise ValueError(f"{text!r} is not a seat: human, remote or a bot level")

    @property
    def text(self) -> str:
        """As saves record it: ``human``, ``remote`` or ``bot:LEVEL``."""
        return f"{BOT}:{self.level}" if self.kind == BOT else self.kind


def seat_options(people: tuple[tuple[str, str], ...], *given: str) -> list[tuple[str, str]]:
    """A seat select's choices: ``people`` (label, seat), a bot of every level, and any other
    seat already ``given`` (a command line's ``mcts:400``), so a select always holds its
    value."""
    options = [*people, *((f"Bot, {level}", f"{BOT}:{level}") for level in form_levels())]
    known = {seat for _, seat in options}
    for text in given:
        spec = SeatSpec.parse(text)
        if spec.text not in known:
            known.add(spec.text)
            options.append((f"Bot, {spec.level}", spec.text))
    return options


def form_levels() -> tuple[str, ...]:
    """The bot levels a player picks from a form (``mcts`` is another name for normal),
    read when a form is built: the bots are not loaded before the title shows."""
    from core.bots.levels import LEVELS

    return tuple(level for level in LEVELS if level != "mcts")
