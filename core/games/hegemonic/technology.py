"""Technology Cards: drawing from the three sources, discarding, the Inactive pile, and
Advancing a Technology (the rulebook's Advancing Technologies).

A draw may always come from the draw pile (reshuffled from the discards when empty), the
top of a discard pile, or one of the player's own Advanced Technologies (which goes back to
the hand). With the Multiple Discard Piles module there are three discard piles, one per
kind; otherwise one.

Advancing: at most three Advanced Technologies; the card's tier requirement is met by the
track's tier or by an Advanced Technology of the same kind at most one tier lower (which
may then be dropped to make room); the cost is paid; one copy of a Technology at a time.
A tier lost later does not remove it.

The Inactive pile comes back to the hand when the player plays their last card: into a
conflict, or advanced (the book calls advancing "playing" a card, H:556, H:560).
"""

from __future__ import annotations

from core import rng
from core.games.hegemonic import empire
from core.games.hegemonic.content import KINDS, Content, Tech
from core.games.hegemonic.rules import Ctx
from core.games.hegemonic.state import Player, State

# The technologies whose effects the engine implements (a test holds it to the content).
EFFECTS = frozenset({
    "predictive_algorithms", "mass_translation_relay", "dyson_sphere_assembly",
    "nano_fabricants", "efficiency_paradigm", "polymorphic_matter", "emergent_economics",
    "quantum_tunnel_lattice", "subliminal_telepathy", "stealth_field_emitter",
    "nano_accelerants", "psionic_ecology", "empathy_transmitter", "sentient_propaganda",
    "transcendency_routine", "post_physical_array", "phased_teleportation",
    "self_replicating_drones", "singularity_ftl_drive", "hyper_cannon_batteries",
    "bio_adaptive_hulls", "psi_subversion_probes", "brane_manipulation",
    "synergized_logistics",
})


def has(content: Content, player: Player, tech: str) -> bool:
    """Whether the player has that technology advanced."""
    cards = content.cards  # three cards at most: a list is quicker than any() here
    return tech in [cards[c].tech for c in player.advanced]


def pile_of(state: State, content: Content, card: str) -> list[str]:
    """The discard pile a card goes to."""
    if len(state.piles) == 1:
        return state.piles[0]
    return state.piles[KINDS.index(content.tech_of(card).kind)]


def discard(ctx: Ctx, seat: int, card: str, reason: str) -> None:
    pile_of(ctx.state, ctx.content, card).append(card)
    ctx.emit("tech_discarded", seat, card=card, reason=reason)


def refill_deck(ctx: Ctx) -> bool:
    """Shuffle every discard pile into a new draw pile if it is empty; False if nothing is
    left to draw from it."""
    state = ctx.state
    if state.deck:
        return True
    cards = [c for pile in state.piles for c in pile]
    if not cards:
        return False
    for pile in state.piles:
        pile.clear()
    state.deck = cards
    rng.shuffle(state, state.deck)
    ctx.reveal("deck_reshuffled", -1, cards=len(cards))
    return True


def sources(state: State, player: Player) -> list[str]:
    """Where a draw may come from: ``deck``, ``pile:<n>`` (a discard pile's top) and
    ``advanced:<card>``."""
    found = []
    if state.deck or any(state.piles):
        found.append("deck")
    found += [f"pile:{i}" for i, pile in enumerate(state.piles) if pile]
    found += [f"advanced:{c}" for c in player.advanced]
    return found


def draw(ctx: Ctx, seat: int, source: str) -> str:
    """Draw one card into the hand from ``source`` (one of :func:`sources`)."""
    state = ctx.state
    player = state.players[seat]
    head, _, rest = source.partition(":")
    if head == "deck":
        refill_deck(ctx)
        card = state.deck.pop()
        ctx.reveal("tech_drawn", seat, source="deck", card=card)
    elif head == "pile":
        card = state.piles[int(rest)].pop()
        ctx.emit("tech_taken", seat, source=source, card=card)
    else:
        card = rest
        player.advanced.remove(card)
        ctx.emit("tech_taken", seat, source="advanced", card=card)
    player.hand.append(card)
    return card


def turn_over(ctx: Ctx) -> str | None:
    """The Learning Game's conflict card: the top of the draw pile, face up."""
    if not refill_deck(ctx):
        return None
    card = ctx.state.deck.pop()
    ctx.reveal("tech_turned", -1, card=card)
    return card


def meets_tier(content: Content, player: Player, card: str) -> list[str]:
    """How the card's tier requirement is met: ``["track"]`` by the track's tier, else the
    Advanced Technologies that meet it (one tier lower or higher, same kind); [] if not."""
    return _meeting(content, player, content.tech_of(card))


def _meeting(content: Content, player: Player, tech: Tech) -> list[str]:
    if empire.tier(content, player, tech.kind) >= tech.tier:
        return ["track"]
    return [c for c in player.advanced
            if content.tech_of(c).kind == tech.kind and content.tech_of(c).tier >= tech.tier - 1]


def price(content: Content, card: str, discount: int = 0) -> int:
    return max(content.tech_of(card).cost - discount, 0)


def advance_options(content: Content, player: Player, cards: list[str], discount: int = 0,
                    any_tier: bool = False) -> list[str]:
    """``advance:<card>`` when a slot is free, else ``advance:<card>:<dropped>``, for every
    card of ``cards`` the player may advance now (``discount`` CAPs off its cost,
    ``any_tier``: the tier requirement waived, as a Leader may)."""
    options = []
    full = len(player.advanced) >= content.empire.slots
    held = {content.cards[c].tech for c in player.advanced}
    for card in dict.fromkeys(cards):
        tech = content.tech_of(card)
        if tech.id in held or max(tech.cost - discount, 0) > player.caps:  # its price
            continue
        if not any_tier and not _meeting(content, player, tech):
            continue
        if full:
            options += [f"advance:{card}:{dropped}" for dropped in player.advanced]
        else:
            options.append(f"advance:{card}")
    return options


def advance(ctx: Ctx, seat: int, card: str, dropped: str = "", discount: int = 0) -> None:
    """Advance ``card`` from the hand, dropping ``dropped`` first if given (the requirement
    was checked before, so a prerequisite may be the one dropped)."""
    state, content = ctx.state, ctx.content
    player = state.players[seat]
    if dropped:
        player.advanced.remove(dropped)
        discard(ctx, seat, dropped, "dropped")
    cost = price(content, card, discount)
    player.caps -= cost
    player.hand.remove(card)
    player.advanced.append(card)
    state.stats["advanced"] += 1
    ctx.emit("tech_advanced", seat, card=card, cost=cost, dropped=dropped)
    if not player.hand:
        recover_inactive(ctx, seat)


def recover_inactive(ctx: Ctx, seat: int) -> None:
    player = ctx.state.players[seat]
    if player.inactive:
        player.hand += player.inactive
        ctx.emit("inactive_returned", seat, cards=list(player.inactive))
        player.inactive.clear()
