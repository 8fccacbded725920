"""A final option says why it is final (issue 42): the kind of event that brings something
to light, in the game's words, for every kind the four games produce in play; the frame
carries the kind, never what the event shows."""

from __future__ import annotations

import random

import pytest

from core.frames import final_choices, frame
from core.net.payloads import BadPayload, check_frame
from core.rulesets import GameSetup, ruleset
from core.words import FINAL

GAMES = ["fractal", "atlas", "hegemonic", "artifacts"]


@pytest.mark.parametrize("name", GAMES)
def test_every_final_option_met_in_play_says_why_in_the_game_s_words(name: str) -> None:
    rules = ruleset(name)
    words = rules.words()
    game = rules.new_game(GameSetup(players=3, seed=4))
    rnd = random.Random(4)
    kinds: set[str] = set()
    for step in range(300):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        if step % 2 == 0:
            shown = frame(game, prompt.seat, len(game.history))
            decision = shown["prompt"]
            if decision is not None and decision["final"]:
                check_frame(shown)
                assert set(decision["why"]) <= set(decision["final"])
                kinds |= set(decision["why"].values())
                asked = words.question(shown["view"], decision)
                for option in asked.options:
                    if option.choice in decision["why"]:
                        assert "Final: " in option.text and FINAL not in option.text, (
                            name, decision["kind"], decision["why"][option.choice])
        game.apply(prompt.seat, rnd.choice(prompt.options))
    assert kinds  # some decision brought something to light
    assert kinds <= set(words.book.finals), kinds - set(words.book.finals)


def test_the_reason_is_the_kind_of_event_not_what_it_shows() -> None:
    rules = ruleset("fractal")
    game = rules.new_game(GameSetup(players=2, seed=6))
    rnd = random.Random(6)
    while True:
        prompt = game.pending()[0]
        final = final_choices(game, prompt)
        if any(final.values()):
            break
        game.apply(prompt.seat, rnd.choice(prompt.options))
    for choice, why in final.items():
        trial = game.clone()
        events = trial.apply(prompt.seat, choice)
        assert why == next((e.kind for e in events if e.reveals), "")


def test_a_frame_s_reasons_are_checked_like_the_rest_of_it() -> None:
    game = ruleset("fractal").new_game(GameSetup(players=2, seed=6))
    shown = frame(game, game.pending()[0].seat)
    for bad in ([1], {"x": 1}, {"x": "k" * 100}):
        with pytest.raises(BadPayload):
            check_frame({**shown, "prompt": {**shown["prompt"], "why": bad}})


@pytest.mark.parametrize("name", GAMES)
def test_no_sentence_of_a_decision_ends_twice(name: str) -> None:
    """"Place?." (issue 42): a question, its hint, its options and the lines that tell of
    a decision end once."""
    rules = ruleset(name)
    words = rules.words()
    game = rules.new_game(GameSetup(players=3, seed=5))
    rnd = random.Random(5)
    for _ in range(150):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        shown = frame(game, prompt.seat, len(game.history), final={})
        asked = words.question(shown["view"], shown["prompt"])
        texts = [asked.text, asked.hint, f"{asked.action}: {asked.hint}",
                 words.waiting(shown["view"], prompt.seat, prompt.kind)]
        for option in asked.options:
            texts += [option.label, option.text,
                      words.decision_line(shown["view"], shown["prompt"], option.choice).text]
        for text in texts:
            assert not any(twice in text for twice in ("?.", "..", ".?", "!.")), text
        game.apply(prompt.seat, rnd.choice(prompt.options))
