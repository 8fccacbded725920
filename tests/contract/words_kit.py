"""What every game's tests of its words check, written once: a random game's questions,
options, decisions and events put into words and held to the same rules, the kinds met
counted. A game's words fixtures keep only their own: how a game is dealt and played, the
spots its options point at, and which of its names a seat may not read.

:class:`WordsKit` checks with a game's words (a core.words.Words) and its phrasebooks (the
``questions`` module with ``BOOK``, ``covers`` and ``WAITING``, the ``events`` module with
``BOOK``); :meth:`WordsKit.word_decision` and :meth:`WordsKit.word_events` are the steps of
a game's ``play`` loop.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.words import CATEGORIES, LABEL_WIDTH, UNKNOWN_EVENT, Line, QuestionWords

# What no sentence may show: a content id or a choice's grammar (underscores, colons
# between words), a Python value's repr, or a missing value.
RAW = re.compile(r"_|\bNone\b|\{|\}|\[|\]|\w:\w|\bTrue\b|\bFalse\b|object at|\bnan\b")


@dataclass
class Seen:
    prompts: Counter[str] = field(default_factory=Counter)
    options: Counter[str] = field(default_factory=Counter)  # "kind head"
    events: Counter[str] = field(default_factory=Counter)
    mine: Counter[str] = field(default_factory=Counter)  # event kinds read by their own seat
    problems: list[str] = field(default_factory=list)

    def add(self, other: Seen) -> None:
        self.prompts += other.prompts
        self.options += other.options
        self.events += other.events
        self.mine += other.mine
        self.problems += other.problems


@dataclass(frozen=True)
class Decision:
    """A decision in words: the decider's question and its line, and another reader's."""

    asked: QuestionWords
    mine: Line
    theirs: Line


@dataclass(frozen=True)
class WordsKit:
    words: Any
    questions: Any
    events: Any
    raw: re.Pattern[str] = RAW
    # Options read apart by their labels alone; Fractal's units of one kind in different
    # places share a label, and its options tell them apart by the spot they point at.
    distinct_labels: bool = True

    def raw_in(self, text: str) -> str:
        """The first piece of raw data in a sentence, or ""."""
        found = self.raw.search(text)
        return found.group(0) if found else ("empty" if not text.strip() else "")

    def check_question(self, asked: QuestionWords, prompt: dict[str, Any],
                       where: str) -> list[str]:
        kind = prompt["kind"]
        problems = []
        if kind not in self.questions.BOOK.kinds():
            problems.append(f"{where}: no question for {kind}")
        for text in (asked.text, asked.hint):
            if text and self.raw_in(text):
                problems.append(f"{where}: raw {self.raw_in(text)!r} in {text!r}")
        if not asked.text:
            problems.append(f"{where}: an empty question for {kind}")
        if [o.choice for o in asked.options] != list(prompt["options"]):
            problems.append(f"{where}: the options of {kind} changed")
        for option in asked.options:
            if not self.questions.covers(kind, option.choice):
                problems.append(f"{where}: no words for {option.choice!r} of {kind}")
            if len(option.label) > LABEL_WIDTH:
                problems.append(f"{where}: label {option.label!r} is too long")
            for text in (option.label, option.text, *filter(None, (option.warning,))):
                if self.raw_in(text) or (option.choice in text and ":" in option.choice):
                    problems.append(f"{where}: raw data in {text!r} ({option.choice})")
        labels = [o.label for o in asked.options]
        if self.distinct_labels and len(set(labels)) != len(labels):
            problems.append(f"{where}: two options of {kind} share a label: {labels}")
        return problems

    def check_line(self, line: Line, kind: str | None, where: str) -> list[str]:
        """A log line: of an event of ``kind``, or of a decision (None)."""
        problems = []
        if kind is not None and (kind not in self.events.BOOK.kinds()
                                 or line.text == UNKNOWN_EVENT + "."):
            problems.append(f"{where}: no sentence for the event {kind}")
        if self.raw_in(line.text):
            problems.append(f"{where}: raw {self.raw_in(line.text)!r} in {line.text!r}")
        if line.category not in CATEGORIES:
            problems.append(f"{where}: category {line.category!r}")
        return problems

    def check_waiting(self, view: dict[str, Any], reader_view: dict[str, Any]) -> list[str]:
        """The words a reader sees while each pending decision of ``view`` is made."""
        problems = []
        for waiting in view["waiting"]:
            text = self.words.waiting(reader_view, waiting["seat"], waiting["kind"])
            if waiting["kind"] not in self.questions.WAITING or self.raw_in(text):
                problems.append(f"waiting words for {waiting['kind']}: {text!r}")
        return problems

    def word_decision(self, seen: Seen, view: dict[str, Any], reader_view: dict[str, Any],
                      prompt: dict[str, Any], choice: str,
                      secret_choices: frozenset[str] | set[str] = frozenset()) -> Decision:
        """Word the decider's question (from its ``view``) and the decision, for the decider
        and for another reader, checked and counted. The kinds of ``secret_choices`` read
        to another seat only as the waiting words."""
        kind, seat = prompt["kind"], prompt["seat"]
        where = f"{kind} of seat {seat}"
        asked = self.words.question(view, prompt)
        seen.prompts[kind] += 1
        for option in prompt["options"]:
            seen.options[f"{kind} {option.split(':')[0]}"] += 1
        seen.problems += self.check_question(asked, prompt, where)
        mine = self.words.decision_line(view, prompt, choice)
        theirs = self.words.decision_line(reader_view, prompt, choice)
        for line in (mine, theirs):
            seen.problems += self.check_line(line, None, where)
        if (kind in secret_choices and reader_view["seat"] != seat
                and theirs.text != self.words.waiting(reader_view, seat, kind) + "."):
            seen.problems.append(f"{where}: another seat reads {theirs.text!r}")
        return Decision(asked, mine, theirs)

    def word_events(self, seen: Seen, seat: int, view: dict[str, Any],
                    records: list[dict[str, Any]]) -> list[str]:
        """Word the event records ``seat`` receives with its ``view``, checked and counted;
        their sentences."""
        texts = []
        for record in records:
            kind = record["kind"]
            line = self.words.event(view, record)
            seen.events[kind] += 1
            if record.get("seat") == seat:
                seen.mine[kind] += 1
            seen.problems += self.check_line(line, kind, f"event {kind}")
            if seat >= 0 and line.mine != (seat in line.seats):
                seen.problems.append(f"event {kind}: mine is {line.mine} for {seat}")
            texts.append(line.text)
        return texts
