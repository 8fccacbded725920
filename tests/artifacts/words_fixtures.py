"""Alien Artifacts games played with their words: every question, option, decision and
event of a random game put into words and checked, the kinds met counted, and (``hidden``)
no seat's words naming another seat's secrets.

Events are worded for every seat and the spectator with the view each last received (the
names they read do not change in between); the deciding seat's view is fresh.
"""

from __future__ import annotations

import re
from typing import Any

from core.events import SPECTATOR
from core.games.artifacts.game import Game
from core.games.artifacts.hidden import SECRET_CHOICES
from core.games.artifacts.state import Options
from core.games.artifacts.words import WORDS, events, questions
from core.games.artifacts.words.choices import parse
from core.games.artifacts.words.names import card_name
from core.games.artifacts.words.spots import card_spot, deck_spot, seat_spot
from core.plain import to_plain
from core.rng import Rng
from core.words import QuestionWords
from tests.contract.words_kit import Seen, WordsKit

KIT = WordsKit(WORDS, questions, events)
raw_in, check_line = KIT.raw_in, KIT.check_line


def check_question(asked: QuestionWords, prompt: dict[str, Any], where: str) -> list[str]:
    """The kit's checks, and every option about a card, a deck or a seat at its spot."""
    problems = KIT.check_question(asked, prompt, where)
    for option in asked.options:
        problems += check_spot(option.choice, option.spot, where)
    return problems


def check_spot(choice: str, spot: int | None, where: str) -> list[str]:
    """An option about a card, a deck or a seat points at its spot."""
    parsed = parse(choice)
    expected: int | None = None
    if parsed.head in ("card", "ship", "tech", "plan", "artifact", "resource") or (
            parsed.head in ("planet", "faction") and parsed.args):
        expected = card_spot(parsed.arg) if parsed.head != "faction" else None
    elif parsed.head == "hand":
        expected = card_spot(parsed.arg)
    elif parsed.head == "attach":
        expected = card_spot(parsed.args[2])
    elif parsed.head == "deck":
        expected = deck_spot(parsed.arg)
    elif parsed.head == "seat":
        expected = seat_spot(int(parsed.arg))
    if expected is not None and spot != expected:
        return [f"{where}: {choice} points at {spot}, not {expected}"]
    return []


def secrets_of_others(game: Game, seat: int) -> list[str]:
    """The names of what ``seat`` may not know: other hands' Resource cards, other
    players' Defense Plans and Alien Artifacts, the decks' contents."""
    state = game.state
    hidden = [*state.plans, *state.artifacts]
    for p in state.players:
        if p.seat != seat:
            hidden += [*p.hand, *p.plans, *p.artifacts]
    return [card_name(c) for c in hidden]


def secrets_named(game: Game, seat: int, texts: list[str], public: list[str]) -> list[str]:
    """Another seat's secrets in what ``seat`` reads, unless the spectator's words of the
    same events name them too (a plan shown, a discard drawn again after a reshuffle)."""
    text, seen_by_all = "\n".join(texts), "\n".join(public)
    return [f"seat {seat} reads {name!r}, hidden from it"
            for name in secrets_of_others(game, seat)
            if re.search(rf"\b{re.escape(name)}\b", text)
            and not re.search(rf"\b{re.escape(name)}\b", seen_by_all)]


def play(seed: int, players: int, hidden: bool = False, factions: str = "dealt") -> Seen:
    """One random game, every decision and event worded and checked."""
    game = Game.new(Options(players=players, seed=seed, factions=factions))
    rng = Rng(seed)
    seats = [*range(players), SPECTATOR]
    reader = seats[seed % len(seats)]
    views = {seat: game.view(seat) for seat in seats}
    seen = Seen()
    while not game.over and not seen.problems:
        prompt = rng.choice(game.pending())
        view = game.view(prompt.seat)
        views[prompt.seat] = view
        choice = rng.choice(prompt.options)
        plain = to_plain(prompt)
        said = KIT.word_decision(seen, view, views[reader], plain, choice, SECRET_CHOICES)
        for option in said.asked.options:
            seen.problems += check_spot(option.choice, option.spot, f"{prompt.kind} of seat "
                                                                    f"{prompt.seat}")
        seen.problems += KIT.check_waiting(view, views[reader])
        happened = game.apply(prompt.seat, choice)
        told: dict[int, list[str]] = {}
        for seat in (SPECTATOR, *range(players)):
            told[seat] = KIT.word_events(seen, seat, views[seat], game.events_for(seat, happened))
            if hidden and seat >= 0:
                seen.problems += secrets_named(game, seat, told[seat], told[SPECTATOR])
        if hidden and reader >= 0 and prompt.seat != reader:
            public = WORDS.decision_line(views[SPECTATOR], plain, choice).text
            seen.problems += secrets_named(game, reader, [said.theirs.text], [public])
        views[reader] = game.view(reader)
        views[SPECTATOR] = game.view(SPECTATOR)
    return seen
