"""A player's own name is shown wherever their seat is named, never their colour twice.

Every game's words name a seat so: the contract suite (tests/contract)."""

import pytest

from core.words import called


@pytest.mark.parametrize(("colour", "name", "detail", "shown"), [
    ("red", "Red", "Saura", "Red (Saura)"),
    ("blue", "Blue", "", "Blue"),
    ("blue", "blue ", "", "Blue"),
    ("blue", "Ada", "", "Ada (Blue)"),
    ("green", "Ada", "Saura", "Ada (Green, Saura)"),
    ("red", "", "Saura", "Red (Saura)"),
])
def test_called(colour: str, name: str, detail: str, shown: str) -> None:
    assert called(colour, name, detail) == shown
