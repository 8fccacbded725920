"""Hegemonic games played with their words: every question, option, decision and event of
a game put into words and checked, and the kinds that came up counted.

``play`` drives one random game. For every decision it words the decider's question (from
the decider's view), the decision as a log line for the decider and for one reader (from
the reader's view before it), the waiting words of every pending decision, and the
decision's events for every seat and the spectator (each with the view it last received:
the names events read do not change in between, and fresh views for every seat after every
decision would multiply the time by the seats). ``hidden`` also checks that no seat's
words name another seat's secrets.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.decisions import Prompt
from core.events import SPECTATOR
from core.games.hegemonic.conflict import cards_in_play
from core.games.hegemonic.game import Game
from core.games.hegemonic.hidden import PUBLIC_CARD_FIELDS, SECRET_CHOICES
from core.games.hegemonic.state import Options
from core.games.hegemonic.words import WORDS, events, questions
from core.games.hegemonic.words.choices import parse
from core.games.hegemonic.words.names import card_name, tile_name
from core.plain import to_plain
from core.rng import Rng
from core.words import CATEGORIES, LABEL_WIDTH, UNKNOWN_EVENT, Line, QuestionWords
from tests.hegemonic.hegemonic_fixtures import table_choice

REFRESH = 16

# What no sentence may show: a content id or a choice's grammar (underscores, colons
# between words), a Python value's repr, or a missing value.
RAW = re.compile(r"_|\bNone\b|\{|\}|\[|\]|\w:\w|\bTrue\b|\bFalse\b|object at|\bnan\b")


@dataclass
class Seen:
    prompts: Counter[str] = field(default_factory=Counter)
    options: Counter[str] = field(default_factory=Counter)  # "kind head"
    events: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def add(self, other: Seen) -> None:
        self.prompts += other.prompts
        self.options += other.options
        self.events += other.events
        self.problems += other.problems


def raw_in(text: str) -> str:
    """The first piece of raw data in a sentence, or ""."""
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
    if not asked.text:
        problems.append(f"{where}: an empty question for {kind}")
    if [o.choice for o in asked.options] != list(prompt["options"]):
        problems.append(f"{where}: the options of {kind} changed")
    for option in asked.options:
        if not questions.covers(kind, option.choice):
            problems.append(f"{where}: no words for {option.choice!r} of {kind}")
        if len(option.label) > LABEL_WIDTH:
            problems.append(f"{where}: label {option.label!r} is too long")
        for text in (option.label, option.text):
            if raw_in(text) or (option.choice in text and ":" in option.choice):
                problems.append(f"{where}: raw data in {text!r} ({option.choice})")
    labels = [o.label for o in asked.options]
    if len(set(labels)) != len(labels):
        problems.append(f"{where}: two options of {kind} share a label: {labels}")
    return problems


def check_line(line: Line, kind: str | None, where: str) -> list[str]:
    """A log line: of an event of ``kind``, or of a decision (None)."""
    problems = []
    if kind is not None and (kind not in events.BOOK.kinds()
                             or line.text == UNKNOWN_EVENT + "."):
        problems.append(f"{where}: no sentence for the event {kind}")
    if raw_in(line.text):
        problems.append(f"{where}: raw {raw_in(line.text)!r} in {line.text!r}")
    if line.category not in CATEGORIES:
        problems.append(f"{where}: category {line.category!r}")
    return problems


def _known_cards(game: Game, seat: int, revealed: set[str]) -> set[str]:
    """Technology Cards ``seat`` may know of now: face up for everyone, shown face up
    since they last went into the draw pile (``revealed``), or its own."""
    state = game.state
    known = {c for p in state.players for c in (*p.advanced, *p.inactive)}
    known.update(c for pile in state.piles for c in pile)
    known.update(cards_in_play(state))
    known.update(revealed - set(state.deck))
    if seat >= 0:
        me = state.players[seat]
        known.update((*me.hand, *me.draft))
    return known


def secrets_named(game: Game, seat: int, texts: list[str], revealed: set[str]) -> list[str]:
    """Others' secrets named in what ``seat`` reads: a Technology Card of the draw pile or
    of another hand not shown face up (each card's name with its powers is its own), a
    tile of the stack, out of the game or dealt face down to another."""
    state = game.state
    text = "\n".join(texts)
    known = _known_cards(game, seat, revealed)
    problems = [f"seat {seat} reads {card_name(c)!r}, hidden from it"
                for c in game.content.cards.keys() - known if card_name(c) in text]
    hidden = [*state.draw, *state.unused]
    hidden += [t for p in state.players if p.seat != seat for t in p.dealt
               if t not in revealed]  # the Learning Game turns them face up
    if hidden:
        problems += [f"seat {seat} reads the hidden tile {found!r}"
                     for found in _tile_names(tuple(sorted(hidden))).findall(text)]
    return problems


@lru_cache(maxsize=64)
def _tile_names(tiles: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(tile_name(t)) for t in tiles)
    return re.compile(rf"\b(?:{names})\b")


def shown(records: list[dict[str, Any]]) -> set[str]:
    """The Technology Cards and tiles named in the open by events
    (``hidden.PUBLIC_CARD_FIELDS``)."""
    found: set[str] = set()
    for record in records:
        for key in PUBLIC_CARD_FIELDS.get(record["kind"], ()):
            value = record.get(key)
            found.update(v for v in (value if isinstance(value, list) else [value])
                         if isinstance(v, str))
    return found


def check_spots(asked: QuestionWords, view: dict[str, Any], where: str) -> list[str]:
    """Every option naming a sector or a Location points at its sector; every option
    naming a Technology Card carries it."""
    problems = []
    for option in asked.options:
        choice = parse(option.choice)
        sector = None
        if choice.head in ("sector", "group"):
            sector = choice.number()
        elif choice.head in ("build", "relocate", "transcend", "brane", "loc", "outpost"):
            sector = view["locations"][choice.number()]["sector"]
        elif choice.head == "target":
            sector = choice.number(0)
        if sector is not None and option.spot != sector:
            problems.append(f"{where}: {option.choice} points at {option.spot}")
        names_card = choice.head in ("discard", "advance", "advanced", "scrap") or (
            choice.head == "card" and choice.args[0] in _tech_ids())
        if names_card and option.card != ("technology", choice.args[0]):
            problems.append(f"{where}: {option.choice} carries {option.card}")
    return problems


def _tech_ids() -> frozenset[str]:
    from core.games.hegemonic.words.names import content

    return frozenset(content().cards)


def _pick(rng: Rng, prompt: Any) -> str:
    """A random option; at a target, "No conflict" one time in four, so that the games
    still reach the kinds a conflict brings."""
    targets = [o for o in prompt.options if o.startswith("target:")]
    if prompt.kind == "target" and targets and rng.random() < 0.75:
        return rng.choice(targets)
    return table_choice(rng, prompt.options)


def play(seed: int, players: int, modules: tuple[str, ...] = (), layout: str = "suggested",
         hidden: bool = False) -> Seen:
    """One random game, every decision and event worded and checked. One reader, chosen by
    the seed, also reads every decision of the others."""
    game = Game.new(Options(players=players, seed=seed, modules=list(modules), layout=layout))
    rng = Rng(seed)
    seats = [*range(players), SPECTATOR]
    reader = seats[seed % len(seats)]
    views = {seat: game.view(seat) for seat in seats}
    seen = Seen()
    revealed: set[str] = set()
    n = 0
    while not game.over and not seen.problems:
        prompt = rng.choice(game.pending())
        view = views[reader] if prompt.seat == reader else game.view(prompt.seat)
        views[prompt.seat] = view
        choice = _pick(rng, prompt)
        told = _word_decision(seen, game, view, views[reader], prompt, choice,
                              revealed if hidden else None)
        for waiting in view["waiting"]:
            text = WORDS.waiting(views[reader], waiting["seat"], waiting["kind"])
            if waiting["kind"] not in questions.WAITING or raw_in(text):
                seen.problems.append(f"waiting words for {waiting['kind']}: {text!r}")
        happened = game.apply(prompt.seat, choice)
        revealed |= shown(game.events_for(SPECTATOR, happened))
        if hidden and prompt.seat != reader:  # others learn of a decision once it is made
            seen.problems += secrets_named(game, reader, [told], revealed)
        views[reader] = game.view(reader)
        n += 1
        if n % REFRESH == 0:
            views[SPECTATOR] = game.view(SPECTATOR)
        for seat in seats:
            _word_events(seen, game, seat, views[seat], happened, revealed if hidden else None)
    return seen


def _word_decision(seen: Seen, game: Game, view: dict[str, Any],
                   reader_view: dict[str, Any], prompt: Prompt, choice: str,
                   revealed: set[str] | None) -> str:
    plain = to_plain(prompt)
    where = f"{prompt.kind} of seat {prompt.seat}"
    asked = WORDS.question(view, plain)
    seen.prompts[prompt.kind] += 1
    for option in prompt.options:
        seen.options[f"{prompt.kind} {option.split(':')[0]}"] += 1
    seen.problems += check_question(asked, plain, where)
    seen.problems += check_spots(asked, view, where)
    mine = WORDS.decision_line(view, plain, choice)
    theirs = WORDS.decision_line(reader_view, plain, choice)
    for line in (mine, theirs):
        seen.problems += check_line(line, None, where)
    if (prompt.kind in SECRET_CHOICES and reader_view["seat"] != prompt.seat
            and theirs.text != WORDS.waiting(reader_view, prompt.seat, prompt.kind) + "."):
        seen.problems.append(f"{where}: another seat reads {theirs.text!r}")
    if revealed is not None:
        texts = [asked.text, asked.hint, mine.text,
                 *(t for o in asked.options for t in (o.label, o.text))]
        seen.problems += secrets_named(game, prompt.seat, texts, revealed)
    return theirs.text


def _word_events(seen: Seen, game: Game, seat: int, view: dict[str, Any],
                 happened: list[Any], revealed: set[str] | None) -> None:
    texts = []
    for record in game.events_for(seat, happened):
        line = WORDS.event(view, record)
        seen.events[record["kind"]] += 1
        seen.problems += check_line(line, record["kind"], f"event {record['kind']}")
        if seat >= 0 and line.mine != (seat in line.seats):
            seen.problems.append(f"event {record['kind']}: mine is {line.mine} for {seat}")
        texts.append(line.text)
    if revealed is not None and texts:
        seen.problems += secrets_named(game, seat, texts, revealed)
