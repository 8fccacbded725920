"""How good an Alien Artifacts position looks for each seat, judged from one view.

A seat's score is the VP it may expect at the end:

- what the final scoring would give now (``scoring.end_parts``): the VP scored in play,
  1 per Empire card, the operational technologies' end tables at their counters, the
  faction's end scoring (a Bank scored for its credits as full as the turns left can
  make it);
- while turns are left, what it holds toward more: the next row of each operational
  technology's table (the more turns left, the likelier it is reached), its Under
  Construction cards (a share of what each would add once completed, the larger the more
  of its cost is prepared, if the turns left allow its completion), the Empire
  cards' abilities still to be used, Resource cards in hand (little for those beyond what
  two actions can pay with) and produced on planets,
  credits, Alien Artifacts and Defense Plans held (what is held fading over the last two
  turns, as the use left in it does), less its Blockade tokens.

The turns left come from the Resource deck, the game's clock: the cards left in this pass
and the passes still to come (the round marker), at about ``CARDS_A_TURN`` cards a turn
(docs/alien-artifacts.md, R2). Every part but the hands' and the plans' contents is public,
and those count by their number only, so one computation serves every seat. The scores
become win shares with a softmax (``core.bots.base.win_shares``) whose temperature grows
with the turns left: an early lead of a few VP is far from a sure win.

The searches judge thousands of positions a decision, so they read a light view
(``judged_facts``) worked out on the state directly; a full view is judged the same way,
from a world rebuilt from it.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import win_shares
from core.games.artifacts.board import (
    KIND_ACTION,
    action_colour,
    cost_and_limit,
    count,
    empire,
    section,
)
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import Gain
from core.games.artifacts.scoring import end_parts
from core.games.artifacts.state import Card, Player, State
from core.rng import Rng

FACTS = "artifacts-facts"  # the light view's ruleset
CARDS_A_TURN = 2.8  # Resource cards a turn takes from the deck (R2)
TEMPERATURE = 3.0  # VP of lead that make a win e times likelier at the end
TEMPERATURE_TURN = 0.35  # more per turn a seat has left
EXPLORATION = 0.05
INCOME = 2  # credits a turn can add to a Bank (a Trade, an income action)
CREDIT = 0.1  # VP per credit while turns are left (5 buy a card Under Construction)
CARD = 0.1  # per Resource card in hand: the draw step refills the hand to 3 anyway
HAND_USED = 4  # cards in hand that two actions can pay with (the Assembly Limit of 2)
CARD_MORE = 0.02  # per card beyond them: they wait for turns to come
PRODUCED = 0.2  # per section produced on a planet (it pays; it is not refilled)
ARTIFACT = 1.5  # per Alien Artifact held (about two actions, docs: Alien Artifacts)
PLAN = 0.3  # per Defense Plan held
# An artifact or a plan that the faction scores at the end (Ix Wanderers, Ashen Brood) is
# worth its VP kept or its use, not both: using it gives the VP up. Counted twice, a bot
# of those factions hoarded them (Ix's normal bot built 0.5 VP of technology a game where
# the heuristic's Ix built 7). Counted once in the searches alone, normal won 6 more of 100
# games against the heuristic; in every level the heuristic won as many back
# (docs/benchmarks.md, Alien Artifacts' twelfth measure).
# What is held (credits, cards, artifacts, plans) is worth its use, and the last turns
# leave less of it: without the fade a seat holding much was better off never letting the
# game end (a heuristic game of two seats that kept their hands and took actions that
# change nothing, turn after turn, never drawing the deck's last card).
ASSET_TURNS = 2.0
TOKEN = 0.4  # per Blockade token on the seat's Empire
HELD = 0.3  # the share of a completed card's worth an Under Construction card has alone
PAID = 0.85  # and once its cost is paid (the rest comes with its completion)
SYMBOLS_A_CARD = 2.0  # the symbols a paying card brings, about
ABILITY = 0.12  # per Empire card and turn left (its ability used), up to ABILITY_TURNS
ABILITY_TURNS = 8
NEXT_ROW = 0.5  # the share of a technology's next row counted with every turn still left
# The searches' own judgement (``searched_facts``) also counts what the hand can pay toward
# each card Under Construction, at this share of a symbol already prepared: a symbol in hand
# may still go elsewhere, and a Prepare is needed to put it there. Paired on 200 deals of
# normal against the heuristic, normal won 121 with it and 99 without (docs/benchmarks.md,
# Alien Artifacts' eleventh measure); at a whole symbol, 17 of the first 34 against 22.
HAND_SHARE = 0.5


def value(view: dict[str, Any]) -> list[float]:
    facts = view if view.get("ruleset") == FACTS else facts_of_view(view)
    return win_shares(facts, _scores, temperature(facts["turns_left"]))


def temperature(turns_left: float) -> float:
    return TEMPERATURE + TEMPERATURE_TURN * turns_left


def _scores(facts: dict[str, Any]) -> list[float]:
    scores: list[float] = facts["scores"]
    return scores


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view the heuristic judges a sampled position from (``Model.judged_view``)."""
    return facts_of(game.state, game.content)


