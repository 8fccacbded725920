"""Fractal's cards, tiles and tokens: TOML data, typed records and a validating loader.

    from core.games.fractal.content import load_content
    content = load_content()
    content.technology("phase_weapon").cost

Effects are tuples of `Step(op, args)`; see `model` and docs/effects.md.
"""

from core.games.fractal.content.loader import (
    CONTENT_DIR,
    HOOKS,
    ContentError,
    load_content,
    load_content_from,
)
from core.games.fractal.content.model import (
    ActionCard,
    Artifact,
    Composition,
    Condition,
    Content,
    Damage,
    Effect,
    EventCard,
    EventOption,
    ExploitArea,
    Faction,
    Government,
    LivingGalaxy,
    LivingStorm,
    Mastery,
    Objective,
    ObjectiveRow,
    Sector,
    Singularity,
    Step,
    TacticCard,
    TacticDesign,
    TacticVersion,
    Technology,
    Tokens,
    Triggers,
    Upgrade,
    combine_objectives,
)

__all__ = [
    "CONTENT_DIR",
    "HOOKS",
    "ActionCard",
    "Artifact",
    "Composition",
    "Condition",
    "Content",
    "ContentError",
    "Damage",
    "Effect",
    "EventCard",
    "EventOption",
    "ExploitArea",
    "Faction",
    "Government",
    "LivingGalaxy",
    "LivingStorm",
    "Mastery",
    "Objective",
    "ObjectiveRow",
    "Sector",
    "Singularity",
    "Step",
    "TacticCard",
    "TacticDesign",
    "TacticVersion",
    "Technology",
    "Tokens",
    "Triggers",
    "Upgrade",
    "combine_objectives",
    "load_content",
    "load_content_from",
]
