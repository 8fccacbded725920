"""Every component's text comes from its data in the words of the effect vocabulary, never
as raw data, and docs/cards.md shows that very text."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.games.fractal.content import HOOKS, load_content
from core.games.fractal.content.loader import (
    COUNTERS,
    IMMEDIATE_OPS,
    KEYWORDS,
    LIVING_GALAXY_EFFECTS,
    REQUIREMENTS,
    STATS,
    UPGRADE_OPS,
)
from core.games.fractal.words import WORDS, cards, effects
from tests.fractal.words_fixtures import raw_in

CARDS_MD = Path(__file__).resolve().parents[2] / "docs" / "cards.md"

EVERY = [(kind, card_id) for kind in cards.KINDS for card_id in cards.ids_of(kind)]


def test_every_component_is_counted() -> None:
    # Action cards and technologies once per design: copies share their text.
    assert len(EVERY) == 43 + 7 + 14 + 7 + 68 + 32 + 32 + 16 + 20 + 20 + 20 + 8 + 22 + 6


@pytest.mark.parametrize(("kind", "card_id"), EVERY)
def test_no_component_falls_back_to_raw_data(kind: str, card_id: str) -> None:
    text = WORDS.card(kind, card_id)
    assert (text.kind, text.id) == (kind, card_id)
    assert text.name and not raw_in(text.name)
    assert text.lines
    for line in text.lines:
        assert not raw_in(line), line
        assert line[0].isupper() or line[0] in "+-", line
        assert line.endswith("."), line


def test_card_names_are_the_contents() -> None:
    content = load_content()
    assert WORDS.card("technology", "phase_weapon").name == content.technologies[
        "phase_weapon"].name
    assert WORDS.card("tactic", "red:ground_assault").name == "Ground Assault"
    assert WORDS.card("tactic", "red:ground_assault+elite").name == "Ground Assault (elite)"


def test_docs_cards_md_shows_the_words_of_every_component() -> None:
    doc = CARDS_MD.read_text(encoding="utf-8")
    for kind, card_id in EVERY:
        text = WORDS.card(kind, card_id)
        for line in text.lines:
            assert line.replace("|", "\\|") in doc, (kind, card_id, line)


def test_every_name_of_the_vocabulary_has_words() -> None:
    assert set(IMMEDIATE_OPS) | set(UPGRADE_OPS) == set(effects.STEP_PHRASES)
    assert set(STATS) == set(effects.STAT_PHRASES)
    assert set(KEYWORDS) == set(effects.KEYWORD_NAMES)
    assert set(HOOKS) == set(effects.HOOK_TITLES)
    assert set(REQUIREMENTS) == set(effects.REQUIREMENT_PHRASES)
    assert set(LIVING_GALAXY_EFFECTS) == {*cards.GALAXY_EFFECTS, "wormhole"}
    for counter in COUNTERS:
        assert not raw_in(effects.per(counter)), counter


def test_a_few_texts_read_as_written() -> None:
    assert WORDS.card("action", "mining_rush").lines == (
        "Gain 1 credit per controlled productive sector (at most 4 times). Gain 1 credit.",)
    assert WORDS.card("obstacle", "cryo_glaciers").lines == (
        "Option 1: Spend 2 credits: gain 1 influence.",
        "Option 2: Have 2 infantry here: gain 1 credit.")
    assert WORDS.card("mastery", "warden_protocols").lines[1] == (
        "Normal side: Your mechs gain Courage 1.")
    assert "Each income phase: If you have at least 1 controlled mystery sector, place 1 " \
           "science." in WORDS.card("faction", "delverar").lines
