"""Whole Alien Artifacts games in words: random games at 2 to 5 players, factions dealt and
chosen: every question, option, decision, waiting line and event has words with no
stand-in, no raw choice string or content id, no missing value; labels fit their width and
tell the options apart; options point at their card's, deck's or seat's spot; half the
games check that no seat's words name another seat's secrets. The kinds these games miss
are worded directly in test_words_direct.py."""

from __future__ import annotations

import pytest

from core.games.artifacts.words import events, questions
from tests.artifacts.test_words_direct import DIRECT_EVENTS, DIRECT_PROMPTS
from tests.artifacts.test_words_kinds import event_kinds, prompt_kinds
from tests.artifacts.words_fixtures import Seen, play

GAMES = ((2, 3, "dealt"), (3, 1, "chosen"), (4, 2, "dealt"), (5, 7, "chosen"))

pytestmark = pytest.mark.xdist_group("artifacts-words-games")


@pytest.fixture(scope="module")
def seen() -> Seen:
    found = Seen()
    for i, (players, seed, factions) in enumerate(GAMES):
        found.add(play(seed, players, hidden=i % 2 == 0, factions=factions))
    return found


def test_every_decision_and_event_of_the_games_has_words(seen: Seen) -> None:
    assert seen.problems == []
    assert sum(seen.prompts.values()) > 1500


def test_kinds_the_games_never_reached_are_worded_directly(seen: Seen) -> None:
    assert prompt_kinds() - set(seen.prompts) <= set(DIRECT_PROMPTS)
    assert event_kinds() - set(seen.events) <= set(DIRECT_EVENTS)


def test_the_games_reach_most_kinds(seen: Seen) -> None:
    assert len(set(seen.prompts)) >= 0.8 * len(questions.BOOK.kinds())
    assert len(set(seen.events)) >= 0.8 * len(events.BOOK.kinds())
