"""Fractal's games played with their words: every question, option, decision and event of
a game put into words and checked (tests/contract/words_kit.py), and the kinds that came up
counted.

``play`` drives one game with bots. For every decision it words the decider's question
(from the decider's view), the decision as a log line for the decider and for one reader
(from the reader's view before it), and the decision's events for every seat and the
spectator. The reader's view is always fresh; the other seats' events take the view each
received last (when it last decided; the spectator's every ``REFRESH`` decisions): names of
seats and sectors and units' kinds, all that event words read, do not change in between,
and a fresh view for every seat after every decision would multiply the test's time by the
number of seats (views are most of its time).
"""

from __future__ import annotations

import random
from typing import Any

from core.bots.levels import make_bot
from core.decisions import Prompt
from core.events import SPECTATOR
from core.games.fractal import invariants
from core.games.fractal.bots import model as fractal_model
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.words import WORDS, events, names, questions
from core.plain import to_plain
from core.words import QuestionWords
from tests.contract.words_kit import Seen, WordsKit

REFRESH = 16
KIT = WordsKit(WORDS, questions, events, distinct_labels=False)
raw_in, check_question, check_line = KIT.raw_in, KIT.check_question, KIT.check_line


def name_of(card: str) -> str:
    return names.card_name(card) if names.kind_of(card) else ""


def hidden_in(game: Game, seat: int, texts: list[str], cards: list[str]) -> list[str]:
    """Others' secrets in what ``seat`` reads: in its sentences by name, in the cards its
    options point at by id (the check of the views)."""
    problems = invariants.check_words(game.state, seat, texts, name_of)
    return problems + invariants.check_events(game.state, seat, [{"kind": "words",
                                                                  "cards": cards}])


def _question_texts(asked: QuestionWords) -> tuple[list[str], list[str]]:
    """The sentences of a question and the cards its options point at. Option texts that
    are a tactic's own text are left out of the sentences: a tactic names the technology
    that upgrades it, face down or not, as the printed card does."""
    texts = [asked.text, asked.hint, *(o.label for o in asked.options)]
    texts += [o.text for o in asked.options if not (o.card and o.card[0] == "tactic")]
    return texts, [o.card[1] for o in asked.options if o.card]


def play(seed: int, players: int, map_name: str, level: str = "random",
         hidden: bool = False, modules: tuple[str, ...] = ()) -> Seen:
    """One game between bots of ``level`` with the advanced ``modules`` given, every
    decision and event worded and checked; ``hidden`` also checks the words for others'
    secrets (slower). One reader, chosen by the seed, also reads every decision of the
    others."""
    game = Game.new(Options(players=players, map=map_name, seed=seed, modules=list(modules)))
    bots = [make_bot(level, seed * 10 + s, fractal_model()) for s in range(players)]
    pick = random.Random(seed)
    seats = [*range(players), SPECTATOR]
    reader = seats[seed % len(seats)]
    views = {seat: game.view(seat) for seat in seats}  # what each seat last received
    seen = Seen()
    n = 0
    while not game.over and not seen.problems:
        prompt = pick.choice(game.pending())
        view = views[reader] if prompt.seat == reader else game.view(prompt.seat)
        views[prompt.seat] = view
        choice = bots[prompt.seat].choose(view, prompt)
        told = _word_decision(seen, game, view, views[reader], prompt, choice, hidden)
        happened = game.apply(prompt.seat, choice)
        if hidden and prompt.seat != reader:  # others learn of a decision once it is made
            seen.problems += hidden_in(game, reader, [told], [])
        views[reader] = game.view(reader)  # the next decision's reader view
        n += 1
        if n % REFRESH == 0:
            views[SPECTATOR] = game.view(SPECTATOR)
        for seat in seats:
            _word_events(seen, game, seat, views[seat], happened, hidden)
    return seen


def _word_decision(seen: Seen, game: Game, view: dict[str, Any],
                   reader_view: dict[str, Any], prompt: Prompt, choice: str,
                   hidden: bool) -> str:
    """Word the decider's question and the decision, for the decider and for another
    reader; returns the reader's line."""
    said = KIT.word_decision(seen, view, reader_view, to_plain(prompt), choice)
    if hidden:
        texts, cards = _question_texts(said.asked)
        seen.problems += hidden_in(game, prompt.seat, [*texts, said.mine.text], cards)
    return said.theirs.text


def _word_events(seen: Seen, game: Game, seat: int, view: dict[str, Any],
                 happened: list[Any], hidden: bool) -> None:
    texts = KIT.word_events(seen, seat, view, game.events_for(seat, happened))
    if hidden and texts:
        seen.problems += hidden_in(game, seat, texts, [])
