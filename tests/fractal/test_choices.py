"""Every choice the engine offers follows the grammar of docs/choices.md."""

import random
import re
from pathlib import Path

import pytest

from core.games.fractal.choices import FORMS, BadChoice, parse, well_formed
from core.games.fractal.game import Game
from core.games.fractal.state import Options

DOC = Path(__file__).resolve().parents[2] / "docs" / "choices.md"


def _random_games(count: int) -> dict[str, set[str]]:
    """Every option offered in ``count`` random games, by prompt kind."""
    seen: dict[str, set[str]] = {}
    for g in range(count):
        game = Game.new(Options(players=2 + g % 3, seed=100 + g,
                                map="compact" if g % 2 else "extended"))
        rng = random.Random(g)
        while not game.over:
            for prompt in game.pending():
                seen.setdefault(prompt.kind, set()).update(prompt.options)
            prompt = rng.choice(game.pending())
            game.apply(prompt.seat, rng.choice(prompt.options))
    return seen


def test_every_option_of_random_games_follows_the_grammar() -> None:
    seen = _random_games(30)
    bad = sorted((kind, option) for kind, options in seen.items() for option in options
                 if not well_formed(option))
    assert bad == []
    heads = {parse(option).head for options in seen.values() for option in options}
    assert len(heads) > 20  # the games reached most kinds of decision


def test_a_head_takes_the_same_arguments_everywhere() -> None:
    assert parse("slot:civil:2").args == ("civil", "2")
    assert parse("tactic:red:shield_wall+elite").args == ("red:shield_wall+elite",)
    assert parse("kind:lightship").args == ("lightship",)
    assert parse("unit:17").number() == 17


@pytest.mark.parametrize("text", ["unit:lightship", "kind:17", "sector:", "done:1",
                                  "action:nap", "slot:civil", "times:0", "Sector:3", ""])
def test_strings_outside_the_grammar_are_refused(text: str) -> None:
    with pytest.raises(BadChoice):
        parse(text)


def test_docs_list_every_form() -> None:
    documented = set(re.findall(r"^\| `([a-z_]+)", DOC.read_text(), flags=re.M))
    assert documented == set(FORMS)
