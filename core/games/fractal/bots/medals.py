"""When a bot spends its medals: Wartime innovation's trade and Elite training's draw.

A medal held is worth something only where it still counts: a scoring condition in force
that asks for medals (while its category has VP left to take), and the seat's government
and artifacts that pay at the end of a cycle for holding medals. Past what those ask for, a
medal is the second tie-breaker and nothing more, so a good player turns it into two
science or, two of them, into an elite tactic. The judgement (``value.py``) weighs a medal
at 0.1 because most medals are won in battles and kept: weighed that way against the 0.06
of two science on the boards, the bots declined every trade and training they were offered
(docs/benchmarks.md, issue 44). So both prompts are answered here, as a planned move
(``Model.plan``): spend what is not needed, keep the rest.
"""

from __future__ import annotations

from typing import Any

from core.decisions import Prompt
from core.games.fractal.bots.value import MAX_VP, conditions_in_force
from core.games.fractal.content import Content, Effect
from core.games.fractal.modules import elite_training

MEDALS = "medals"
SPEND = {"wartime_innovation": ("trade", 1), "elite_training": ("train", elite_training.MEDALS)}
KEEP = "decline"


def plan(game: Any, prompt: Prompt) -> str | None:
    """``trade`` or ``train`` when the medals spent are not needed, else ``decline``; None
    for every other prompt."""
    if prompt.kind not in SPEND:
        return None
    spend, cost = SPEND[prompt.kind]
    if spend not in prompt.options:
        return None
    from core.games.fractal.bots.facts import judged_facts

    view = judged_facts(game, prompt.seat)
    held = int(view["players"][prompt.seat]["medals"])
    return spend if held - cost >= needed(view, prompt.seat, game.content) else KEEP


def needed(view: dict[str, Any], seat: int, content: Content) -> int:
    """How many medals the seat has a use for: the most that a scoring condition in force
    (met twice over, outside Dawn of the Galaxy) or a cycle-end effect of its government or
    artifacts asks for."""
    player = view["players"][seat]
    rows, _ = conditions_in_force(view)
    twice = 1 if view.get("dawn_objective") else 2
    need = 0
    for condition in rows:
        if int(player["vp"].get(condition.category, 0)) >= MAX_VP:
            continue
        for counter, amount in condition.requirements:
            if counter == MEDALS:
                need = max(need, amount * twice)
    effects: list[Effect] = []
    government = content.governments.get(player.get("government", ""))
    if government is not None:
        effects.append(government.secondary.cycle_end)
    effects += [content.artifacts[a].triggers.cycle_end for a in player.get("artifacts", ())
                if a in content.artifacts]
    for effect in effects:
        for step in effect:
            held_if = step.get("if") or {}
            if held_if.get("counter") == MEDALS:
                need = max(need, int(held_if.get("at_least", 0)))
    return need
