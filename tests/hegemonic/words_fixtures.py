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
from core.words import QuestionWords
from tests.contract.words_kit import Seen, WordsKit
from tests.hegemonic.hegemonic_fixtures import table_choice

REFRESH = 16

KIT = WordsKit(WORDS, questions, events)
raw_in, check_question, check_line = KIT.raw_in, KIT.check_question, KIT.check_line


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
        seen.problems += KIT.check_waiting(view, views[reader])
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
    said = KIT.word_decision(seen, view, reader_view, to_plain(prompt), choice,
                             SECRET_CHOICES)
    asked = said.asked
    seen.problems += check_spots(asked, view, f"{prompt.kind} of seat {prompt.seat}")
    if revealed is not None:
        texts = [asked.text, asked.hint, said.mine.text,
                 *(t for o in asked.options for t in (o.label, o.text))]
        seen.problems += secrets_named(game, prompt.seat, texts, revealed)
    return said.theirs.text


def _word_events(seen: Seen, game: Game, seat: int, view: dict[str, Any],
                 happened: list[Any], revealed: set[str] | None) -> None:
    texts = KIT.word_events(seen, seat, view, game.events_for(seat, happened))
    if revealed is not None and texts:
        seen.problems += secrets_named(game, seat, texts, revealed)
