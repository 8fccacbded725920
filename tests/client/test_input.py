"""Keys cannot lose or confuse: a key is taken for the question it was pressed for or not at
all, a key during another's turn says so in the player's words, and no dialog takes an
answer before it is on screen, however fast keys come (they are sent here in one burst,
faster than the screen draws, as a player typing ahead does on a busy machine)."""

from __future__ import annotations

import random
from pathlib import Path

from textual import events

from core.frames import final_choices
from core.rulesets import GameSetup, ruleset
from tests.client.test_client import SIZE, game_screen, launch, settle
from tui.app import ShellApp
from tui.screens.dialogs import ConfirmScreen, CurtainScreen, Dialog
from tui.screens.rules import RulesScreen
from tui.session import LocalSession, SeatSpec
from tui.widgets.decision import DecisionBar
from tui.widgets.news import NewsPane

ENGINE_WORDS = ("seat ", "legal choice", "decision to make", "'")


def burst(app: ShellApp, *keys: str) -> None:
    """Keys sent at once, without waiting for the screen between them."""
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


def notice(app: ShellApp) -> str:
    news = game_screen(app).query_one(NewsPane)
    return news.notice[0] if news.notice else ""


def final_option() -> tuple[object, int, int]:
    """A two-player game where one seat alone decides and an option numbered 2 to 9 cannot
    be taken back: the game, the seat and the option's index."""
    game = ruleset("toy").new_game(GameSetup(players=2, seed=1))
    rnd = random.Random(1)
    while True:
        pending = game.pending()
        if len(pending) == 1:
            finals = final_choices(game, pending[0])
            found = [i for i, o in enumerate(pending[0].options) if o in finals and 0 < i < 9]
            if found:
                return game, pending[0].seat, found[0]
        prompt = rnd.choice(pending)
        game.apply(prompt.seat, rnd.choice(prompt.options))


async def test_a_key_for_a_question_that_has_gone_chooses_nothing(tmp_path: Path) -> None:
    app = ShellApp(launch("human,human"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        bar = screen.query_one(DecisionBar)
        first, option = bar.question, bar.options[0]
        await pilot.press("1")
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        decisions = len(screen.session.game.log)
        assert bar.question != first
        screen.post_message(DecisionBar.Chosen(option, first))  # pressed for the first
        await settle(pilot)
        assert len(screen.session.game.log) == decisions
        said = notice(app)
        assert "earlier question" in said
        assert not any(word in said for word in ENGINE_WORDS)


async def test_a_number_during_a_bot_s_turn_says_whose_turn_it_is(tmp_path: Path) -> None:
    app = ShellApp(launch("human,normal"), save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.pace = 30.0  # the bot holds its move back: its turn lasts
        await pilot.press("1")  # the stake; then both choose a card, the bot slowly
        await pilot.pause()
        assert screen.thinking is not None
        await pilot.press("1")  # the player's card: now only the bot has a decision
        await pilot.pause()
        decisions = len(screen.session.game.log)
        await pilot.press("2")
        await pilot.pause()
        said = notice(app)
        assert said.startswith("Not your turn: ") and "Blue" in said, said
        assert not any(word in said for word in ENGINE_WORDS)
        assert len(screen.session.game.log) == decisions
        screen.stop_bots.set()


async def test_a_dialog_takes_no_key_sent_before_it_is_drawn(tmp_path: Path) -> None:
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        answers: list[bool | None] = []
        dialog = ConfirmScreen("Sure?")
        app.push_screen(dialog, answers.append)
        assert not dialog.check_action("answer", (True,))  # not on screen yet
        dialog.answer(True)
        assert answers == [] and app.screen is dialog
        await pilot.pause()
        await pilot.pause()
        assert dialog.shown
        await pilot.press("y", "y")  # answered once
        await pilot.pause()
        assert answers == [True] and app.screen is not dialog


async def test_keys_faster_than_the_screen_through_every_dialog(tmp_path: Path) -> None:
    """Each dialog opened and answered in one burst of keys: nothing crashes, a dialog
    answers at most once and only once drawn, and play goes on after each."""
    game, seat, index = final_option()
    seats = [SeatSpec("human"), SeatSpec("human")]
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(LocalSession(ruleset("toy"), game, seats, None))
        await settle(pilot)
        screen = game_screen(app)
        assert screen.viewer == seat
        decisions = len(game.log)
        final = game.pending()[0].options[index]
        bursts = [("q", "n"), ("ctrl+s", "escape"), ("g", "g"), ("f1", "escape"),
                  ("f1", "f1"), ("d", str(index + 1), "n"), ("q", "escape", "q", "n")]
        for keys in bursts:
            burst(app, *keys)
            await settle(pilot)
            while isinstance(app.screen, Dialog | RulesScreen):  # a key that came too early
                assert getattr(app.screen, "shown", True)
                await pilot.press("escape")
                await settle(pilot)
            assert app.screen is screen, keys
            assert len(screen.session.game.log) == decisions, keys
            assert len(app.screen_stack) == 3, keys  # no dialog left behind
        # The keys, d 2 y: the final option chosen once, confirmed once.
        burst(app, "d", str(index + 1), "y")
        await settle(pilot)
        if isinstance(app.screen, ConfirmScreen):  # the y came before the question
            await pilot.press("y")
            await settle(pilot)
        assert screen.session.game.log[decisions:decisions + 1] == [(seat, final)]
