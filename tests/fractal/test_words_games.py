"""Whole games in words: 28 random games (every other one with every advanced module)
and two heuristic ones (2 to 4 players, both maps), every question, option, decision and
event gets words with no stand-in, no raw choice string, no missing value and no Python
repr; labels fit their width; every tenth game also checks that no seat's words name
another seat's secrets. The kinds those games never reached are worded directly in
tests/fractal/test_words_direct.py.

The soak version (``pytest -m soak``) plays a thousand random games and ten heuristic
ones, checking secrets in every other game.
"""

from __future__ import annotations

import pytest

from core.games.fractal.modules import NAMES
from core.games.fractal.words import events, questions
from tests.fractal.test_words_direct import DIRECT_EVENTS, DIRECT_PROMPTS
from tests.fractal.test_words_kinds import event_kinds, prompt_kinds
from tests.fractal.words_fixtures import Seen, play

MAPS = ("extended", "compact")

# One worker plays the games once for every test here (make test runs two).
pytestmark = pytest.mark.xdist_group("fractal-words-games")


def games(random_games: int, heuristic_games: int, hidden_every: int) -> Seen:
    seen = Seen()
    for seed in range(random_games):  # every other game with every advanced module
        seen.add(play(seed, 2 + seed % 3, MAPS[seed // 3 % 2],
                      hidden=seed % hidden_every == 0, modules=NAMES if seed % 2 == 1 else ()))
    for seed in range(heuristic_games):  # the heuristic reaches what random play seldom does
        seen.add(play(1000 + seed, 2, MAPS[seed % 2], "heuristic", hidden=True))
    return seen


@pytest.fixture(scope="module")
def seen() -> Seen:
    # 28 random games: with the content of RULES_VERSION 5 the first 16 reached 41 prompt
    # kinds of 54 with the two heuristic games, short of the 80% below; 28 reach 45.
    return games(28, 2, hidden_every=5)


def test_every_decision_and_event_of_the_games_has_words(seen: Seen) -> None:
    assert seen.problems == []
    assert sum(seen.prompts.values()) > 4_000


def test_kinds_the_games_never_reached_are_worded_directly(seen: Seen) -> None:
    assert prompt_kinds() - set(seen.prompts) <= set(DIRECT_PROMPTS)
    assert event_kinds() - set(seen.events) <= DIRECT_EVENTS


def test_the_games_reach_most_kinds(seen: Seen) -> None:
    # So that the direct tests stay the exception: most kinds come up in real play (the
    # soak's thousand games reach all but a handful).
    assert len(set(seen.prompts)) >= 0.8 * len(questions.BOOK.kinds())
    assert len(set(seen.events)) >= 0.8 * len(events.BOOK.kinds())


@pytest.mark.soak
def test_a_thousand_games_in_words() -> None:
    seen = games(1000, 10, hidden_every=2)
    assert seen.problems == []
    assert prompt_kinds() - set(seen.prompts) <= set(DIRECT_PROMPTS)
    assert event_kinds() - set(seen.events) <= DIRECT_EVENTS
