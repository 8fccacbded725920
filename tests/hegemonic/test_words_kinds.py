"""Every prompt kind, choice form and event kind of the Hegemonic engine gets its words:
the kinds are found in the engine's source (and, for a prompt whose kind is a variable, in
docs/hegemonic.md's table of prompts), so a new one without words fails here first."""

from __future__ import annotations

import re
from pathlib import Path

from core.games.hegemonic.words import events, questions
from core.games.hegemonic.words.choices import FORMS

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "core" / "games" / "hegemonic"
DOC = ROOT / "docs" / "hegemonic.md"

# `Prompt(<seat>, "<kind>"`; `ctx.emit("<kind>"` or `ctx.reveal("<kind>"`, also as
# `ctx.emit("<a>" if ... else "<b>"`.
PROMPT = re.compile(r"\bPrompt\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*\"(\w+)\"()")
EVENT = re.compile(r"\b(?:emit|reveal)\)?\(\s*\"(\w+)\"(?:\s+if\s[^,]*?else\s+\"(\w+)\")?")
# A choice form in the docs' table: `head`, `head:<arg>`...
FORM = re.compile(r"`([a-z]+)(?::[^`]*)?`")


def _found(pattern: re.Pattern[str]) -> set[str]:
    return {kind for path in ENGINE.glob("*.py")
            for found in pattern.findall(path.read_text(encoding="utf-8"))
            for kind in found if kind}


def _prompt_rows() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Prompts and choices"):text.index("## The view")]
    return [line.split("|") for line in table.splitlines() if line.startswith("| `")]


def documented_kinds() -> set[str]:
    return {kind.strip(" `") for row in _prompt_rows() for kind in row[1].split(",")}


def documented_forms() -> set[str]:
    return {head for row in _prompt_rows() for head in FORM.findall(row[3])}


def prompt_kinds() -> set[str]:
    return _found(PROMPT) | documented_kinds()


def event_kinds() -> set[str]:
    return _found(EVENT)


def test_the_scan_finds_the_engine_kinds() -> None:
    # A scan that silently found nothing would let every kind through.
    assert {"layout", "action", "conflict_card", "cleanup"} <= _found(PROMPT)
    assert {"agent_faction", "fleet_outpost"} <= documented_kinds() - _found(PROMPT)
    assert {"conflict_card_chosen", "support_chosen", "board_scored"} <= event_kinds()
    assert len(prompt_kinds()) >= 39 and len(event_kinds()) >= 60


def test_every_prompt_kind_has_a_question_and_waiting_words() -> None:
    assert prompt_kinds() - questions.BOOK.kinds() == set()
    assert prompt_kinds() - set(questions.WAITING) == set()


def test_every_event_kind_has_a_sentence() -> None:
    assert event_kinds() - events.BOOK.kinds() == set()


def test_no_words_for_kinds_the_engine_does_not_have() -> None:
    assert questions.BOOK.kinds() - prompt_kinds() == set()
    assert set(questions.WAITING) - prompt_kinds() == set()
    assert events.BOOK.kinds() - event_kinds() == set()


def test_every_choice_form_has_option_words_and_is_documented() -> None:
    keys = questions.BOOK.keys()
    heads = {key.split(" ")[-1] for key in keys}
    assert set(FORMS) == heads
    assert documented_forms() == set(FORMS)
    kinds = {key.split(" ")[0] for key in keys if " " in key}
    assert kinds <= questions.BOOK.kinds()
