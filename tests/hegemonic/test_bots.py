"""Hegemonic's bots: every level plays whole games within its budget, never peeks and never
gifts; sampled worlds agree with the view and hold no secret; the judgement and the build
planner price positions as documented; the searching levels use the game's model."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots.base import Deal
from core.bots.levels import make_bot
from core.bots.mcts import MctsBot
from core.games.hegemonic import GAME
from core.games.hegemonic.arbitration import caps_kept
from core.games.hegemonic.bots import SEARCHES, begins_phase, model, shuns
from core.games.hegemonic.bots import value as hegemonic_value
from core.games.hegemonic.bots.deals import chance, deals, helped
from core.games.hegemonic.bots.determinize import determinize
from core.games.hegemonic.bots.outlook import outlook
from core.games.hegemonic.bots.planner import Pricing, plan
from core.games.hegemonic.bots.policy import policy
from core.games.hegemonic.build import reach
from core.games.hegemonic.content import KINDS
from core.games.hegemonic.game import Game
from core.games.hegemonic.geometry import geometry
from core.games.hegemonic.state import Options
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset
from tests.hegemonic.hegemonic_fixtures import (
    answer,
    at,
    base,
    blank,
    give,
    home,
    loc,
    run,
    tile,
    unit,
)
from tests.hegemonic.test_games import comparable

RULES = Ruleset(GAME)
MODEL = model()
RED, BLUE, YELLOW = 0, 1, 2


def at_a_choice(players: int, seed: int, decisions: int) -> Game:
    """A random game stopped after some decisions, at a prompt with a real choice that no
    other seat has answered in secret yet."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    steps = 0
    while not game.over:
        prompt = game.pending()[0]
        if steps >= decisions and len(prompt.options) > 1 and not game.state.chosen:
            return game
        game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
        steps += 1
    raise AssertionError("the game ended first")


def hidden_twin(game: Game, seat: int) -> Game:
    """The same game but for what ``seat`` cannot see: the others' hands and draft cards,
    the draw pile's order, the tile stack's order and the tiles dealt to the others, the
    generator."""
    twin = game.clone()
    state = twin.state
    rng = Rng(777)
    state.rng ^= 0x5DEECE66D
    others = [p for p in state.players if p.seat != seat]
    cards = list(state.deck) + [c for p in others for c in (*p.hand, *p.draft)]
    tiles = list(state.draw) + [t for p in others for t in p.dealt]
    rng.shuffle(cards)
    rng.shuffle(tiles)
    for p in others:
        p.hand = [cards.pop() for _ in p.hand]
        p.draft = [cards.pop() for _ in p.draft]
        p.dealt = [tiles.pop() for _ in p.dealt]
    state.deck, state.draw = cards, tiles
    return twin


POSITIONS = ((2, 5, 60), (4, 6, 90), (2, 8, 150))


# --- sampled worlds ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "decisions"), POSITIONS)
def test_sampled_worlds_hold_no_secret(players: int, seed: int, decisions: int) -> None:
    """Worlds sampled from a game and from its hidden twin are the same world: nothing the
    seat cannot see reaches them. Samples differ from each other in the hidden parts."""
    game = at_a_choice(players, seed, decisions)
    seat = game.pending()[0].seat
    twin = hidden_twin(game, seat)
    assert twin.digest() != game.digest() and twin.view(seat) == game.view(seat)
    for k in range(3):
        world = determinize(game.view(seat), Rng(k))
        assert world.digest() == determinize(twin.view(seat), Rng(k)).digest()
        assert comparable(world.view(seat)) == comparable(game.view(seat))
    first, second = (determinize(game.view(seat), Rng(k)).state for k in (1, 2))
    assert first.deck != second.deck or first.draw != second.draw


