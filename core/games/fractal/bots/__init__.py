"""What Fractal's bots know of its rules (core.bots.base.Model): sampled worlds
(``determinize``), the judgement of a position (``value``) and the opening book (``book``),
each imported when a bot first needs it."""

from __future__ import annotations

from core.bots.base import Model
from core.decisions import Prompt


def begins_turn(prompt: Prompt) -> bool:
    """A Fractal turn opens with an ``action`` prompt before any action is taken in it."""
    return prompt.kind == "action" and not prompt.context.get("done")


def model() -> Model:
    """The searches look ahead to the start of the next turn, so a turn's two actions are
    planned together; the heuristic settles one action at a time, and plays a proposed
    agreement's answer at random so that a proposal is judged with the answers it may get.
    Medals are spent by plan (``medals.py``): what no objective or component asks for."""
    from core.games.fractal.bots.book import faction_pick
    from core.games.fractal.bots.determinize import determinize
    from core.games.fractal.bots.facts import judged_facts
    from core.games.fractal.bots.medals import plan
    from core.games.fractal.bots.value import value

    return Model(determinize=determinize, value=value, book=faction_pick, stop=begins_turn,
                 settle_stops=frozenset({"action"}),
                 settle_answers=frozenset({"diplomacy_answer"}), judged_view=judged_facts,
                 plan=plan)