def searched_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view the searches judge from (``Search.judged_view``): as
    ``judged_facts``, with each hand read against the cards Under Construction. In a
    sampled world the other seats' hands are samples consistent with what the seat saw."""
    return facts_of(game.state, game.content, read_hands=True)


def facts_of(state: State, content: Content, read_hands: bool = False) -> dict[str, Any]:
    left = turns_left(state, content)
    return {"ruleset": FACTS, "phase": state.phase, "winners": list(state.winners),
            "players": [{"seat": p.seat} for p in state.players],
            "scores": [prospects(content, p, left, read_hands) for p in state.players],
            "turns_left": left}


def facts_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """The facts of a full view, from a world rebuilt from it: only public parts and the
    numbers of hidden cards count, so any sample gives the same."""
    from core.games.artifacts.bots.determinize import sample

    world = sample(view, Rng(0))
    return facts_of(world.state, world.content)


def turns_left(state: State, content: Content) -> float:
    """About how many turns each seat has left, from the Resource deck and the marker."""
    if state.over:
        return 0.0
    n = len(state.players)
    if state.ending:
        return 0.5  # the last round is being played out
    later = max(len(content.resources) - 5 * n, 1)  # a later pass: hands and tucked out
    cards = len(state.deck) + (state.marker - 1) * later
    return cards / (CARDS_A_TURN * n)


def prospects(content: Content, player: Player, left: float,
              read_hand: bool = False) -> float:
    if left <= 0:
        return sum(end_parts(content, player, []).values()) + 0.01 * player.credits  # R27
    score = _end_vp(content, player, left)
    share = min(left / ABILITY_TURNS, 1.0)
    score += _next_rows(content, player) * NEXT_ROW * share
    score += ABILITY * min(left, ABILITY_TURNS) * len(player.empire)
    score += _under_construction(content, player, left, player.hand if read_hand else [])
    produced = sum(len(c.under) for c in player.empire if c.kind == "planet")
    cards = len(player.hand)
    usable = min(left / ASSET_TURNS, 1.0)
    score += usable * (CREDIT * player.credits + CARD * min(cards, HAND_USED)
                       + CARD_MORE * max(cards - HAND_USED, 0) + PRODUCED * produced
                       + _beyond_end(content, player, "artifacts", ARTIFACT) * len(player.artifacts)
                       + _beyond_end(content, player, "plans", PLAN) * len(player.plans))
    return score - TOKEN * sum(c.tokens for c in player.empire)


def _beyond_end(content: Content, player: Player, held: str, use: float) -> float:
    """What one more of the ``held`` things (``artifacts``, ``plans``) is worth to use
    beyond the VP the faction's end scoring already counts for keeping it."""
    if not player.faction:
        return use
    kept = sum(step.args.vp / step.every for step in content.factions[player.faction].end
               if isinstance(step.args, Gain) and step.per is not None
               and step.per.name == held)
    return max(use - kept, 0.0)