def test_a_world_sampled_while_others_hold_secret_choices_asks_them_again() -> None:
    """The Action Cards others chose are not known: in a sampled world they choose again,
    and the seat's own choice is kept."""
    game = Game.new(Options(players=3, seed=4))
    rng = Rng(4)
    while not (game.state.phase == "action1" and len(game.state.chosen) == 2):
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
    chosen = dict(game.state.chosen)
    seat = next(iter(chosen))
    waiting = next(p.seat for p in game.pending())
    world = determinize(game.view(seat), Rng(9))
    assert world.state.chosen == {seat: chosen[seat]}
    assert {p.seat for p in world.pending()} == {0, 1, 2} - {seat}
    assert waiting in {p.seat for p in world.pending()}


# --- every level, whole games ------------------------------------------------------------------


def play(players: int, levels: list[str], seed: int) -> tuple[Game, list[Any]]:
    """A whole game between bots of those levels, each decision checked: the view a bot is
    given holds nothing hidden from it, the choice is legal, a search keeps to its budget."""
    game = RULES.new_game(GameSetup(players=players, seed=seed))
    checker = RULES.checker(game)
    bots = [make_bot(level, seed + s, MODEL) for s, level in enumerate(levels)]
    while not game.over:
        prompt = game.pending()[0]
        view = game.view(prompt.seat)
        assert checker.view(prompt.seat, view) == []
        bot = bots[prompt.seat]
        choice = bot.choose(view, prompt)
        assert choice in prompt.options
        if isinstance(bot, MctsBot):
            assert bot.last_iterations <= bot.budget.iterations_for(len(prompt.options))
            assert bot.last_errors == 0
        assert checker.step(game.apply(prompt.seat, choice)) == []
    assert checker.replay() == []
    return game, bots


@pytest.mark.parametrize(("players", "levels"), [
    (2, ["heuristic", "mcts:3"]),
    (6, ["random", "easy", "heuristic", "mcts:1", "random", "random"]),
])
def test_every_level_plays_whole_games(players: int, levels: list[str]) -> None:
    game, _ = play(players, levels, 40 + players)
    assert game.state.winners and game.state.round >= 2
    assert not any(e.kind == "gift" for e in game.history)  # bots never gift CAPs


@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "mcts:6"])
def test_bots_choose_legally_and_never_peek(level: str) -> None:
    for players, seed, decisions in POSITIONS:
        game = at_a_choice(players, seed, decisions)
        prompt = game.pending()[0]
        twin = hidden_twin(game, prompt.seat)
        first = make_bot(level, 7, MODEL).choose(game.view(prompt.seat), prompt)
        second = make_bot(level, 7, MODEL).choose(twin.view(prompt.seat), twin.pending()[0])
        assert first == second and first in prompt.options


def test_no_bot_gives_caps_outside_a_deal() -> None:
    """A gift is offered at every action prompt with CAPs; no level takes it there, random
    included, nor do the searches' settling and rollouts (deals are below)."""
    game = at_a_choice(2, 3, 0)
    rng = Rng(3)
    while not (game.pending()[0].kind == "action" and "gift" in game.pending()[0].options):
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
    prompt = game.pending()[0]
    assert shuns("gift") and "gift" not in MODEL.options(prompt)
    view = game.view(prompt.seat)
    for level in ("random", "easy", "heuristic", "mcts:4"):
        for seed in range(6 if level == "random" else 1):
            assert make_bot(level, seed, MODEL).choose(view, prompt) != "gift"
    world = determinize(view, Rng(1))
    assert all(MODEL.answer(world, prompt, Rng(s)) != "gift" for s in range(20))


# --- deals: support bought and sold --------------------------------------------------------------


