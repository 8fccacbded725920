"""Fractured Atlas's content: the Decktet's card list, the rules' own data, and the loader's
refusals of data that breaks them."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from core.games.atlas.content import ContentError, load_content
from core.games.atlas.content.loader import CONTENT_DIR, build


def test_the_decktet_has_its_45_cards() -> None:
    content = load_content()
    cards = content.cards.values()
    assert len(cards) == 45
    assert Counter(c.rank for c in cards) == {
        "ace": 6, "crown": 6, "pawn": 4, "court": 4, "none": 1,
        **{str(n): 3 for n in range(2, 10)}}
    assert content.card("excuse").suits == () and content.card("excuse").kinds == ()
    assert content.card("sea").suits == ("waves",) and content.card("sea").rank == "crown"
    assert content.card("borderland").suits == ("waves", "leaves", "wyrms")
    assert content.card("origin").kinds == ("location", "event")


def test_places_advisors_and_the_action_deck() -> None:
    content = load_content()
    assert len(content.locations) == 14
    assert set(content.advisors) == {"author", "painter", "savage", "sailor", "soldier",
                                     "lunatic", "penitent", "diplomat", "merchant"}
    assert len(content.action_cards) == 45 - 14
    assert content.known_world == ("borderland", "sea", "island")
    vp = {card: len(content.suits(card)) for card in content.locations}
    assert vp["window"] == vp["borderland"] == vp["island"] == 3
    assert vp["sea"] == vp["end"] == 1
    assert {v for c, v in vp.items() if c not in ("window", "borderland", "island", "sea",
                                                   "end")} == {2}


def test_place_powers_and_the_actions_of_the_suits() -> None:
    content = load_content()
    bonus = {card: power.bonus for card, power in content.powers.items() if power.bonus}
    assert bonus == {"mill": ("exploit",), "origin": ("explore", "migrate"),
                     "forest": ("magic",), "mountain": ("build",), "market": ("trade",)}
    assert content.power("end").no_explore_adjacent and content.power("sea").waterways
    assert content.power("darkness").grue_spared_by == "suns"
    assert content.power("desert").no_towers and content.power("castle").defense_towers
    assert content.power("cave").defense_suits == ("waves", "wyrms")
    assert content.power("window").title == ""
    assert content.actions_of("excuse") == ("explore", "migrate", "exploit", "trade", "build",
                                            "magic", "attack")
    assert content.actions_of("journey") == ("explore", "migrate", "magic")


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    for file in ("decktet.toml", "places.toml"):
        shutil.copy(CONTENT_DIR / file, tmp_path / file)
    path = tmp_path / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return tmp_path


@pytest.mark.parametrize(("name", "old", "new", "reason"), [
    ("decktet.toml", 'suits = ["moons", "knots"]', 'suits = ["moons", "suns"]', "every suit"),
    ("decktet.toml", 'rank = "pawn"', 'rank = "knave"', "unknown rank"),
    ("decktet.toml", 'rank = "pawn"', 'rank = "pawn"\ncolour = "red"', "unknown fields"),
    ("decktet.toml", 'suits = ["waves", "wyrms"]', 'suits = ["wyrms", "waves"]', "order"),
    ("places.toml", 'bonus = ["exploit"]', 'bonus = ["plunder"]', "unknown action"),
    ("places.toml", 'id = "castle"', 'id = "battle"', "not a Location"),
    ("places.toml", 'suns = ["build"]', 'suns = ["build", "trade"]', "exactly one suit"),
    ("places.toml", "slots = 6", "slots = 0", "positive"),
])
def test_the_loader_refuses_broken_data(tmp_path: Path, name: str, old: str, new: str,
                                        reason: str) -> None:
    with pytest.raises(ContentError, match=reason):
        build(broken(tmp_path, name, old, new))
