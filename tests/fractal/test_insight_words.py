"""What a seat saw through insight stays on its map and in `fractal show` for that seat
alone: a face-down event it looked at is marked and named for it, never for the others."""

from __future__ import annotations

from core.games.fractal.words import WORDS, sectorcell, text
from core.games.fractal.words.names import UNICODE, card_name
from core.rulesets import GameSetup, ruleset


def test_an_event_seen_through_insight_is_marked_for_its_seat_alone() -> None:
    game = ruleset("fractal").new_game(GameSetup(players=2, seed=4))
    sector = next(s for s in game.state.sectors if s.event and not s.event_face_up)
    game.state.players[0].known.append(f"event:{sector.id}={sector.event}")
    mine, theirs = game.view(0), game.view(1)
    name = card_name(sector.event)
    record = next(s for s in mine["sectors"] if s["id"] == sector.id)
    assert sectorcell.event_mark(mine, record, UNICODE) == UNICODE.seen
    other = next(s for s in theirs["sectors"] if s["id"] == sector.id)
    assert sectorcell.event_mark(theirs, other, UNICODE) == "?"
    assert name in text.sector_line(mine, sector.id)
    assert name not in text.sector_line(theirs, sector.id)
    shown = WORDS.show(mine, None)
    assert "Seen through insight: the event of" in shown and name in shown
    assert "Seen through insight" not in WORDS.show(theirs, None)
    assert "Seen through insight" not in WORDS.show(game.view(-1), None)
    assert (UNICODE.seen, "a face-down event you saw through insight") in WORDS.legend(mine)
    assert UNICODE.seen not in dict(WORDS.legend(theirs))