def support_asked(level: bool = True, defender_caps: int = 5) -> Game:
    """Red's Complexes (1, and 1 in range if ``level``) acquire Blue's Embassy of power 2
    (and 2 Agents of Blue's there unless ``level``); both hold two cards. Yellow, asked for
    support, may lend Blue 1 from its Embassy of the same faction: from level (2 to 2) it
    adds about a quarter to Blue's odds; 3 ahead (1 to 4), Blue wins whatever the cards
    but for a draw in about a thousand, and 1 more changes nothing."""
    game = blank()
    a = at(game, 0, 1)
    tile(game, "rust_garden", a)
    base(game, RED, a, "industrial")
    base(game, BLUE, a, "political")
    if level:
        tile(game, "cinder_belt", at(game, 1, 0))
        base(game, RED, at(game, 1, 0), "industrial")
    else:
        unit(game, BLUE, "agent", a)
        unit(game, BLUE, "agent", a)
    tile(game, "lilac_swarm", at(game, 2, -1))
    tile(game, "copper_bloom", at(game, 3, 0))
    base(game, YELLOW, at(game, 3, 0), "political")
    give(game, RED, "nano_accelerants_1", "nano_fabricants_1")
    give(game, BLUE, "psionic_ecology_1", "mass_translation_relay_1")
    for seat, caps in ((RED, 9), (BLUE, defender_caps), (YELLOW, 2)):
        game.state.players[seat].caps = caps
    run(game, "attack", RED, patterns=["acquire"], pattern="", piece="", moved=False)
    answer(game, *(["group:" + str(a)] if level else []), f"target:{a}:{BLUE}")
    return game


def seat_prompt(game: Game, seat: int) -> Any:
    return next(p for p in game.pending() if p.seat == seat)


def bot_plays(game: Game, seat: int, bot: Any, until: str) -> list[str]:
    """The bot's answers for ``seat`` up to its next prompt of kind ``until``."""
    chosen = []
    while True:
        prompt = seat_prompt(game, seat)
        if chosen and prompt.kind == until:
            return chosen
        chosen.append(bot.choose(game.view(seat), prompt))
        game.apply(seat, chosen[-1])


def test_a_side_pays_the_supporter_that_turned_its_odds() -> None:
    """Yellow's 1 takes Blue from level to ahead: Blue, choosing its card, gives Yellow the
    price (1 CAP a point), once, then plays its card. Yellow sold it: the price Blue pays
    beats what Blue's better odds cost Yellow."""
    game = support_asked()
    data = game.state.stack[-1].data
    assert chance(game, data, 2, 2) == pytest.approx(0.5)
    assert helped(game, data, BLUE, 1, lent=False) > 0.25
    ask = seat_prompt(game, YELLOW)
    assert deals(game, ask) == [Deal("sell:1:defender", ("support:defender",))]
    assert make_bot("heuristic", 1, MODEL).choose(game.view(YELLOW), ask) == "support:defender"
    game.apply(YELLOW, "support:defender")
    assert make_bot("mcts:4", 1, MODEL).choose(game.view(BLUE), seat_prompt(game, BLUE)) \
        == "gift"
    bot = make_bot("heuristic", 1, MODEL)
    assert bot_plays(game, BLUE, bot, "conflict_card") == ["gift", f"seat:{YELLOW}", "caps:1"]
    assert (game.state.players[BLUE].caps, game.state.players[YELLOW].caps) == (4, 3)
    assert bot.choose(game.view(BLUE), seat_prompt(game, BLUE)).startswith("card:")


def test_no_gift_when_the_support_changes_nothing() -> None:
    """Blue leads 4 to 1 alone: Yellow's 1 adds next to nothing to its odds, so no deal
    sells it and Blue, supported all the same, pays nothing."""
    game = support_asked(level=False)
    assert helped(game, game.state.stack[-1].data, BLUE, 1, lent=False) < 0.001
    assert deals(game, seat_prompt(game, YELLOW)) == []
    game.apply(YELLOW, "support:defender")
    ask = seat_prompt(game, BLUE)
    assert "gift" in ask.options and deals(game, ask) == []
    for level in ("heuristic", "mcts:4"):
        assert make_bot(level, 1, MODEL).choose(game.view(BLUE), ask).startswith("card:")


def test_support_is_not_sold_to_a_side_that_cannot_pay() -> None:
    """Blue has no CAPs: the deal says nothing, and Yellow's usual judgement decides."""
    game = support_asked(defender_caps=0)
    assert deals(game, seat_prompt(game, YELLOW)) == []


