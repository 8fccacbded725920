"""The content as frozen records: cards, Place powers, and the rules' numbers.

Everything a rule asks of a card often (its suits, its place in the order of play, the
actions it offers) is worked out once here, so the engine's hot paths only look it up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
RANKS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "pawn", "court", "crown", "none")
KINDS = ("personality", "location", "event")
ACTIONS = ("explore", "migrate", "exploit", "trade", "build", "magic", "attack")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    rank: str
    suits: tuple[str, ...]
    kinds: tuple[str, ...]

    @property
    def number(self) -> int:
        """2 to 9 for the numbered cards, 0 for the others."""
        return int(self.rank) if self.rank.isdigit() else 0

    @property
    def is_location(self) -> bool:
        return "location" in self.kinds

    @property
    def is_personality(self) -> bool:
        return "personality" in self.kinds

    @property
    def two_suited(self) -> bool:
        return len(self.suits) == 2


@dataclass(frozen=True, slots=True)
class Power:
    """A Place's power, as places.toml describes it."""

    id: str
    title: str
    bonus: tuple[str, ...] = ()
    no_explore_adjacent: bool = False
    waterways: bool = False
    grue_spared_by: str = ""
    no_towers: bool = False
    defense_towers: bool = False
    defense_suits: tuple[str, ...] = ()


NO_POWER = Power("", "")


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed by identity: caches key on it
class Content:
    cards: Mapping[str, Card]
    powers: Mapping[str, Power]
    tokens: int
    slots: int
    hand: int
    hired_advisor_tokens: int
    explored_tokens: int
    advisors_dealt: int
    known_world: tuple[str, ...]
    starting_places: tuple[str, ...]
    rank_order: tuple[str, ...]
    actions: Mapping[str, tuple[str, ...]]  # suit -> the actions it offers
    # Worked out from the above by the loader.
    suit_of_action: Mapping[str, str] = field(default_factory=dict)
    card_actions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rank_keys: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    suit_sets: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def power(self, card_id: str) -> Power:
        return self.powers.get(card_id, NO_POWER)

    def suits(self, card_id: str) -> tuple[str, ...]:
        return self.cards[card_id].suits

    @property
    def advisors(self) -> tuple[str, ...]:
        """The nine two-suited Personalities, from which Advisors are dealt."""
        return tuple(c.id for c in self.cards.values() if c.is_personality and c.two_suited)

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.is_location)

    @property
    def action_cards(self) -> tuple[str, ...]:
        """Every card that is not a Place: the Action Deck before Advisors are taken out."""
        return tuple(c.id for c in self.cards.values() if not c.is_location)

    def actions_of(self, card_id: str) -> tuple[str, ...]:
        """The actions a card offers: those of its suits; the Excuse offers every one."""
        return self.card_actions[card_id]

    def rank_key(self, card_id: str) -> tuple[int, int]:
        """Larger plays earlier: the rank order's class, then the number (2 to 9)."""
        return self.rank_keys[card_id]