def _end_vp(content: Content, player: Player, left: float) -> float:
    """The final scoring as it stands, but for the Bank: a faction that scores its credits
    counts those it can still hold at the end, its Bank refilled at ``INCOME`` a turn left
    up to its maximum. Without it a Bank at the maximum is never spent (a Buy loses VP
    the one-step look cannot see won back) and its owner's turns go to income it cannot
    keep."""
    credits = player.credits
    player.credits = min(content.rules.bank_max, credits + int(INCOME * left))
    try:  # weighed, then given back
        return float(sum(end_parts(content, player, []).values()))
    finally:
        player.credits = credits


def _next_rows(content: Content, player: Player) -> float:
    """The end VP the operational technologies' next rows would add."""
    gain = 0.0
    for card in empire(content, player, "technology", side="operational"):
        table = content.technologies[card.id].score
        have = count(content, player, table.count)
        now = table.best(have)
        ahead = next((row for row in table.rows if row[0] > have), None)
        if ahead is not None:
            gain += ahead[2] - (now[2] if now else 0)
    return gain


def _under_construction(content: Content, player: Player, left: float,
                        hand: list[str]) -> float:
    """The Under Construction cards, each worth what completing it adds (``completed``):
    ``HELD`` of it for the card alone and up to ``PAID`` as its cost is paid, the rest
    when it is completed, so that every symbol put toward a card is worth the same
    whether prepared or paid at completion (a one-step look sees a Prepare as progress).
    A card counts as far as the turns left allow it to be completed, the nearest first:
    the actions it needs are one plus its cost left at ``SYMBOLS_A_CARD`` symbols a card
    to the Assembly Limit. The ``hand`` (none for the heuristic) pays toward the cards in
    that order: each card takes the hand cards that pay most toward it, up to its Assembly
    Limit, and what they pay counts at ``HAND_SHARE`` of a symbol prepared and shortens the
    actions the card still needs."""
    cards = []
    for card in player.construction:
        action = KIND_ACTION[card.kind]
        cost, limit = cost_and_limit(content, player, action, [])
        colour = action_colour(action)
        paid = sum(s.symbols for s in (section(content, u) for u in card.under)
                   if s.colour in (colour, "gold"))
        actions = 1 + max(cost - paid, 0) / (SYMBOLS_A_CARD * limit)
        cards.append((actions, cost, paid, limit, colour, card))
    spare = list(hand)
    worth, used = 0.0, 0.0
    for actions, cost, paid, limit, colour, card in sorted(cards, key=lambda c: c[0]):
        held = min(_pay_from(content, spare, colour, limit), cost - paid) if paid < cost else 0
        if held:
            actions = 1 + (cost - paid - held) / (SYMBOLS_A_CARD * limit)
        progress = min((paid + HAND_SHARE * held) / cost, 1.0) if cost else 1.0
        room = min(max(left - used, 0.0) / actions, 1.0)
        used += actions
        if room <= 0:
            break
        worth += room * completed(content, player, card, left) * (
            HELD + (PAID - HELD) * progress)
    return worth


def pays_toward(content: Content, rid: str, colour: str) -> int:
    """The symbols a Resource card's better section brings toward ``colour`` (gold is
    wild), 0 if neither section can."""
    return max((s.symbols for s in content.resources[rid].sections
                if s.colour in (colour, "gold")), default=0)


def _pay_from(content: Content, spare: list[str], colour: str, limit: int) -> int:
    """The symbols the ``limit`` hand cards that pay most toward ``colour`` bring; those
    cards are taken out of ``spare``."""
    paying = [(pays_toward(content, rid, colour), rid) for rid in spare]
    paying = [pair for pair in paying if pair[0]]
    paying.sort(reverse=True)
    for _, rid in paying[:limit]:
        spare.remove(rid)
    return sum(symbols for symbols, _ in paying[:limit])


def completed(content: Content, player: Player, card: Card, left: float) -> float:
    """What an Under Construction card adds once completed: the end VP it brings (an
    Empire card, the faction's and the technologies' scoring), on its better side, and
    its ability's uses in the turns left."""
    before = sum(end_parts(content, player, []).values())
    gain = 0
    for side in ("logistics", "operational"):
        player.empire.append(Card(card.id, card.kind, side))  # weighed, then taken back
        try:
            gain = max(gain, sum(end_parts(content, player, []).values()) - before)
        finally:
            player.empire.pop()
    return gain + ABILITY * min(left, ABILITY_TURNS)