# --- the model ---------------------------------------------------------------------------------


def test_the_searching_levels_use_the_hegemonic_model_and_budgets() -> None:
    for level in ("normal", "hard"):
        bot: Any = RULES.make_bot(level, 1)
        search = SEARCHES[level]
        assert bot.model.stop is begins_phase and bot.model.plan is plan
        assert bot.model.shuns is shuns and bot.model.policy is policy
        assert bot.exploration == hegemonic_value.EXPLORATION
        assert (bot.budget, bot.prior_visits, bot.prior_tries, bot.max_depth) == (
            search.budget, search.prior_visits, search.prior_tries, search.depth)
    assert SEARCHES["normal"].budget.seconds == 1.0 and SEARCHES["hard"].budget.seconds == 5.0
    heuristic: Any = RULES.make_bot("heuristic", 1)
    assert heuristic.model.plan is plan and heuristic.model.settle_stops == {"action_card"}


def test_a_bot_leaves_the_build_to_the_planner() -> None:
    """At a BUILD's prompt every level that looks ahead plays the planner's choice."""
    game = build_position()
    prompt = game.pending()[0]
    planned = plan(game, prompt)
    assert planned is not None
    for level in ("easy", "heuristic", "mcts:5"):
        assert make_bot(level, 3, MODEL).choose(game.view(prompt.seat), prompt) == planned


# --- the build planner -------------------------------------------------------------------------


def build_position(caps: int = 6, contested: bool = True, builds: tuple[str, ...] = (
        "complex", "gate"), **data: Any) -> Game:
    """Red's Home on its board with a one-Complex tile beside it on the same board and, if
    ``contested``, a two-Complex tile beside it on the next board, where Blue holds one of
    the two; Blue's Home far away; six tiles in the stack; Red in a BUILD (of Complexes
    and gates) with ``caps``."""
    game = blank(players=2)
    home(game, RED, at(game, -3, 3))
    home(game, BLUE, at(game, 0, -3))
    tile(game, "ore_veil", at(game, -2, 3))
    if contested:
        tile(game, "slag_expanse", at(game, -3, 2))
        base(game, BLUE, at(game, -3, 2), "industrial")
    state = game.state
    state.draw, state.unused = state.unused[:6], state.unused[6:]
    state.players[RED].caps = caps
    run(game, "build", RED, builds=list(builds), count=0, **data)
    return game


def test_the_planner_takes_the_contested_board_first_and_never_a_gate() -> None:
    game = build_position()
    contested = loc(game, at(game, -3, 2), "industrial", 1)
    prompt = game.pending()[0]
    assert "gate" in prompt.options and f"build:{contested}" in prompt.options
    assert plan(game, prompt) == f"build:{contested}"
    while game.pending() and game.pending()[0].kind == "build":
        choice = plan(game, game.pending()[0])
        assert choice != "gate"
        game.apply(RED, choice)  # type: ignore[arg-type]
        if choice == "done":
            break
    assert game.state.locations[contested].owner == RED


def test_the_planner_stops_when_nothing_gains() -> None:
    """In the last round a Complex on a board Red holds alone changes no standing and the
    income it adds will not be collected: not worth a CAP."""
    game = build_position(caps=1, contested=False)
    game.state.draw = []  # this round's Arbitration is the last
    assert outlook(game.state).scorings == 1 and outlook(game.state).collections == 0
    prompt = game.pending()[0]
    assert any(o.startswith("build:") for o in prompt.options)
    assert plan(game, prompt) == "done"


def test_a_leaders_free_build_takes_what_adds_income() -> None:
    game = build_position(caps=0, contested=False, builds=("complex",), free=1)
    prompt = game.pending()[0]
    assert plan(game, prompt) == f"build:{loc(game, at(game, -2, 3), 'industrial')}"


