"""A search goes on from the last one within a turn: the subtree under the bot's choice
starts its next decision, and the visits there count against that decision's budget."""

from __future__ import annotations

from core.bots.mcts import Budget, MctsBot
from tests.kernel.test_bots import DUEL, Duel


def test_the_next_decision_of_a_turn_starts_from_the_subtree_of_the_last_choice() -> None:
    game = Duel(4)
    bot = MctsBot(3, DUEL, Budget(iterations=60))
    stake = game.pending()[0]
    assert stake.seat == 0 and stake.kind == "stake"
    chosen = bot.choose(game.view(0), stake)
    assert bot.last_reused == 0
    game.apply(0, chosen)
    card = next(p for p in game.pending() if p.seat == 0)
    bot.choose(game.view(0), card)
    # Of the 60 iterations under the stake, those through the chosen stake reached the
    # card play: they are taken over, and only the rest of the budget is searched.
    assert 0 < bot.last_reused <= 60
    assert bot.last_iterations <= 60 - bot.last_reused


def test_a_decision_that_is_not_the_next_one_starts_afresh() -> None:
    game = Duel(4)
    bot = MctsBot(3, DUEL, Budget(iterations=60))
    stake = game.pending()[0]
    bot.choose(game.view(0), stake)
    bot.choose(game.view(0), stake)  # asked again (an undo): the subtree is the card play's
    assert bot.last_reused == 0


def test_a_seeded_bot_reusing_its_tree_replays_exactly() -> None:
    def choices(seed: int) -> list[str]:
        game, bots, made = Duel(seed), [MctsBot(seed + s, DUEL, Budget(iterations=40))
                                        for s in range(2)], []
        while not game.over:
            for prompt in game.pending():
                made.append(bots[prompt.seat].choose(game.view(prompt.seat), prompt))
                game.apply(prompt.seat, made[-1])
                break
        return made

    assert choices(5) == choices(5)
