"""Alien Artifacts games played with their words: every question, option, decision and
event of a random game put into words and checked, the kinds met counted, and (``hidden``)
no seat's words naming another seat's secrets.

Events are worded for every seat and the spectator with the view each last received (the
names they read do not change in between); the deciding seat's view is fresh.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
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
from core.words import CATEGORIES, LABEL_WIDTH, UNKNOWN_EVENT, Line, QuestionWords

# What no sentence may show: a content id or a choice's grammar (underscores, colons
# between words), a Python value's repr, or a missing value.
RAW = re.compile(r"_|\bNone\b|\{|\}|\[\]|\w:\w|\bTrue\b|\bFalse\b|object at|\bnan\b")


@dataclass
class Seen:
    prompts: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def add(self, other: Seen) -> None:
        self.prompts += other.prompts
        self.events += other.events
        self.problems += other.problems


def raw_in(text: str) -> str:
    found = RAW.search(text)
    return found.group(0) if found else ("empty" if not text.strip() else "")


def check_question(asked: QuestionWords, prompt: dict[str, Any], where: str) -> list[str]:
    kind = prompt["kind"]
    problems = []
    if kind not in questions.BOOK.kinds():
        problems.append(f"{where}: no question for {kind}")
    for text in (asked.text, asked.hint):
        if text and raw_in(text):
            problems.append(f"{where}: raw {raw_in(text)!r} in {text!r}")
    if [o.choice for o in asked.options] != list(prompt["options"]):
        problems.append(f"{where}: the options of {kind} changed")
    for option in asked.options:
        if not questions.covers(kind, option.choice):
            problems.append(f"{where}: no words for {option.choice!r} of {kind}")
        if len(option.label) > LABEL_WIDTH:
            problems.append(f"{where}: label {option.label!r} is too long")
        for text in (option.label, option.text):
            if raw_in(text):
                problems.append(f"{where}: raw {raw_in(text)!r} in {text!r} ({option.choice})")
        problems += check_spot(option.choice, option.spot, where)
    labels = [o.label for o in asked.options]
    if len(set(labels)) != len(labels):
        problems.append(f"{where}: two options of {kind} share a label: {labels}")
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


def check_line(line: Line, kind: str | None, where: str) -> list[str]:
    problems = []
    if kind is not None and (kind not in events.BOOK.kinds()
                             or line.text == UNKNOWN_EVENT + "."):
        problems.append(f"{where}: no sentence for the event {kind}")
    if raw_in(line.text):
        problems.append(f"{where}: raw {raw_in(line.text)!r} in {line.text!r}")
    if line.category not in CATEGORIES:
        problems.append(f"{where}: category {line.category!r}")
    return problems


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
        where = f"{prompt.kind} of seat {prompt.seat}"
        asked = WORDS.question(view, plain)
        seen.prompts[prompt.kind] += 1
        seen.problems += check_question(asked, plain, where)
        theirs = WORDS.decision_line(views[reader], plain, choice)
        for line in (WORDS.decision_line(view, plain, choice), theirs):
            seen.problems += check_line(line, None, where)
        if (prompt.kind in SECRET_CHOICES and reader != prompt.seat
                and theirs.text != WORDS.waiting(views[reader], prompt.seat, prompt.kind) + "."):
            seen.problems.append(f"{where}: another seat reads {theirs.text!r}")
        for waiting in view["waiting"]:
            text = WORDS.waiting(views[reader], waiting["seat"], waiting["kind"])
            if waiting["kind"] not in questions.WAITING or raw_in(text):
                seen.problems.append(f"waiting words for {waiting['kind']}: {text!r}")
        happened = game.apply(prompt.seat, choice)
        told: dict[int, list[str]] = {}
        for seat in (SPECTATOR, *range(players)):
            told[seat] = []
            for record in game.events_for(seat, happened):
                line = WORDS.event(views[seat], record)
                seen.events[record["kind"]] += 1
                seen.problems += check_line(line, record["kind"], f"event {record['kind']}")
                if seat >= 0 and line.mine != (seat in line.seats):
                    seen.problems.append(f"event {record['kind']}: mine is {line.mine}")
                told[seat].append(line.text)
            if hidden and seat >= 0:
                seen.problems += secrets_named(game, seat, told[seat], told[SPECTATOR])
        if hidden and reader >= 0 and prompt.seat != reader:
            public = WORDS.decision_line(views[SPECTATOR], plain, choice).text
            seen.problems += secrets_named(game, reader, [theirs.text], [public])
        views[reader] = game.view(reader)
        views[SPECTATOR] = game.view(SPECTATOR)
    return seen