def test_a_leaders_free_unit_is_built_where_a_paid_one_is_not_worth_its_caps() -> None:
    free = build_position(caps=0, contested=False, builds=("fleet",), free=1)
    paid = build_position(caps=2, contested=False, builds=("fleet",))
    sector = at(free, -3, 3)  # Red's Home, with its Outpost
    assert free.pending()[0].options == paid.pending()[0].options == [f"fleet:{sector}", "done"]
    assert plan(free, free.pending()[0]) == f"fleet:{sector}"
    assert plan(paid, paid.pending()[0]) == "done"


def test_the_planner_is_reproducible_and_leaves_other_prompts_alone() -> None:
    game = build_position()
    prompt = game.pending()[0]
    before = game.digest()
    assert plan(game, prompt) == plan(game.clone(), prompt)
    assert game.digest() == before  # pricing a piece leaves the position as it was
    other = at_a_choice(2, 5, 30)
    assert other.pending()[0].kind != "build" and plan(other, other.pending()[0]) is None


# --- the judgement -----------------------------------------------------------------------------


def test_the_light_view_judges_as_the_full_view() -> None:
    """The searches judge sampled worlds from the light facts; a full view is judged the
    same."""
    for players, seed in ((2, 11), (4, 13)):
        game = Game.new(Options(players=players, seed=seed))
        rng = Rng(seed)
        step = 0
        while not game.over:
            if step % 40 == 0:
                for seat in range(players):
                    assert MODEL.judge(game, seat) == pytest.approx(
                        MODEL.value(game.view(seat)))
            prompt = game.pending()[0]
            game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
            step += 1
        assert MODEL.judge(game, 0) == MODEL.value(game.view(0))
        assert MODEL.judge(game, 0)[game.state.winners[0]] > 0


def test_the_judgement_is_a_share_that_favours_vp_and_standings() -> None:
    game = at_a_choice(3, 4, 80)
    shares = MODEL.judge(game, 0)
    assert len(shares) == 3 and sum(shares) == pytest.approx(1)
    richer = game.clone()
    richer.state.players[2].vp += 5
    assert MODEL.judge(richer, 0)[2] > shares[2]


def test_a_standing_counts_once_per_scoring_left() -> None:
    """A board held early is worth more than the same board held in the last round."""
    early = build_position()
    late = build_position()
    late.state.draw = []
    assert outlook(early.state).scorings > outlook(late.state).scorings == 1
    assert outlook(early.state).standing > outlook(late.state).standing == 1
    assert outlook(late.state).income == 0
    # Red alone on its board: exclusive control, worth more with more scorings to come.
    assert (hegemonic_value.scores_of(early.state, early.content)[RED]
            > hegemonic_value.scores_of(late.state, late.content)[RED])


