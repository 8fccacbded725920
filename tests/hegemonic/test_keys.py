"""Keys per common Hegemonic decision, counted by the client's rule played on the engine (as
docs/benchmarks.md's keys table counts "before"): an option's number is one key, a
confirmation one more for a final choice whose kind the plug-in does not leave
unconfirmed, and a question with one legal answer that is not final costs nothing.
A 2-player hot-seat game (seed 3), its setup played at random, then its first round."""

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


def first_round() -> Iterator[tuple[str, int, str, int]]:
    """(phase, seat, kind, keys) of each decision of round 1, building where it can."""
    game = Game.new(Options(players=2, seed=3))
    rng = Rng(3)
    while game.state.round < 2:
        prompt = game.pending()[0]
        eager = [o for o in prompt.options if o.startswith(("action:build", "build:"))]
        plain = [o for o in prompt.options if not o.startswith(WINDOW)]
        choice = rng.choice(eager if eager and prompt.kind in ("action", "build") else plain)
        if game.state.phase != "setup":
            yield (game.state.phase, prompt.seat, prompt.kind,
                   keys(game, prompt.kind, prompt.options, prompt.seat, choice))
        game.apply(prompt.seat, choice)


def test_an_expansion_an_action_card_and_a_build_take_the_keys_of_issue_41() -> None:
    decisions = list(first_round())
    for seat in (0, 1):  # a tile, its hex, (the source, when there is a choice,) the keep
        expansion = [k for phase, s, _, k in decisions if phase == "expansion" and s == seat]
        assert sum(expansion) == len(expansion) <= 4
    cards = [k for _, _, kind, k in decisions if kind == "action_card"]
    assert len(cards) == 6 and set(cards) == {1}  # the last chooser's too
    build = [(kind, k) for phase, s, kind, k in decisions if phase == "action1" and s == 1]
    # the card, the BUILD, three Complexes one key each (and the BUILD ends by itself)
    assert build[:5] == [("action_card", 1), ("action", 1), ("build", 1), ("build", 1),
                         ("build", 1)]
