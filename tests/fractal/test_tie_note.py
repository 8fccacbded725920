"""The end screen names the players of each tie and what separated them; a tie left after
every tie-breaker shares the win only for first place."""

from __future__ import annotations

from typing import Any

from tui.games.fractal import TIE_BREAKERS, _tie_note


def row(seat: int, place: int, vp: int, **breakers: int) -> dict[str, int]:
    return {"seat": seat, "place": place, "vp": vp,
            **{t: breakers.get(t, 0) for t in TIE_BREAKERS}}


VIEW: dict[str, Any] = {"players": [{"name": n} for n in ("Cy", "Dee", "Green", "Yellow")]}


def test_each_tie_names_its_players_and_what_separated_them() -> None:
    standings = [row(2, 1, 4, influence=2), row(3, 2, 4, influence=1),
                 row(0, 3, 0), row(1, 3, 0)]
    assert _tie_note(VIEW, standings) == (
        "Green and Yellow tied on VP, separated by influence; "
        "Cy and Dee tied on VP and every tie-breaker: they share their place")


def test_a_tie_on_everything_at_the_top_shares_the_win() -> None:
    standings = [row(1, 1, 5), row(0, 1, 5), row(2, 3, 1), row(3, 4, 0)]
    assert _tie_note(VIEW, standings) == (
        "Dee and Cy tied on VP and every tie-breaker: they share the win")
    assert _tie_note(VIEW, [row(0, 1, 3), row(1, 2, 1)]) == "VP alone decided the places."
