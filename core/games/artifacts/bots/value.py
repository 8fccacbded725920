"""How good an Alien Artifacts position looks for each seat, judged from one view.

A seat's score is the VP it may expect at the end:

- what the final scoring would give now (``scoring.end_parts``): the VP scored in play,
  1 per Empire card, the operational technologies' end tables at their counters, the
  faction's end scoring;
- while turns are left, what it holds toward more: the next row of each operational
  technology's table (the more turns left, the likelier it is reached), its Under
  Construction cards (more the nearer their prepared symbols are to the cost), the Empire
  cards' abilities still to be used, Resource cards in hand and produced on planets,
  credits, Alien Artifacts and Defense Plans held, less its Blockade tokens.

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
from core.games.artifacts.scoring import end_parts
from core.games.artifacts.state import Player, State
from core.rng import Rng

FACTS = "artifacts-facts"  # the light view's ruleset
CARDS_A_TURN = 2.8  # Resource cards a turn takes from the deck (R2)
TEMPERATURE = 3.0  # VP of lead that make a win e times likelier at the end
TEMPERATURE_TURN = 0.35  # more per turn a seat has left
EXPLORATION = 0.05
CREDIT = 0.15  # VP per credit while turns are left (5 buy a card Under Construction)
CARD = 0.1  # per Resource card in hand: the draw step refills the hand to 3 anyway
PRODUCED = 0.2  # per section produced on a planet (it pays; it is not refilled)
ARTIFACT = 1.5  # per Alien Artifact held (about two actions, docs: Alien Artifacts)
PLAN = 0.3  # per Defense Plan held
TOKEN = 0.4  # per Blockade token on the seat's Empire
BUILDING = 1.0  # per Under Construction card, and as much again once fully prepared
ABILITY = 0.12  # per Empire card and turn left (its ability used), up to ABILITY_TURNS
ABILITY_TURNS = 8
NEXT_ROW = 0.5  # the share of a technology's next row counted with every turn still left


def value(view: dict[str, Any]) -> list[float]:
    facts = view if view.get("ruleset") == FACTS else facts_of_view(view)
    return win_shares(facts, _scores, temperature(facts["turns_left"]))


def temperature(turns_left: float) -> float:
    return TEMPERATURE + TEMPERATURE_TURN * turns_left


def _scores(facts: dict[str, Any]) -> list[float]:
    scores: list[float] = facts["scores"]
    return scores


def judged_facts(game: Any, seat: int) -> dict[str, Any]:
    """The light view a search judges a sampled position from (``Model.judged_view``)."""
    return facts_of(game.state, game.content)


def facts_of(state: State, content: Content) -> dict[str, Any]:
    left = turns_left(state, content)
    return {"ruleset": FACTS, "phase": state.phase, "winners": list(state.winners),
            "players": [{"seat": p.seat} for p in state.players],
            "scores": [prospects(content, p, left) for p in state.players],
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


def prospects(content: Content, player: Player, left: float) -> float:
    score = float(sum(end_parts(content, player, []).values()))
    if left <= 0:
        return score + 0.01 * player.credits  # the first tie-break (R27)
    share = min(left / ABILITY_TURNS, 1.0)
    score += _next_rows(content, player) * NEXT_ROW * share
    score += ABILITY * min(left, ABILITY_TURNS) * len(player.empire)
    score += sum(_building(content, player, kind, under)
                 for kind, under in ((c.kind, c.under) for c in player.construction))
    produced = sum(len(c.under) for c in player.empire if c.kind == "planet")
    score += (CREDIT * player.credits + CARD * len(player.hand) + PRODUCED * produced
              + ARTIFACT * len(player.artifacts) + PLAN * len(player.plans))
    return score - TOKEN * sum(c.tokens for c in player.empire)


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


def _building(content: Content, player: Player, kind: str, under: list[str]) -> float:
    """An Under Construction card: worth more the nearer it is to completion."""
    action = KIND_ACTION[kind]
    cost = cost_and_limit(content, player, action, [])[0]
    colour = action_colour(action)
    symbols = sum(s.symbols for s in (section(content, u) for u in under)
                  if s.colour in (colour, "gold"))
    ready = min(symbols / cost, 1.0) if cost else 1.0
    return BUILDING * (1 + ready)