def test_open_locations_in_range_are_counted_up_to_a_few() -> None:
    """Red reaches the open Complex Locations of both tiles beside its Home, Blue the one
    beside its Complex; with more in range, only the first few count."""
    game = build_position()

    def industrial() -> list[int]:
        return hegemonic_value.sites(game.state, game.content, ("industrial",))

    assert industrial() == [2, 1]
    assert hegemonic_value.sites(game.state, game.content, ("political",)) == [0, 0]
    tile(game, "crucible_cluster", at(game, -2, 2))  # three more, beside both
    assert industrial() == [hegemonic_value.SITES] * 2 == [3, 3]


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 22), (6, 23)])
def test_the_judgements_reach_is_the_builds(players: int, seed: int) -> None:
    """The judgement works out every seat's build range in one pass (the planner one
    seat's); it must agree with the engine's, for every seat and kind, all game long."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    step = 0
    while not game.over:
        if step % 25 == 0:
            state = game.state
            geo = geometry(state)
            reached = hegemonic_value.reaches(state, game.content)
            for seat in range(players):
                for kind in KINDS:
                    assert reached[seat][kind] == reach(state, game.content, seat, kind, geo)
                    alone = hegemonic_value.reaches(state, game.content, kinds=(kind,))
                    assert alone[seat][kind] == reached[seat][kind]
                assert hegemonic_value.reaches(state, game.content, seat)[seat] == reached[seat]
                assert (hegemonic_value.sites(state, game.content, only=seat)[seat]
                        == hegemonic_value.sites(state, game.content)[seat])
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
        step += 1


def test_caps_over_the_retention_limit_count_only_while_they_may_be_spent() -> None:
    """CAPs over the Retention Limit are lost at the next Arbitration: before the Action
    Phases they are worth a CAP each, in the last one nothing; CAPs within it always count."""
    game = build_position(caps=0)
    state, content = game.state, game.content
    red = state.players[RED]
    limit = caps_kept(content, red)

    def score(phase: str, caps: int) -> float:
        state.phase, red.caps = phase, caps
        return hegemonic_value.scores_of(state, content)[RED]

    assert score("action3", limit) > score("action3", limit - 1)
    assert score("action3", limit + 3) == score("action3", limit)
    over = [score(phase, limit + 3) - score(phase, limit)
            for phase in ("collection", "action1", "action2", "action3")]
    assert over[0] > over[1] > over[2] > over[3] == 0
    within = score("collection", limit) - score("collection", limit - 3)
    assert over[0] == pytest.approx(within)


def test_the_planner_pays_little_for_caps_that_would_be_lost() -> None:
    game = build_position(caps=0)
    state = game.state
    limit = caps_kept(game.content, state.players[RED])
    state.players[RED].caps = limit + 3
    state.phase = "action3"
    pricing = Pricing(state, game.content, RED)
    assert pricing.spend(3) == 0 < pricing.spend(4) == pytest.approx(pricing.ahead.cap)
    state.phase = "collection"
    early = Pricing(state, game.content, RED)
    assert early.spend(3) == pytest.approx(3 * early.ahead.cap)


# --- the default play of settling and rollouts -----------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (5, 32)])
def test_the_policy_takes_an_action_while_one_is_left_and_gives_nothing_away(
        players: int, seed: int) -> None:
    """Over a whole random game: at every prompt the policy answers legally or leaves it to
    chance; in a turn it takes an action while one is offered, a BUILD first, leaves
    conflicts to the searches, never gives CAPs nor scraps an Advanced Technology; BASIC
    takes the CAPs, a draw the deck's card, RESEARCH keeps the hand."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    seen = set()
    while not game.over:
        prompt = game.pending()[0]
        choice = policy(game, prompt, rng)
        assert choice is None or choice in prompt.options
        peaceful = [o for o in prompt.options if o.startswith("action:")
                    and o not in ("action:takeover", "action:destroy")]
        if prompt.kind == "action":
            assert choice == "action:build" if "action:build" in peaceful else (
                choice in peaceful if peaceful else choice == "done")
        elif prompt.kind in ("basic", "research_discard"):
            assert choice == {"basic": "caps", "research_discard": "done"}[prompt.kind]
        elif prompt.kind == "draw_source":
            assert choice == ("deck" if "deck" in prompt.options else None)
        else:
            assert choice is None
        seen.add(prompt.kind)
        game.apply(prompt.seat, rng.choice(MODEL.options(prompt)))
    assert {"action", "basic", "draw_source", "research_discard"} <= seen


def test_the_judgement_is_surer_of_a_lead_the_nearer_the_end() -> None:
    """The same lead in VP is a likelier win in the last round than with scorings to come."""
    assert hegemonic_value.temperature(1) == hegemonic_value.TEMPERATURE
    assert hegemonic_value.temperature(1) < hegemonic_value.temperature(4) < (
        hegemonic_value.temperature(9))

    def share(scorings: int) -> float:
        facts = {"ruleset": hegemonic_value.FACTS, "phase": "action1", "winners": [],
                 "players": [{"seat": 0}, {"seat": 1}], "scores": [60.0, 54.0],
                 "scorings": scorings}
        return hegemonic_value.value(facts)[0]

    assert share(1) > share(4) > share(9) > 0.5
