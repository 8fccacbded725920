"""Fractured Atlas positions for rule tests: a map laid out by hand, Advisors and cards
given, then one task run through the engine, answered choice by choice.

Every card is somewhere (the unnamed action cards in the deck, the unplaced Places in the
Atlas) and every token is counted, so the state invariants hold in these positions too.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.checks import pending
from core.events import Event
from core.games.atlas import rules
from core.games.atlas.content import load_content
from core.games.atlas.game import Game
from core.games.atlas.invariants import check_state
from core.games.atlas.state import Options, Place, State, Task

PlaceSpec = tuple[str, int, int, list[list[int]]]


def position(places: Sequence[PlaceSpec], players: int = 2,
             advisors: Sequence[str] = ("diplomat", "painter", "author", "merchant"),
             deck_top: Sequence[str] = (), hands: Sequence[Sequence[str]] = (),
             played: Sequence[str] = (), advisor_tokens: Sequence[int] = ()) -> Game:
    """A game in its first round's action phase with this map. ``deck_top``: the next cards
    of the Action Deck, drawn first; ``played``: each seat's card this round."""
    content = load_content()
    game = Game.new(Options(players=players, seed=1))
    state = game.state
    state.round, state.phase = 1, "actions"
    state.prompts, state.stack, state.chosen = [], [], {}
    state.places = [Place(card, x, y, [list(s) for s in stacks]) for card, x, y, stacks in places]
    on_map = {p.card for p in state.places}
    state.atlas = [c for c in content.locations if c not in on_map]
    state.atlas_known = 0
    used: list[str] = []
    for seat, player in enumerate(state.players):
        player.advisor = player.first_advisor = advisors[seat]
        player.dealt = []
        player.hand = list(hands[seat]) if seat < len(hands) else []
        player.played = played[seat] if seat < len(played) else ""
        player.advisor_tokens = advisor_tokens[seat] if seat < len(advisor_tokens) else 0
        on_board = sum(s.count(seat) for p in state.places for s in p.stacks)
        player.supply = content.tokens - on_board - player.advisor_tokens
        used += [player.advisor, *player.hand] + ([player.played] if player.played else [])
    rest = [c for c in content.action_cards if c not in used and c not in deck_top]
    state.deck = rest + list(reversed(deck_top))  # the last card is the top
    state.discard = []
    state.order = list(range(players))
    assert problems(game) == [], problems(game)
    return game


def problems(game: Game) -> list[str]:
    """Broken invariants of a position, but for the rule that a decision is pending: a task
    run alone may end with nothing left to decide."""
    found = check_state(game.state) + pending(game.state)
    return [p for p in found if "no decision is pending" not in p]


def start(game: Game, kind: str, seat: int, **data: object) -> list[Event]:
    """Push one task (an action, an attack, a resolution...) and run to its first prompt."""
    events: list[Event] = []
    game.state.stack.append(Task(kind, seat, dict(data)))
    rules.MACHINE.run(rules.MACHINE.context(game.state, game.content, events))
    game.history.extend(events)
    return events


def answer(game: Game, *choices: str) -> list[Event]:
    """Answer the pending prompt with each choice in turn (the seat is the one asked)."""
    events: list[Event] = []
    for choice in choices:
        prompt = game.pending()[0]
        events += game.apply(prompt.seat, choice)
    return events


def stacks(state: State, card: str) -> list[list[int]]:
    return next(p.stacks for p in state.places if p.card == card)


def options(game: Game) -> list[str]:
    return game.pending()[0].options if game.pending() else []


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
