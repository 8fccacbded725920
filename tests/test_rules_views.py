"""Public and private information: what a seat's view and events may show."""

from __future__ import annotations

from core.fractal.view import spectator_view, view_of
from tests.rules_fixtures import BLUE, RED, choose, content, new_game, start


def test_own_hand_only_and_hand_sizes_for_everyone() -> None:
    game = new_game()
    state = game.state
    mine, theirs = game.view(RED)["players"]
    assert mine["hand"] == state.players[RED].tactics
    assert "hand" not in theirs and theirs["hand_size"] == len(state.players[BLUE].tactics)
    assert not set(state.players[BLUE].tactics) & set(str(game.view(RED)).split("'"))


def test_face_down_components_and_deck_order_are_hidden() -> None:
    game = new_game()
    state = game.state
    text = str(game.view(RED))
    for sector in state.sectors:
        if sector.event and not sector.event_face_up:
            assert f"'{sector.event}'" not in text
    for slots in state.tech.values():
        for slot in slots:
            for card in slot.cards[:-1]:
                assert f"'{card}'" not in text
    assert f"'{state.objectives[1]}'" not in text  # the Age 2 card is face-down
    view = game.view(RED)
    assert view["action_deck"] == len(state.action_deck)
    assert view["artifact_deck"] == len(state.artifact_deck)


def test_face_up_events_and_the_revealed_age_two_card_are_public() -> None:
    game = new_game()
    state = game.state
    sector = next(s for s in state.sectors if s.event)
    sector.event_face_up = True
    state.age2_revealed = True
    view = game.view(BLUE)
    assert view["sectors"][sector.id]["event"] == sector.event
    assert view["objectives"][1] == state.objectives[1]


def test_insight_is_told_to_its_seat_only() -> None:
    game = new_game()
    state = game.state
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "deck:artifact")
    drawn = state.players[RED].known[-1]
    while game.pending():
        choose(game, "top:0")
    cards = drawn.split("=", 1)[1].split(",")
    for card in cards:
        assert card in str(game.events_for(RED))
        assert card not in str(game.events_for(BLUE))
        assert card not in str(view_of(state, content(), BLUE))
        assert card not in str(spectator_view(state, content()))


def test_prompts_are_shown_to_their_seat_only() -> None:
    game = new_game()
    seat = game.pending()[0].seat
    assert game.view(seat)["prompts"]
    assert not game.view(1 - seat)["prompts"]
    assert game.view(1 - seat)["waiting_for"] == [seat]


def test_drawn_artifacts_are_told_to_their_seat_only_and_all_of_them() -> None:
    game = new_game()
    state = game.state
    top_two = state.artifact_deck[-2:]
    start(game, "draw_artifacts", RED, draw=2, keep=1, here=-1)
    choose(game, f"artifact:{top_two[-1]}")
    assert state.players[RED].artifacts == [top_two[-1]]  # kept; the other is discarded
    assert state.artifact_discard == [top_two[0]]
    drawn = [e for e in game.events_for(RED) if e["kind"] == "artifacts_drawn"][-1]
    assert sorted(drawn["cards"]) == sorted(top_two)  # both cards, not just the one left
    hidden = [e for e in game.events_for(BLUE) if e["kind"] == "artifacts_drawn"][-1]
    assert "cards" not in hidden and hidden["count"] == 2
