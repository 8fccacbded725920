"""Every prompt kind, choice form and event kind the engine has gets its words: the kinds
are found in the engine's source, so a new one without words fails here first."""

from __future__ import annotations

import re
from pathlib import Path

from core.games.fractal.choices import FORMS
from core.games.fractal.words import events, questions

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "core" / "games" / "fractal"
CHOICES_MD = ROOT / "docs" / "choices.md"

# `Prompt(<seat>, "<kind>"`; `ctx.emit("<kind>"` or `ctx.reveal("<kind>"`, also as
# `(ctx.reveal if ... else ctx.emit)("<kind>"` and `ctx.emit("<a>" if ... else "<b>"`.
PROMPT = re.compile(r"\bPrompt\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*\"(\w+)\"()")
EVENT = re.compile(r"\b(?:emit|reveal)\)?\(\s*\"(\w+)\"(?:\s+if\s[^\"]*else\s+\"(\w+)\")?")


def _found(pattern: re.Pattern[str]) -> set[str]:
    return {kind for path in [*ENGINE.glob("*.py"), *ENGINE.glob("modules/*.py")]
            for found in pattern.findall(path.read_text(encoding="utf-8"))
            for kind in found if kind}


def prompt_kinds() -> set[str]:
    """The kinds written as `Prompt(seat, "kind"`, and those docs/choices.md says offer a
    form (a prompt whose kind is a variable is found there)."""
    return _found(PROMPT) | documented_kinds()


def documented_kinds() -> set[str]:
    rows = [line.split("|") for line in CHOICES_MD.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")]
    return {kind.strip() for row in rows if len(row) > 3 for kind in row[2].split(",")
            if kind.strip() and kind.strip().replace("_", "").isalpha()}


def event_kinds() -> set[str]:
    return _found(EVENT)


def test_the_scan_finds_the_engine_kinds() -> None:
    # A scan that silently found nothing would let every kind through.
    assert {"faction", "tactic", "simultaneous_order", "conflict_order"} <= _found(PROMPT)
    assert {"deploy", "vanguard", "storm_destination"} <= documented_kinds()
    assert {"unit_recruited", "utopian_reward", "colony_invaded"} <= event_kinds()
    assert len(prompt_kinds()) >= 40 and len(event_kinds()) >= 60


def test_every_prompt_kind_has_a_question() -> None:
    assert prompt_kinds() - questions.BOOK.kinds() == set()


def test_every_event_kind_has_a_sentence() -> None:
    assert event_kinds() - events.BOOK.kinds() == set()


def test_no_words_for_kinds_the_engine_does_not_have() -> None:
    assert questions.BOOK.kinds() - prompt_kinds() == set()
    assert events.BOOK.kinds() - event_kinds() == set()


def test_every_choice_form_has_option_words() -> None:
    keys = questions.BOOK.keys()
    heads = {key.split(" ")[-1] for key in keys}
    assert set(FORMS) - heads == set()
    assert heads - set(FORMS) == set()  # no words for a form that does not exist
    kinds = {key.split(" ")[0] for key in keys if " " in key}
    assert kinds <= questions.BOOK.kinds()


def test_every_prompt_kind_has_waiting_words() -> None:
    assert prompt_kinds() - set(questions.WAITING) == set()
