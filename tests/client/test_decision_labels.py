"""The decision bar fits each option's label to the width it has: a Hegemonic card's name
whole where the column holds it, cut before its powers where it does not, at the game
screen's 80, 100 and 200 columns, and fitted again when the terminal is resized."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList

from core.games.hegemonic.words import WORDS
from core.games.hegemonic.words.names import card_name, content, powers
from core.plain import to_plain
from core.words import LABEL_WIDTH, QuestionWords
from tests.hegemonic.hegemonic_fixtures import blank, give, prompt, run
from tui.widgets.decision import DecisionBar

STYLES = Path(__file__).parents[2] / "tui" / "styles" / "app.tcss"


class Columns(App[None]):
    """The game screen's two columns (tui/screens/game.py) with the decision bar on the
    right, laid out by the client's own stylesheet."""

    CSS_PATH = STYLES

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield Vertical(id="left")
            with Vertical(id="right"):
                yield DecisionBar(id="decision")


def keep_or_advance() -> tuple[QuestionWords, str]:
    """The question after a draw, with the card of the longest name to advance or discard."""
    longest = max(content().cards, key=lambda c: len(f"Advance {card_name(c)}"))
    other = next(c for c in content().cards if c != longest)
    game = blank()
    game.state.players[0].caps = 30
    give(game, 0, longest, other)
    run(game, "draw", 0, keep=True, drawn=True)
    return WORDS.question(game.view(0), to_plain(prompt(game))), longest


def lines(bar: DecisionBar) -> list[str]:
    choices = bar.query_one("#choices", OptionList)
    return ["".join(s.text for s in line).rstrip()
            for line in choices.render_lines(choices.region.reset_offset)]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_a_label_takes_the_width_the_bar_has(size: tuple[int, int]) -> None:
    words, card = keep_or_advance()
    whole = f"Advance {card_name(card)}"
    assert len(whole) > LABEL_WIDTH  # the words alone cut it
    app = Columns()
    async with app.run_test(size=size) as pilot:
        bar = app.query_one(DecisionBar)
        bar.ask(words, frozenset(), 1)
        await pilot.pause()
        choices = bar.query_one("#choices", OptionList)
        room = choices.content_region.width - choices.styles.scrollbar_size_vertical
        shown = lines(bar)[: len(words.options)]
        assert all(len(line) <= room for line in shown)  # one line each, none wrapped
        advance = next(line for line in shown if "Advance" in line)
        label = advance[2:]  # after the option's number
        assert label.endswith(f" {powers(card)}")  # the powers always show
        if room - 2 >= len(whole):
            assert label == whole
        else:
            assert label.endswith(f"… {powers(card)}") and len(label) == room - 2


async def test_the_labels_are_fitted_again_when_the_terminal_is_resized() -> None:
    words, card = keep_or_advance()
    app = Columns()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(DecisionBar)
        bar.ask(words, frozenset(), 1)
        await pilot.pause()
        bar.query_one("#choices", OptionList).highlighted = 1
        assert f"Advance {card_name(card)}" not in "\n".join(lines(bar))
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert f"Advance {card_name(card)}" in "\n".join(lines(bar))
        assert bar.query_one("#choices", OptionList).highlighted == 1
