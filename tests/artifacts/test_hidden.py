"""What a seat may know of the card decks and of the cards on the boards (R31, "Hidden
information", faces.py): the decks' top cards lie Logistics side up, public in every
view; a buyer keeps which cards it saw go under a deck; a card whose operational side
differs among the cards that show its Logistics side is named to the others by that side
alone, in views, frames, events, words and the table."""

from __future__ import annotations

from collections import defaultdict

from core.events import SPECTATOR
from core.frames import frame
from core.games.artifacts import faces, rules
from core.games.artifacts.bots.determinize import determinize
from core.games.artifacts.cards import card_deck
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.game import Game
from core.games.artifacts.invariants import check_events, check_view
from core.games.artifacts.tokens import start_blockade
from core.games.artifacts.words import WORDS, cards, spots
from core.rng import Rng
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    complete,
    kinds,
    put,
    run,
)
from tui.games.artifacts.flow import plain
from tui.games.artifacts.layout import table_lines


def _public_sides() -> dict[str, bool]:
    """Each ship, technology and planet: whether the cards that show its public side (its
    kind, Type and Logistics words) differ on their operational side, by their words."""
    sides: dict[tuple[str, ...], set[tuple[str, ...]]] = defaultdict(set)
    key = {}
    for kind, ids in (("ship", CONTENT.ships), ("technology", CONTENT.technologies),
                      ("planet", CONTENT.planets)):
        for card in ids:
            lines = cards.card(kind, card).lines
            key[card] = (kind, *lines[:2])
            sides[key[card]].add(tuple(lines[2:]))
    return {card: len(sides[k]) > 1 for card, k in key.items()}


DIFFERS = _public_sides()


def _text(game: Game, seat: int) -> str:
    """All seat ``seat`` receives in words and on the table, with its raw frame."""
    view = game.view(seat)
    lines = [line.text for line in (WORDS.event(view, r) for r in game.events_for(seat))]
    table = "\n".join("".join(p.text.plain for p in line) for line in
                      table_lines(view, 120, set()))
    return "\n".join([repr(frame(game, seat)), WORDS.show(view, None), table, *lines])


def test_every_card_whose_hidden_side_its_public_side_does_not_tell_is_named_by_it() -> None:
    """Over every card of the content, Under Construction and then Deployed or Joined on
    its Logistics side in a rival's board: the rival's and a spectator's views, frames,
    log lines, `fractal show` and the table name it by its face (its Type and kind) when
    cards of its public side differ on the other side, never by its name or id; a card
    whose public side tells all is named. Its owner always reads its name."""
    assert any(DIFFERS.values()) and not all(DIFFERS.values())
    for card, differs in DIFFERS.items():
        kind = faces.face(CONTENT, card).split(".")[0]
        assert faces.ambiguous(CONTENT, card) == differs, card
        game = blank()
        put(game, 1, kind, card)
        complete(game, 1, card)
        answer(game, "logistics")
        name = cards.card(kind, card).name
        for seat in (0, SPECTATOR):
            said = _text(game, seat)
            assert (f"'{card}'" in said, name in said) == (not differs, not differs), (card, seat)
            assert check_view(game.state, seat, game.view(seat)) == []
            assert check_events(game.state, seat, game.events_for(seat)) == []
        assert name in _text(game, 1)


def test_a_rivals_ship_keeps_its_secret_through_a_buy_and_a_blockade() -> None:
    """A ship bought by a rival is Under Construction on its Logistics side: the others
    read "an Explore Ship" in the log and on the table, and place a Blockade token on it by
    that name and its place once it has joined the fleet; its buyer reads its name."""
    game = blank()
    ship = game.state.ships[-1]
    game.state.players[1].credits = 5
    run(game, "buy", 1, discount=0, stage="start")
    answer(game, "deck:ship:0")  # no extra card: the one card is kept at once
    face = faces.face(CONTENT, ship)
    assert kinds(game, "kept")[0]["card"] == ship
    assert [r["card"] for seat in (0, 1, SPECTATOR) for r in game.events_for(seat)
            if r["kind"] == "kept"] == [face, ship, face]
    assert ship not in repr(game.view(0)) and ship in repr(game.view(1))
    alias = game.view(0)["players"][1]["construction"][0]["id"]
    assert alias == faces.alias(face, faces.place_spot(1, "construction", 0))
    assert spots.card_spot(alias) == faces.place_spot(1, "construction", 0)
    complete(game, 1, ship)
    answer(game, "logistics")
    put(game, 1, "planet", "keth", "logistics")
    ctx = rules.MACHINE.context(game.state, game.content, game.history)
    start_blockade(ctx, 0, 1, 1)
    game.machine.run(ctx)
    assert game.pending()[0].options == [
        f"card:{faces.alias(face, faces.place_spot(1, 'empire', 0))}", "card:keth"]
    answer(game, game.pending()[0].options[0])
    assert game.state.players[1].empire[0].tokens == 1
    assert game.events_for(0)[-1]["card"] == face and game.events_for(1)[-1]["card"] == ship


def test_the_decks_top_cards_lie_logistics_side_up_in_every_view() -> None:
    """R31 (AA:97-99, AA:539-543): every seat and a spectator read each deck's top card
    by its public side: a Technology and a Planet by name (their Logistics side is theirs
    alone), a Ship by its face (the Logistics side of its Type); the table shows them."""
    game = blank()
    for seat in (0, 1, SPECTATOR):
        view = game.view(seat)
        for kind in KINDS:
            top = card_deck(game.state, kind)[-1]
            shown = top if not DIFFERS[top] else faces.face(CONTENT, top)
            assert view["decks"][kind]["top"] == shown
        table = plain(table_lines(view, 120, set()))
        assert f"top: {cards.card('technology', game.state.technologies[-1]).name}" in table
        ship = CONTENT.ships[game.state.ships[-1]]
        assert f"top: {ship.type.capitalize()} Ship  +1 card for" in table
        assert ship.name not in table


def test_a_buyer_keeps_which_cards_it_saw_go_under_the_deck() -> None:
    """R17 (AA:528-530): the cards a Buy rejects go under the deck, the last lowest; the
    buyer's view keeps them at their places from the bottom, the others' do not; a later
    card put under the deck pushes them up; the buyer's sampled worlds put them there."""
    game = blank()
    game.state.players[0].credits = 7
    deck = game.state.planets
    seen = deck[-3:][::-1]
    run(game, "buy", 0, discount=0, stage="start")
    answer(game, "deck:planet:2", f"card:{seen[0]}")
    assert game.view(0)["decks"]["planet"]["known"] == [[seen[2], 0], [seen[1], 1]]
    assert game.view(1)["decks"]["planet"]["known"] == []
    game.state.players[1].credits = 6
    run(game, "buy", 1, discount=0, stage="start")
    answer(game, "deck:planet:1", f"card:{deck[-1]}")
    assert game.view(0)["decks"]["planet"]["known"] == [[seen[2], 1], [seen[1], 2]]
    for k in range(3):
        world = determinize(game.view(0), Rng(k))
        assert world.state.planets[1:3] == [seen[2], seen[1]]
