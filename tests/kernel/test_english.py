"""The English every game's words share: plurals, counts, articles, lists and a save's line."""

from __future__ import annotations

from core.rulesets import summary
from core.words import article, count, listing, owned, plural


def test_plurals_take_the_ending_english_gives_them() -> None:
    cases = {"mech": "mechs", "Embassy": "Embassies", "Complex": "Complexes", "hex": "hexes",
             "Technology": "Technologies", "day": "days", "CAP": "CAPs",
             "gate pair": "gate pairs", "Blockade token": "Blockade tokens"}
    assert {noun: plural(noun) for noun in cases} == cases


def test_the_head_of_a_noun_phrase_takes_the_plural() -> None:
    assert plural("credit of income") == "credits of income"
    assert plural("controlled sector with a living galaxy") == (
        "controlled sectors with a living galaxy")
    assert plural("card on the table") == "cards on the table"


def test_mass_nouns_and_abbreviations_keep_their_form() -> None:
    assert [count(3, noun) for noun in ("infantry", "VP", "science", "power")] == [
        "3 infantry", "3 VP", "3 science", "3 power"]


def test_counts_articles_and_lists() -> None:
    assert (count(1, "technology"), count(0, "card"), count(2, "mech")) == (
        "1 technology", "0 cards", "2 mechs")
    assert (owned(1, "Embassy"), owned(2, "Embassy")) == ("Embassy", "2 Embassies")
    assert (article("imperial colony"), article("Outpost"), article("mech")) == (
        "an imperial colony", "an Outpost", "a mech")
    assert (listing([]), listing(["A"]), listing(["A", "B"]), listing(["A", "B", "C"], "or")) == (
        "", "A", "A and B", "A, B or C")


def test_a_saves_line_tells_the_stage_who_decides_and_the_scores() -> None:
    names = ["Red (Saura)", "Blue (Gorias)", "Green (Vax117)"]
    assert summary(names, [3, 1, 0], "Cycle 2, action", [2, 0, 2]) == (
        "Cycle 2, action: Red (Saura), Green (Vax117) to decide "
        "(Red (Saura) 3, Blue (Gorias) 1, Green (Vax117) 0 VP)")
    assert summary(names, [9, 9, 4], "cycle 6", winners=[0, 1]) == (
        "Over after cycle 6: Red (Saura) and Blue (Gorias) won "
        "(Red (Saura) 9, Blue (Gorias) 9, Green (Vax117) 4 VP)")
    assert summary(names, [0, 0, 0], "Setup").startswith("Setup: nobody to decide")
