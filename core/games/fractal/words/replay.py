"""A whole game as the log a person reads: every decision and every event in sentences,
from one seat's point of view (or a spectator's), then the scores.

The one part of the words that drives a game: it replays the decision log to give each
decision the view it was taken in and each event the view it left, as a frame would.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import events, text
from core.plain import to_plain


def log_lines(options: Options, log: list[tuple[int, str]], viewer: int) -> Iterator[str]:
    """The game of ``options`` and ``log`` as ``viewer`` lived it (-1: a spectator)."""
    game = Game.new(options)
    view = game.view(viewer)
    yield text.heading(view)
    for record in game.events_for(viewer):
        yield from _event(view, record)
    for seat, choice in log:
        prompt = game.prompt_for(seat)
        if prompt is None:  # the log does not fit this game: let apply say why
            game.apply(seat, choice)
            continue
        decision = text.decision_line(view, to_plain(prompt), choice)
        happened = game.apply(seat, choice)
        view = game.view(viewer)
        yield f"> {decision.text}"
        for record in game.events_for(viewer, happened):
            yield from _event(view, record)
    yield ""
    yield from text.score_lines(view)


def _event(view: dict[str, object], record: dict[str, object]) -> Iterator[str]:
    line = events.line(view, record)
    if record["kind"] == "phase":
        yield ""
    yield f"    {line.text}"
