"""Alien Artifacts positions for rule tests: a two-player game after its setup with every
board, hand and Bank emptied (every card back in its deck, so the invariants hold), cards
put down by hand, then one task run through the engine and answered choice by choice."""

from __future__ import annotations

from core.games.artifacts import rules
from core.games.artifacts.cards import card_deck
from core.games.artifacts.construct import start_completion
from core.games.artifacts.content import load_content
from core.games.artifacts.game import Game
from core.games.artifacts.invariants import check_state
from core.games.artifacts.state import Card, Options

CONTENT = load_content()


def blank(players: int = 2) -> Game:
    game = Game.new(Options(players=players, seed=3))
    state = game.state
    for t in state.stack:  # a faction's setup looking at cards holds them
        if t.kind == "take" and t.data["cards"]:
            card_deck(state, t.data["deck"]).extend(t.data["cards"])
    state.stack, state.prompts = [], []
    state.phase, state.turn, state.first = "play", 0, 0
    for player in state.players:
        state.deck += player.hand
        player.hand = []
        for card in (*player.construction, *player.empire):
            state.deck += [u.split(":")[0] for u in card.under]
            card_deck(state, card.kind).append(card.id)
        player.construction, player.empire = [], []
        state.plans += player.plans
        state.artifacts += player.artifacts
        player.plans, player.artifacts = [], []
        player.credits, player.vp = 0, 0
    state.deck += state.discard
    state.discard = []
    assert check_state(state, CONTENT) == []
    return game


def hand(game: Game, seat: int, *resources: str) -> None:
    for rid in resources:
        game.state.deck.remove(rid)
        game.state.players[seat].hand.append(rid)


def top(game: Game, *resources: str) -> None:
    """Put Resource cards on top of the deck, the first given drawn first."""
    for rid in reversed(resources):
        game.state.deck.remove(rid)
        game.state.deck.append(rid)


def put(game: Game, seat: int, kind: str, card_id: str, side: str = "",
        under: tuple[str, ...] = ()) -> Card:
    """A card from its deck to a board: Under Construction without a side, else in the
    Empire on that side; ``under`` are sections (``<resource>:<half>``) tucked under it."""
    card_deck(game.state, kind).remove(card_id)
    for tucked in under:
        game.state.deck.remove(tucked.split(":")[0])
    card = Card(card_id, kind, side, 0, list(under))
    player = game.state.players[seat]
    (player.empire if side else player.construction).append(card)
    return card


def run(game: Game, kind: str, seat: int = 0, **data: object) -> None:
    """Push a task and run the engine to its first decision."""
    ctx = rules.MACHINE.context(game.state, game.content, game.history)
    ctx.push(kind, seat, **data)
    game.machine.run(ctx)


def section_card(colour: str, symbols: int, other: str = "", avoid: tuple[str, ...] = ()
                 ) -> str:
    """A Resource card with a section of that colour and symbols (and, if given, its other
    section of colour ``other``)."""
    for rid, res in CONTENT.resources.items():
        if rid in avoid:
            continue
        for mine, theirs in ((res.sections[0], res.sections[1]),
                             (res.sections[1], res.sections[0])):
            if (mine.colour, mine.symbols) == (colour, symbols) and other in ("", theirs.colour):
                return rid
    raise LookupError((colour, symbols, other))


def half(rid: str, colour: str) -> str:
    return "top" if CONTENT.resources[rid].sections[0].colour == colour else "bottom"


def answer(game: Game, *choices: str) -> None:
    for choice in choices:
        prompt = game.pending()[0]
        game.apply(prompt.seat, choice)
        assert check_state(game.state, game.content) == []


def resource(number: int = 0, has: str = "", lacks: str = "", avoid: tuple[str, ...] = ()
             ) -> str:
    """A Resource card still in the deck with that combat number (0: any), a section of
    Type ``has`` and none of Type ``lacks``."""
    for rid, res in CONTENT.resources.items():
        types = {s.type for s in res.sections}
        if (rid not in avoid and number in (0, res.number) and has in ("", *types)
                and lacks not in types):
            return rid
    raise LookupError((number, has, lacks))


def complete(game: Game, seat: int, card_id: str) -> None:
    """An Under Construction card completes (its side asked next), then the automatic
    construction check, as after a paid construction."""
    ctx = rules.MACHINE.context(game.state, game.content, game.history)
    start_completion(ctx, seat, card_id)
    game.machine.run(ctx)


def kinds(game: Game, kind: str) -> list[dict[str, object]]:
    """The public data of every event of one kind so far, in order; a card some seats
    know by its face only (faces.py) as the seats that know it read it."""
    return [{**e.data, **{k: v for k, v in e.secret.items() if k in e.data}}
            for e in game.history if e.kind == kind]
