"""Every prompt kind, choice form and event kind of the Alien Artifacts engine gets its
words: the kinds are found in the engine's source and in docs/alien-artifacts.md's table
of prompts (a prompt kind set by data, as Buy's ``buy_keep``), so a new one without words
fails here first."""

from __future__ import annotations

import re
from pathlib import Path

from core.games.artifacts.words import events, questions
from core.games.artifacts.words.choices import FORMS

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "core" / "games" / "artifacts"
DOC = ROOT / "docs" / "alien-artifacts.md"

PROMPT = re.compile(r"\bPrompt\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*\"(\w+)\"")
EVENT = re.compile(r"\b(?:emit|reveal)\(\s*\"(\w+)\"")
FORM = re.compile(r"`([a-z]+)(?::[^`]*)?`")
# ship_result emits its op ("destroyed" or "damaged") by name: ctx.emit(op, ...).
EMITTED_BY_NAME = {"destroyed", "damaged"}


def _found(pattern: re.Pattern[str]) -> set[str]:
    return {kind for path in ENGINE.glob("*.py")
            for kind in pattern.findall(path.read_text(encoding="utf-8"))}


def _prompt_rows() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Decisions (prompt kinds)"):text.index("Multi-step decisions")]
    return [re.split(r"(?<!\\)\|", line) for line in table.splitlines()
            if line.startswith("| `")]


def documented_kinds() -> set[str]:
    return {kind.strip(" `") for row in _prompt_rows() for kind in row[1].split(",")}


def prompt_kinds() -> set[str]:
    return _found(PROMPT) | documented_kinds()


def event_kinds() -> set[str]:
    return _found(EVENT) | EMITTED_BY_NAME


def test_the_scan_finds_the_engine_kinds() -> None:
    assert {"action", "pay", "defense_plan", "bypass"} <= _found(PROMPT)
    assert {"buy_keep", "take_keep"} <= documented_kinds() - _found(PROMPT)
    assert {"drawn", "attack_resolved", "game_over", "plan_chosen"} <= event_kinds()
    assert len(prompt_kinds()) >= 30 and len(event_kinds()) >= 40


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
    documented = {head for row in _prompt_rows() for head in FORM.findall(row[3])}
    assert documented == set(FORMS)
    assert {key.split(" ")[0] for key in keys if " " in key} <= questions.BOOK.kinds()
