"""Frames: everything one seat receives at a time, for any ruleset.

A frame holds the seat's view, the decision it faces (if any) and the events it may see
since a sequence number, with the sequence number to ask from next time. A screen, a bot
and a remote seat all read frames, so a seat that reconnects catches up by asking for the
frame since the last number it saw. Frames are plain data that msgpack holds as they are;
docs/view.md describes every field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from core.decisions import Prompt
from core.events import Event, for_viewer
from core.plain import to_plain

VERSION = 1
MAX_EVENTS = 2000  # a seat further behind gets the newest ones; its view is whole anyway


class HasRng(Protocol):
    rng: int


class Framed(Protocol):
    """What a game offers for frames: its events so far, views and prompts per seat."""

    history: list[Event]

    @property
    def state(self) -> HasRng: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def prompt_for(self, seat: int) -> Prompt | None: ...

    def marks(self, prompt: Prompt) -> dict[str, str]: ...

    def clone(self) -> Framed: ...

    def apply(self, seat: int, choice: str) -> list[Event]: ...


def frame(game: Framed, seat: int, since: int = 0,
          final: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The frame of ``seat`` (or the spectator, -1) with the events numbered ``since`` on.
    ``final``: the final options of the seat's decision and why (core.game.Game.marks)
    when the caller knows them (a table keeps them per decision); else the game marks
    them here."""
    history = game.history
    seq = len(history)
    first = max(0, min(since, seq), seq - MAX_EVENTS)
    prompt = game.prompt_for(seat)
    asked = None
    if prompt is not None:
        asked = decision(prompt, game.marks(prompt) if final is None else final)
    return {
        "version": VERSION,
        "seat": seat,
        "seq": seq,
        "first": first,
        "view": game.view(seat),
        "prompt": asked,
        "events": [{"seq": i, **for_viewer(history[i], seat)} for i in range(first, seq)],
    }


def decision(prompt: Prompt, final: Mapping[str, str] | Sequence[str]) -> dict[str, Any]:
    """A decision as a frame holds it: the prompt, its final options and, for those that
    bring something to light, the kind of event that does (``why``: a game's words say
    it)."""
    why = {c: r for c, r in final.items() if r} if isinstance(final, Mapping) else {}
    return {**to_plain(prompt), "final": list(final), "why": why}


def final_choices(game: Framed, prompt: Prompt) -> dict[str, str]:
    """The options that cannot be taken back once chosen, each with why: tried on a copy
    of the game, they bring something to light (the kind of the first event that does) or
    roll the dice ("": what undo never takes back). The kind, never the event: what it
    shows is for after the choice. What the engines' marks (core.game.Game.marks) are
    checked against in the tests: nothing that plays tries every option."""
    final = {}
    for choice in prompt.options:
        trial = game.clone()
        before = trial.state.rng
        events = trial.apply(prompt.seat, choice)
        shown = next((e.kind for e in events if e.reveals), None)
        if shown is not None or trial.state.rng != before:
            final[choice] = shown or ""
    return final
