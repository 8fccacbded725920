"""The empire board: resource tracks with their limits, and what each colony track gives.

Capacities are read from the rightmost uncovered space of a track, that is from how many
colonies have left it (0 to 3), then adjusted by the seat's lasting modifiers.
"""

from __future__ import annotations

from core.games.fractal import passives
from core.games.fractal.content import Content, Step
from core.games.fractal.rules import Ctx
from core.games.fractal.state import (
    DEPLETION_DEFAULT,
    DEPLETION_MAX,
    MAX_CREDITS,
    MAX_INFLUENCE,
    MAX_VP,
    SCIENCE_TOKENS,
    UNIT_KINDS,
    Player,
    State,
)

MOVEMENT_ORDERS = (2, 3, 4, 4)  # imperial track
INCOME = (3, 4, 5, 6)  # productive track
RESEARCH_SCIENCE = (1, 2, 3, 5)  # scientific track
MOVEMENT_RANGE = (1, 2, 2, 3)  # scientific track
RECRUIT = (  # military track: unit type -> how many one Recruit brings
    {"infantry": 2, "lightship": 1},
    {"infantry": 2, "lightship": 2, "mech": 1},
    {"infantry": 3, "lightship": 2, "mech": 1, "warship": 1},
    {"infantry": 3, "lightship": 3, "mech": 2, "warship": 1},
)
ACTION_CARDS_PER_CYCLE = 2


def income(state: State, content: Content, seat: int) -> int:
    base = INCOME[state.players[seat].taken["productive"]]
    return max(0, base + passives.modifier(state, content, seat, "income_credits"))


def research_science(state: State, content: Content, seat: int) -> int:
    base = RESEARCH_SCIENCE[state.players[seat].taken["scientific"]]
    return max(0, base + passives.modifier(state, content, seat, "research_science"))


def recruit_options(state: State, content: Content, seat: int) -> dict[str, int]:
    """Unit type -> how many units one Recruit action brings: the military track's icons
    plus the seat's "+N <unit> when you Recruit" cards. A card's units count where the
    track shows none of that type: the card adds them to the Recruit, and the component's
    text takes precedence over the track (Rule priority)."""
    base = RECRUIT[state.players[seat].taken["military"]]
    kinds = [*base, *(kind for kind in UNIT_KINDS if kind not in base)]
    bonus = passives.derived(state, content, seat, ("recruit_units",), _recruit_bonus)
    counts = {kind: max(0, base.get(kind, 0) + bonus[kind]) for kind in kinds}
    return {kind: n for kind, n in counts.items() if n or kind in base}


def _recruit_bonus(found: list[Step]) -> dict[str, int]:
    """The seat's "+N <unit> when you Recruit", every unit type at once."""
    return {kind: passives.total(found, "recruit_units", unit=kind) for kind in UNIT_KINDS}


def action_card_limit(state: State, content: Content, seat: int) -> int:
    player = state.players[seat]
    extra = 1 if player.taken["imperial"] >= 3 else 0
    bonus = passives.modifier(state, content, seat, "action_cards")
    return max(1, ACTION_CARDS_PER_CYCLE + extra + bonus + player.extra_cards)


def basic_action_cost(state: State, content: Content, seat: int) -> int:
    return max(0, 1 + passives.modifier(state, content, seat, "basic_action_cost"))


def depletion_value(state: State, content: Content, seat: int) -> int:
    """The influence a depleted marker of the seat costs to flip back, read when it is
    flipped: from the components held then (losing access loses their effect at once)."""
    value = DEPLETION_DEFAULT + passives.modifier(state, content, seat, "depletion_value")
    return min(DEPLETION_MAX, max(0, value))


def gain_credits(player: Player, amount: int) -> int:
    before = player.credits
    player.credits = max(0, min(MAX_CREDITS, player.credits + amount))
    return player.credits - before


def gain_influence(player: Player, amount: int) -> int:
    before = player.influence
    player.influence = max(0, min(MAX_INFLUENCE, player.influence + amount))
    return player.influence - before


def victory_tokens_left(state: State, content: Content) -> int:
    """Victory tokens still in the supply: the box holds twelve for everyone."""
    return content.tokens.counts["victory"] - sum(p.vp_tokens for p in state.players)


def gain_vp(ctx: Ctx, seat: int, category: str, amount: int) -> None:
    player = ctx.state.players[seat]
    gained = min(MAX_VP, player.vp[category] + amount) - player.vp[category]
    player.vp[category] += gained
    if gained:
        ctx.emit("vp", seat, category=category, amount=gained)


def tokens_for(value: int) -> int:
    """Science tokens needed to show a value: a flipped token shows 3."""
    return value // 3 + value % 3


def science_tokens_used(state: State, seat: int) -> int:
    return sum(tokens_for(slot.science.get(seat, 0))
               for slots in state.tech.values() for slot in slots)


def science_on_boards(state: State, seat: int) -> int:
    return sum(slot.science.get(seat, 0) for slots in state.tech.values() for slot in slots)


def room_for_science(tokens_used: int, slot_science: int) -> bool:
    """Whether one more science on a slot fits the seat's eight tokens, given how many
    tokens the seat already has on the boards."""
    return tokens_used - tokens_for(slot_science) + tokens_for(slot_science + 1) <= SCIENCE_TOKENS


def total_vp(player: Player) -> int:
    return sum(player.vp.values()) + player.vp_tokens
