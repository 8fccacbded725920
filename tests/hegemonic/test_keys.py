"""Keys per common Hegemonic decision, counted by the client's rule played on the engine (as
docs/benchmarks.md's keys table counts "before"): an option's number is one key, a
confirmation one more for a final choice whose kind the plug-in does not leave
unconfirmed, and a question with one legal answer that is not final costs nothing.
A 2-player hot-seat game (seed 6), its setup played at random, then its first round."""

from __future__ import annotations

from collections.abc import Iterator

from core.frames import final_choices
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.rng import Rng
from tests.hegemonic.hegemonic_fixtures import WINDOW
from tui.games.hegemonic import UI


def keys(game: Game, kind: str, options: list[str], seat: int, choice: str) -> int:
    prompt = next(p for p in game.pending() if p.seat == seat)
    final = choice in final_choices(game, prompt)
    if len(options) == 1 and not final:
        return 0
    return 1 + (final and kind not in getattr(UI, "unconfirmed", frozenset()))


def first_round() -> Iterator[tuple[str, int, str, int, str]]:
    """(phase, seat, kind, keys, choice) of each decision of round 1, building where it can,
    a whole sector at once where it can, the tile in hand laid."""
    game = Game.new(Options(players=2, seed=6))
    rng = Rng(6)
    while game.state.round < 2:
        prompt = game.pending()[0]
        fill = [o for o in prompt.options if o.startswith("fill:")]
        eager = fill or [o for o in prompt.options if o.startswith(("action:build", "build:"))]
        plain = [o for o in prompt.options if not o.startswith(WINDOW)
                 and not (prompt.kind == "tile_hex" and o.startswith("tile:"))]
        choice = rng.choice(eager if eager and prompt.kind in ("action", "build") else plain)
        if game.state.phase != "setup":
            yield (game.state.phase, prompt.seat, prompt.kind,
                   keys(game, prompt.kind, prompt.options, prompt.seat, choice), choice)
        game.apply(prompt.seat, choice)


def test_an_expansion_an_action_card_and_a_build_take_the_keys_of_issue_41() -> None:
    decisions = list(first_round())
    for seat in (0, 1):  # the hex of the tile in hand, (the source,) the card kept
        expansion = [(kind, k) for phase, s, kind, k, _ in decisions
                     if phase == "expansion" and s == seat]
        assert sum(k for _, k in expansion) == len(expansion) <= 3
    assert ("draw_source", 1) in [(kind, k) for phase, _, kind, k, _ in decisions
                                  if phase == "expansion"]  # three even with a source asked
    cards = [k for _, _, kind, k, _ in decisions if kind == "action_card"]
    assert len(cards) == 6 and set(cards) == {1}  # the last chooser's too
    build = [(kind, k, choice) for phase, s, kind, k, choice in decisions
             if phase == "action1" and s == 1]
    # the card, the BUILD, then the Complexes of a sector in one key
    assert [(kind, k) for kind, k, _ in build[:3]] == [("action_card", 1), ("action", 1),
                                                       ("build", 1)]
    assert build[2][2].startswith("fill:")
