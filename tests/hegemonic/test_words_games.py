"""Whole Hegemonic games in words: 40 random games at 2 to 6 players, with every module
and both layouts: every question, option, decision, waiting line and event gets words
with no stand-in, no raw choice string, no missing value and no Python repr; labels fit
their width and tell the options apart; options point at their sector and card; every
third game checks that no seat's words name another seat's secrets. The kinds these
games never reach are worded directly in test_words_direct.py.
"""

from __future__ import annotations

import re

import pytest

from core.bots.levels import make_bot
from core.events import SPECTATOR
from core.games.hegemonic.bots import model
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.games.hegemonic.words import WORDS, events, questions
from core.games.hegemonic.words.names import card_name, tile_name
from core.plain import to_plain
from tests.hegemonic.test_words_direct import DIRECT_EVENTS, DIRECT_PROMPTS
from tests.hegemonic.test_words_kinds import event_kinds, prompt_kinds
from tests.hegemonic.words_fixtures import Seen, play, secrets_named

# Every module in turn; Learning Game alone (it changes most), the others together too.
MODULES: tuple[tuple[str, ...], ...] = (
    (), ("learning",), ("discard_piles",), ("draft",), ("longer",), ("wild_homes",),
    ("leaders",), ("leaders", "draft", "discard_piles", "wild_homes", "longer"))

# One worker plays the games once for every test here (make test runs two).
pytestmark = pytest.mark.xdist_group("hegemonic-words-games")


@pytest.fixture(scope="module")
def seen() -> Seen:
    found = Seen()
    for seed in range(40):
        modules = MODULES[seed % len(MODULES)]
        layout = "free" if seed % 5 == 4 and "learning" not in modules else "suggested"
        found.add(play(seed, 2 + seed % 5, modules, layout, hidden=seed % 3 == 0))
    return found


def test_every_decision_and_event_of_the_games_has_words(seen: Seen) -> None:
    assert seen.problems == []
    assert sum(seen.prompts.values()) > 10_000


def test_kinds_the_games_never_reached_are_worded_directly(seen: Seen) -> None:
    assert prompt_kinds() - set(seen.prompts) <= set(DIRECT_PROMPTS)
    assert event_kinds() - set(seen.events) <= set(DIRECT_EVENTS)


def test_the_games_reach_most_kinds(seen: Seen) -> None:
    # So that the direct tests stay the exception.
    assert len(set(seen.prompts)) >= 0.8 * len(questions.BOOK.kinds())
    assert len(set(seen.events)) >= 0.8 * len(events.BOOK.kinds())


def test_the_secret_check_finds_a_card_of_another_hand_and_a_dealt_tile() -> None:
    game = Game.new(Options(players=3, seed=2))
    red, blue = game.state.players[0], game.state.players[1]
    texts = [f"{card_name(blue.hand[0])} and {tile_name(blue.dealt[0])}"]
    found = secrets_named(game, 0, texts, set())
    assert len(found) == 2
    assert secrets_named(game, 1, texts, set()) == []  # Blue's own
    assert secrets_named(game, 0, [card_name(red.hand[0])], set()) == []
    assert secrets_named(game, 0, texts[:1], {blue.hand[0], blue.dealt[0]}) == []


# "a" before a vowel, "an" before a consonant ("a Unit" would pass: u is left out).
WRONG_ARTICLE = re.compile(r"\b[Aa] (?=[AEIOaeio])|\b[Aa]n (?=[^AEIOUaeiou\W\d])")


def test_every_log_line_of_a_six_player_bot_game_takes_a_or_an_rightly() -> None:
    """Every event as the table reads it and every decision as its seat reads it ("builds
    a Outpost" was written every time)."""
    game = Game.new(Options(players=6, seed=6, modules=["leaders"]))
    bots = [make_bot("random", seat, model()) for seat in range(6)]
    lines = []
    while not game.over:
        prompt = game.pending()[0]
        view = game.view(prompt.seat)
        choice = bots[prompt.seat].choose(view, prompt)
        lines.append(WORDS.decision_line(view, to_plain(prompt), choice).text)
        happened = game.apply(prompt.seat, choice)
        table = game.view(SPECTATOR)
        lines += [WORDS.event(table, r).text for r in game.events_for(SPECTATOR, happened)]
    assert any(" builds an Outpost " in line for line in lines)
    assert [line for line in lines if WRONG_ARTICLE.search(line)] == []
